package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.OrderStatus;
import org.cbec.payment.entity.TradeState;
import org.junit.jupiter.api.Test;

/** How the company's answer to a query of the order reads for a create without the company's word, and for a payment with it. */
class CreateRulesTest {

    private static OrderStatus status(TradeState state) {
        return new OrderStatus(state, null, null, "NATIVE", null, 100L, "CNY", null, null, null);
    }

    private static CompanyOutcome<OrderStatus> reported(TradeState state) {
        return new CompanyOutcome.Answered<>(status(state));
    }

    private static final CompanyOutcome<OrderStatus> NOT_FOUND = new CompanyOutcome.Refused<>("ORDER_NOT_EXIST", "no such order");
    private static final java.util.function.Predicate<String> NO_SUCH_ORDER = "ORDER_NOT_EXIST"::equals;
    private static final CompanyOutcome<OrderStatus> SIGN_ERROR = new CompanyOutcome.Refused<>("SIGN_ERROR", "the signature is wrong");
    private static final CompanyOutcome<OrderStatus> CIRCUIT_OPEN = new CompanyOutcome.NotSent<>(CompanyOutcome.Why.CIRCUIT_OPEN);
    private static final CompanyOutcome<OrderStatus> TIMED_OUT = new CompanyOutcome.NoAnswer<>("the company timed out");

    /**
     * How the one resolve rule of every money request (the dispatcher's table: FOUND, NONE, or no
     * answer) reads the company's answer to the query of a create stored {@code stored}.
     */
    private static String reading(TradeState stored, CompanyOutcome<OrderStatus> query) {
        return CreateRules.found(stored, query, NO_SUCH_ORDER).fold(found -> found.isPresent() ? "found" : "none",
                refused -> "nothing known", unanswered -> "nothing known");
    }

    @Test
    void theJanitorSendsAgainOnlyWhatTheCompanyDoesNotHave() {
        TradeState stored = TradeState.UNKNOWN;
        assertEquals("none", reading(stored, NOT_FOUND), "only the company's not-found code says it has none: then it is sent again");
        assertEquals("nothing known", reading(stored, CIRCUIT_OPEN), "not asked: nothing sent");
        assertEquals("nothing known", reading(stored, TIMED_OUT), "no answer: nothing sent");
        assertEquals("nothing known", reading(stored, SIGN_ERROR), "a refusal that does not say none: nothing sent");
        assertEquals("found", reading(stored, reported(TradeState.NOTPAY)));
        assertEquals("found", reading(stored, reported(TradeState.SUCCESS)));
        assertEquals("nothing known", reading(stored, reported(TradeState.UNKNOWN)), "a state the broker does not know says nothing");
        assertTrue(CreateRules.recoversReference(stored, false, status(TradeState.NOTPAY)), "unpaid, its payment reference never seen");
        assertFalse(CreateRules.recoversReference(stored, true, status(TradeState.NOTPAY)), "its reference is known");
        assertFalse(CreateRules.recoversReference(stored, false, status(TradeState.SUCCESS)), "paid: nobody needs it");
    }

    @Test
    void aPaymentWithAnOutcomeIsNotResolvedAgain() {
        for (TradeState s : TradeState.values()) {
            if (s != TradeState.UNKNOWN) {
                assertTrue(CreateRules.found(s, NOT_FOUND, NO_SUCH_ORDER) instanceof CompanyOutcome.Refused<?>, () -> s + ": a refused query is a failure, not none");
                assertEquals(Optional.of(status(TradeState.UNKNOWN)), CreateRules.found(s, reported(TradeState.UNKNOWN), NO_SUCH_ORDER)
                        .fold(found -> found, refused -> null, unanswered -> null), () -> s + ": the company's word as it is");
                assertFalse(CreateRules.recoversReference(s, false, status(TradeState.NOTPAY)), s::name);
            }
        }
    }

    /** How the same resolve rule reads the company's answer to the query of an order whose close may or may not have reached it. */
    private static String closeReading(CompanyOutcome<OrderStatus> query) {
        return CreateRules.closeFound(query, NO_SUCH_ORDER).fold(found -> found.map(s -> "found " + s.state()).orElse("none"),
                refused -> "nothing known", unanswered -> "nothing known");
    }

    @Test
    void aCloseIsFoundOnlyInAnOrderThatCanMoveNoMoreAndIsSentAgainOnlyWhileTheOrderCanStillBePaid() {
        assertEquals("found CLOSED", closeReading(reported(TradeState.CLOSED)), "the close reached the company");
        assertEquals("found SUCCESS", closeReading(reported(TradeState.SUCCESS)), "paid before the close reached it: the close's outcome");
        assertEquals("found PAYERROR", closeReading(reported(TradeState.PAYERROR)));
        assertEquals("none", closeReading(reported(TradeState.NOTPAY)), "still payable: the close never reached it, so it is sent again");
        assertEquals("none", closeReading(reported(TradeState.USERPAYING)));
        assertEquals("none", closeReading(NOT_FOUND), "no such order: no close there either");
        assertEquals("nothing known", closeReading(reported(TradeState.UNKNOWN)), "a state the broker does not know says nothing");
        assertEquals("nothing known", closeReading(SIGN_ERROR), "a refusal that does not say none: nothing sent");
        assertEquals("nothing known", closeReading(CIRCUIT_OPEN));
        assertEquals("nothing known", closeReading(TIMED_OUT));
    }
}
