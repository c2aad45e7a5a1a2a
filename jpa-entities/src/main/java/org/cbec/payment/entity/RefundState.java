package org.cbec.payment.entity;

/**
 * A refund's state as the broker knows it. PROCESSING, SUCCESS, CLOSED and ABNORMAL are the
 * companies' (WeChat-Pay-v3 vocabulary); two are the broker's own, shown to clients as PROCESSING.
 */
public enum RefundState {
    /** Broker's own: the row exists, the company has not answered the refund yet. */
    SENDING,
    /** Broker's own: the company call failed; whether the company has the refund is not known. */
    UNKNOWN,
    /** The company accepted the refund and has not finished it. */
    PROCESSING,
    /** The money went back. */
    SUCCESS,
    /** The company refused or gave up: no money moved, and the refund does not count. */
    CLOSED,
    /** The company could not pay the money back (the payer's account is gone): it needs a person. */
    ABNORMAL;

    /** The state a client is shown. */
    public String shown() {
        return this == SENDING || this == UNKNOWN ? PROCESSING.name() : name();
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this == SENDING || this == UNKNOWN || this == PROCESSING;
    }
}
