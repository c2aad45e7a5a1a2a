package org.cbec.sandbox.codec;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * JSON-P through one provider looked up once: {@code Json.createObjectBuilder()} looks the provider
 * up again on every call, which showed in the broker's profile. Objects are written with
 * {@link JsonObject#toString()}, compact, members in the order they were added: that text is what
 * gets signed and sent.
 *
 * <p>Reading builds the object from the parser's events itself, so that a repeated member is
 * refused (two readers of one body must not see two different requests; the provider's own
 * builders keep the last one silently) and nesting is bounded before the provider's own limits
 * throw whatever they throw.
 */
public final class JsonText {

    private static final JsonProvider PROVIDER = JsonProvider.provider();
    /** Far deeper than any request of either protocol (three levels at most). */
    static final int MAX_DEPTH = 32;
    private static final JsonParserFactory PARSERS = PROVIDER.createParserFactory(Map.of());

    private JsonText() {
    }

    public static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }

    /**
     * Exactly one JSON object, nothing before or after it but white space.
     *
     * @throws IllegalArgumentException for anything else (with no part of the input in its message)
     */
    public static JsonObject parseObject(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("empty body: expected a JSON object");
        }
        try (JsonParser parser = PARSERS.createParser(new StringReader(text))) {
            if (!parser.hasNext() || parser.next() != JsonParser.Event.START_OBJECT) {
                throw new IllegalArgumentException("expected a JSON object");
            }
            JsonObject object = readObject(parser, 1);
            if (parser.hasNext()) {
                throw new IllegalArgumentException("text after the JSON object");
            }
            return object;
        } catch (IllegalArgumentException e) {
            throw e;
        } catch (RuntimeException | StackOverflowError e) {
            // JsonParsingException and whatever else the provider throws on hostile input; its
            // message quotes the input, so none of it goes back.
            throw new IllegalArgumentException("malformed JSON");
        }
    }

    private static JsonObject readObject(JsonParser parser, int depth) {
        JsonObjectBuilder object = object();
        Set<String> names = new HashSet<>();
        while (true) {
            JsonParser.Event event = parser.next();
            if (event == JsonParser.Event.END_OBJECT) {
                return object.build();
            }
            // Anything but a name here is the provider's to refuse; it does so on next().
            String name = parser.getString();
            if (!names.add(name)) {
                throw new IllegalArgumentException("a member is repeated");
            }
            object.add(name, readValue(parser, parser.next(), depth));
        }
    }

    private static JsonValue readValue(JsonParser parser, JsonParser.Event event, int depth) {
        switch (event) {
            case START_OBJECT:
                checkDepth(depth);
                return readObject(parser, depth + 1);
            case START_ARRAY:
                checkDepth(depth);
                JsonArrayBuilder array = array();
                for (JsonParser.Event e = parser.next(); e != JsonParser.Event.END_ARRAY; e = parser.next()) {
                    array.add(readValue(parser, e, depth + 1));
                }
                return array.build();
            case VALUE_STRING:
                return PROVIDER.createValue(parser.getString());
            case VALUE_NUMBER:
                return PROVIDER.createValue(parser.getBigDecimal());
            case VALUE_TRUE:
                return JsonValue.TRUE;
            case VALUE_FALSE:
                return JsonValue.FALSE;
            case VALUE_NULL:
                return JsonValue.NULL;
            default:
                throw new IllegalArgumentException("malformed JSON");
        }
    }

    private static void checkDepth(int depth) {
        if (depth >= MAX_DEPTH) {
            throw new IllegalArgumentException("JSON nested too deeply");
        }
    }
}
