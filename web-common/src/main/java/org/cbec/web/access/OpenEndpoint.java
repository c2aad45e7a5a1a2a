package org.cbec.web.access;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an endpoint that takes no API key: the load-comparison ping, and pages a buyer's browser
 * reaches with a token. Not {@code @PermitAll}:
 * Payara's container reacts to the standard security annotations on resources itself and refuses
 * requests that carry an {@code Authorization} header it cannot log in with.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface OpenEndpoint {
}
