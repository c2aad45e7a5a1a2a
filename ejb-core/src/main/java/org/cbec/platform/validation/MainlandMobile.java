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
import org.cbec.platform.identity.ChinaContact;

/** A mainland mobile number, optionally with +86 ({@link ChinaContact#isMobile}). Null passes. */
@Documented
@Constraint(validatedBy = MainlandMobile.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface MainlandMobile {

    String message() default "must be a mainland mobile number (optionally +86)";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<MainlandMobile, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || ChinaContact.isMobile(value);
        }
    }
}
