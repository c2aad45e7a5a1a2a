package org.cbec.payment;

/**
 * A merchant's request sent to its company once, through {@code CompanyRequests}: a payment's create, a
 * refund, a split or release, a payout.
 */
public interface SentRequest {

    /** Its row's id. */
    long id();

    String merchant();

    String paymentMethod();
}
