package org.cbec.dispatch.entity;

/** What a money request moves, each at the company by its own call and query. */
public enum RequestKind {
    /** A payment's create: the order opened at the company (its number there is the merchant's {@code orderRef}). */
    PAYMENT,
    /** Money given back to the payer. */
    REFUND,
    /** Held money split among receivers. */
    SPLIT,
    /** Held money released to the merchant. */
    RELEASE,
    /** Available money paid out to the merchant's account abroad. */
    PAYOUT
}
