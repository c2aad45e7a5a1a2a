package org.cbec.payment;

import java.util.Optional;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * What one step of a money request at its company left (a send, a take-over's query and maybe its
 * resend, a refresh): the request as stored after it, and, when the company gave no usable answer
 * or refused it, what an API caller is told of that. A value to the end: the janitor reads it as it
 * is, and only an API entry point turns the failure into its error ({@link #answer}).
 */
public record RequestOutcome<V>(V view, BusinessException failure) {

    /** The company's word was taken (or nothing needed asking): {@code view} as stored now. */
    public static <V> RequestOutcome<V> of(V view) {
        return new RequestOutcome<>(view, null);
    }

    /** No usable answer, or a refusal: {@code view} as stored now (kept, or refused), {@code failure} the API caller's error. */
    public static <V> RequestOutcome<V> failed(V view, BusinessException failure) {
        return new RequestOutcome<>(view, failure);
    }

    /** The view, for an API caller: a failure is its error, thrown here at the edge. */
    public V answer() {
        if (failure != null) {
            throw failure;
        }
        return view;
    }

    /** The failure's words (a company failure's {@code errors}, else its message), for a log line or the janitor's last answer. */
    public Optional<String> problem() {
        if (failure == null) {
            return Optional.empty();
        }
        return Optional.of(failure instanceof UpstreamFailureException upstream && upstream.errors() != null ? upstream.errors()
                : failure.getMessage());
    }
}
