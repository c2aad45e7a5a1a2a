package org.cbec.sandbox.betapay;

import java.util.LinkedHashMap;
import java.util.Map;
import org.cbec.sandbox.codec.UrlEncoded;

/**
 * A gateway request's form body ({@code application/x-www-form-urlencoded}, UTF-8) as parameters.
 * Stricter than a browser form: a repeated or empty name is refused, because the signature covers
 * one value per name and a company that picked one of two would verify a request nobody sent.
 */
public final class GatewayForm {

    private GatewayForm() {
    }

    /** @throws IllegalArgumentException when the text is not such a form */
    public static Map<String, String> decode(String body) {
        Map<String, String> params = new LinkedHashMap<>();
        for (Map.Entry<String, String> pair : UrlEncoded.decode(body)) {
            if (pair.getKey().isEmpty()) {
                throw new IllegalArgumentException("a parameter without a name");
            }
            if (params.put(pair.getKey(), pair.getValue()) != null) {
                throw new IllegalArgumentException("parameter " + pair.getKey() + " is repeated");
            }
        }
        return params;
    }

    /** Whether a Content-Type is a UTF-8 form ({@code charset}, if named, must be utf-8). */
    public static boolean isForm(String contentType) {
        if (contentType == null) {
            return false;
        }
        String[] parts = contentType.split(";");
        if (!parts[0].strip().equalsIgnoreCase("application/x-www-form-urlencoded")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] param = parts[i].strip().split("=", 2);
            if (param[0].strip().equalsIgnoreCase("charset")
                    && (param.length < 2 || !param[1].strip().replace("\"", "").equalsIgnoreCase("utf-8"))) {
                return false;
            }
        }
        return true;
    }
}
