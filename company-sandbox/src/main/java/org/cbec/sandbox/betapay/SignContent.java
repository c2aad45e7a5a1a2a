package org.cbec.sandbox.betapay;

import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The text a betapay request signature covers: every parameter but {@code sign} and those with an
 * empty value, sorted by name in ASCII order, as raw {@code name=value} joined by {@code &}.
 */
public final class SignContent {

    private SignContent() {
    }

    public static String of(Map<String, String> params) {
        // String order is UTF-16 code unit order: ASCII order for the ASCII names of the protocol.
        TreeMap<String, String> sorted = new TreeMap<>();
        params.forEach((name, value) -> {
            if (!"sign".equals(name) && value != null && !value.isEmpty()) {
                sorted.put(name, value);
            }
        });
        StringJoiner text = new StringJoiner("&");
        sorted.forEach((name, value) -> text.add(name + "=" + value));
        return text.toString();
    }
}
