package org.cbec.platform.error;

/**
 * An insert met a row with the same unique key, stored a moment earlier by a concurrent identical
 * request. An expected outcome, not a failure: the caller finds the stored row and answers from it,
 * and the transaction of the insert rolls back (an application exception, so the container does
 * not log it as a system failure).
 */
public class AlreadyStoredException extends ConflictException {

    public AlreadyStoredException(String message) {
        super(null, message);
    }
}
