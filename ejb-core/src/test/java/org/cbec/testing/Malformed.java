package org.cbec.testing;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cbec.testing.Http.Reply;

/**
 * Malformed requests for the bad-input sweeps of both services. An {@link Endpoint} is described by
 * a request the service must refuse for a reason that does not depend on any one field (an order
 * already declared, a cart already paid, a name already registered ...): every variant of it
 * generated here must then be refused too, whichever field it breaks, so the sweep can demand a
 * 4xx of each and an unchanged database. Variants: each field of the JSON body (at any depth)
 * removed, null, of the wrong JSON type, huge, an odd number, an injection string; the body empty,
 * {@code null}, not an object, truncated, deeply nested, huge, not UTF-8, of a wrong content type;
 * each path and query parameter empty, overlong, injected, percent-encoded junk; wrong methods,
 * unacceptable {@code Accept}, missing or wrong credentials. Each case carries a name for assertion
 * messages. {@link #send} sends a case as raw bytes, which {@link Http} cannot.
 */
public final class Malformed {

    /** A string of 100,000 characters: past every length limit, small enough to send per field. */
    public static final String HUGE = "x".repeat(100_000);
    /** Well past any body the services need (a few MB). */
    public static final int HUGE_BODY_BYTES = 3 * 1024 * 1024;
    /** Deeper than any JSON parser should follow. */
    public static final int DEEP = 100_000;

    /** Strings that have broken other services: SQL, markup, lookups, paths, control and bidi characters. */
    public static final Map<String, String> INJECTIONS = ordered(
            "sql", "' OR 1=1 --",
            "sql drop", "\"; DROP TABLE payment; --",
            "script", "<script>alert(1)</script>",
            "jndi", "${jndi:ldap://x/a}",
            "expression", "#{7*7}{{7*7}}",
            "path traversal", "../../etc/passwd",
            "nul", "a\u0000b",
            "control characters", "\u0001\u0007\u001b[2J\u007f",
            "crlf", "a\r\nSet-Cookie: x=1",
            "c1 control (next line)", "a\u0085b",
            "rtl override", "\u202Egnp.exe",
            "emoji and 4-byte cjk", "\uD83D\uDE00\uD840\uDC00",
            "lone surrogate", "\uD800",
            "empty", "",
            "blank", "   ",
            "percent junk", "%00%ff%c3%28");

    /** Odd numbers for numeric fields: signs, fractions, overflow of long and of double. */
    public static final Map<String, String> NUMBERS = ordered(
            "negative", "-1",
            "zero", "0",
            "fraction", "0.5",
            "small fraction", "1.001",
            "negative zero", "-0.0",
            "long max", "9223372036854775807",
            "long max + 1", "9223372036854775808",
            "long min - 1", "-9223372036854775809",
            "30 digits", "123456789012345678901234567890",
            "1e400", "1e400",
            "-1e400", "-1e400",
            "1e-400", "1e-400");

    /** Path segments and query values given already percent-encoded: junk a client library would not produce. */
    public static final Map<String, String> RAW_ENCODED = ordered(
            "%00", "%00",
            "%ff", "%ff",
            "invalid utf-8 %c3%28", "%c3%28",
            "encoded surrogate", "%ed%a0%80",
            "overlong slash", "%c0%af",
            "encoded dot-dot", "%2e%2e",
            "encoded slash", "a%2fb",
            "encoded backslash", "a%5cb",
            "encoded crlf", "a%0d%0ab",
            "encoded percent", "%25",
            "encoded rtl override", "%e2%80%ae",
            "encoded emoji", "%f0%9f%98%80",
            "encoded semicolon", "a%3bb=1",
            "plus", "a+b",
            "matrix parameter", "x;y=1");

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private static final String SENTINEL = "__malformed_sentinel_7f3a__";

    private Malformed() {
    }

    /**
     * One request to send. {@code path} is relative to the application's base URL, already
     * percent-encoded, query included; a null {@code body} sends none and a null
     * {@code contentType} sends no {@code Content-Type}; {@code headers} are name/value pairs.
     */
    public record Case(String name, String method, String path, byte[] body, String contentType, List<String> headers) {

        @Override
        public String toString() {
            return name + " [" + method + " " + (path.length() > 120 ? path.substring(0, 120) + "…" : path)
                    + (body == null ? "" : ", " + body.length + " bytes") + (contentType == null ? "" : ", " + contentType) + "]";
        }
    }

    /** Sends a case to the application at {@code base} (ending in '/'). */
    public static Reply send(URI base, Case c) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base.toString() + c.path()))
                .timeout(Duration.ofSeconds(120))
                .method(c.method(), c.body() == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(c.body()));
        if (c.contentType() != null) {
            request.header("Content-Type", c.contentType());
        }
        for (int i = 0; i < c.headers().size(); i += 2) {
            request.header(c.headers().get(i), c.headers().get(i + 1));
        }
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (java.io.IOException e) {
            throw new AssertionError("no answer to " + c, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted sending " + c, e);
        }
    }

    /** What came back on a raw connection: the bytes as text, and whether the server closed it after them. */
    public record RawReply(String text, boolean closed) {

        public int status() {
            String[] line = text.split("\r\n", 2)[0].split(" ");
            return line.length > 1 ? Integer.parseInt(line[1]) : -1;
        }

        /** The body after the head, as sent (not de-chunked). */
        public String body() {
            int end = text.indexOf("\r\n\r\n");
            return end < 0 ? "" : text.substring(end + 4);
        }
    }

    /**
     * Sends {@code body} chunked with a {@code Content-Length} as well, once with each header first,
     * each time followed on the same connection by a GET of {@code nextPath} (a request a front end
     * that took the other length would pass on), and asserts what a smuggler must find: a 4xx, the
     * connection closed after it, and one answer only.
     */
    public static void assertBothLengthsEndTheConnection(URI base, String post, String headers, String body, String nextPath) {
        int size = body.getBytes(StandardCharsets.UTF_8).length;
        String chunked = Integer.toHexString(size) + "\r\n" + body + "\r\n0\r\n\r\n";
        int length = chunked.getBytes(StandardCharsets.UTF_8).length;
        String head = "POST " + base.getPath() + post + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n" + headers;
        String next = "GET " + base.getPath() + nextPath + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n\r\n";
        for (String framing : List.of("Content-Length: " + length + "\r\nTransfer-Encoding: chunked\r\n",
                "Transfer-Encoding: chunked\r\nContent-Length: " + length + "\r\n")) {
            RawReply reply = raw(base, head + framing + "\r\n" + chunked + next, Duration.ofSeconds(10));
            org.junit.jupiter.api.Assertions.assertTrue(reply.status() >= 400 && reply.status() < 500, framing + ": " + reply.text());
            org.junit.jupiter.api.Assertions.assertTrue(reply.closed(), "the connection is closed after the answer: " + reply.text());
            org.junit.jupiter.api.Assertions.assertEquals(1, reply.text().split("HTTP/1.1 ", -1).length - 1,
                    "one answer only, nothing after it on the connection served: " + reply.text());
        }
    }

    /**
     * POSTs {@code json} on a raw connection and asserts the status line the client reads: the
     * status with its reason phrase (not Grizzly's {@code CUSTOM} for a status its table lacks),
     * and the service's envelope with its request id. Answers the body.
     */
    public static String assertStatusLine(URI base, String path, String headers, String json, int status, String phrase) {
        int length = json.getBytes(StandardCharsets.UTF_8).length;
        RawReply reply = raw(base, "POST " + base.getPath() + path + " HTTP/1.1\r\nHost: " + base.getHost() + "\r\n" + headers
                + "Content-Type: application/json\r\nContent-Length: " + length + "\r\nConnection: close\r\n\r\n" + json,
                Duration.ofSeconds(30));
        String statusLine = reply.text().split("\r\n", 2)[0];
        org.junit.jupiter.api.Assertions.assertEquals("HTTP/1.1 " + status + " " + phrase, statusLine, reply::text);
        String head = reply.text().substring(0, Math.max(0, reply.text().indexOf("\r\n\r\n"))).toLowerCase(java.util.Locale.ROOT);
        org.junit.jupiter.api.Assertions.assertTrue(head.contains("\r\nx-request-id: "), reply::text);
        org.junit.jupiter.api.Assertions.assertTrue(head.contains("\r\ncontent-type: application/json"), reply::text);
        org.junit.jupiter.api.Assertions.assertTrue(reply.body().contains("\"code\":" + status), reply::text);
        return reply.body();
    }

    /**
     * Writes {@code request} (head and body, as is) on a new connection to the application at
     * {@code base}, then reads until the server closes the connection or stays silent for
     * {@code idle}: framing mistakes a client library would not let through.
     */
    public static RawReply raw(URI base, String request, Duration idle) {
        int port = base.getPort() < 0 ? 80 : base.getPort();
        try (java.net.Socket socket = new java.net.Socket(base.getHost(), port)) {
            socket.setSoTimeout((int) idle.toMillis());
            socket.getOutputStream().write(request.getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().flush();
            ByteArrayOutputStream got = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            boolean closed;
            try {
                int n;
                while ((n = socket.getInputStream().read(buffer)) >= 0) {
                    got.write(buffer, 0, n);
                }
                closed = true;
            } catch (java.net.SocketTimeoutException stillOpen) {
                closed = false;
            } catch (java.net.SocketException reset) {
                closed = true;
            }
            return new RawReply(got.toString(StandardCharsets.UTF_8), closed);
        } catch (java.io.IOException e) {
            throw new AssertionError("no connection to " + base, e);
        }
    }

    /** An endpoint to sweep: {@code path} with {@code {name}} placeholders, e.g. {@code v1/payment/{merchant}}. */
    public static Endpoint endpoint(String method, String path) {
        return new Endpoint(method, path);
    }

    /** Builds the cases of one endpoint. */
    public static final class Endpoint {

        private final String method;
        private final String pathTemplate;
        private final Map<String, String> pathValues = new LinkedHashMap<>();
        private final Map<String, String> query = new LinkedHashMap<>();
        private final java.util.Set<String> optional = new java.util.HashSet<>();
        private String plainRefusal;
        private String json;
        private List<String> auth = List.of();
        private final Map<String, List<String>> badAuth = new LinkedHashMap<>();
        private final List<String> wrongMethods = new ArrayList<>(List.of("PATCH", "FOO"));
        private final Map<String, List<String>> badHeaders = new LinkedHashMap<>();

        private Endpoint(String method, String pathTemplate) {
            this.method = method;
            this.pathTemplate = pathTemplate;
        }

        public String name() {
            return method + " " + pathTemplate;
        }

        /** The (unencoded) value of a path parameter in the request to be refused. */
        public Endpoint path(String name, String value) {
            pathValues.put(name, value);
            return this;
        }

        /** A query parameter of the request to be refused (unencoded). */
        public Endpoint query(String name, String value) {
            query.put(name, value);
            return this;
        }

        /**
         * A query parameter that may be left out (the request without it is a valid other one, as
         * a refund query without {@code refund_ref} lists the refunds): broken, but never dropped.
         */
        public Endpoint optionalQuery(String name, String value) {
            optional.add(name);
            return query(name, value);
        }

        /**
         * The endpoint refuses as a foreign protocol asks, with this plain word (a company's callback:
         * {@code failure}) and a 4xx, instead of the envelope; the container's and JAX-RS's own
         * refusals (wrong method, media type) still carry the envelope.
         */
        public Endpoint plainRefusal(String word) {
            this.plainRefusal = word;
            return this;
        }

        /** The JSON body of the request to be refused; its fields are broken one at a time. */
        public Endpoint json(String template) {
            this.json = template;
            return this;
        }

        /** The credentials sent with every case but the unauthenticated ones (name/value pairs). */
        public Endpoint auth(String... headers) {
            this.auth = List.of(headers);
            return this;
        }

        /** A wrong credential, sent instead of {@link #auth}; no headers at all means none sent. */
        public Endpoint badAuth(String label, String... headers) {
            badAuth.put(label, List.of(headers));
            return this;
        }

        /** Methods this path does not serve, beyond PATCH and an unknown one. */
        public Endpoint wrongMethods(String... methods) {
            wrongMethods.addAll(List.of(methods));
            return this;
        }

        /** A header that makes the request wrong by itself (an unknown gateway stage, a junk client IP ...). */
        public Endpoint badHeader(String label, String name, String value) {
            badHeaders.put(label, List.of(name, value));
            return this;
        }

        /** Every case, in a stable order. */
        public List<Case> cases() {
            List<Case> cases = new ArrayList<>();
            if (json != null) {
                bodyCases(cases);
            }
            for (String name : pathValues.keySet()) {
                for (Map.Entry<String, String> v : encodedVariants().entrySet()) {
                    Map<String, String> encoded = encodedPath();
                    encoded.put(name, v.getValue());
                    cases.add(withBody("path " + name + ": " + v.getKey(), method, path(encoded, encodedQuery(query))));
                }
                Map<String, String> empty = encodedPath();
                empty.put(name, "");
                cases.add(withBody("path " + name + ": missing", method, path(empty, encodedQuery(query))));
            }
            for (String name : query.keySet()) {
                for (Map.Entry<String, String> v : encodedVariants().entrySet()) {
                    Map<String, String> q = encodedQuery(query);
                    q.put(name, v.getValue());
                    cases.add(withBody("query " + name + ": " + v.getKey(), method, path(encodedPath(), q)));
                }
                if (!optional.contains(name)) {
                    Map<String, String> missing = encodedQuery(query);
                    missing.remove(name);
                    cases.add(withBody("query " + name + ": missing", method, path(encodedPath(), missing)));
                }
                String repeated = path(encodedPath(), encodedQuery(query)) + "&" + name + "=" + encode(INJECTIONS.get("sql"));
                cases.add(withBody("query " + name + ": repeated with another value", method, repeated));
            }
            String valid = path(encodedPath(), encodedQuery(query));
            for (String m : wrongMethods) {
                cases.add(new Case("wrong method " + m, m, valid, null, null, auth));
            }
            for (String accept : List.of("application/xml", "text/html", "image/png", "text/csv")) {
                cases.add(withHeaders("Accept: " + accept, valid, "Accept", accept));
            }
            badHeaders.forEach((label, header) -> cases.add(withHeaders("header " + label, valid, header.get(0), header.get(1))));
            badAuth.forEach((label, headers) -> {
                Case c = withBody("unauthenticated: " + label, method, valid);
                cases.add(new Case(c.name(), c.method(), c.path(), c.body(), c.contentType(), headers));
            });
            return cases;
        }

        private Case withHeaders(String name, String path, String... extra) {
            Case c = withBody(name, method, path);
            List<String> headers = new ArrayList<>(auth);
            headers.addAll(List.of(extra));
            return new Case(c.name(), c.method(), c.path(), c.body(), c.contentType(), headers);
        }

        /** The case on this path with the (refused) body, if the endpoint takes one. */
        private Case withBody(String name, String m, String path) {
            return json == null ? new Case(name, m, path, null, null, auth)
                    : new Case(name, m, path, utf8(json), "application/json", auth);
        }

        private void bodyCases(List<Case> cases) {
            String valid = path(encodedPath(), encodedQuery(query));
            for (Map.Entry<String, byte[]> body : bodies(json).entrySet()) {
                cases.add(new Case("body: " + body.getKey(), method, valid, body.getValue(), "application/json", auth));
            }
            for (Map.Entry<String, String[]> type : contentTypes(json).entrySet()) {
                String[] t = type.getValue();
                cases.add(new Case("content type: " + type.getKey(), method, valid,
                        t[1] == null ? null : t[1].equals("latin1") ? json.getBytes(StandardCharsets.ISO_8859_1) : utf8(t[1]), t[0], auth));
            }
        }

        private Map<String, String> encodedPath() {
            Map<String, String> encoded = new LinkedHashMap<>();
            pathValues.forEach((k, v) -> encoded.put(k, encode(v)));
            return encoded;
        }

        private String path(Map<String, String> encodedValues, Map<String, String> encodedQuery) {
            String p = pathTemplate;
            for (Map.Entry<String, String> v : encodedValues.entrySet()) {
                p = p.replace("{" + v.getKey() + "}", v.getValue());
            }
            if (encodedQuery.isEmpty()) {
                return p;
            }
            StringBuilder q = new StringBuilder();
            encodedQuery.forEach((k, v) -> q.append(q.length() == 0 ? "?" : "&").append(k).append('=').append(v));
            return p + q;
        }
    }

    // ---- bodies ------------------------------------------------------------------------------------

    /**
     * The body variants of a JSON object template, by name: body-level junk, then every field (at
     * any depth; arrays through their first element) broken in each way that fits its type.
     */
    public static Map<String, byte[]> bodies(String template) {
        JsonObject root = parse(template);
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        bodies.put("empty", new byte[0]);
        bodies.put("null", utf8("null"));
        bodies.put("empty object", utf8("{}"));
        bodies.put("empty array", utf8("[]"));
        bodies.put("array of the object", utf8("[" + template + "]"));
        bodies.put("bare string", utf8("\"text\""));
        bodies.put("bare number", utf8("42"));
        bodies.put("bare true", utf8("true"));
        bodies.put("truncated", utf8(template.substring(0, template.length() / 2)));
        bodies.put("only an opening brace", utf8("{"));
        bodies.put("trailing garbage", utf8(template + "}}"));
        bodies.put("two objects", utf8(template + template));
        bodies.put("trailing comma", utf8(template.substring(0, template.lastIndexOf('}')) + ",}"));
        bodies.put("single quotes", utf8(template.replace('"', '\'')));
        bodies.put("comment", utf8("/* c */" + template));
        bodies.put("NaN", utf8("{\"n\":NaN}"));
        bodies.put("byte order mark", concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, utf8(template)));
        bodies.put("unescaped control character", utf8(withFirstString(root, "\"a\u0001b\"")));
        bodies.put("extra unknown field", utf8(withMember(root, "unexpectedField", "\"x\"")));
        bodies.put("extra __proto__ field", utf8(withMember(root, "__proto__", "{\"admin\":true}")));
        bodies.put("duplicate key", utf8(duplicateFirstKey(template)));
        bodies.put("deeply nested arrays, unclosed", utf8("[".repeat(DEEP)));
        bodies.put("deeply nested arrays", utf8("[".repeat(DEEP) + "]".repeat(DEEP)));
        bodies.put("deeply nested objects", utf8("{\"a\":".repeat(DEEP / 2) + "1" + "}".repeat(DEEP / 2)));
        bodies.put("extra field deeply nested", utf8(withMember(root, "deep", "[".repeat(DEEP) + "]".repeat(DEEP))));
        bodies.put("huge body (extra field of a few MB)", utf8(withMember(root, "padding", "\"" + "x".repeat(HUGE_BODY_BYTES) + "\"")));
        bodies.put("huge array", utf8("[" + "1,".repeat(HUGE_BODY_BYTES / 2) + "1]"));
        byte[][] invalid = {
            {(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xFE, (byte) 0xFF}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xC0, (byte) 0xAF}, {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}};
        String[] invalidNames = {"c3 28", "ff", "fe ff", "encoded surrogate", "overlong", "beyond U+10FFFF", "truncated sequence",
            "lone continuation byte"};
        String[] around = withFirstString(root, SENTINEL).split(SENTINEL, 2);
        for (int i = 0; i < invalid.length; i++) {
            bodies.put("invalid UTF-8 (" + invalidNames[i] + ") in a string",
                    concat(utf8(around[0] + "\"a"), invalid[i], utf8("b\"" + (around.length > 1 ? around[1] : ""))));
        }
        bodies.put("invalid UTF-8 outside strings", concat(utf8("{"), new byte[] {(byte) 0xFF, (byte) 0xFE}, utf8("}")));
        bodies.put("latin-1 bytes sent as UTF-8", withFirstString(root, "\"caf\u00e9\"").getBytes(StandardCharsets.ISO_8859_1));
        for (Map.Entry<String, JsonValue> leaf : leaves(root).entrySet()) {
            fieldVariants(root, leaf.getKey(), leaf.getValue(), bodies);
        }
        return bodies;
    }

    /** Content types other than JSON, or JSON with a charset the body is not in: type → {type, body}. */
    static Map<String, String[]> contentTypes(String template) {
        Map<String, String[]> types = new LinkedHashMap<>();
        types.put("none", new String[] {null, template});
        types.put("text/plain", new String[] {"text/plain", template});
        types.put("application/xml", new String[] {"application/xml", "<?xml version=\"1.0\"?><a><b>1</b></a>"});
        types.put("form", new String[] {"application/x-www-form-urlencoded", "a=1&b=%ff"});
        types.put("multipart", new String[] {"multipart/form-data; boundary=x", "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--x--\r\n"});
        types.put("json with charset latin1", new String[] {"application/json; charset=latin1", "latin1"});
        types.put("json with an unknown charset", new String[] {"application/json; charset=no-such-charset", template});
        types.put("json with charset utf-16 (body in UTF-8)", new String[] {"application/json; charset=UTF-16", template});
        types.put("json patch", new String[] {"application/json-patch+json", "[{\"op\":\"remove\",\"path\":\"/a\"}]"});
        types.put("malformed media type", new String[] {"json", template});
        types.put("wildcard", new String[] {"*/*", template});
        return types;
    }

    private static void fieldVariants(JsonObject root, String path, JsonValue value, Map<String, byte[]> bodies) {
        List<Object> at = parsePath(path);
        boolean member = at.get(at.size() - 1) instanceof String;
        if (member) {
            bodies.put(path + ": removed", utf8(replace(root, at, null).toString()));
        }
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("null", "null");
        switch (value.getValueType()) {
            case STRING -> {
                raw.put("number instead of text", "1");
                raw.put("boolean instead of text", "true");
                raw.put("array instead of text", "[\"" + "a" + "\"]");
                raw.put("object instead of text", "{}");
                raw.put("huge text", quote(HUGE));
                INJECTIONS.forEach((name, s) -> raw.put(name, quote(s)));
            }
            case NUMBER -> {
                raw.put("text instead of number", "\"12\"");
                raw.put("boolean instead of number", "false");
                raw.put("array instead of number", "[1]");
                raw.put("object instead of number", "{\"value\":1}");
                raw.put("huge text instead of number", quote(HUGE));
                NUMBERS.forEach(raw::put);
            }
            case TRUE, FALSE -> {
                raw.put("text instead of boolean", "\"true\"");
                raw.put("number instead of boolean", "1");
                raw.put("array instead of boolean", "[true]");
            }
            case OBJECT -> {
                raw.put("text instead of object", "\"{}\"");
                raw.put("array instead of object", "[]");
                raw.put("number instead of object", "1");
            }
            case ARRAY -> {
                raw.put("empty array", "[]");
                raw.put("object instead of array", "{}");
                raw.put("text instead of array", "\"[]\"");
                raw.put("array of nulls", "[null]");
                raw.put("array of numbers", "[1,2]");
            }
            default -> {
                raw.put("text", "\"x\"");
                raw.put("number", "1");
            }
        }
        String withSentinel = replace(root, at, Json.createValue(SENTINEL)).toString();
        raw.forEach((name, token) -> bodies.put(path + ": " + name, utf8(withSentinel.replace("\"" + SENTINEL + "\"", token))));
    }

    /** Every member at any depth, by path ({@code cart.items[0].price}); an array's first element stands for all. */
    static Map<String, JsonValue> leaves(JsonObject root) {
        Map<String, JsonValue> leaves = new LinkedHashMap<>();
        walk(root, "", leaves);
        return leaves;
    }

    private static void walk(JsonValue v, String at, Map<String, JsonValue> leaves) {
        if (v instanceof JsonObject o) {
            for (Map.Entry<String, JsonValue> e : o.entrySet()) {
                String p = at.isEmpty() ? e.getKey() : at + "." + e.getKey();
                leaves.put(p, e.getValue());
                walk(e.getValue(), p, leaves);
            }
        } else if (v instanceof JsonArray a && !a.isEmpty()) {
            leaves.put(at + "[0]", a.get(0));
            walk(a.get(0), at + "[0]", leaves);
        }
    }

    private static List<Object> parsePath(String path) {
        List<Object> at = new ArrayList<>();
        for (String part : path.split("\\.")) {
            int bracket = part.indexOf('[');
            at.add(bracket < 0 ? part : part.substring(0, bracket));
            if (bracket >= 0) {
                at.add(Integer.parseInt(part.substring(bracket + 1, part.indexOf(']'))));
            }
        }
        return at;
    }

    /** A copy of {@code v} with the value at {@code at} replaced, or removed when {@code with} is null. */
    private static JsonValue replace(JsonValue v, List<Object> at, JsonValue with) {
        Object head = at.get(0);
        List<Object> rest = at.subList(1, at.size());
        if (v instanceof JsonObject o && head instanceof String key) {
            JsonObjectBuilder b = Json.createObjectBuilder();
            for (Map.Entry<String, JsonValue> e : o.entrySet()) {
                if (!e.getKey().equals(key)) {
                    b.add(e.getKey(), e.getValue());
                } else if (!rest.isEmpty()) {
                    b.add(key, replace(e.getValue(), rest, with));
                } else if (with != null) {
                    b.add(key, with);
                }
            }
            return b.build();
        }
        if (v instanceof JsonArray a && head instanceof Integer index) {
            JsonArrayBuilder b = Json.createArrayBuilder();
            for (int i = 0; i < a.size(); i++) {
                if (i != index) {
                    b.add(a.get(i));
                } else if (!rest.isEmpty()) {
                    b.add(replace(a.get(i), rest, with));
                } else if (with != null) {
                    b.add(with);
                }
            }
            return b.build();
        }
        throw new IllegalArgumentException("no " + head + " in " + v);
    }

    /** The template text with its first string value (at any depth) replaced by a raw JSON token. */
    private static String withFirstString(JsonObject root, String rawToken) {
        for (Map.Entry<String, JsonValue> leaf : leaves(root).entrySet()) {
            if (leaf.getValue().getValueType() == JsonValue.ValueType.STRING) {
                return replace(root, parsePath(leaf.getKey()), Json.createValue(SENTINEL)).toString()
                        .replace("\"" + SENTINEL + "\"", rawToken);
            }
        }
        return withMember(root, "text", rawToken);
    }

    private static String withMember(JsonObject root, String name, String rawToken) {
        String withSentinel = Json.createObjectBuilder(root).add(name, SENTINEL).build().toString();
        return withSentinel.replace("\"" + SENTINEL + "\"", rawToken);
    }

    private static String duplicateFirstKey(String template) {
        JsonObject root = parse(template);
        if (root.isEmpty()) {
            return "{\"a\":1,\"a\":2}";
        }
        String first = root.keySet().iterator().next();
        return "{\"" + first + "\":null," + template.substring(template.indexOf('{') + 1);
    }

    // ---- path and query values ---------------------------------------------------------------------

    /** Path segment or query value variants, percent-encoded as sent, by name. */
    static Map<String, String> encodedVariants() {
        Map<String, String> v = new LinkedHashMap<>();
        v.put("65 characters", "a".repeat(65));
        v.put("300 characters", "a".repeat(300));
        v.put("4000 characters", "a".repeat(4000));
        INJECTIONS.forEach((name, s) -> {
            if (!s.isEmpty()) {
                v.put(name, encode(s));
            }
        });
        v.put("cjk", encode("名字"));
        v.put("number overflow", "9223372036854775808");
        v.put("negative", "-1");
        v.put("dot", ".");
        v.put("dot-dot", "..");
        v.putAll(RAW_ENCODED);
        return v;
    }

    private static Map<String, String> encodedQuery(Map<String, String> query) {
        Map<String, String> encoded = new LinkedHashMap<>();
        query.forEach((k, v) -> encoded.put(k, encode(v)));
        return encoded;
    }

    /** Percent-encodes everything but RFC 3986's unreserved characters, as UTF-8 (a lone surrogate becomes '?'). */
    public static String encode(String s) {
        StringBuilder out = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~".indexOf(c) >= 0)) {
                out.append(c);
            } else {
                out.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return out.toString();
    }

    // ---- checking the answers ----------------------------------------------------------------------

    /** What is wrong with the answer to a malformed request, or null: a 4xx JSON envelope, no trace, no secret. */
    public static String problem(Reply reply, List<String> secrets) {
        if (reply.status() < 400 || reply.status() > 499) {
            return "status " + reply.status() + " is not 4xx";
        }
        String type = reply.header("Content-Type");
        if (type == null || !type.startsWith("application/json")) {
            return "Content-Type " + type + " is not JSON";
        }
        JsonObject json;
        try (JsonReader reader = Json.createReader(new StringReader(reply.body()))) {
            json = reader.readObject();
        } catch (RuntimeException e) {
            return "the body is not a JSON object";
        }
        if (!(json.get("code") instanceof jakarta.json.JsonNumber code) || !code.isIntegral() || code.intValue() != reply.status()) {
            return "code " + json.get("code") + " is not the status";
        }
        if (!(json.get("message") instanceof jakarta.json.JsonString message) || message.getString().isBlank()) {
            return "no message";
        }
        for (String trace : List.of("Exception", "at org.", "at java.", ".java:", "\tat ")) {
            if (reply.body().contains(trace)) {
                return "the body looks like a stack trace (" + trace.strip() + ")";
            }
        }
        for (String secret : secrets) {
            if (secret != null && !secret.isEmpty() && reply.body().contains(secret)) {
                return "the body echoes a secret";
            }
        }
        return null;
    }

    /** Runs cases per endpoint, counting statuses and collecting what went wrong. */
    public static final class Sweep {

        private final URI base;
        private final List<String> secrets;
        private final Map<String, Integer> counts = new LinkedHashMap<>();
        private final Map<String, Map<Integer, Integer>> statuses = new LinkedHashMap<>();
        private final Map<String, Integer> containerRefusals = new LinkedHashMap<>();
        private final List<String> failures = new ArrayList<>();

        public Sweep(URI base, List<String> secrets) {
            this.base = base;
            this.secrets = secrets;
        }

        public void run(Endpoint endpoint) {
            run(endpoint.name(), endpoint.cases(), endpoint.plainRefusal);
        }

        public void run(String endpoint, List<Case> cases) {
            run(endpoint, cases, null);
        }

        private void run(String endpoint, List<Case> cases, String plainRefusal) {
            for (Case c : cases) {
                Reply reply = send(base, c);
                counts.merge(endpoint, 1, Integer::sum);
                statuses.computeIfAbsent(endpoint, e -> new TreeMap<>()).merge(reply.status(), 1, Integer::sum);
                String problem = plainRefusal != null && reply.status() >= 400 && reply.status() < 500
                        && reply.body().strip().equals(plainRefusal) ? null : problem(reply, secrets);
                if (problem != null && containerRefusal(c, reply)) {
                    containerRefusals.merge(endpoint, 1, Integer::sum);
                    continue;
                } else if (problem != null) {
                    String body = reply.body().length() > 300 ? reply.body().substring(0, 300) + "…" : reply.body();
                    failures.add(endpoint + " / " + c + ": " + problem + " — HTTP " + reply.status() + " " + body);
                }
                try {
                    // The request is junk on purpose; the answer is still held to the document.
                    List<String> sent = new ArrayList<>(c.headers());
                    if (c.contentType() != null) {
                        sent.add("Content-Type");
                        sent.add(c.contentType());
                    }
                    ApiChecks.check(new ApiChecks.Exchange(c.method(), URI.create(base.toString() + c.path()), sent,
                            c.body() == null ? null : new String(c.body(), StandardCharsets.UTF_8), reply.status(),
                            reply.headers().map(), reply.body()));
                } catch (AssertionError mismatch) {
                    failures.add(endpoint + " / " + c + ": " + mismatch.getMessage());
                }
            }
        }

        /**
         * Junk in the path that the container answers before the application sees the request, so
         * that no application code can give it the envelope; counted apart, and still without a
         * stack trace or a body:
         * <ul>
         * <li>Grizzly answers a bare 400 to percent-encoded bytes that are not UTF-8 (%00, %ff,
         * %c3%28 ...) and to an encoded backslash;
         * <li>it decodes %2F before normalising, so {@code ..%2F..%2F} can leave the application's
         * context root (the container's own 403/404 page);
         * <li>a path ending in a {@code .} or {@code ..} segment below some prefixes makes
         * Grizzly's {@code HttpRequestURIDecoder.normalizeBytes} throw ArrayIndexOutOfBoundsException
         * (logged by the container as SEVERE AS-WEB-CORE-00037), and the container answers 200
         * with an empty body. A container defect, reported, not an application answer.
         * </ul>
         */
        private static boolean containerRefusal(Case c, Reply reply) {
            String type = reply.header("Content-Type");
            boolean notTheApplication = type == null || !type.startsWith("application/json");
            boolean noTrace = !reply.body().contains("Exception") && !reply.body().contains(".java:");
            boolean dotSegmentDefect = (c.name().endsWith(": dot") || c.name().endsWith(": dot-dot")) && reply.status() == 200
                    && reply.body().isEmpty();
            return c.name().startsWith("path ") && notTheApplication && noTrace
                    && (reply.status() >= 400 && reply.status() < 500 || dotSegmentDefect);
        }

        public Map<String, Integer> containerRefusals() {
            return Collections.unmodifiableMap(containerRefusals);
        }

        public Map<String, Integer> counts() {
            return Collections.unmodifiableMap(counts);
        }

        public List<String> failures() {
            return Collections.unmodifiableList(failures);
        }

        /**
         * Sweeps every endpoint, prints the summary under {@code title}, and asserts what the user
         * must see: no bad answer anywhere, and at least 50 cases for each endpoint.
         */
        public void runAll(String title, List<Endpoint> endpoints) {
            java.time.Instant start = java.time.Instant.now();
            endpoints.forEach(this::run);
            System.out.println(title + " sweep, " + Duration.between(start, java.time.Instant.now()).toSeconds() + " s:\n" + summary());
            org.junit.jupiter.api.Assertions.assertTrue(failures.isEmpty(), failures.size() + " bad answers:\n" + String.join("\n", failures));
            counts.forEach((endpoint, n) -> org.junit.jupiter.api.Assertions.assertTrue(n >= 50, endpoint + ": only " + n + " cases"));
        }

        /** One line per endpoint: cases sent and the statuses seen. */
        public String summary() {
            StringBuilder s = new StringBuilder();
            counts.forEach((endpoint, n) -> s.append(String.format("%-62s %4d cases  statuses %s%s%n", endpoint, n, statuses.get(endpoint),
                    containerRefusals.containsKey(endpoint) ? "  (" + containerRefusals.get(endpoint) + " answered by the container)" : "")));
            return s.toString();
        }
    }

    // ---- small helpers -----------------------------------------------------------------------------

    private static JsonObject parse(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    /** A JSON string literal; control characters and unpaired surrogates escaped as \\uXXXX. */
    static String quote(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            boolean pair = Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1));
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (pair) {
                out.append(c).append(s.charAt(++i));
            } else if (c < 0x20 || Character.isSurrogate(c)) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] concat(byte[]... parts) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] p : parts) {
            out.writeBytes(p);
        }
        return out.toByteArray();
    }

    private static Map<String, String> ordered(String... pairs) {
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put(pairs[i], pairs[i + 1]);
        }
        return Collections.unmodifiableMap(m);
    }
}
