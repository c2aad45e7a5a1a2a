package org.cbec.company;

import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A company's HTTP answer; header names are lower case. {@code body} is the answer as text,
 * {@code content} its bytes as they arrived (what a file download is read from).
 */
public record HttpExchange(int status, Map<String, String> headers, String body, long durationMs, byte[] content) {

    /** An answer that is text: its bytes are the text in UTF-8. */
    public HttpExchange(int status, Map<String, String> headers, String body, long durationMs) {
        this(status, headers, body, durationMs, body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8));
    }

    public String header(String name) {
        return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
}
