package org.cbec.sandbox.codec;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Typed reading of the members of a request object. A member of the wrong type, out of range or
 * with unprintable text is an {@link Invalid} naming it; the company turns that into its own
 * refusal (alphapay PARAM_ERROR, betapay ACQ.INVALID_PARAMETER). Absent and JSON {@code null}
 * are the same: "absent optional members are left out", and a null is no value either.
 */
public final class Members {

    /** A member that failed; {@code member} is its dotted name, e.g. {@code amount.total}. */
    public static final class Invalid extends RuntimeException {

        private static final long serialVersionUID = 1L;
        private final String member;

        public Invalid(String member, String message) {
            super(message, null, false, false);
            this.member = member;
        }

        public String member() {
            return member;
        }
    }

    private Members() {
    }

    public static String text(JsonObject o, String name, int maxLength) {
        return optionalText(o, name, maxLength).orElseThrow(() -> new Invalid(name, name + " is required"));
    }

    public static String text(JsonObject o, String name, Pattern pattern, String rule) {
        String value = text(o, name, 1024);
        if (!pattern.matcher(value).matches()) {
            throw new Invalid(name, name + " must be " + rule);
        }
        return value;
    }

    public static Optional<String> optionalText(JsonObject o, String name, int maxLength) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (!(v instanceof JsonString s)) {
            throw new Invalid(name, name + " must be a string");
        }
        if (!PlainText.isPlain(s.getString(), maxLength)) {
            throw new Invalid(name, name + " must be 1 to " + maxLength + " characters without control characters");
        }
        return Optional.of(s.getString());
    }

    public static long integer(JsonObject o, String name, long min, long max) {
        return optionalInteger(o, name, min, max).orElseThrow(() -> new Invalid(name, name + " is required"));
    }

    public static Optional<Long> optionalInteger(JsonObject o, String name, long min, long max) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        String rule = name + " must be an integer from " + min + " to " + max;
        if (!(v instanceof JsonNumber n) || !n.isIntegral()) {
            throw new Invalid(name, rule);
        }
        long value;
        try {
            value = n.longValueExact();
        } catch (ArithmeticException e) {
            throw new Invalid(name, rule);
        }
        if (value < min || value > max) {
            throw new Invalid(name, rule);
        }
        return Optional.of(value);
    }

    public static JsonObject object(JsonObject o, String name) {
        return optionalObject(o, name).orElseThrow(() -> new Invalid(name, name + " is required"));
    }

    public static Optional<JsonObject> optionalObject(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() != JsonValue.ValueType.OBJECT) {
            throw new Invalid(name, name + " must be an object");
        }
        return Optional.of(v.asJsonObject());
    }

    /** A JSON boolean member (alphapay's flags). */
    public static Optional<Boolean> optionalBoolean(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v.getValueType() == JsonValue.ValueType.TRUE || v.getValueType() == JsonValue.ValueType.FALSE) {
            return Optional.of(v.getValueType() == JsonValue.ValueType.TRUE);
        }
        throw new Invalid(name, name + " must be true or false");
    }

    /** A flag written as the string "true" or "false" (betapay's, as Alipay's extend_params). */
    public static Optional<Boolean> optionalFlagText(JsonObject o, String name) {
        return optionalText(o, name, 5).map(text -> switch (text) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new Invalid(name, name + " must be \"true\" or \"false\"");
        });
    }

    /** The text of a member given as a string or a number (a yuan amount may come either way). */
    public static Optional<String> optionalNumeral(JsonObject o, String name) {
        JsonValue v = o.get(name);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return Optional.empty();
        }
        if (v instanceof JsonString s) {
            return Optional.of(s.getString());
        }
        if (v instanceof JsonNumber n) {
            return Optional.of(n.toString());
        }
        throw new Invalid(name, name + " must be a string");
    }

    /** Prefixes a nested object's member name: {@code amount} + {@code total} is {@code amount.total}. */
    public static <T> T nested(String parent, java.util.function.Supplier<T> read) {
        try {
            return read.get();
        } catch (Invalid e) {
            throw new Invalid(parent + "." + e.member(), parent + "." + e.getMessage());
        }
    }
}
