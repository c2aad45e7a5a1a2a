package org.cbec.payment.company;

import java.util.Map;

/**
 * A request to a company, signed by its adapter. {@code redacted} is how it is stored: method,
 * path and body, without the headers that carry signatures.
 */
public record HttpCall(String operation, String method, String url, Map<String, String> headers, String body,
        String contentType, String redacted) {
}
