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
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The field is one of a few fixed values: those of {@link #value}, or the constant names of
 * {@link #enumeration}. Null passes. The message lists them as the client should read them.
 */
@Documented
@Constraint(validatedBy = OneOf.Check.class)
@Target({ElementType.FIELD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
public @interface OneOf {

    String[] value() default {};

    /** An enum whose constant names are the values, when they are not given in {@link #value}. */
    @SuppressWarnings("rawtypes")
    Class<? extends Enum> enumeration() default Enum.class;

    String message();

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    class Check implements ConstraintValidator<OneOf, String> {

        private Set<String> values;

        @Override
        public void initialize(OneOf constraint) {
            values = constraint.enumeration() == Enum.class ? Set.of(constraint.value())
                    : Arrays.stream(constraint.enumeration().getEnumConstants()).map(e -> ((Enum<?>) e).name()).collect(Collectors.toSet());
            if (values.isEmpty()) {
                throw new IllegalArgumentException("@OneOf needs values or an enumeration");
            }
        }

        @Override
        public boolean isValid(String value, ConstraintValidatorContext context) {
            return value == null || values.contains(value);
        }
    }
}
