package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The split's and release's lifecycle and a receiver's part, every (state, event) pair. */
class SettlementStateTest {

    static final String MOVES = """
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on REPORTED_PROCESSING -> PROCESSING
            UNKNOWN on REPORTED_FINISHED -> FINISHED
            PROCESSING on REPORTED_PROCESSING -> PROCESSING
            PROCESSING on REPORTED_FINISHED -> FINISHED
            FINISHED on REPORTED_FINISHED -> FINISHED
            """;

    static final String PART_MOVES = """
            PENDING on SPLIT_REFUSED -> CLOSED
            PENDING on REPORTED_PENDING -> PENDING
            PENDING on REPORTED_SUCCESS -> SUCCESS
            PENDING on REPORTED_CLOSED -> CLOSED
            SUCCESS on REPORTED_SUCCESS -> SUCCESS
            CLOSED on REPORTED_CLOSED -> CLOSED
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfTheSettlementTableAndNoOther() {
        return TableWalk.walk(SettlementState.class, SettlementEvent.class, MOVES, SettlementState::after, SettlementState::next);
    }

    @TestFactory
    List<DynamicTest> everyMoveOfThePartTableAndNoOther() {
        return TableWalk.walk(PartResult.class, PartEvent.class, PART_MOVES, PartResult::after, PartResult::next);
    }

    @Test
    void enteringAStateOrAPartsResultMakesItsEffectsOnceAndStayingMakesNone() {
        for (SettlementState s : SettlementState.values()) {
            assertEquals(s == SettlementState.FINISHED ? EnumSet.of(SettlementState.Effect.RELEASE, SettlementState.Effect.ANNOUNCE) : Set.of(),
                    s.enteredFrom(SettlementState.PROCESSING), () -> s + ": finished releases what it finishes and is told; nothing else");
            assertEquals(Set.of(), s.enteredFrom(s), s::name);
        }
        for (PartResult r : PartResult.values()) {
            assertEquals(r == PartResult.CLOSED ? EnumSet.of(PartResult.Effect.BOOK_BACK, PartResult.Effect.ANNOUNCE) : Set.of(),
                    r.enteredFrom(PartResult.PENDING), () -> r + ": a closed part's money comes back and is told; nothing else");
            assertEquals(Set.of(), r.enteredFrom(r), r::name);
        }
    }

    @Test
    void aFinishedSplitOrReleaseIsDatedByTheCompanysFinishNotWhenTheBrokerLearntIt() {
        java.time.OffsetDateTime finished = java.time.OffsetDateTime.parse("2026-11-25T23:59:58+08:00");
        java.time.OffsetDateTime learnt = java.time.OffsetDateTime.parse("2026-11-27T09:00:00+08:00");
        Settlement release = new Settlement(1, "m", 1, Settlement.Kind.RELEASE, "rel-1", "o-1-1", false, null, 500, false, List.of(),
                finished.minusMinutes(5));
        // The company's answer names the merchant's own part, released at its time.
        release.observed(SettlementState.FINISHED, "30001", List.of(new Settlement.PartReport("1900000001", PartResult.SUCCESS, null,
                finished)), learnt);
        assertEquals(finished, release.getFinishedAt());
        Settlement split = new Settlement(1, "m", 2, Settlement.Kind.SPLIT, "s-1", "o-1-2", false, null, 300, false,
                List.of(new SplitPart("MERCHANT_ID", "r1", 100, "a"), new SplitPart("MERCHANT_ID", "r2", 200, "b")), finished.minusHours(1));
        split.observed(SettlementState.FINISHED, "30002", List.of(new Settlement.PartReport("r1", PartResult.SUCCESS, null,
                finished.minusMinutes(1)), new Settlement.PartReport("r2", PartResult.SUCCESS, null, finished)), learnt);
        assertEquals(finished, split.getFinishedAt(), "its last part's finish");
        Settlement untimed = new Settlement(1, "m", 3, Settlement.Kind.RELEASE, "rel-2", "o-1-3", false, null, 500, false, List.of(),
                finished);
        untimed.observed(SettlementState.FINISHED, "30003", List.of(), learnt);
        assertEquals(learnt, untimed.getFinishedAt(), "a company that gives no time: when the broker learnt it");
    }
}
