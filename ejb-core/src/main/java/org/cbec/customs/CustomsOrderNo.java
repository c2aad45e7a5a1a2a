package org.cbec.customs;

import jakarta.validation.Constraint;
import jakarta.validation.Payload;
import jakarta.validation.ReportAsSingleViolation;
import jakarta.validation.constraints.Pattern;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.cbec.customs.control.CustomsRules;

/** An order or sub-order number as customs takes it: 1 to 32 letters or digits ({@link CustomsRules#ORDER_NO}). Null passes. */
@Documented
@Pattern(regexp = CustomsFormats.ORDER_NO)
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface CustomsOrderNo {

    String message() default CustomsFormats.ORDER_NO_RULE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
