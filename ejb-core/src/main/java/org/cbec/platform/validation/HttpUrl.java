package org.cbec.platform.validation;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.cbec.platform.text.HttpUrls;

/** An absolute http or https URL with a host, of at most {@link #max} characters ({@link HttpUrls}). Null passes. */
@Documented
@Constraint(validatedBy = HttpUrl.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface HttpUrl {

    int max();

    /** Unused: the message names {@link #max}. */
    String message() default "must be an absolute http or https URL";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<HttpUrl, String> {

        private int max;

        @Override
        public void initialize(HttpUrl constraint) {
            max = constraint.max();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || HttpUrls.isAbsoluteHttp(value, max)
                    || Messages.refuse(context, "must be an absolute http or https URL of at most " + max + " characters");
        }
    }
}
