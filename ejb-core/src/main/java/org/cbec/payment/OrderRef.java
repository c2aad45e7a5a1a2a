package org.cbec.payment;

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

/** A merchant's order number as the companies take it: 1 to 32 letters, digits, {@code _ - | *} ({@link PaymentRules#ORDER_REF}). Null passes. */
@Documented
@Pattern(regexp = PaymentFormats.ORDER_REF)
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface OrderRef {

    String message() default PaymentFormats.ORDER_REF_RULE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
