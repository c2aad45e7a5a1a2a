package org.cbec.sandbox.codec;

import java.io.ByteArrayOutputStream;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code name=value&name=value} text (form bodies and query strings) decoded strictly: a {@code %}
 * not followed by two hex digits, or escapes that do not make UTF-8, refuse the whole text. The
 * JDK's URLDecoder would instead throw on some and silently substitute U+FFFD for others.
 */
public final class UrlEncoded {

    private UrlEncoded() {
    }

    /**
     * The pairs in order, repeated names kept (the caller decides what a repeat means). Empty
     * segments ({@code a=1&&b=2}) are skipped; a segment without {@code =} is a name with an empty
     * value. {@code +} is a space, as in forms.
     *
     * @throws IllegalArgumentException when an escape is malformed or the bytes are not UTF-8
     */
    public static List<Map.Entry<String, String>> decode(String text) {
        List<Map.Entry<String, String>> pairs = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            return pairs;
        }
        for (String segment : text.split("&", -1)) {
            if (segment.isEmpty()) {
                continue;
            }
            int eq = segment.indexOf('=');
            String name = eq < 0 ? segment : segment.substring(0, eq);
            String value = eq < 0 ? "" : segment.substring(eq + 1);
            pairs.add(new SimpleImmutableEntry<>(component(name, true), component(value, true)));
        }
        return pairs;
    }

    /**
     * One percent-encoded component, strictly; {@code plusIsSpace} for form and query text (in a
     * path segment a {@code +} is itself).
     *
     * @throws IllegalArgumentException when an escape is malformed or the bytes are not UTF-8
     */
    public static String component(String encoded, boolean plusIsSpace) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            if (c == '%') {
                if (i + 2 >= encoded.length()) {
                    throw new IllegalArgumentException("truncated percent escape");
                }
                int hi = Character.digit(encoded.charAt(i + 1), 16);
                int lo = Character.digit(encoded.charAt(i + 2), 16);
                if (hi < 0 || lo < 0) {
                    throw new IllegalArgumentException("malformed percent escape");
                }
                bytes.write(hi * 16 + lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else if (c < 0x80) {
                bytes.write(c);
            } else {
                // Raw non-ASCII in the text (the body was UTF-8 decoded already): keep it as UTF-8.
                int end = Character.isHighSurrogate(c) && i + 1 < encoded.length() ? i + 2 : i + 1;
                bytes.writeBytes(Utf8.encode(encoded.substring(i, end)));
                i = end - 1;
            }
        }
        return Utf8.decode(bytes.toByteArray());
    }
}
