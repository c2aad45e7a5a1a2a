package org.cbec.company.betapay;

import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.StringReader;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.plumbing.json.Jsonp;

/**
 * The merchant's side of the signatures of Betapay, a gateway whose API follows the Alipay open
 * API: one form-encoded request carrying a {@code method} and a signature over its sorted
 * parameters, answered by JSON in which the company signs the exact text of the response node; its
 * notifications are signed over their sorted fields much as a request is. Amounts are {@link BetapayMoney}'s,
 * the form and its timestamp {@link BetapayForm}'s. The company's side is not the broker's to run;
 * its known answers are the vector files of docs/companies/vectors/betapay, which the tests read.
 */
public final class BetapaySigning {

    private static final String SIGN = "sign";

    private static final Pattern METHOD = Pattern.compile("[A-Za-z0-9_.]+");

    private BetapaySigning() {
    }

    // ---------------------------------------------------------------- request signatures

    /**
     * The text a request signature covers: every parameter but {@code sign} and the empty ones,
     * sorted by key, as raw {@code k=v} pairs joined by {@code &}. Empty values are left out so a
     * sender and a receiver that disagree on sending them still agree on the signature.
     */
    static String signContent(Map<String, String> params) {
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
        return Rsa.sign(merchantKey, signContent(params));
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
        return Rsa.verify(companyKey, signContent(signed), fields.get(SIGN));
    }

    // ---------------------------------------------------------------- response signatures

    /** The member of the response that holds the answer, e.g. {@code betapay_trade_query_response}. */
    static String responseKey(String method) {
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
        // The body is valid JSON by now, which is what lets the small scanner stay simple.
        Optional<String> node = RawJsonMember.find(responseBody, key);
        if (node.isEmpty() || !Rsa.verify(companyKey, node.get(), signature.getString())) {
            return Optional.empty();
        }
        return node;
    }

    /**
     * An answer body as it is stored: without the company's top-level {@code sign} (the broker stores
     * no signature). A body that is not a JSON object is returned as it is.
     */
    static String withoutSign(String responseBody) {
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
}
