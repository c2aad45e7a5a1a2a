package org.cbec.customs;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.cbec.platform.validation.Messages;
import org.cbec.customs.control.CustomsRules;

/** One of the customs offices of {@link CustomsRules#CUSTOMS} (spec 2.9). Null passes: GUANGZHOU_ZS is meant. */
@Documented
@Constraint(validatedBy = CustomsOffice.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface CustomsOffice {

    /** Unused: the message lists the offices ({@link CustomsRules#OFFICE_RULE}). */
    String message() default "must be a customs office";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<CustomsOffice, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || CustomsFormats.CUSTOMS.contains(value) || Messages.refuse(context, CustomsFormats.OFFICE_RULE);
        }
    }
}
