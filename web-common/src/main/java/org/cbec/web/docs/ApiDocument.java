package org.cbec.web.docs;

import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

/**
 * A service's OpenAPI document: written in YAML (a resource of the WAR), served as that text, and
 * as JSON to a client that asks for JSON. Both forms are made once, when the document is first
 * asked for; a document that is not YAML of plain maps, lists and scalars fails there.
 */
public final class ApiDocument {

    private final String yaml;
    private final String json;

    private ApiDocument(String yaml) {
        this.yaml = yaml;
        Object tree = new Yaml(new SafeConstructor(new LoaderOptions())).load(yaml);
        this.json = toJson(tree).toString();
    }

    /** The document at {@code resource} of {@code loader} (the WAR's class loader). */
    public static ApiDocument load(ClassLoader loader, String resource) {
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("no API document " + resource);
            }
            return new ApiDocument(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ApiDocument of(String yaml) {
        return new ApiDocument(yaml);
    }

    public String yaml() {
        return yaml;
    }

    public String json() {
        return json;
    }

    private static JsonValue toJson(Object node) {
        if (node == null) {
            return JsonValue.NULL;
        }
        if (node instanceof Map<?, ?> map) {
            JsonObjectBuilder o = Json.createObjectBuilder();
            // A YAML key may be read as a number or a boolean (a status such as 200): JSON keys are text.
            map.forEach((k, v) -> o.add(String.valueOf(k), toJson(v)));
            return o.build();
        }
        if (node instanceof List<?> list) {
            JsonArrayBuilder a = Json.createArrayBuilder();
            list.forEach(v -> a.add(toJson(v)));
            return a.build();
        }
        if (node instanceof Boolean b) {
            return b ? JsonValue.TRUE : JsonValue.FALSE;
        }
        if (node instanceof Integer || node instanceof Long) {
            return Json.createValue(((Number) node).longValue());
        }
        if (node instanceof BigInteger n) {
            return Json.createValue(n);
        }
        if (node instanceof Double || node instanceof Float) {
            return Json.createValue(new BigDecimal(node.toString()));
        }
        if (node instanceof String s) {
            return Json.createValue(s);
        }
        throw new IllegalStateException("an API document holds only maps, lists, text, numbers and booleans, not "
                + node.getClass().getSimpleName() + " (" + node + "): quote it");
    }
}
