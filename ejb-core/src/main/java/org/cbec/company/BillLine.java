package org.cbec.company;

import java.time.OffsetDateTime;

/**
 * One line of a company's daily bill, read by the company's adapter into the broker's vocabulary.
 * {@code amount} and {@code fee} are in fen (the company's yuan read exactly); {@code time} is the
 * company's time for the line (a payment's success time, a refund's success time, a split's finish
 * time, a payout's accept time), which decides the Beijing day it belongs to. {@code raw} is the
 * company's line as it was written in the file, shown to the operator beside a difference.
 *
 * @param orderRef the merchant's order number (null for a payout)
 * @param reference the merchant's number of the refund, split, release or payout (null for a payment)
 * @param companyId the company's own number for the line (transaction, refund, split or payout id)
 * @param receiver a split line's receiver account (null otherwise)
 * @param state the company's state of the line in the broker's words: a payment {@code SUCCESS};
 *        a refund {@code SUCCESS}, {@code PROCESSING}, {@code CLOSED} or {@code ABNORMAL}; a split or
 *        release {@code SUCCESS} or {@code CLOSED}; a payout {@code ACCEPTED}, {@code PAID} or {@code FAILED}
 */
public record BillLine(Kind kind, String orderRef, String reference, String companyId, String receiver, long amount, long fee,
        String currency, String state, OffsetDateTime time, String raw) {

    /** What moved. */
    public enum Kind {
        PAYMENT,
        REFUND,
        /** Money split to a receiver. */
        SPLIT,
        /** Held money released to the merchant. */
        RELEASE,
        PAYOUT,
        /**
         * A row of a kind the broker does not read (a revoked trade, a discounted line): reported as a
         * difference of its own, never compared; its {@code state} is the company's word for it.
         */
        OTHER
    }
}
