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
 * its order (time, then id): the opening is every movement up to the window's start, the lines are
 * the movements inside it that touch what is available or held (a payout arriving abroad touches
 * neither and is left out), the closing is the opening plus the lines. The payouts out of what is
 * available inside the window are lines too, marked, and totalled apart, so that opening + other
 * lines − payouts = closing.
 */
public final class PayoutStatements {

    private PayoutStatements() {
    }

    /** What the buckets hold after a set of movements: each pair of buckets' total moved. */
    public record Opening(long available, long held) {

        /** From the rows of {@link BalanceEntry#MOVES_UNTIL}: from bucket, to bucket, total. */
        public static Opening of(List<Object[]> moves) {
            long available = 0;
            long held = 0;
            for (Object[] m : moves) {
                long amount = ((Number) m[2]).longValue();
                available += change(Bucket.AVAILABLE, (Bucket) m[0], (Bucket) m[1], amount);
                held += change(Bucket.HELD, (Bucket) m[0], (Bucket) m[1], amount);
            }
            return new Opening(available, held);
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
        long payouts = 0;
        for (BalanceEntry e : window) {
            long a = change(Bucket.AVAILABLE, e.getFromBucket(), e.getToBucket(), e.getAmount());
            long h = change(Bucket.HELD, e.getFromBucket(), e.getToBucket(), e.getAmount());
            if (a == 0 && h == 0) {
                continue;
            }
            boolean payout = e.getKind() == BalanceEntry.Kind.PAYOUT;
            long fee = payout ? fees.getOrDefault(e.getSourceId(), 0L) : 0;
            lines.add(new PayoutBillView.Line(e.getCreatedAt(), e.getKind().name(), e.getOrderRef(), e.getReference(), e.getAmount(), fee, a,
                    h, payout));
            available += a;
            held += h;
            if (payout) {
                payouts += e.getAmount();
            }
        }
        return new PayoutBillView(merchant, paymentMethod, payoutRef, billDate, PayoutBillView.State.READY, from, to, opening.available(),
                opening.held(), List.copyOf(lines), payouts, available, held);
    }

    /** A movement's change to one bucket: in is +, out is −, through (from and to the same) is 0. */
    static long change(Bucket bucket, Bucket from, Bucket to, long amount) {
        return (to == bucket ? amount : 0) - (from == bucket ? amount : 0);
    }
}
