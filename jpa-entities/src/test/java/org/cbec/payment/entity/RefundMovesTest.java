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
    void aRefundWhoseResendTheCompanyRefusedStaysUnknownMarkedAndIsRefusedOnlyThen() {
        Refund r = sending();
        r.outcomeUnknown(RefundEvent.NO_ANSWER, "timed out", T0);
        r.resend(T0.plusSeconds(1));
        assertEquals(false, r.isResendRefused());
        r.resendRefused("NOT_ENOUGH: balance", T0.plusSeconds(2));
        assertEquals(RefundState.UNKNOWN, r.getState(), "the first send may still be at the company");
        assertEquals(true, r.isResendRefused());
        assertEquals("refused by the company when sent again (the first send may still be there): NOT_ENOUGH: balance", r.getStateDesc());
        r.resend(T0.plusSeconds(3));
        assertEquals(true, r.isResendRefused(), "kept while it is taken over again");
        r.refused("refused when sent again, and the company has none", T0.plusSeconds(4));
        assertEquals(RefundState.CLOSED, r.getState());
        assertThrows(TransitionRefused.class, () -> r.resendRefused("late", T0.plusSeconds(5)), "a closed refund is never reopened");
    }

    @Test
    void onlyAnUnknownRefundIsTakenOver() {
        Refund r = sending();
        assertThrows(TransitionRefused.class, () -> r.resend(T0));
        r.outcomeUnknown(RefundEvent.NO_ANSWER, "timed out", T0);
        r.resend(T0.plusSeconds(1));
        assertEquals(RefundState.SENDING, r.getState());
    }

    @Test
    void aRefundThatNeverLeftIsStoredAsNotSentShownAsProcessingAndTakenOver() {
        Refund r = sending();
        r.outcomeUnknown(RefundEvent.NOT_SENT, "circuit open; not called", T0);
        assertEquals(RefundState.NOT_SENT, r.getState());
        assertEquals("PROCESSING", r.getState().shown());
        assertEquals(true, r.getState().isUnresolved());
        r.resend(T0.plusSeconds(1));
        assertEquals(RefundState.SENDING, r.getState());
        r.outcomeUnknown(RefundEvent.NO_ANSWER, "timed out", T0.plusSeconds(2));
        assertEquals(RefundState.UNKNOWN, r.getState(), "sent this time, without an answer: possibly at the company");
    }
}
