package org.cbec.sandbox.codec;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import java.io.StringReader;
import java.util.Map;
import org.cbec.plumbing.json.Jsonp;
import org.cbec.plumbing.json.UniqueMembers;

/**
 * JSON-P through plumbing's one provider ({@link Jsonp}). Objects are written with
 * {@link JsonObject#toString()}, compact, members in the order they were added: that text is what
 * gets signed and sent.
 *
 * <p>Reading goes through plumbing's parsers that refuse a repeated member ({@link UniqueMembers}:
 * two readers of one body must not see two different requests; the provider's own builders keep the
 * last one silently), and builds the object from the parser's events itself, so that nesting is
 * bounded before the provider's own limits throw whatever they throw.
 */
public final class JsonText {

    /** Far deeper than any request of either protocol (three levels at most). */
    static final int MAX_DEPTH = 32;
    private static final JsonParserFactory PARSERS = UniqueMembers.provider().createParserFactory(Map.of());

    private JsonText() {
    }

    public static JsonObjectBuilder object() {
        return Jsonp.object();
    }

    public static JsonArrayBuilder array() {
        return Jsonp.array();
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
        } catch (UniqueMembers.DuplicateMember e) {
            // Its message names the member, which is the client's own text: not echoed either.
            throw new IllegalArgumentException("a member is repeated");
        } catch (RuntimeException | StackOverflowError e) {
            // JsonParsingException and whatever else the provider throws on hostile input; its
            // message quotes the input, so none of it goes back.
            throw new IllegalArgumentException("malformed JSON");
        }
    }

    private static JsonObject readObject(JsonParser parser, int depth) {
        JsonObjectBuilder object = object();
        while (true) {
            JsonParser.Event event = parser.next();
            if (event == JsonParser.Event.END_OBJECT) {
                return object.build();
            }
            // Anything but a name here is the provider's to refuse, and a repeated name the
            // parser's (UniqueMembers); both do so on next().
            String name = parser.getString();
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
                return Jsonp.provider().createValue(parser.getString());
            case VALUE_NUMBER:
                return Jsonp.provider().createValue(parser.getBigDecimal());
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
