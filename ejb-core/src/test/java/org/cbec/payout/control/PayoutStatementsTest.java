package org.cbec.payout.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.cbec.payout.PayoutBillView;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.BalanceEntry.Bucket;
import org.cbec.payment.entity.BalanceEntry.Kind;
import org.junit.jupiter.api.Test;

class PayoutStatementsTest {

    private static final OffsetDateTime T = OffsetDateTime.of(2026, 11, 20, 2, 0, 0, 0, ZoneOffset.UTC);

    private static BalanceEntry e(Kind kind, Bucket from, Bucket to, long amount, Long sourceId, int minute) {
        return new BalanceEntry("m", "alphapay", kind, from, to, amount, 1L, sourceId, "o1", "r1", minute, BalanceEntry.Totals.NONE,
                T.plusMinutes(minute));
    }

    @Test
    void theOpeningIsWhatIsAvailableAndHeldAfterTheEntryBeforeTheWindow() {
        assertEquals(new PayoutStatements.Opening(3_000, 15_000, 700), PayoutStatements.Opening.of(new BalanceEntry.Totals(3_000, 15_000, 12_000,
                40, 700)));
    }

    @Test
    void linesExplainTheClosingAndAPayoutArrivingAbroadIsNoLine() {
        List<BalanceEntry> window = List.of(
                e(Kind.PAYMENT, Bucket.OUTSIDE, Bucket.AVAILABLE, 10_000, null, 1),
                e(Kind.PAYMENT, Bucket.OUTSIDE, Bucket.HELD, 20_000, null, 2),
                e(Kind.REFUND, Bucket.AVAILABLE, Bucket.OUTSIDE, 2_500, 7L, 3),
                e(Kind.SPLIT, Bucket.HELD, Bucket.OUTSIDE, 3_000, 8L, 4),
                e(Kind.RELEASE, Bucket.HELD, Bucket.AVAILABLE, 17_000, 9L, 5),
                e(Kind.PAYOUT_PAID, Bucket.IN_TRANSIT, Bucket.PAID_OUT, 900, 3L, 6),
                e(Kind.PAYOUT, Bucket.AVAILABLE, Bucket.IN_TRANSIT, 24_000, 4L, 7));
        PayoutBillView b = PayoutStatements.statement("m", "alphapay", "p2", null, T, T.plusMinutes(7),
                new PayoutStatements.Opening(600, 0, 0), window, Map.of(4L, 120L));
        assertEquals(List.of("PAYMENT", "PAYMENT", "REFUND", "SPLIT", "RELEASE", "PAYOUT"), b.lines().stream().map(PayoutBillView.Line::kind)
                .toList());
        assertEquals(List.of(10_000L, 0L, -2_500L, 0L, 17_000L, -24_000L), b.lines().stream().map(PayoutBillView.Line::available).toList());
        assertEquals(List.of(0L, 20_000L, 0L, -3_000L, -17_000L, 0L), b.lines().stream().map(PayoutBillView.Line::held).toList());
        assertEquals(120, b.lines().get(5).fee(), "the payout's fee");
        assertEquals(0, b.lines().get(0).fee());
        assertEquals(24_000, b.payouts());
        assertEquals(600 + 10_000 - 2_500 + 17_000 - 24_000, b.closingAvailable());
        assertEquals(0, b.closingHeld());
        assertEquals(PayoutBillView.State.READY, b.state());
    }

    @Test
    void moneyPendingAndItsFeeAreLinesAndTheirSettlementMovesItToWhatIsAvailable() {
        List<BalanceEntry> window = List.of(
                e(Kind.PAYMENT, Bucket.OUTSIDE, Bucket.PENDING, 10_000, null, 1),
                e(Kind.FEE, Bucket.PENDING, Bucket.OUTSIDE, 60, null, 2),
                e(Kind.SETTLED, Bucket.PENDING, Bucket.AVAILABLE, 9_940 + 500, null, 3));
        PayoutBillView b = PayoutStatements.statement("m", "alphapay", null, T.toLocalDate(), T, T.plusDays(1),
                new PayoutStatements.Opening(0, 0, 500), window, Map.of());
        assertEquals(List.of("PAYMENT", "FEE", "SETTLED"), b.lines().stream().map(PayoutBillView.Line::kind).toList());
        assertEquals(List.of(10_000L, -60L, -10_440L), b.lines().stream().map(PayoutBillView.Line::pending).toList());
        assertEquals(500, b.openingPending());
        assertEquals(0, b.closingPending());
        assertEquals(10_440, b.closingAvailable());
    }
}
