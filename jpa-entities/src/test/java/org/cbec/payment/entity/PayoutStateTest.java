package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** A payout's lifecycle, every (state, event) pair, and what a client is shown of each state. */
class PayoutStateTest {

    static final String MOVES = """
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on REPORTED_ACCEPTED -> ACCEPTED
            UNKNOWN on REPORTED_PAID -> PAID
            UNKNOWN on REPORTED_FAILED -> FAILED
            ACCEPTED on REPORTED_ACCEPTED -> ACCEPTED
            ACCEPTED on REPORTED_PAID -> PAID
            ACCEPTED on REPORTED_FAILED -> FAILED
            PAID on REPORTED_PAID -> PAID
            FAILED on REPORTED_FAILED -> FAILED
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfThePayoutTableAndNoOther() {
        return TableWalk.walk(PayoutState.class, PayoutEvent.class, MOVES, PayoutState::after, PayoutState::next);
    }

    @Test
    void theBrokersOwnStateIsShownAcceptedAndARefusalFailed() {
        for (PayoutState s : List.of(PayoutState.UNKNOWN, PayoutState.ACCEPTED)) {
            assertEquals("ACCEPTED", s.shown(), s::name);
            assertTrue(s.isOpen(), s::name);
            assertFalse(s.enteredFrom(PayoutState.UNKNOWN).contains(PayoutState.Effect.BOOK_BACK), s::name);
        }
        assertEquals("FAILED", PayoutState.REFUSED.shown());
        assertTrue(PayoutState.REFUSED.enteredFrom(PayoutState.UNKNOWN).contains(PayoutState.Effect.BOOK_BACK)
                && PayoutState.FAILED.enteredFrom(PayoutState.ACCEPTED).contains(PayoutState.Effect.BOOK_BACK));
        assertEquals("PAID", PayoutState.PAID.shown());
        assertFalse(PayoutState.PAID.isOpen() || PayoutState.FAILED.isOpen() || PayoutState.REFUSED.isOpen());
    }

    @Test
    void enteringAStateMakesItsEffectsOnceAndStayingInItMakesNone() {
        Map<PayoutState, Set<PayoutState.Effect>> entered = TableWalk.entryEffects(PayoutState.class, PayoutState.UNKNOWN, PayoutState::enteredFrom);
        assertEquals(Map.of(PayoutState.UNKNOWN, Set.of(), PayoutState.ACCEPTED, Set.of(),
                PayoutState.PAID, EnumSet.of(PayoutState.Effect.BOOK_PAID, PayoutState.Effect.ANNOUNCE),
                PayoutState.FAILED, EnumSet.of(PayoutState.Effect.BOOK_BACK, PayoutState.Effect.ANNOUNCE),
                PayoutState.REFUSED, EnumSet.of(PayoutState.Effect.BOOK_BACK, PayoutState.Effect.ANNOUNCE)), entered,
                "paid: booked as paid out and told; failed or refused: its whole amount back and told; accepted: nothing moves");
        assertEquals(EnumSet.of(PayoutState.Effect.BOOK_PAID, PayoutState.Effect.ANNOUNCE), PayoutState.PAID.enteredFrom(PayoutState.ACCEPTED));
    }

    @Test
    void aPaidPayoutIsNeverLeftAndALateAcceptanceChangesNoFigure() {
        OffsetDateTime at = OffsetDateTime.parse("2026-11-26T10:00:00Z");
        Payout p = new Payout("m", "alphapay", "p-1", null, 100_000, "GBP", null, null, at);
        assertEquals(Optional.of(EnumSet.of(PayoutState.Effect.BOOK_PAID, PayoutState.Effect.ANNOUNCE)),
                p.observed("PAID", "PO1", 500, new BigDecimal("9.12345678"), LocalDate.of(2026, 11, 26), 10_906, null, at, at, at));
        assertEquals(Optional.empty(), p.observed("ACCEPTED", "PO1", 600, new BigDecimal("9.00000000"), LocalDate.of(2026, 11, 27), 1,
                null, at, null, at));
        assertEquals(Optional.of(Set.of()), p.observed("PAID", "PO1", 500, new BigDecimal("9.12345678"), LocalDate.of(2026, 11, 26),
                10_906, null, at, at, at), "the same report again: its figures taken, nothing booked or told twice");
        assertEquals(PayoutState.PAID, p.getState());
        assertEquals(500, p.getFee());
        assertEquals(10_906, p.getTargetAmount());
    }
}
