package org.cbec.testing;

import jakarta.json.JsonException;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.cbec.company.RsaSignatures;
import org.cbec.plumbing.json.Jsonp;

/**
 * Betapay's side of its protocol, for the broker's tests: the company checks the signature of a
 * merchant's request (its wallet checks the invocation parameters the same way), signs the
 * response node of its answers, and signs and form-encodes its asynchronous notifications. The
 * signed texts are written here from the protocol, not taken from the adapter, so that a test of
 * the adapter does not check its texts with themselves; the RSA primitive is the shared
 * {@link RsaSignatures}, which the OpenSSL-made vectors pin. The running stand-in for the company is
 * company-sandbox, which has its own copy of this side and is reached over HTTP only.
 */
public final class BetapayCompanySide {

    private static final Pattern METHOD = Pattern.compile("[A-Za-z0-9_.]+");

    private BetapayCompanySide() {
    }

    /**
     * Whether {@code params.sign} is the merchant's signature: over every other non-empty
     * parameter, sorted by name, as raw {@code name=value} pairs joined by {@code &}.
     */
    public static boolean verifyRequest(Map<String, String> params, PublicKey merchantKey) {
        if (params == null || merchantKey == null || params.get("sign") == null) {
            return false;
        }
        return RsaSignatures.verify(merchantKey, content(params, Set.of("sign")), params.get("sign"));
    }

    /**
     * A signed answer {@code {"<method with _ for .>_response":<node>,"sign":"…"}}. The node goes in
     * verbatim and the signature covers exactly its text, trimmed of surrounding whitespace.
     */
    public static String signedResponse(String method, String nodeJson, PrivateKey companyKey) {
        if (method == null || !METHOD.matcher(method).matches()) {
            throw new IllegalArgumentException("not a gateway method name");
        }
        Objects.requireNonNull(nodeJson, "nodeJson");
        String node = nodeJson.strip();
        if (!isJson(node)) {
            throw new IllegalArgumentException("response node is not JSON");
        }
        return "{\"" + method.replace('.', '_') + "_response\":" + node + ",\"sign\":\"" + RsaSignatures.sign(companyKey, node) + "\"}";
    }

    /**
     * A notification's fields as the company sends them: {@code sign} over the non-empty fields but
     * {@code sign} and {@code sign_type}, sorted, then {@code sign_type=RSA2} added.
     */
    public static Map<String, String> signedNotification(Map<String, String> fields, PrivateKey companyKey) {
        Map<String, String> out = new HashMap<>(fields);
        out.put("sign", RsaSignatures.sign(companyKey, content(fields, Set.of("sign", "sign_type"))));
        out.put("sign_type", "RSA2");
        return out;
    }

    /** A notification's body: {@code application/x-www-form-urlencoded} in UTF-8. */
    public static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    /**
     * A merchant's request as the company reads it: the form body's parameters (UTF-8, {@code +}
     * for a space), in the order sent.
     */
    public static Map<String, String> readForm(String body) {
        Map<String, String> params = new java.util.LinkedHashMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            params.put(java.net.URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    java.net.URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
        }
        return params;
    }

    private static String content(Map<String, String> params, Set<String> unsigned) {
        return new TreeMap<>(params).entrySet().stream()
                .filter(e -> !unsigned.contains(e.getKey()) && e.getValue() != null && !e.getValue().isEmpty())
                .map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("&"));
    }

    private static boolean isJson(String text) {
        try (JsonReader reader = Jsonp.reader(new StringReader(text))) {
            return reader.readValue() != null;
        } catch (JsonException | IllegalStateException e) {
            return false;
        }
    }
}
