package org.cbec.payment.entity;

import java.util.List;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/** The payment's lifecycle, every (state, event) pair. */
class TradeStateTest {

    static final String MOVES = """
            CREATING on ANSWERED -> NOTPAY
            CREATING on REFUSED -> REFUSED
            CREATING on NO_ANSWER -> UNKNOWN
            CREATING on NOT_SENT -> NOT_SENT
            CREATING on SENDER_LOST -> UNKNOWN
            CREATING on REPORTED_NOTPAY -> NOTPAY
            CREATING on REPORTED_USERPAYING -> USERPAYING
            CREATING on REPORTED_SUCCESS -> SUCCESS
            CREATING on REPORTED_CLOSED -> CLOSED
            CREATING on REPORTED_PAYERROR -> PAYERROR
            UNKNOWN on ANSWERED -> NOTPAY
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on TAKEN_OVER -> CREATING
            UNKNOWN on REPORTED_NOTPAY -> NOTPAY
            UNKNOWN on REPORTED_USERPAYING -> USERPAYING
            UNKNOWN on REPORTED_SUCCESS -> SUCCESS
            UNKNOWN on REPORTED_CLOSED -> CLOSED
            UNKNOWN on REPORTED_PAYERROR -> PAYERROR
            NOT_SENT on ANSWERED -> NOTPAY
            NOT_SENT on REFUSED -> REFUSED
            NOT_SENT on NO_ANSWER -> UNKNOWN
            NOT_SENT on TAKEN_OVER -> CREATING
            NOT_SENT on REPORTED_NOTPAY -> NOTPAY
            NOT_SENT on REPORTED_USERPAYING -> USERPAYING
            NOT_SENT on REPORTED_SUCCESS -> SUCCESS
            NOT_SENT on REPORTED_CLOSED -> CLOSED
            NOT_SENT on REPORTED_PAYERROR -> PAYERROR
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
}
