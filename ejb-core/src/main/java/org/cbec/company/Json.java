package org.cbec.company;

import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.Map;
import org.cbec.plumbing.json.Jsonp;

/** Small JSON helpers the adapters share for reading company answers. */
public final class Json {

    private Json() {
    }

    /** The body as a JSON object, or an empty one when it is not one. */
    public static JsonObject object(String body) {
        if (body == null || body.isBlank()) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        try (JsonReader reader = Jsonp.reader(new StringReader(body))) {
            JsonValue value = reader.readValue();
            return value.getValueType() == JsonValue.ValueType.OBJECT ? value.asJsonObject() : JsonValue.EMPTY_JSON_OBJECT;
        } catch (RuntimeException notJson) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
    }

    public static String string(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof jakarta.json.JsonString s ? s.getString() : null;
    }

    public static Long number(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof jakarta.json.JsonNumber n ? n.longValueExact() : null;
    }

    public static JsonObject child(JsonObject o, String name) {
        JsonValue v = o.get(name);
        return v instanceof JsonObject c ? c : JsonValue.EMPTY_JSON_OBJECT;
    }

    /** Adds the member only when there is a value: the companies treat absent and null differently. */
    public static void putIfPresent(jakarta.json.JsonObjectBuilder object, String name, String value) {
        if (value != null) {
            object.add(name, value);
        }
    }

    /** A flat string map as a JSON object text. */
    public static String of(Map<String, String> values) {
        var builder = Jsonp.object();
        values.forEach(builder::add);
        return builder.build().toString();
    }
}
