package org.cbec.company;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A company's current view of a payout, in the broker's vocabulary. The company fixes the rate and
 * the fee when it accepts the payout: {@code fee} is in CNY fen and inside {@code amount};
 * {@code rate} is the CNY price of one unit of the target currency (up to 8 places), published for
 * {@code rateDate}; {@code targetAmount} is in the target currency's minor unit, as the company
 * computed it. {@code failReason} only when FAILED; {@code paidAt} only when PAID.
 */
public record PayoutStatus(String payoutNo, String payoutId, State state, long amount, String currency, long fee, BigDecimal rate,
        LocalDate rateDate, long targetAmount, String targetCurrency, String failReason, OffsetDateTime acceptedAt,
        OffsetDateTime paidAt) {

    /** The company's state of a payout. */
    public enum State {
        /** Accepted: the rate and fee are fixed, the money is on its way. */
        ACCEPTED,
        /** The bank abroad was paid. */
        PAID,
        /** The bank abroad refused it, or the company gave up: the whole amount is back in the balance. */
        FAILED
    }
}
