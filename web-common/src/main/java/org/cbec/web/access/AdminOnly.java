package org.cbec.web.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an admin API resource: the web modules' access filters let through only a caller the
 * container has logged in as the administrator (ejb-core's {@code AdminAuthentication}, a Jakarta
 * Security {@code HttpAuthenticationMechanism}, from Basic credentials), and answer anyone else
 * with the service's JSON 401 instead of an API-key check. Not {@code @RolesAllowed}: Payara
 * answers that itself, with an HTML page, before the filter runs. The mechanism checks realm users
 * through the container's Jakarta Authentication handler, not {@code HttpServletRequest.login},
 * which a module with a mechanism refuses.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AdminOnly {
}
