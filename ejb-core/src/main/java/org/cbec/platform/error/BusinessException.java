package org.cbec.platform.error;

import jakarta.ejb.ApplicationException;

/**
 * A request the business rules refuse. Unchecked, and rolls the transaction back, so a refused
 * request never leaves a partial write behind. The web modules map each {@link Kind} to the
 * status and envelope of their specification; the message is safe to show to the caller and
 * never contains a secret.
 */
@ApplicationException(rollback = true, inherited = true)
public abstract class BusinessException extends RuntimeException {

    /** What went wrong, independent of HTTP. */
    public enum Kind {
        INVALID_REQUEST,
        NOT_FOUND,
        CONFLICT,
        /** A company or other system the request depends on failed; the caller sees a 500. */
        UPSTREAM_FAILURE,
        /**
         * The company cannot be asked right now (its bulkhead or lane is full, or its circuit breaker
         * is open): nothing was sent, and the caller sees a 503 with {@code Retry-After}.
         */
        SATURATED
    }

    private final String field;

    protected BusinessException(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    public abstract Kind kind();

    /** The request field that failed, or null when the failure is not about one field. */
    public String field() {
        return field;
    }
}
