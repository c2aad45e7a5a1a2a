package org.cbec.platform.error;

/**
 * The broker could not ask a company now, and the same request sent again later goes through:
 * its own limit of calls in progress to that company is reached (the bulkhead, or the company's
 * lane), or the company's circuit breaker is open after repeated failures. Nothing was sent: the
 * company cannot have acted. {@code message} is the action's wording, as for a failure;
 * {@code errors} says that nothing was sent and what became of the request; {@link #notAsked()}
 * is why the company was not asked, which a query answered from what is stored passes on.
 */
public class SaturatedException extends UpstreamFailureException implements RetryLater {

    /** A company call ends within the client's read timeout; a second is a fair first wait. */
    public static final int RETRY_AFTER_SECONDS = 1;

    private final int retryAfterSeconds;
    private final String notAsked;

    public SaturatedException(String message, String errors) {
        this(message, errors, RETRY_AFTER_SECONDS, null);
    }

    /** {@code notAsked}: why the company was not asked, in the caller's words (null when no company call was made). */
    public SaturatedException(String message, String errors, int retryAfterSeconds, String notAsked) {
        super(message, errors);
        this.retryAfterSeconds = retryAfterSeconds;
        this.notAsked = notAsked;
    }

    @Override
    public Kind kind() {
        return Kind.SATURATED;
    }

    @Override
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }

    /** Why the company was not asked ("the company's circuit breaker is open …"), or null when the request was refused before any company call. */
    public String notAsked() {
        return notAsked;
    }
}
