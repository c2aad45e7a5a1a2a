package org.cbec.sandbox.books;

import java.time.OffsetDateTime;

/**
 * One line of a sandbox company's daily bill, written from the sandbox's own rows (never from what
 * the broker says), with any difference a test arranged already applied. Each company's gate writes
 * these lines out in its own bill format. {@code amount} and {@code fee} are in fen; {@code time}
 * is the company's time of the line (a payment's pay time, a refund's decision, a split part's
 * finish, a payout's acceptance), in Beijing time.
 *
 * @param orderRef the merchant's order number (null for a payout)
 * @param transactionId the company's transaction id of the order (null for a payout)
 * @param reference the merchant's refund, split or payout number (null for a payment)
 * @param companyId the company's id of the refund, split or payout (null for a payment)
 * @param receiverType a split part's receiver type (null otherwise)
 * @param receiverAccount a split part's receiver account (null otherwise)
 * @param state the sandbox's own state of the line: a payment {@code SUCCESS}; a refund
 *        {@code SUCCESS}, {@code PROCESSING}, {@code CLOSED} or {@code ABNORMAL}; a split part
 *        {@code SUCCESS} or {@code CLOSED}; a payout {@code ACCEPTED}, {@code PAID} or {@code FAILED}
 */
public record BillEntry(Kind kind, String orderRef, String transactionId, String reference, String companyId,
        String receiverType, String receiverAccount, long amount, long fee, String currency, String state, OffsetDateTime time) {

    /** What moved. */
    public enum Kind {
        PAYMENT,
        REFUND,
        SPLIT,
        RELEASE,
        PAYOUT
    }
}
