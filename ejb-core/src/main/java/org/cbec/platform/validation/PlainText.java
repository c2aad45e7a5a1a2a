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
import org.cbec.platform.text.FreeText;

/**
 * Text the caller chooses freely ({@link FreeText}): at most {@link #max} characters, one line, no
 * control character (no tab either). Null passes.
 */
@Documented
@Constraint(validatedBy = PlainText.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface PlainText {

    int max();

    /** Unused: the message is {@link FreeText#problem}'s. */
    String message() default "must be text";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<PlainText, String> {

        private int max;

        @Override
        public void initialize(PlainText constraint) {
            max = constraint.max();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return FreeText.problem(value, max).map(problem -> Messages.refuse(context, problem)).orElse(true);
        }
    }
}
