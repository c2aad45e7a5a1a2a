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

/**
 * The field must be present: not null and, for text, not blank. Written first on a field, so that
 * a missing value is reported as missing rather than as malformed.
 */
@Documented
@Constraint(validatedBy = Required.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface Required {

    String message() default "is required";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<Required, Object> {
        @Override
        public boolean isValid(Object value, ConstraintValidatorContext context) {
            return value != null && !(value instanceof CharSequence text && text.toString().isBlank());
        }
    }
}
