package org.cbec.plumbing.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonBuilderFactory;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonReaderFactory;
import jakarta.json.JsonValue;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.json.spi.JsonProvider;
import jakarta.json.stream.JsonGenerator;
import jakarta.json.stream.JsonGeneratorFactory;
import jakarta.json.stream.JsonLocation;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParserFactory;
import jakarta.json.stream.JsonParsingException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.Charset;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * JSON-P whose parsers refuse an object that names a member twice. Parsers and JSON-B take the last
 * of the repeated members silently, so {@code {"amount":1,…,"amount":5000}} meant 5000 to the
 * reader while a proxy or log that read the first saw 1: two readers of one body must not see two
 * requests. JSON-B (Yasson) reads bodies through a parser, never builds objects, so JSON-P's
 * {@code KeyStrategy.NONE} would not reach it: the check is in the parser, and serves the broker's
 * bound bodies and the sandbox's object trees alike. A refusal is a {@link DuplicateMember}, a
 * {@link JsonParsingException}.
 */
public final class UniqueMembers {

    private static final JsonProvider PROVIDER = new Provider(JsonProvider.provider());

    private UniqueMembers() {
    }

    /** The JSON-P provider whose parsers refuse repeated members; everything else is the platform's. */
    public static JsonProvider provider() {
        return PROVIDER;
    }

    /** The repeated member a failure comes from, if it does (searched along its causes). */
    public static Optional<String> repeatedIn(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DuplicateMember d) {
                return Optional.of(d.member());
            }
        }
        return Optional.empty();
    }

    /** An object of the input names {@link #member} twice. */
    public static final class DuplicateMember extends JsonParsingException {

        private static final long serialVersionUID = 1L;
        private final String member;

        DuplicateMember(String member, JsonLocation location) {
            super("the member " + member + " is given more than once", location);
            this.member = member;
        }

        public String member() {
            return member;
        }
    }

    /** Tracks the member names of every open object; a value read whole is built from the same events. */
    static final class Parser implements JsonParser {

        private static final Set<String> ARRAY = Set.of();

        private final JsonParser parser;
        private final JsonProvider values;
        private final Deque<Set<String>> open = new ArrayDeque<>();

        Parser(JsonParser parser, JsonProvider values) {
            this.parser = parser;
            this.values = values;
        }

        @Override
        public boolean hasNext() {
            return parser.hasNext();
        }

        @Override
        public Event next() {
            Event e = parser.next();
            switch (e) {
                case START_OBJECT -> open.push(new HashSet<>());
                case START_ARRAY -> open.push(ARRAY);
                case END_OBJECT, END_ARRAY -> open.pop();
                case KEY_NAME -> {
                    String member = parser.getString();
                    if (!open.peek().add(member)) {
                        throw new DuplicateMember(member, parser.getLocation());
                    }
                }
                default -> {
                }
            }
            return e;
        }

        @Override
        public Event currentEvent() {
            return parser.currentEvent();
        }

        @Override
        public String getString() {
            return parser.getString();
        }

        @Override
        public boolean isIntegralNumber() {
            return parser.isIntegralNumber();
        }

        @Override
        public int getInt() {
            return parser.getInt();
        }

        @Override
        public long getLong() {
            return parser.getLong();
        }

        @Override
        public BigDecimal getBigDecimal() {
            return parser.getBigDecimal();
        }

        @Override
        public JsonLocation getLocation() {
            return parser.getLocation();
        }

        @Override
        public JsonObject getObject() {
            if (currentEvent() != Event.START_OBJECT) {
                throw new IllegalStateException("not at the start of an object");
            }
            return value(Event.START_OBJECT).asJsonObject();
        }

        @Override
        public JsonArray getArray() {
            if (currentEvent() != Event.START_ARRAY) {
                throw new IllegalStateException("not at the start of an array");
            }
            return value(Event.START_ARRAY).asJsonArray();
        }

        @Override
        public JsonValue getValue() {
            return value(currentEvent());
        }

        /** The value that starts with the current event {@code e}, read through {@link #next}. */
        private JsonValue value(Event e) {
            switch (e) {
                case START_OBJECT -> {
                    JsonObjectBuilder object = values.createObjectBuilder();
                    for (Event member = next(); member != Event.END_OBJECT; member = next()) {
                        String name = getString();
                        object.add(name, value(next()));
                    }
                    return object.build();
                }
                case START_ARRAY -> {
                    JsonArrayBuilder array = values.createArrayBuilder();
                    for (Event element = next(); element != Event.END_ARRAY; element = next()) {
                        array.add(value(element));
                    }
                    return array.build();
                }
                default -> {
                    return parser.getValue();
                }
            }
        }

        @Override
        public void skipObject() {
            if (open.peek() != null && open.peek() != ARRAY) {
                int depth = open.size();
                while (open.size() >= depth) {
                    next();
                }
            }
        }

        @Override
        public void skipArray() {
            if (open.peek() == ARRAY) {
                int depth = open.size();
                while (open.size() >= depth) {
                    next();
                }
            }
        }

        @Override
        public void close() {
            parser.close();
        }
    }

    private static final class ParserFactory implements JsonParserFactory {

        private final JsonParserFactory factory;
        private final JsonProvider values;

        ParserFactory(JsonParserFactory factory, JsonProvider values) {
            this.factory = factory;
            this.values = values;
        }

        @Override
        public JsonParser createParser(Reader reader) {
            return new Parser(factory.createParser(reader), values);
        }

        @Override
        public JsonParser createParser(InputStream in) {
            return new Parser(factory.createParser(in), values);
        }

        @Override
        public JsonParser createParser(InputStream in, Charset charset) {
            return new Parser(factory.createParser(in, charset), values);
        }

        @Override
        public JsonParser createParser(JsonObject obj) {
            return factory.createParser(obj);
        }

        @Override
        public JsonParser createParser(JsonArray array) {
            return factory.createParser(array);
        }

        @Override
        public Map<String, ?> getConfigInUse() {
            return factory.getConfigInUse();
        }
    }

    private static final class Provider extends JsonProvider {

        private final JsonProvider platform;

        Provider(JsonProvider platform) {
            this.platform = platform;
        }

        @Override
        public JsonParser createParser(Reader reader) {
            return new Parser(platform.createParser(reader), platform);
        }

        @Override
        public JsonParser createParser(InputStream in) {
            return new Parser(platform.createParser(in), platform);
        }

        @Override
        public JsonParserFactory createParserFactory(Map<String, ?> config) {
            return new ParserFactory(platform.createParserFactory(config), platform);
        }

        @Override
        public JsonGenerator createGenerator(Writer writer) {
            return platform.createGenerator(writer);
        }

        @Override
        public JsonGenerator createGenerator(OutputStream out) {
            return platform.createGenerator(out);
        }

        @Override
        public JsonGeneratorFactory createGeneratorFactory(Map<String, ?> config) {
            return platform.createGeneratorFactory(config);
        }

        @Override
        public JsonReader createReader(Reader reader) {
            return platform.createReader(reader);
        }

        @Override
        public JsonReader createReader(InputStream in) {
            return platform.createReader(in);
        }

        @Override
        public JsonWriter createWriter(Writer writer) {
            return platform.createWriter(writer);
        }

        @Override
        public JsonWriter createWriter(OutputStream out) {
            return platform.createWriter(out);
        }

        @Override
        public JsonWriterFactory createWriterFactory(Map<String, ?> config) {
            return platform.createWriterFactory(config);
        }

        @Override
        public JsonReaderFactory createReaderFactory(Map<String, ?> config) {
            return platform.createReaderFactory(config);
        }

        @Override
        public JsonObjectBuilder createObjectBuilder() {
            return platform.createObjectBuilder();
        }

        @Override
        public JsonArrayBuilder createArrayBuilder() {
            return platform.createArrayBuilder();
        }

        @Override
        public JsonBuilderFactory createBuilderFactory(Map<String, ?> config) {
            return platform.createBuilderFactory(config);
        }
    }
}
