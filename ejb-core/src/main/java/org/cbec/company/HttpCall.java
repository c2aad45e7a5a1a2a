package org.cbec.company;

import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * A request to a company, signed by its adapter. {@code redacted} is how it is stored: method,
 * path and body, without the headers that carry signatures; {@code storedAnswer} makes the same of
 * the answer's body (betapay's carries the company's {@code sign}), before it is stored.
 * {@code answerSummary}, when set, is what is stored of a successful (2xx) answer instead of its
 * body, made from the answer's bytes: for a file, which is kept where it belongs and has no place in
 * the exchange's record (a refusal is still stored as {@code storedAnswer} makes it).
 */
public record HttpCall(String operation, String method, String url, Map<String, String> headers, String body,
        String contentType, String redacted, UnaryOperator<String> storedAnswer, Function<byte[], String> answerSummary) {

    public HttpCall(String operation, String method, String url, Map<String, String> headers, String body, String contentType,
            String redacted, UnaryOperator<String> storedAnswer) {
        this(operation, method, url, headers, body, contentType, redacted, storedAnswer, null);
    }

    /** A call whose answer's body holds no signature (alphapay signs in headers). */
    public HttpCall(String operation, String method, String url, Map<String, String> headers, String body, String contentType,
            String redacted) {
        this(operation, method, url, headers, body, contentType, redacted, UnaryOperator.identity());
    }

    /** The same call, its successful answer stored as {@code summary} of its bytes rather than as its body. */
    public HttpCall summarisedAs(Function<byte[], String> summary) {
        return new HttpCall(operation, method, url, headers, body, contentType, redacted, storedAnswer, summary);
    }

    /** What is stored of an answer: the summary of a successful one where the call has one, else its body as {@code storedAnswer} makes it. */
    public String stored(HttpExchange answer) {
        return answerSummary != null && answer.status() < 300 ? answerSummary.apply(answer.bytes()) : storedAnswer.apply(answer.body());
    }
}
