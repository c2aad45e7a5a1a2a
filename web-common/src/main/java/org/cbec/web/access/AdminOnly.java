package org.cbec.web.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an admin API resource: the web modules' access filters ask for the administrator's Basic
 * credentials (ejb-core's {@code AdminCredentials}) instead of an API key. Not {@code @RolesAllowed}: Payara
 * answers that itself, with an HTML page, from its own realm, before the filter runs.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface AdminOnly {
}
