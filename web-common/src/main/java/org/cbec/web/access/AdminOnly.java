package org.cbec.web.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an admin API resource: the web modules' access filters ask for the administrator's Basic
 * credentials (ejb-core's {@code AdminCredentials}) instead of an API key. Not {@code @RolesAllowed}: Payara
 * answers that itself, with an HTML page, from its own realm, before the filter runs.
 * <p>
 * Not a Jakarta Security {@code HttpAuthenticationMechanism} either: once a web module has one,
 * Payara registers a Jakarta Authentication provider for it and its {@code HttpServletRequest.login}
 * throws ("login with auth config"), so the realm's administrators (the file realm's group
 * {@code admin}, checked by logging in) would all be refused.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AdminOnly {
}
