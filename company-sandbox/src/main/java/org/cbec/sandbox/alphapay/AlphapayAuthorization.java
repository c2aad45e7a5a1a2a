package org.cbec.sandbox.alphapay;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The Authorization header of a merchant's request:
 * {@code ALPHAPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",serial_no="…",signature="…"}.
 * The five parameters come in any order, with optional spaces around {@code ,} and {@code =}; a
 * missing, empty, repeated or unknown parameter, another scheme, or a timestamp that is not plain
 * decimal digits makes the header invalid. The timestamp is kept as written: the signed text holds
 * it as the merchant wrote it.
 */
public record AlphapayAuthorization(String mchid, String nonce, String timestamp, String serialNo, String signature) {

    public static final String SCHEME = "ALPHAPAY2-SHA256-RSA2048";

    private static final Set<String> NAMES = Set.of("mchid", "nonce_str", "timestamp", "serial_no", "signature");
    // At most 18 digits, so that it is a long; Unix seconds have 10 for the next few centuries.
    private static final Pattern TIMESTAMP = Pattern.compile("[0-9]{1,18}");

    /** Unix seconds. */
    public long epochSecond() {
        return Long.parseLong(timestamp);
    }

    public static Optional<AlphapayAuthorization> parse(String header) {
        if (header == null || !header.startsWith(SCHEME + " ")) {
            return Optional.empty();
        }
        Map<String, String> params = parameters(header.substring(SCHEME.length()));
        if (params == null || !params.keySet().equals(NAMES) || !TIMESTAMP.matcher(params.get("timestamp")).matches()) {
            return Optional.empty();
        }
        return Optional.of(new AlphapayAuthorization(params.get("mchid"), params.get("nonce_str"), params.get("timestamp"),
                params.get("serial_no"), params.get("signature")));
    }

    /** {@code name="value"} pairs separated by commas; null when the text is not exactly that. */
    private static Map<String, String> parameters(String text) {
        Map<String, String> params = new HashMap<>();
        int i = skipSpaces(text, 0);
        while (true) {
            int nameStart = i;
            while (i < text.length() && (Character.isLetterOrDigit(text.charAt(i)) || text.charAt(i) == '_')) {
                i++;
            }
            String name = text.substring(nameStart, i);
            i = skipSpaces(text, i);
            if (name.isEmpty() || i >= text.length() || text.charAt(i) != '=') {
                return null;
            }
            i = skipSpaces(text, i + 1);
            if (i >= text.length() || text.charAt(i) != '"') {
                return null;
            }
            int close = text.indexOf('"', i + 1);
            if (close < 0) {
                return null;
            }
            String value = text.substring(i + 1, close);
            if (value.isEmpty() || params.put(name, value) != null) {
                return null;
            }
            i = skipSpaces(text, close + 1);
            if (i == text.length()) {
                return params;
            }
            if (text.charAt(i) != ',') {
                return null;
            }
            i = skipSpaces(text, i + 1);
        }
    }

    private static int skipSpaces(String text, int i) {
        while (i < text.length() && text.charAt(i) == ' ') {
            i++;
        }
        return i;
    }
}
