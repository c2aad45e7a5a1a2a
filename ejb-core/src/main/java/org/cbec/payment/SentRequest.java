package org.cbec.payment;

/** A merchant's request that moves money, sent to its company once: a refund, a split or release, a payout. */
public interface SentRequest {

    /** Its row's id. */
    long id();

    String merchant();

    String paymentMethod();
}
