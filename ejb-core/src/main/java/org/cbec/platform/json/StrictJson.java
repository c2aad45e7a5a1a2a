package org.cbec.platform.json;

import jakarta.json.JsonNumber;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;
import java.lang.reflect.Type;
import org.cbec.plumbing.json.UniqueMembers;

/**
 * JSON-B as both web modules read request bodies: a member declared as text, a whole number or a
 * boolean takes only a JSON value of that type (or null). Yasson's defaults read {@code 1} and
 * {@code true} as the text "1" and "true" and {@code "12"} as 12, so a body of the wrong types got
 * through to the rules as if it were right: {@code {"name":1}} registered a merchant named "1".
 * A refusal here is a {@link JsonbException}, which the web modules answer as an unreadable body.
 * An object that names a member twice is refused too ({@link UniqueMembers}), and so is a member the
 * request type does not have: Yasson's default ignores it, so a misspelt optional member
 * ({@code "amont"}) silently meant its absence. {@link #refusedMember} names either for the answer.
 * Where absent and null mean different things, the member is read as a {@link JsonValue} and
 * {@link #wholeNumberIfGiven} tells them apart.
 * One member, named where it is declared, also takes a number as text: {@link TextOrNumber}.
 */
public final class StrictJson {

    /** Yasson's switch (YassonConfig.FAIL_ON_UNKNOWN_PROPERTIES) that refuses a member the type does not have. */
    static final String FAIL_ON_UNKNOWN = "jsonb.fail-on-unknown-properties";

    /** How Yasson words that refusal (its only wording, yasson-messages.properties {@code unknownJsonProperty}): the member first. */
    private static final java.util.regex.Pattern UNKNOWN = java.util.regex.Pattern.compile("Json property (.+) can not be mapped to a class .*",
            java.util.regex.Pattern.DOTALL);

    private StrictJson() {
    }

    /** A member of a body refused by the JSON layer, and why: the words after "the member {member}". */
    public record RefusedMember(String member, String problem) {
    }

    /** The member a failure to read a body comes from, when it is a repeated or an unknown one (searched along its causes). */
    public static java.util.Optional<RefusedMember> refusedMember(Throwable failure) {
        java.util.Optional<String> repeated = UniqueMembers.repeatedIn(failure);
        if (repeated.isPresent()) {
            return java.util.Optional.of(new RefusedMember(repeated.get(), "is given more than once"));
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            java.util.regex.Matcher m = t instanceof JsonbException && t.getMessage() != null ? UNKNOWN.matcher(t.getMessage()) : null;
            if (m != null && m.matches()) {
                return java.util.Optional.of(new RefusedMember(m.group(1), "is not one of this request's"));
            }
        }
        return java.util.Optional.empty();
    }

    /**
     * A whole-number member whose absence means something ({@code whenAbsent}, e.g. "leave amount
     * out to pay out everything available"), read as the JSON value it was given: absent (Java
     * null) is null; JSON {@code null} is refused, 422 naming {@code field}, as it is neither a
     * number nor the absence; a number as {@link WholeNumber} reads it; another type is a
     * {@link JsonbException}, as for every whole-number member.
     */
    public static Long wholeNumberIfGiven(String field, JsonValue given, String whenAbsent) {
        if (given == null) {
            return null;
        }
        if (given == JsonValue.NULL) {
            throw new org.cbec.platform.error.InvalidRequestException(field, field + " is null: give a whole number, or " + whenAbsent);
        }
        if (given instanceof JsonNumber n) {
            Long whole = WholeNumbers.within(n.bigDecimalValue(), Long.MIN_VALUE, Long.MAX_VALUE);
            if (whole == null) {
                throw new JsonbException("expected a whole number within range, got " + (n.isIntegral() ? "a larger one" : "a fraction"));
            }
            return whole;
        }
        throw wrongType("a whole number", given);
    }

    /** A Jsonb with the default configuration except for the strict scalar types. */
    public static Jsonb create() {
        return JsonbBuilder.newBuilder()
                .withConfig(new JsonbConfig().withDeserializers(new Text(), new WholeNumber(), new SmallWholeNumber(), new Flag())
                        .setProperty(FAIL_ON_UNKNOWN, true))
                .withProvider(UniqueMembers.provider())
                .build();
    }

    private static JsonValue value(JsonParser parser) {
        return parser.getValue();
    }

    private static JsonbException wrongType(String expected, JsonValue got) {
        return new JsonbException("expected " + expected + ", got " + got.getValueType().name().toLowerCase(java.util.Locale.ROOT));
    }

    /** Text only from a JSON string. */
    static final class Text implements JsonbDeserializer<String> {
        @Override
        public String deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            JsonValue v = value(parser);
            if (v instanceof JsonString s) {
                return s.getString();
            }
            if (v == JsonValue.NULL) {
                return null;
            }
            throw wrongType("text", v);
        }
    }

    /** A Long only from a JSON number that is a whole number within range. */
    static final class WholeNumber implements JsonbDeserializer<Long> {
        @Override
        public Long deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            JsonValue v = value(parser);
            if (v == JsonValue.NULL) {
                return null;
            }
            if (v instanceof JsonNumber n) {
                Long whole = WholeNumbers.within(n.bigDecimalValue(), Long.MIN_VALUE, Long.MAX_VALUE);
                if (whole == null) {
                    throw new JsonbException("expected a whole number within range, got " + (n.isIntegral() ? "a larger one" : "a fraction"));
                }
                return whole;
            }
            throw wrongType("a whole number", v);
        }
    }

    /** An Integer only from a JSON number that is a whole number within range. */
    static final class SmallWholeNumber implements JsonbDeserializer<Integer> {
        @Override
        public Integer deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            Long n = new WholeNumber().deserialize(parser, ctx, rtType);
            if (n != null && (n < Integer.MIN_VALUE || n > Integer.MAX_VALUE)) {
                throw new JsonbException("expected a whole number within range, got a larger one");
            }
            return n == null ? null : n.intValue();
        }
    }

    /**
     * A text member that a client may also send as a JSON number: InvokePayment's {@code timeStamp},
     * which the spec types as a string but shows as a number in its example (spec 4.4). A string is
     * taken as it is; a whole number that fits in a long as its decimal digits ({@code 1.7e9} and
     * {@code 1700000000.0} too); any other number as JSON-P writes it ({@code -5}, {@code 1.5},
     * {@code 1E+30}), so that the field's own rule refuses it with the field's name, as it refuses a
     * string that is not digits. Another JSON type is refused here, as for every text member.
     * Named on the member ({@code @JsonbTypeDeserializer}), never registered for all strings.
     */
    public static final class TextOrNumber implements JsonbDeserializer<String> {
        @Override
        public String deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            JsonValue v = value(parser);
            if (v instanceof JsonNumber n) {
                return text(n);
            }
            if (v instanceof JsonString s) {
                return s.getString();
            }
            if (v == JsonValue.NULL) {
                return null;
            }
            throw wrongType("text or a number", v);
        }

        /** A number as text: a whole one within a long as its digits (with a sign if negative), any other as written. */
        private static String text(JsonNumber n) {
            Long whole = WholeNumbers.within(n.bigDecimalValue(), Long.MIN_VALUE, Long.MAX_VALUE);
            return whole != null ? Long.toString(whole) : n.toString();
        }
    }

    /** A Boolean only from JSON true or false. */
    static final class Flag implements JsonbDeserializer<Boolean> {
        @Override
        public Boolean deserialize(JsonParser parser, DeserializationContext ctx, Type rtType) {
            JsonValue v = value(parser);
            if (v == JsonValue.TRUE || v == JsonValue.FALSE) {
                return v == JsonValue.TRUE;
            }
            if (v == JsonValue.NULL) {
                return null;
            }
            throw wrongType("true or false", v);
        }
    }
}
