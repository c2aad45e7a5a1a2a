package org.cbec.refund.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.cbec.payment.control.HeldRefunds;
import org.cbec.payment.control.HeldRefunds.Held;
import org.cbec.payment.control.HeldRefunds.Paid;
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
        assertEquals(4_000, HeldRefunds.held(refunds));
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

    private static Held held(String ref, long amount, RefundState state) {
        return new Held(ref, amount, state, null, null);
    }
}
