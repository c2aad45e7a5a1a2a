package org.cbec.payment.company.betapay;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.math.BigDecimal;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.cbec.payment.company.RsaSignatures;
import org.cbec.platform.json.Jsonp;

/**
 * The signatures, amounts and encodings of Betapay, a gateway whose API follows the Alipay open
 * API: one form-encoded request carrying a {@code method} and a signature over its sorted
 * parameters, answered by JSON in which the company signs the exact text of the response node.
 */
public final class BetapaySigning {

    private static final String SIGN = "sign";

    // Plain decimals only: no sign, exponent or spaces, which BigDecimal would otherwise accept.
    private static final Pattern YUAN = Pattern.compile("[0-9]+(\\.[0-9]{1,2})?");
    private static final Pattern METHOD = Pattern.compile("[A-Za-z0-9_.]+");

    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter
            .ofPattern("uuuu-MM-dd HH:mm:ss", Locale.ROOT)
            .withZone(ZoneId.of("Asia/Shanghai"));

    private BetapaySigning() {
    }

    // ---------------------------------------------------------------- request signatures

    /**
     * The text a request signature covers: every parameter but {@code sign} and the empty ones,
     * sorted by key, as raw {@code k=v} pairs joined by {@code &}. Empty values are left out so a
     * sender and a receiver that disagree on sending them still agree on the signature.
     */
    public static String signContent(Map<String, String> params) {
        Map<String, String> sorted = new TreeMap<>();
        params.forEach((k, v) -> {
            if (k != null && !SIGN.equals(k) && v != null && !v.isEmpty()) {
                sorted.put(k, v);
            }
        });
        StringJoiner content = new StringJoiner("&");
        sorted.forEach((k, v) -> content.add(k + "=" + v));
        return content.toString();
    }

    /** The value of the {@code sign} parameter for these parameters. */
    public static String sign(Map<String, String> params, PrivateKey merchantKey) {
        return RsaSignatures.sign(merchantKey, signContent(params));
    }

    /**
     * Whether an asynchronous notification's {@code sign} is the company's signature: over every
     * non-empty field but {@code sign} and {@code sign_type}, sorted, as {@code k=v} joined by
     * {@code &} (the Alipay rule for notifications, which leaves the sign type out too).
     */
    public static boolean verifyNotification(Map<String, String> fields, PublicKey companyKey) {
        if (fields == null || companyKey == null || fields.get(SIGN) == null) {
            return false;
        }
        Map<String, String> signed = new java.util.HashMap<>(fields);
        signed.remove("sign_type");
        return RsaSignatures.verify(companyKey, signContent(signed), fields.get(SIGN));
    }

    // ---------------------------------------------------------------- response signatures

    /** The member of the response that holds the answer, e.g. {@code betapay_trade_query_response}. */
    public static String responseKey(String method) {
        // Restricting the name keeps it safe to write into JSON without escaping.
        if (method == null || !METHOD.matcher(method).matches()) {
            throw new IllegalArgumentException("not a gateway method name");
        }
        return method.replace('.', '_') + "_response";
    }

    /**
     * The exact text of the response node, if the company signed it. The node is cut out of the
     * raw body rather than re-serialised, because the signature covers the bytes the company
     * wrote, and no two JSON writers agree on spacing, escaping or number forms.
     *
     * <p>Empty when the body is not a JSON object, the node or {@code sign} is missing, the node
     * appears twice, or the signature does not verify.
     *
     * @throws IllegalArgumentException if {@code method} is not a gateway method name (a caller bug,
     *     not a property of the response)
     */
    public static Optional<String> verifiedNode(String responseBody, String method, PublicKey companyKey) {
        if (responseBody == null || companyKey == null) {
            return Optional.empty();
        }
        String key = responseKey(method);
        JsonObject body = readObject(responseBody);
        if (body == null || !(body.get(SIGN) instanceof JsonString signature)) {
            return Optional.empty();
        }
        // The body is valid JSON by now, which is what lets the small scanner below stay simple.
        Optional<String> node = RawMember.find(responseBody, key);
        if (node.isEmpty() || !RsaSignatures.verify(companyKey, node.get(), signature.getString())) {
            return Optional.empty();
        }
        return node;
    }

    /**
     * An answer body as it is stored: without the company's top-level {@code sign} (the broker stores
     * no signature). A body that is not a JSON object is returned as it is.
     */
    public static String withoutSign(String responseBody) {
        JsonObject body = responseBody == null ? null : readObject(responseBody);
        if (body == null || !body.containsKey(SIGN)) {
            return responseBody;
        }
        jakarta.json.JsonObjectBuilder stored = Jsonp.object();
        body.forEach((k, v) -> {
            if (!SIGN.equals(k)) {
                stored.add(k, v);
            }
        });
        return stored.build().toString();
    }

    private static JsonObject readObject(String text) {
        try (JsonReader reader = Jsonp.reader(new StringReader(text))) {
            return reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            return null;
        }
    }

    // ---------------------------------------------------------------- amounts

    /** Fen as the gateway's yuan text, always with two decimals: 1 → "0.01", 100000 → "1000.00". */
    public static String yuan(long fen) {
        if (fen < 0) {
            throw new IllegalArgumentException("amount must not be negative");
        }
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    /**
     * The gateway's yuan text as fen, exactly. More than two decimals is refused rather than
     * rounded: a rounded amount is a different amount.
     */
    public static long fen(String yuan) {
        if (yuan == null || !YUAN.matcher(yuan).matches()) {
            throw new IllegalArgumentException("not a non-negative yuan amount with at most two decimals");
        }
        try {
            return new BigDecimal(yuan).movePointRight(2).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("yuan amount too large");
        }
    }

    // ---------------------------------------------------------------- form encoding and time

    /** {@code application/x-www-form-urlencoded} in UTF-8; parameters with a null value are left out. */
    public static String formEncode(Map<String, String> params) {
        StringJoiner form = new StringJoiner("&");
        params.forEach((k, v) -> {
            if (k != null && v != null) {
                form.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8));
            }
        });
        return form.toString();
    }

    /**
     * Decodes a form body in order of first appearance; a repeated name keeps its last value.
     * Malformed percent escapes raise {@link IllegalArgumentException}.
     */
    public static Map<String, String> formDecode(String body) {
        Map<String, String> params = new LinkedHashMap<>();
        if (body == null || body.isEmpty()) {
            return params;
        }
        for (String pair : body.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = eq < 0 ? pair : pair.substring(0, eq);
            String value = eq < 0 ? "" : pair.substring(eq + 1);
            params.put(URLDecoder.decode(name, StandardCharsets.UTF_8), URLDecoder.decode(value, StandardCharsets.UTF_8));
        }
        return params;
    }

    /** The gateway's {@code timestamp} parameter: Beijing wall-clock time, to the second. */
    public static String timestamp(Instant at) {
        return GATEWAY_TIME.format(at);
    }

    /**
     * Locates one member of a top-level JSON object in the raw text and returns the exact text of
     * its value. Only meant for text a strict parser has already accepted.
     */
    private static final class RawMember {

        private final String text;
        private int pos;

        private RawMember(String text) {
            this.text = text;
        }

        /** Empty when the member is absent or repeated (a repeat would make the value ambiguous). */
        static Optional<String> find(String json, String name) {
            RawMember scanner = new RawMember(json);
            try {
                return Optional.ofNullable(scanner.member(name));
            } catch (IllegalStateException | IllegalArgumentException | IndexOutOfBoundsException e) {
                return Optional.empty();
            }
        }

        private String member(String name) {
            skipSpace();
            expect('{');
            String found = null;
            skipSpace();
            if (peek() == '}') {
                return null;
            }
            while (true) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                skipSpace();
                int start = pos;
                skipValue();
                if (key.equals(name)) {
                    if (found != null) {
                        throw new IllegalStateException("repeated member");
                    }
                    found = text.substring(start, pos);
                }
                skipSpace();
                char c = next();
                if (c == '}') {
                    skipSpace();
                    if (pos != text.length()) {
                        throw new IllegalStateException("content after the object");
                    }
                    return found;
                }
                if (c != ',') {
                    throw new IllegalStateException("expected , or }");
                }
            }
        }

        private void skipValue() {
            char c = peek();
            if (c == '"') {
                string();
            } else if (c == '{' || c == '[') {
                container();
            } else {
                // Numbers, true, false, null: run to the next delimiter.
                while (pos < text.length() && ",}] \t\r\n".indexOf(text.charAt(pos)) < 0) {
                    pos++;
                }
            }
        }

        /** Skips a whole object or array by depth; strings are skipped whole so their brackets do not count. */
        private void container() {
            int depth = 0;
            do {
                char c = peek();
                if (c == '"') {
                    string();
                    continue;
                }
                if (c == '{' || c == '[') {
                    depth++;
                } else if (c == '}' || c == ']') {
                    depth--;
                }
                pos++;
            } while (depth > 0);
        }

        /** Reads a string, decoding escapes so that a key written with {@code \}u escapes still matches. */
        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            while (true) {
                char c = next();
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = next();
                switch (e) {
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(pos, pos + 4), 16));
                        pos += 4;
                    }
                    default -> out.append(e);
                }
            }
        }

        private void skipSpace() {
            while (pos < text.length() && " \t\r\n".indexOf(text.charAt(pos)) >= 0) {
                pos++;
            }
        }

        private char peek() {
            return text.charAt(pos);
        }

        private char next() {
            return text.charAt(pos++);
        }

        private void expect(char c) {
            if (next() != c) {
                throw new IllegalStateException("expected " + c);
            }
        }
    }
}
