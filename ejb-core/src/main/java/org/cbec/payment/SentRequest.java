package org.cbec.payment;

import org.cbec.dispatch.RequestSubject;

/**
 * A merchant's request sent to its company once, through {@code CompanyRequests}: a payment's create, a
 * refund, a split or release, a payout.
 */
public interface SentRequest {

    /** Its row's id. */
    long id();

    String merchant();

    String paymentMethod();

    /** It as the dispatcher knows it (its row in {@code money_request}). */
    RequestSubject subject();
}
