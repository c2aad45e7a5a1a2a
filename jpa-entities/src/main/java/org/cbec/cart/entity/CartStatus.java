package org.cbec.cart.entity;

/**
 * A cart's lifecycle: CREATED → PAYMENT_URL_SET → PAID or PAYMENT_FAILED; PAID → DECLARED. A
 * payment URL can be replaced until a payment is reported.
 */
public enum CartStatus {
    CREATED,
    PAYMENT_URL_SET,
    PAID,
    PAYMENT_FAILED,
    DECLARED
}
