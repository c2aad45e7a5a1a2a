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

/** The payment's lifecycle, every (state, event) pair. */
class TradeStateTest {

    static final String MOVES = """
            UNKNOWN on ANSWERED -> NOTPAY
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on REPORTED_NOTPAY -> NOTPAY
            UNKNOWN on REPORTED_USERPAYING -> USERPAYING
            UNKNOWN on REPORTED_SUCCESS -> SUCCESS
            UNKNOWN on REPORTED_CLOSED -> CLOSED
            UNKNOWN on REPORTED_PAYERROR -> PAYERROR
            NOTPAY on ANSWERED -> NOTPAY
            NOTPAY on REPORTED_NOTPAY -> NOTPAY
            NOTPAY on REPORTED_USERPAYING -> USERPAYING
            NOTPAY on REPORTED_SUCCESS -> SUCCESS
            NOTPAY on REPORTED_CLOSED -> CLOSED
            NOTPAY on REPORTED_PAYERROR -> PAYERROR
            USERPAYING on ANSWERED -> USERPAYING
            USERPAYING on REPORTED_NOTPAY -> NOTPAY
            USERPAYING on REPORTED_USERPAYING -> USERPAYING
            USERPAYING on REPORTED_SUCCESS -> SUCCESS
            USERPAYING on REPORTED_CLOSED -> CLOSED
            USERPAYING on REPORTED_PAYERROR -> PAYERROR
            SUCCESS on ANSWERED -> SUCCESS
            SUCCESS on REPORTED_SUCCESS -> SUCCESS
            SUCCESS on REPORTED_CLOSED -> CLOSED
            CLOSED on ANSWERED -> CLOSED
            CLOSED on REPORTED_CLOSED -> CLOSED
            PAYERROR on ANSWERED -> PAYERROR
            PAYERROR on REPORTED_PAYERROR -> PAYERROR
            PAYERROR on REPORTED_CLOSED -> CLOSED
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfThePaymentTableAndNoOther() {
        return TableWalk.walk(TradeState.class, TradeEvent.class, MOVES, TradeState::after, TradeState::next);
    }

    @Test
    void enteringAStateMakesItsEffectsOnceAndStayingInItMakesNone() {
        Map<TradeState, Set<TradeState.Effect>> entered = TableWalk.entryEffects(TradeState.class, TradeState.NOTPAY, TradeState::enteredFrom);
        assertEquals(Map.of(TradeState.UNKNOWN, Set.of(), TradeState.REFUSED, Set.of(), TradeState.NOTPAY, Set.of(),
                TradeState.USERPAYING, Set.of(), TradeState.SUCCESS, EnumSet.of(TradeState.Effect.BOOK_PAID, TradeState.Effect.ANNOUNCE),
                TradeState.CLOSED, EnumSet.of(TradeState.Effect.ANNOUNCE), TradeState.PAYERROR, EnumSet.of(TradeState.Effect.ANNOUNCE)),
                entered, "paid: into the merchant's balance and told; closed or failed: told; the rest: nothing");
    }
}
