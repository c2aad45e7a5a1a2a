package org.cbec.payment.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The split's and release's lifecycle and a receiver's part, every (state, event) pair. */
class SettlementStateTest {

    static final String MOVES = """
            SENDING on REFUSED -> REFUSED
            SENDING on NO_ANSWER -> UNKNOWN
            SENDING on NOT_SENT -> NOT_SENT
            SENDING on SENDER_LOST -> UNKNOWN
            SENDING on REPORTED_PROCESSING -> PROCESSING
            SENDING on REPORTED_FINISHED -> FINISHED
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on TAKEN_OVER -> SENDING
            UNKNOWN on REPORTED_PROCESSING -> PROCESSING
            UNKNOWN on REPORTED_FINISHED -> FINISHED
            NOT_SENT on REFUSED -> REFUSED
            NOT_SENT on NO_ANSWER -> UNKNOWN
            NOT_SENT on TAKEN_OVER -> SENDING
            NOT_SENT on REPORTED_PROCESSING -> PROCESSING
            NOT_SENT on REPORTED_FINISHED -> FINISHED
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
