package org.cbec.payment.entity;

/**
 * What happens to a refund that may move its {@link RefundState}: the refund call's outcome, the
 * broker's own steps around an unknown outcome, and the company's reports of the refund (the
 * refund's answer, a query, a callback).
 */
public enum RefundEvent {
    /** The company refused the refund: no money moved. */
    REFUSED,
    /** The company reports the refund accepted and not finished. */
    REPORTED_PROCESSING,
    /** The company reports the money gone back. */
    REPORTED_SUCCESS,
    /** The company reports the refund closed: no money moved. */
    REPORTED_CLOSED,
    /** The company reports the money could not go back. */
    REPORTED_ABNORMAL;

    /** The report of a company state; the broker's own states are never reported by a company. */
    public static RefundEvent reported(RefundState companyState) {
        return switch (companyState) {
            case PROCESSING -> REPORTED_PROCESSING;
            case SUCCESS -> REPORTED_SUCCESS;
            case CLOSED -> REPORTED_CLOSED;
            case ABNORMAL -> REPORTED_ABNORMAL;
            default -> throw new IllegalArgumentException(companyState + " is not a state a company reports");
        };
    }
}
