package org.cbec.payout.control;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cbec.payout.PayoutBillView;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.BalanceEntry.Bucket;

/**
 * A statement's figures from the balance's entries, pure. A statement is a window of the ledger in
 * its order (the entries' numbers): the opening is the totals after the entry before it, the lines are
 * the movements inside it that touch what is available, held or pending (a payout arriving abroad
 * touches none of them and is left out), the closing is the opening plus the lines. The payouts out of what is
 * available inside the window are lines too, marked, and totalled apart, so that opening + other
 * lines − payouts = closing.
 */
public final class PayoutStatements {

    private PayoutStatements() {
    }

    /** What is available, held and pending before the window: the totals after the entry before it. */
    public record Opening(long available, long held, long pending) {

        public static Opening of(BalanceEntry.Totals after) {
            return new Opening(after.available(), after.held(), after.pending());
        }
    }

    /**
     * The READY statement of the window's entries (in the ledger's order) after {@code opening}.
     * {@code fees} are the payouts' fees by payout id (missing: 0).
     */
    public static PayoutBillView statement(String merchant, String paymentMethod, String payoutRef, LocalDate billDate,
            OffsetDateTime from, OffsetDateTime to, Opening opening, List<BalanceEntry> window, Map<Long, Long> fees) {
        List<PayoutBillView.Line> lines = new ArrayList<>();
        long available = opening.available();
        long held = opening.held();
        long pending = opening.pending();
        long payouts = 0;
        for (BalanceEntry e : window) {
            long a = change(Bucket.AVAILABLE, e.getFromBucket(), e.getToBucket(), e.getAmount());
            long h = change(Bucket.HELD, e.getFromBucket(), e.getToBucket(), e.getAmount());
            long p = change(Bucket.PENDING, e.getFromBucket(), e.getToBucket(), e.getAmount());
            if (a == 0 && h == 0 && p == 0) {
                continue;
            }
            boolean payout = e.getKind() == BalanceEntry.Kind.PAYOUT;
            long fee = payout ? fees.getOrDefault(e.getSourceId(), 0L) : 0;
            lines.add(new PayoutBillView.Line(e.getCreatedAt(), e.getKind().name(), e.getOrderRef(), e.getReference(), e.getAmount(), fee, a,
                    h, p, payout));
            available += a;
            held += h;
            pending += p;
            if (payout) {
                payouts += e.getAmount();
            }
        }
        return new PayoutBillView(merchant, paymentMethod, payoutRef, billDate, PayoutBillView.State.READY, from, to, opening.available(),
                opening.held(), List.copyOf(lines), payouts, available, held, opening.pending(), pending);
    }

    private static long change(Bucket bucket, Bucket from, Bucket to, long amount) {
        return BalanceEntry.Totals.change(bucket, from, to, amount);
    }
}
