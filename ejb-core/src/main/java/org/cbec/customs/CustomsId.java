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

/** An identifier of the companies or customs (transaction id, customs registration number, sub-order id): 1 to 64 letters, digits, {@code _ -} ({@link CustomsRules#TEXT_ID}). Null passes. */
@Documented
@Pattern(regexp = CustomsFormats.TEXT_ID)
@ReportAsSingleViolation
@Constraint(validatedBy = {})
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface CustomsId {

    String message() default CustomsFormats.TEXT_ID_RULE;

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};
}
