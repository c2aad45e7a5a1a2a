package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.cbec.platform.entity.TransitionRefused;
import org.junit.jupiter.api.Test;

/** The payment moves only through its table, and a refused move leaves it as it was. */
class PaymentMovesTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    private static Payment creating() {
        return new Payment("m", "alphapay", "o-1", "NATIVE", "CNY", 100, null, false, "{}", T0);
    }

    @Test
    void aCreateIsUnknownUntilTheCompanysAnswerWhateverItsSendsDid() {
        Payment p = creating();
        assertEquals(TradeState.UNKNOWN, p.getTradeState(), "stored before the company is asked: where its send is, is its request's row");
        p.created("NATIVE", "weixin://x", null, null, null, T0.plusSeconds(3));
        assertEquals(TradeState.NOTPAY, p.getTradeState());
        assertEquals("weixin://x", p.getPayMessage());
    }

    @Test
    void aPaidPaymentReportedUnpaidIsRefusedAndLeftAsItWas() {
        Payment p = creating();
        p.observed(TradeState.SUCCESS, "paid", "tx-1", "OTHERS", 100L, "CNY", T0, T0.plusSeconds(1));
        TransitionRefused refused = assertThrows(TransitionRefused.class,
                () -> p.observed(TradeState.NOTPAY, "unpaid", "tx-2", null, null, null, null, T0.plusSeconds(2)));
        assertEquals(TradeState.SUCCESS, refused.state());
        assertEquals(TradeState.SUCCESS, p.getTradeState());
        assertEquals("paid", p.getTradeStateDesc());
        assertEquals("tx-1", p.getTransactionId());
        assertEquals(T0.plusSeconds(1), p.getUpdatedAt());
    }

    @Test
    void aRefusedPaymentTakesNoAnswer() {
        Payment p = creating();
        p.refused("PARAM_ERROR: bad", T0);
        assertThrows(TransitionRefused.class, () -> p.created("NATIVE", "weixin://x", null, null, null, T0));
        assertEquals(TradeState.REFUSED, p.getTradeState());
        assertNull(p.getPayMessage());
    }
}
