package org.cbec.company;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A company's HTTP answer; header names are lower case. {@code body} is the answer as text,
 * {@code bytes} as it came on the wire (what a file download is read from).
 */
public record HttpExchange(int status, Map<String, String> headers, String body, long durationMs, byte[] bytes) {

    /** An answer known as text only: its bytes are the text's UTF-8. */
    public HttpExchange(int status, Map<String, String> headers, String body, long durationMs) {
        this(status, headers, body, durationMs, body.getBytes(StandardCharsets.UTF_8));
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
}
