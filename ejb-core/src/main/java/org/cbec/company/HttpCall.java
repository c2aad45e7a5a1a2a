package org.cbec.company;

import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * A request to a company, signed by its adapter. {@code redacted} is how it is stored: method,
 * path and body, without the headers that carry signatures; {@code storedAnswer} makes the same of
 * the answer's body (betapay's carries the company's {@code sign}), before it is stored. A call
 * whose answer is a file names it ({@code file}): the stored answer is then that name and the
 * file's size, never its content.
 */
public record HttpCall(String operation, String method, String url, Map<String, String> headers, String body,
        String contentType, String redacted, UnaryOperator<String> storedAnswer, String file) {

    /** A call whose answer is a message, stored as {@code storedAnswer} makes it. */
    public HttpCall(String operation, String method, String url, Map<String, String> headers, String body, String contentType,
            String redacted, UnaryOperator<String> storedAnswer) {
        this(operation, method, url, headers, body, contentType, redacted, storedAnswer, null);
    }

    /** A call whose answer's body holds no signature (alphapay signs in headers). */
    public HttpCall(String operation, String method, String url, Map<String, String> headers, String body, String contentType,
            String redacted) {
        this(operation, method, url, headers, body, contentType, redacted, UnaryOperator.identity(), null);
    }

    /** A GET whose answer is the file {@code file} (a bill): stored as its name and size. */
    public static HttpCall download(String operation, String url, Map<String, String> headers, String redacted, String file) {
        return new HttpCall(operation, "GET", url, headers, null, null, redacted, UnaryOperator.identity(), file);
    }
}
