package org.cbec.sandbox.betapay;

import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The text a betapay request signature covers: every parameter but {@code sign} and those with an
 * empty value, sorted by name in ASCII order, as raw {@code name=value} joined by {@code &}. A
 * callback's signature leaves {@code sign_type} out too ({@link #ofNotification}).
 */
public final class SignContent {

    private SignContent() {
    }

    public static String of(Map<String, String> params) {
        return of(params, Set.of("sign"));
    }

    /**
     * The text a callback's {@code sign} covers: as a request's, but without {@code sign_type}
     * either (Alipay's rule for its asynchronous notifications).
     */
    public static String ofNotification(Map<String, String> fields) {
        return of(fields, Set.of("sign", "sign_type"));
    }

    private static String of(Map<String, String> params, Set<String> unsigned) {
        // String order is UTF-16 code unit order: ASCII order for the ASCII names of the protocol.
        TreeMap<String, String> sorted = new TreeMap<>();
        params.forEach((name, value) -> {
            if (!unsigned.contains(name) && value != null && !value.isEmpty()) {
                sorted.put(name, value);
            }
        });
        StringJoiner text = new StringJoiner("&");
        sorted.forEach((name, value) -> text.add(name + "=" + value));
        return text.toString();
    }
}
