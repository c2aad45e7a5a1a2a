package org.cbec.company;

import java.util.Map;

/** A company's HTTP answer; header names are lower case. */
public record HttpExchange(int status, Map<String, String> headers, String body, long durationMs) {

    public String header(String name) {
        return headers.get(name.toLowerCase(java.util.Locale.ROOT));
    }
}
