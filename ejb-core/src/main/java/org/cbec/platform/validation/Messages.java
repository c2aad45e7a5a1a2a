package org.cbec.platform.validation;

import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.MessageInterpolator;
import java.util.Locale;

/**
 * The constraint messages are the words a client is shown after the field's name, written out in
 * full, so they are taken as they are: no resource bundle, no {@code {parameter}} or {@code ${EL}}
 * interpolation (an identity-number reason or a value list must never be read as an expression).
 */
public final class Messages implements MessageInterpolator {

    static final Messages LITERAL = new Messages();

    private Messages() {
    }

    @Override
    public String interpolate(String messageTemplate, Context context) {
        return messageTemplate;
    }

    @Override
    public String interpolate(String messageTemplate, Context context, Locale locale) {
        return messageTemplate;
    }

    /** Replaces the constraint's own message by {@code message}, for a validator whose reason depends on the value. */
    public static boolean refuse(ConstraintValidatorContext context, String message) {
        context.disableDefaultConstraintViolation();
        context.buildConstraintViolationWithTemplate(message).addConstraintViolation();
        return false;
    }
}
