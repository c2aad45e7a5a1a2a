package org.cbec.web.error;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * What a resource operation was doing, for the message of a 500 that no business rule produced:
 * {@code failure while <action>} (spec 7: "failure while making the payment"). On the resource
 * class for all its operations, on a method for that one; the method's wins ({@link FailureActions}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface FailureAction {

    /** The action, as it follows "failure while": {@code "making the payment"}. */
    String value();
}
