package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cbec.payment.control.RefundRules.Held;
import org.cbec.payment.control.RefundRules.Paid;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

class RefundRulesTest {

    private static final Paid PAID = new Paid("o-1", TradeState.SUCCESS, 10_000, "CNY");

    @Test
    void aFirstRefundIsNumberOneAndItsCompanyNumberIsDerivedFromTheOrder() {
        RefundRules.Decision d = RefundRules.decide(PAID, List.of(), "r-1", 2_500, null);
        assertTrue(d.repeated().isEmpty());
        assertEquals(1, d.seq());
        assertEquals("o-1-1", RefundRules.companyRefundNo("o-1", d.seq()));
    }

    @Test
    void partialRefundsAddUpToWhatWasPaidAndNoFurther() {
        List<Held> refunds = List.of(held("a", 4_000, RefundState.SUCCESS), held("b", 5_000, RefundState.PROCESSING));
        assertEquals(3, RefundRules.decide(PAID, refunds, "c", 1_000, "CNY").seq());
        InvalidRequestException over = assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, refunds, "c", 1_001, null));
        assertEquals("amount", over.field());
        assertTrue(over.getMessage().contains("left 1000"), over.getMessage());
    }

    @Test
    void aClosedRefundNoLongerCountsButUnknownAndAbnormalOnesDo() {
        List<Held> refunds = List.of(held("a", 6_000, RefundState.CLOSED), held("b", 3_000, RefundState.UNKNOWN),
                held("c", 1_000, RefundState.ABNORMAL));
        assertEquals(4_000, RefundRules.held(refunds));
        assertEquals(4, RefundRules.decide(PAID, refunds, "d", 6_000, null).seq());
        assertEquals("amount", assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, refunds, "d", 6_001, null)).field());
    }

    @Test
    void theSameRefundRefAndAmountIsTheSameRefundEvenWhenNothingIsLeft() {
        List<Held> refunds = List.of(held("a", 10_000, RefundState.SUCCESS));
        RefundRules.Decision d = RefundRules.decide(PAID, refunds, "a", 10_000, "CNY");
        assertEquals("a", d.repeated().orElseThrow().refundRef());
    }

    @Test
    void theSameRefundRefWithAnotherAmountOrCurrencyIsRefusedNamingRefundRef() {
        List<Held> refunds = List.of(held("a", 1_000, RefundState.SUCCESS));
        assertEquals("refundRef", assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, refunds, "a", 1_001, null)).field());
        assertEquals("refundRef", assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, refunds, "a", 1_000, "GBP")).field());
    }

    @Test
    void onlyAPaidPaymentIsRefunded() {
        for (TradeState state : List.of(TradeState.NOTPAY, TradeState.CLOSED, TradeState.UNKNOWN, TradeState.REFUSED)) {
            Paid unpaid = new Paid("o-1", state, 10_000, "CNY");
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> RefundRules.decide(unpaid, List.of(), "a", 1, null));
            assertEquals("orderRef", e.field());
        }
    }

    @Test
    void anotherCurrencyThanThePaymentsIsRefusedNamingCurrency() {
        assertEquals("currency", assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, List.of(), "a", 1, "GBP")).field());
    }

    @Test
    void theFiftyFirstRefundIsRefusedEvenWhenMoneyIsLeft() {
        List<Held> refunds = new ArrayList<>();
        for (int i = 1; i <= 49; i++) {
            refunds.add(held("r" + i, 10, RefundState.SUCCESS));
        }
        assertEquals(50, RefundRules.decide(PAID, refunds, "r50", 10, null).seq());
        refunds.add(held("r50", 10, RefundState.CLOSED));
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> RefundRules.decide(PAID, refunds, "r51", 10, null));
        assertEquals("orderRef", e.field());
        assertTrue(e.getMessage().contains("50 refunds"), e.getMessage());
    }

    @Test
    void aPaymentWithASuccessfulRefundIsShownAsRefundPartlyOrFully() {
        assertEquals(new RefundRules.Shown("SUCCESS", "paid"), RefundRules.shown(PAID, "paid", List.of(held("a", 500, RefundState.PROCESSING))));
        RefundRules.Shown partly = RefundRules.shown(PAID, "paid", List.of(held("a", 2_500, RefundState.SUCCESS), held("b", 500, RefundState.PROCESSING)));
        assertEquals("REFUND", partly.tradeState());
        assertEquals("partly refunded: 2500 of 10000 CNY", partly.tradeStateDesc());
        RefundRules.Shown fully = RefundRules.shown(PAID, "paid", List.of(held("a", 2_500, RefundState.SUCCESS), held("b", 7_500, RefundState.SUCCESS)));
        assertEquals(new RefundRules.Shown("REFUND", "fully refunded"), fully);
        Paid closed = new Paid("o-1", TradeState.CLOSED, 10_000, "CNY");
        assertEquals("CLOSED", RefundRules.shown(closed, null, List.of()).tradeState());
    }

    @Test
    void customsTakesOffTheCnyTheRefundsGiveBack() {
        // A CNY payment: the amounts themselves.
        assertEquals(3_000, RefundRules.refundedCnyFen(PAID, 10_000,
                List.of(held("a", 2_000, RefundState.SUCCESS), held("b", 1_000, RefundState.PROCESSING), held("c", 5_000, RefundState.CLOSED))));
        // A GBP payment of 1000 pence paid as 9000 fen: the company's payer refund, else the refund's share, half up.
        Paid gbp = new Paid("o-2", TradeState.SUCCESS, 1_000, "GBP");
        assertEquals(900 + 2_700, RefundRules.refundedCnyFen(gbp, 9_000,
                List.of(new Held("a", 100, RefundState.SUCCESS, 900L, "CNY"), held("b", 300, RefundState.UNKNOWN))));
        Paid odd = new Paid("o-3", TradeState.SUCCESS, 3, "GBP");
        assertEquals(3, RefundRules.refundedCnyFen(odd, 10, List.of(held("a", 1, RefundState.UNKNOWN)))); // 3.33 -> 3
        assertEquals(7, RefundRules.refundedCnyFen(odd, 10, List.of(held("a", 2, RefundState.UNKNOWN)))); // 6.67 -> 7
        assertEquals(2, RefundRules.refundedCnyFen(new Paid("o-4", TradeState.SUCCESS, 2, "GBP"), 3,
                List.of(held("a", 1, RefundState.UNKNOWN)))); // 1.5 -> 2, half up
        assertEquals(9_000, RefundRules.refundedCnyFen(gbp, 9_000, List.of(new Held("a", 1_000, RefundState.SUCCESS, 9_001L, "CNY"))),
                "never more than was paid");
    }

    private static Held held(String ref, long amount, RefundState state) {
        return new Held(ref, amount, state, null, null);
    }
}
