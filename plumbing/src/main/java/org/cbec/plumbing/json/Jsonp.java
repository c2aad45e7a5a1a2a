package org.cbec.plumbing.json;

import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.spi.JsonProvider;
import java.io.InputStream;
import java.io.Reader;

/**
 * JSON-P through one provider, looked up once. {@code jakarta.json.Json}'s static methods look the
 * provider up again on every call, scanning the application's jars through the service loader;
 * under load that was about a tenth of a payment's CPU time (the benchmark's profile).
 */
public final class Jsonp {

    private static final JsonProvider PROVIDER = JsonProvider.provider();

    private Jsonp() {
    }

    /** The provider itself, for what the methods here do not cover (values, parser factories). */
    public static JsonProvider provider() {
        return PROVIDER;
    }

    public static JsonObjectBuilder object() {
        return PROVIDER.createObjectBuilder();
    }

    public static JsonObjectBuilder object(JsonObject copyOf) {
        return PROVIDER.createObjectBuilder(copyOf);
    }

    public static JsonArrayBuilder array() {
        return PROVIDER.createArrayBuilder();
    }

    public static JsonReader reader(Reader text) {
        return PROVIDER.createReader(text);
    }

    public static JsonReader reader(InputStream bytes) {
        return PROVIDER.createReader(bytes);
    }
}
