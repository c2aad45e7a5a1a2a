package org.cbec.payment.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The refund's lifecycle, every (state, event) pair. */
class RefundStateTest {

    static final String MOVES = """
            UNKNOWN on REFUSED -> CLOSED
            UNKNOWN on REPORTED_PROCESSING -> PROCESSING
            UNKNOWN on REPORTED_SUCCESS -> SUCCESS
            UNKNOWN on REPORTED_CLOSED -> CLOSED
            UNKNOWN on REPORTED_ABNORMAL -> ABNORMAL
            PROCESSING on REPORTED_PROCESSING -> PROCESSING
            PROCESSING on REPORTED_SUCCESS -> SUCCESS
            PROCESSING on REPORTED_CLOSED -> CLOSED
            PROCESSING on REPORTED_ABNORMAL -> ABNORMAL
            SUCCESS on REPORTED_SUCCESS -> SUCCESS
            CLOSED on REPORTED_CLOSED -> CLOSED
            ABNORMAL on REPORTED_ABNORMAL -> ABNORMAL
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfTheRefundTableAndNoOther() {
        return TableWalk.walk(RefundState.class, RefundEvent.class, MOVES, RefundState::after, RefundState::next);
    }
}
