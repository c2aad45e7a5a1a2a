package org.cbec.refund;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.PaymentFormats;

/** A merchant's refund number: 1 to 64 letters, digits, {@code _ - | * @} ({@link PaymentRules#REFUND_REF}). Null passes. */
@Documented
@Pattern(regexp = PaymentFormats.REFUND_REF)
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface RefundRef {

    String message() default PaymentFormats.REFUND_REF_RULE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
