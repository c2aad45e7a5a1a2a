package org.cbec.payment.entity;

/**
 * What happens to a payout that may move its {@link PayoutState}: the payout call's outcome, the
 * broker's own steps around an unknown outcome, and the company's reports of it.
 */
public enum PayoutEvent {
    /** The company refused the payout: nothing left the balance at the company. */
    REFUSED,
    /** The company reports it accepted: its rate and fee are fixed. */
    REPORTED_ACCEPTED,
    /** The company reports the bank abroad paid. */
    REPORTED_PAID,
    /** The company reports it failed: the whole amount is back in the balance. */
    REPORTED_FAILED
}
