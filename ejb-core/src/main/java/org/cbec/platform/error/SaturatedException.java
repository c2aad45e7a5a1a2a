package org.cbec.platform.error;

/**
 * The broker could not ask a company now because its own limit of calls in progress to that
 * company is reached (the bulkhead). Nothing was sent: it is the broker's saturation, not a
 * company failure, and the same request sent again shortly goes through. {@code message} is the
 * action's wording, as for a failure; {@code errors} says that nothing was sent and what became of
 * the request.
 */
public class SaturatedException extends UpstreamFailureException implements RetryLater {

    /** A company call ends within the client's read timeout; a second is a fair first wait. */
    public static final int RETRY_AFTER_SECONDS = 1;

    public SaturatedException(String message, String errors) {
        super(message, errors);
    }

    @Override
    public Kind kind() {
        return Kind.SATURATED;
    }

    @Override
    public int retryAfterSeconds() {
        return RETRY_AFTER_SECONDS;
    }
}
