package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.cbec.payment.control.HeldRefunds.Held;
import org.cbec.payment.control.HeldRefunds.Paid;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.junit.jupiter.api.Test;

class HeldRefundsTest {

    private static final Paid PAID = new Paid("o-1", TradeState.SUCCESS, 10_000, "CNY");

    @Test
    void aPaymentWithASuccessfulRefundIsShownAsRefundPartlyOrFully() {
        assertEquals(new HeldRefunds.Shown(false, "SUCCESS", "paid"), HeldRefunds.shown(PAID, "paid", List.of(held("a", 500, RefundState.PROCESSING))));
        HeldRefunds.Shown partly = HeldRefunds.shown(PAID, "paid", List.of(held("a", 2_500, RefundState.SUCCESS), held("b", 500, RefundState.PROCESSING)));
        assertEquals("REFUND", partly.tradeState());
        assertEquals("partly refunded: 2500 of 10000 CNY", partly.tradeStateDesc());
        HeldRefunds.Shown fully = HeldRefunds.shown(PAID, "paid", List.of(held("a", 2_500, RefundState.SUCCESS), held("b", 7_500, RefundState.SUCCESS)));
        assertEquals(new HeldRefunds.Shown(true, "REFUND", "fully refunded"), fully);
        Paid closed = new Paid("o-1", TradeState.CLOSED, 10_000, "CNY");
        assertEquals("CLOSED", HeldRefunds.shown(closed, null, List.of()).tradeState());
    }

    @Test
    void customsTakesOffTheCnyTheRefundsGiveBack() {
        // A CNY payment: the amounts themselves.
        assertEquals(3_000, HeldRefunds.refundedCnyFen(PAID, 10_000,
                List.of(held("a", 2_000, RefundState.SUCCESS), held("b", 1_000, RefundState.PROCESSING), held("c", 5_000, RefundState.CLOSED))));
        // A GBP payment of 1000 pence paid as 9000 fen: the company's payer refund, else the refund's share, half up.
        Paid gbp = new Paid("o-2", TradeState.SUCCESS, 1_000, "GBP");
        assertEquals(900 + 2_700, HeldRefunds.refundedCnyFen(gbp, 9_000,
                List.of(new Held("a", 100, RefundState.SUCCESS, 900L, "CNY"), held("b", 300, RefundState.UNKNOWN))));
        Paid odd = new Paid("o-3", TradeState.SUCCESS, 3, "GBP");
        assertEquals(3, HeldRefunds.refundedCnyFen(odd, 10, List.of(held("a", 1, RefundState.UNKNOWN)))); // 3.33 -> 3
        assertEquals(7, HeldRefunds.refundedCnyFen(odd, 10, List.of(held("a", 2, RefundState.UNKNOWN)))); // 6.67 -> 7
        assertEquals(2, HeldRefunds.refundedCnyFen(new Paid("o-4", TradeState.SUCCESS, 2, "GBP"), 3,
                List.of(held("a", 1, RefundState.UNKNOWN)))); // 1.5 -> 2, half up
        assertEquals(9_000, HeldRefunds.refundedCnyFen(gbp, 9_000, List.of(new Held("a", 1_000, RefundState.SUCCESS, 9_001L, "CNY"))),
                "never more than was paid");
    }

    private static Held held(String ref, long amount, RefundState state) {
        return new Held(ref, amount, state, null, null);
    }
}
