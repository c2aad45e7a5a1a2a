package org.cbec.platform.validation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The order in which {@link RequestChecks} looks at a record's fields, for a record whose fields
 * were checked in another order than they are declared (the first failing field is what a client
 * is told, so the order is part of the API). Names every component once; without it, the
 * declaration order is used.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface CheckOrder {

    /** The record's component names, in the order they are checked. */
    String[] value();
}
