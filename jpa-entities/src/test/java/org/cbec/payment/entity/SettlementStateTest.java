package org.cbec.payment.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
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
}
