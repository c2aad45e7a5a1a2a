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
import org.cbec.platform.identity.CjkNames;

/** A person's name written in Chinese characters, as customs accepts it ({@link CjkNames#isName}). Null passes. */
@Documented
@Constraint(validatedBy = CjkName.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface CjkName {

    String message() default "must be written in Chinese characters (a middle dot is allowed)";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<CjkName, String> {
        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || CjkNames.isName(value);
        }
    }
}
