package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.cbec.platform.entity.TransitionRefused;
import org.junit.jupiter.api.Test;

/** The refund moves only through its table, and a refused move leaves it as it was. */
class RefundMovesTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    private static Refund sending() {
        return new Refund(1, "m", 1, "r-1", "o-1-1", 50, "CNY", null, null, T0);
    }

    @Test
    void aFinishedRefundIsNeverLeft() {
        Refund r = sending();
        r.observed(RefundState.SUCCESS, "SUCCESS", "rf-1", 100L, 50L, "CNY", null, null, T0, T0.plusSeconds(1));
        assertThrows(TransitionRefused.class,
                () -> r.observed(RefundState.PROCESSING, "PROCESSING", "rf-2", null, null, null, null, null, null, T0.plusSeconds(2)));
        assertEquals(RefundState.SUCCESS, r.getState());
        assertEquals("rf-1", r.getRefundId());
        assertThrows(TransitionRefused.class, () -> r.refused("late", T0.plusSeconds(3)));
        assertEquals("SUCCESS", r.getStateDesc());
    }

    @Test
    void aRefusedRefundIsClosed() {
        Refund r = sending();
        r.refused("NOT_ENOUGH: balance", T0);
        assertEquals(RefundState.CLOSED, r.getState());
        assertEquals("refused by the company: NOT_ENOUGH: balance", r.getStateDesc());
    }

    @Test
    void aRefundIsUnknownShownProcessingUntilTheCompanysWord() {
        Refund r = sending();
        assertEquals(RefundState.UNKNOWN, r.getState(), "stored before the company is asked: where its send is, is its request's row");
        assertEquals("PROCESSING", r.getState().shown());
        r.observed(RefundState.PROCESSING, "PROCESSING", "rf-1", null, null, null, null, null, null, T0.plusSeconds(1));
        assertEquals(RefundState.PROCESSING, r.getState());
    }
}
