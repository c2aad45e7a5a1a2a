package org.cbec.payment.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The refund's lifecycle, every (state, event) pair. */
class RefundStateTest {

    static final String MOVES = """
            SENDING on REFUSED -> CLOSED
            SENDING on NO_ANSWER -> UNKNOWN
            SENDING on NOT_SENT -> NOT_SENT
            SENDING on SENDER_LOST -> UNKNOWN
            SENDING on REPORTED_PROCESSING -> PROCESSING
            SENDING on REPORTED_SUCCESS -> SUCCESS
            SENDING on REPORTED_CLOSED -> CLOSED
            SENDING on REPORTED_ABNORMAL -> ABNORMAL
            UNKNOWN on REFUSED -> CLOSED
            UNKNOWN on TAKEN_OVER -> SENDING
            UNKNOWN on REPORTED_PROCESSING -> PROCESSING
            UNKNOWN on REPORTED_SUCCESS -> SUCCESS
            UNKNOWN on REPORTED_CLOSED -> CLOSED
            UNKNOWN on REPORTED_ABNORMAL -> ABNORMAL
            NOT_SENT on REFUSED -> CLOSED
            NOT_SENT on NO_ANSWER -> UNKNOWN
            NOT_SENT on TAKEN_OVER -> SENDING
            NOT_SENT on REPORTED_PROCESSING -> PROCESSING
            NOT_SENT on REPORTED_SUCCESS -> SUCCESS
            NOT_SENT on REPORTED_CLOSED -> CLOSED
            NOT_SENT on REPORTED_ABNORMAL -> ABNORMAL
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
