package org.cbec.payment.entity;

/**
 * A payment's state as the broker knows it. The company states follow the wallet companies'
 * vocabulary ({@code tradeState} in the API); two are the broker's own.
 */
public enum TradeState {
    /** Broker's own: the row exists, the company has not answered the create yet. */
    CREATING,
    /** Broker's own: the company call failed; whether the company has the order is not known. */
    UNKNOWN,
    /** The company refused to create the order; nothing can be paid. */
    REFUSED,
    NOTPAY,
    USERPAYING,
    SUCCESS,
    CLOSED,
    PAYERROR;

    /** States that can still change without the merchant doing anything. */
    public boolean isOpen() {
        return this == CREATING || this == UNKNOWN || this == NOTPAY || this == USERPAYING;
    }
}
