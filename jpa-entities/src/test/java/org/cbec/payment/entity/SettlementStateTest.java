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
}
