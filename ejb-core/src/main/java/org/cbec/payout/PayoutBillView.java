package org.cbec.payout;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;

/**
 * A statement of the merchant's CNY balance at a company: behind one payout ({@code payoutRef}: the
 * lines since the previous payout, up to this one) or of one Beijing day ({@code billDate}).
 * While PREPARING (the payout not final, the day not over) only the request is known and the
 * figures are null. When READY: {@code openingAvailable} + the lines' {@code available} changes −
 * {@code payouts} = {@code closingAvailable}, and the same without the payouts for what is held and
 * what is pending. Amounts in CNY fen.
 */
public record PayoutBillView(String merchant, String paymentMethod, String payoutRef, LocalDate billDate, State state,
        OffsetDateTime from, OffsetDateTime to, Long openingAvailable, Long openingHeld, List<Line> lines, Long payouts,
        Long closingAvailable, Long closingHeld, Long openingPending, Long closingPending) {

    /** PREPARING: the payout not final or the day not over, the figures not known yet; READY: the statement whole. */
    public enum State {
        PREPARING, READY
    }

    /**
     * One movement: its {@code amount}, the company's {@code fee} inside it (a payout's; 0 where the
     * broker knows of none), and its change to what is available, to what is held and to what is
     * pending (signed). A payout's own line has {@code payout} set: its amount is the statement's
     * {@code payouts}.
     */
    public record Line(OffsetDateTime at, String kind, String orderRef, String reference, long amount, long fee, long available, long held,
            long pending, boolean payout) {
    }
}
