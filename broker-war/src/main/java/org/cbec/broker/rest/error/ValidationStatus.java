package org.cbec.broker.rest.error;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The status of an invalid request on a resource whose spec section says other than 422: the
 * customs operations answer 400 (spec 7).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ValidationStatus {

    int value();
}
