package org.cbec.refund.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.time.OffsetDateTime;
import org.cbec.payment.entity.RefundState;
import org.cbec.refund.RefundView;
import org.junit.jupiter.api.Test;

class RefundEventDataTest {

    @Test
    void onlyFinalStatesMakeEvents() {
        assertEquals("refund.succeeded", RefundEventData.refundType(RefundState.SUCCESS));
        assertEquals("refund.closed", RefundEventData.refundType(RefundState.CLOSED));
        assertEquals("refund.abnormal", RefundEventData.refundType(RefundState.ABNORMAL));
        assertNull(RefundEventData.refundType(RefundState.PROCESSING));
        assertNull(RefundEventData.refundType(RefundState.UNKNOWN));
    }

    @Test
    void aRefundsDataHasEveryFieldNullWhenNotKnown() {
        RefundView r = new RefundView(1, 7, "m", "alphapay", "o-1", "r-1", "o-1-1", null, RefundState.UNKNOWN, "timed out", 100, "CNY",
                2599, null, null, null, null, null, null, null, OffsetDateTime.parse("2026-11-25T12:00:00Z"), null,
                OffsetDateTime.parse("2026-11-25T12:00:00Z"));
        JsonObject data = RefundEventData.refund(r);
        assertEquals("PROCESSING", data.getString("state"), "the broker's own states are shown as PROCESSING");
        assertEquals(JsonValue.NULL, data.get("successTime"));
        assertEquals(JsonValue.NULL, data.get("refundId"));
        assertTrue(data.containsKey("settlementAmount"));
    }
}
