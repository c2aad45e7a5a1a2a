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
import org.cbec.platform.identity.ResidentId;

/**
 * A mainland resident identity card number ({@link ResidentId}): length, characters, region, birth
 * date and check character. The message is the first problem found, never the number. Null passes.
 */
@Documented
@Constraint(validatedBy = ResidentIdNumber.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface ResidentIdNumber {

    /** Unused: the message is {@link ResidentId#problem}'s reason. */
    String message() default "must be a resident identity card number";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<ResidentIdNumber, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || ResidentId.problem(value).map(problem -> Messages.refuse(context, problem)).orElse(true);
        }
    }
}
