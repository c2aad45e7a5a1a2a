package org.cbec.dispatch.entity;

/**
 * What a money request moves, each at the company by its own call and query. A payment's close
 * moves no money, but it is sent, lost and resolved as they are: the payer must not pay an order
 * its merchant asked to close; nor does an order declared to customs (at the single window).
 */
public enum RequestKind {
    /** A payment's create: the order opened at the company (its number there is the merchant's {@code orderRef}). */
    PAYMENT,
    /** A payment's close: its order closed at the company (known there by the same {@code orderRef}); the payment is its row. */
    CLOSE,
    /** Money given back to the payer. */
    REFUND,
    /** Held money split among receivers. */
    SPLIT,
    /** Held money released to the merchant. */
    RELEASE,
    /** Available money paid out to the merchant's account abroad. */
    PAYOUT,
    /**
     * A shop platform's order declared to customs at the single window (its number there, the
     * order message's guid); it moves no money, but it is sent, lost and resolved as they are.
     */
    ORDER
}
