package org.cbec.payment.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
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

    @Test
    void enteringAStateMakesItsEffectsOnceAndStayingInItMakesNone() {
        Map<RefundState, Set<RefundState.Effect>> entered = TableWalk.entryEffects(RefundState.class, RefundState.UNKNOWN, RefundState::enteredFrom);
        assertEquals(Map.of(RefundState.UNKNOWN, Set.of(), RefundState.PROCESSING, Set.of(),
                RefundState.SUCCESS, EnumSet.of(RefundState.Effect.ANNOUNCE, RefundState.Effect.ANNOUNCE_PAYMENT),
                RefundState.CLOSED, EnumSet.of(RefundState.Effect.BOOK_BACK, RefundState.Effect.ANNOUNCE),
                RefundState.ABNORMAL, EnumSet.of(RefundState.Effect.ANNOUNCE)), entered,
                "closed: its money back to the payment and told; succeeded: told, with the payment refunded; abnormal: told");
    }
}
