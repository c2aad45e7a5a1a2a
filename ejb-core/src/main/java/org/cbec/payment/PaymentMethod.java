package org.cbec.payment;

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
import org.cbec.payment.control.PaymentRules;

/**
 * A payment company's name, as {@link PaymentRules#requireMethod} checks it: a blank value is
 * refused as missing, another unknown one as not a company. Null passes (write {@code @Required}
 * where it must be given); where a blank value means "either company" ({@link PaymentRules#methodsToSearch}),
 * {@link #blankMeansAny} lets it pass too.
 */
@Documented
@Constraint(validatedBy = PaymentMethod.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface PaymentMethod {

    boolean blankMeansAny() default false;

    /** Unused: the message is {@link PaymentRules#methodProblem}'s. */
    String message() default "must be a payment company";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<PaymentMethod, String> {

        private boolean blankMeansAny;

        @Override
        public void initialize(PaymentMethod constraint) {
            blankMeansAny = constraint.blankMeansAny();
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            if (value == null || blankMeansAny && value.isBlank()) {
                return true;
            }
            return PaymentFormats.methodProblem(value).map(problem -> Messages.refuse(context, problem)).orElse(true);
        }
    }
}
