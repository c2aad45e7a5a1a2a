package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.json.JsonObject;
import java.time.OffsetDateTime;
import org.cbec.company.PaymentType;
import org.cbec.payment.entity.TradeState;
import org.junit.jupiter.api.Test;
import org.cbec.payment.PaymentView;

class EventDataTest {

    @Test
    void onlyFinalStatesMakeEvents() {
        assertEquals("payment.succeeded", EventData.paymentType(TradeState.SUCCESS));
        assertEquals("payment.closed", EventData.paymentType(TradeState.CLOSED));
        assertEquals("payment.failed", EventData.paymentType(TradeState.PAYERROR));
        for (TradeState open : new TradeState[] {TradeState.UNKNOWN, TradeState.NOTPAY, TradeState.USERPAYING,
                TradeState.REFUSED}) {
            assertNull(EventData.paymentType(open), open.name());
        }
    }

    @Test
    void aPaymentsDataIsTheQueryResultsFieldsInBeijingTime() {
        PaymentView p = new PaymentView("m", "alphapay", "o-1", PaymentType.NATIVE, "CNY", 2599, null, TradeState.SUCCESS, false, "paid", "NATIVE", "weixin://x", null,
                null, null, "4200000001", "OTHERS", 2599L, "CNY", OffsetDateTime.parse("2026-11-25T12:00:00Z"), true, 7);
        JsonObject data = EventData.payment(p);
        assertEquals("o-1", data.getString("orderRef"));
        assertEquals(2599, data.getJsonNumber("total").longValue(), "total defaults to the amount, as QueryPayment answers");
        assertEquals("2026-11-25T20:00:00+08:00", data.getString("Timing"));
        assertEquals("SUCCESS", data.getString("tradeState"));
        assertFalse(data.containsKey("payMessage"), "not a query field");
    }

    @Test
    void theMerchantsNotifyUrlComesFromTheStoredRequest() {
        assertEquals("https://shop.example/n", EventData.notifyUrl("{\"orderRef\":\"o\",\"notifyUrl\":\"https://shop.example/n\"}"));
        assertNull(EventData.notifyUrl("{\"orderRef\":\"o\"}"));
        assertNull(EventData.notifyUrl("{\"orderRef\":\"o\",\"notifyUrl\":null}"));
    }
}
