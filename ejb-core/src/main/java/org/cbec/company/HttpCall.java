package org.cbec.company;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A request to a company, signed by its adapter. {@code redacted} is how it is stored: method,
 * path and body, without the headers that carry signatures; {@code storedAnswer} makes the same of
 * the answer's body (betapay's carries the company's {@code sign}), before it is stored.
 */
public record HttpCall(String operation, String method, String url, Map<String, String> headers, String body,
        String contentType, String redacted, UnaryOperator<String> storedAnswer) {

    /** A call whose answer's body holds no signature (alphapay signs in headers). */
    public HttpCall(String operation, String method, String url, Map<String, String> headers, String body, String contentType,
            String redacted) {
        this(operation, method, url, headers, body, contentType, redacted, UnaryOperator.identity());
    }
}
