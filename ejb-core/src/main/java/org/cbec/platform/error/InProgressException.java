package org.cbec.platform.error;

/**
 * The same request is being carried out right now by another call (an identical create still
 * waiting for the company). Answered at once, never by parking the caller's thread: the caller
 * sends the same request again after {@link #retryAfterSeconds()} and then gets the outcome.
 */
public class InProgressException extends ConflictException implements RetryLater {

    private final int retryAfterSeconds;

    public InProgressException(String field, String message, int retryAfterSeconds) {
        super(field, message);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    @Override
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
