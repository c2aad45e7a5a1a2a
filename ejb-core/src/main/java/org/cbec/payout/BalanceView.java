package org.cbec.payout;

import java.time.OffsetDateTime;
import java.util.List;

/**
 * A merchant's CNY balance at a company, in fen, derived from its ledger, with one page of its
 * payouts or of its ledger's entries (newest first) and how many there are in all.
 */
public record BalanceView(String merchant, String paymentMethod, long available, long held, long inTransit, long paidOut, long pending,
        List<PayoutView> payouts, List<Entry> entries, long total) {

    /** One movement between buckets (OUTSIDE, PENDING, HELD, AVAILABLE, IN_TRANSIT, PAID_OUT). */
    public record Entry(long id, OffsetDateTime at, String kind, String orderRef, String reference, String from, String to, long amount) {
    }
}
