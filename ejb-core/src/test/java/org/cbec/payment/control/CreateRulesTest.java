package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.OrderStatus;
import org.cbec.payment.control.RefundSendRules.AfterQuery;
import org.cbec.payment.control.CreateRules.OnRepeat;
import org.cbec.payment.entity.TradeEvent;
import org.cbec.payment.entity.TradeState;
import org.junit.jupiter.api.Test;

/** A payment's create is never lost and never sent twice: the rules against the table and the company's outcomes. */
class CreateRulesTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime LOST_BEFORE = NOW.minusSeconds(60);

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

    @Test
    void aCreateWhoseNodeStoppedIsResumedAfterTheStaleTimeAndNotBefore() {
        assertFalse(CreateRules.senderLost(TradeState.CREATING, NOW.minusSeconds(5), LOST_BEFORE), "its sender may still be talking");
        assertEquals(OnRepeat.IN_PROGRESS, CreateRules.onIdenticalCreate(TradeState.CREATING), "a retry meanwhile sends nothing");
        assertTrue(CreateRules.senderLost(TradeState.CREATING, NOW.minusSeconds(120), LOST_BEFORE));
        TradeState resumed = TradeState.CREATING.next(TradeEvent.SENDER_LOST);
        assertEquals(TradeState.UNKNOWN, resumed, "its outcome is unknown: it may have reached the company");
        assertTrue(CreateRules.mayTakeOver(resumed));
    }

    @Test
    void onlyACreateInProgressCountsAsLostSender() {
        for (TradeState s : TradeState.values()) {
            if (s != TradeState.CREATING) {
                assertFalse(CreateRules.senderLost(s, NOW.minusDays(1), LOST_BEFORE), s::name);
            }
        }
    }

    @Test
    void ofTwoNodesTakingOverTheSameCreateOnlyTheFirstSendsIt() {
        // Both read UNKNOWN; they take turns on the row lock: the first moves it, the second finds it moved.
        TradeState stored = TradeState.UNKNOWN;
        assertTrue(CreateRules.mayTakeOver(stored), "node A takes it over");
        stored = stored.next(TradeEvent.TAKEN_OVER);
        assertEquals(TradeState.CREATING, stored);
        assertFalse(CreateRules.mayTakeOver(stored), "node B finds it CREATING and sends nothing");
        assertEquals(OnRepeat.IN_PROGRESS, CreateRules.onIdenticalCreate(stored), "the merchant's retry meanwhile neither");
    }

    @Test
    void aCreateNotSentIsTakenOverAsAnUnknownOneIs() {
        TradeState stored = TradeState.CREATING.next(TradeEvent.NOT_SENT);
        assertEquals(TradeState.NOT_SENT, stored);
        assertEquals(OnRepeat.TAKE_OVER, CreateRules.onIdenticalCreate(stored));
        assertEquals(AfterQuery.SEND, afterQuery(stored, NOT_FOUND));
        assertEquals(AfterQuery.TAKE_REPORT, afterQuery(stored, reported(TradeState.NOTPAY)),
                "an earlier call may have reached the company: it is asked, not assumed empty");
    }

    /** What the one resolve rule of every money request does with the company's answer to the query of a create stored {@code stored}. */
    private static AfterQuery afterQuery(TradeState stored, CompanyOutcome<OrderStatus> query) {
        return RefundSendRules.afterTakeOverQuery(CreateRules.found(stored, query, NO_SUCH_ORDER), false);
    }

    @Test
    void theJanitorSendsAgainOnlyWhatTheCompanyDoesNotHave() {
        // UNKNOWN or NOT_SENT as found, CREATING once taken over (the state the query is made in).
        for (TradeState stored : new TradeState[] {TradeState.UNKNOWN, TradeState.NOT_SENT, TradeState.CREATING}) {
            assertEquals(AfterQuery.SEND, afterQuery(stored, NOT_FOUND), stored::name);
            assertEquals(AfterQuery.KEEP_UNKNOWN, afterQuery(stored, CIRCUIT_OPEN), "not asked: nothing sent");
            assertEquals(AfterQuery.KEEP_UNKNOWN, afterQuery(stored, TIMED_OUT), "no answer: nothing sent");
            assertEquals(AfterQuery.KEEP_UNKNOWN, afterQuery(stored, SIGN_ERROR), "a refusal that does not say none: nothing sent");
            assertEquals(AfterQuery.TAKE_REPORT, afterQuery(stored, reported(TradeState.NOTPAY)));
            assertEquals(AfterQuery.TAKE_REPORT, afterQuery(stored, reported(TradeState.SUCCESS)));
            assertEquals(AfterQuery.KEEP_UNKNOWN, afterQuery(stored, reported(TradeState.UNKNOWN)), "a state the broker does not know says nothing");
            assertEquals(AfterQuery.REFUSE, RefundSendRules.afterTakeOverQuery(CreateRules.found(stored, NOT_FOUND, NO_SUCH_ORDER), true),
                    "none after the company refused it sent again: that refusal stands");
            assertTrue(CreateRules.recoversReference(stored, false, status(TradeState.NOTPAY)), "unpaid, its payment reference never seen");
            assertFalse(CreateRules.recoversReference(stored, true, status(TradeState.NOTPAY)), "its reference is known");
            assertFalse(CreateRules.recoversReference(stored, false, status(TradeState.SUCCESS)), "paid: nobody needs it");
        }
    }

    @Test
    void aPaymentWithAnOutcomeIsNotResolvedAgain() {
        for (TradeState s : TradeState.values()) {
            if (!s.isUnresolved() && s != TradeState.CREATING) {
                assertTrue(CreateRules.found(s, NOT_FOUND, NO_SUCH_ORDER) instanceof CompanyOutcome.Refused<?>, () -> s + ": a refused query is a failure, not none");
                assertEquals(Optional.of(status(TradeState.UNKNOWN)), CreateRules.found(s, reported(TradeState.UNKNOWN), NO_SUCH_ORDER)
                        .fold(found -> found, refused -> null, unanswered -> null), () -> s + ": the company's word as it is");
                assertFalse(CreateRules.recoversReference(s, false, status(TradeState.NOTPAY)), s::name);
                assertFalse(CreateRules.mayTakeOver(s), s::name);
            }
        }
    }

    @Test
    void aCreateIsSentOnlyByItsFirstSenderOrByWhoeverTookItOver() {
        // Every state from which a send may start: the new row (CREATING, by its creator) and a take-over.
        for (TradeState s : TradeState.values()) {
            boolean sends = CreateRules.onIdenticalCreate(s) == OnRepeat.TAKE_OVER;
            assertEquals(s.isUnresolved(), sends, s::name);
        }
        assertEquals(OnRepeat.REFUSED, CreateRules.onIdenticalCreate(TradeState.REFUSED));
        assertEquals(OnRepeat.STORED, CreateRules.onIdenticalCreate(TradeState.NOTPAY));
        assertEquals(OnRepeat.STORED, CreateRules.onIdenticalCreate(TradeState.SUCCESS));
    }

    @Test
    void aLateNoAnswerOfAnEarlierSenderMakesANotSentCreateUnknownAgain() {
        // Node A's create hangs; the reconciliation finds it lost, takes it over, and its call is not sent;
        // then node A learns it had no answer: the company may have the order after all.
        TradeState s = TradeState.CREATING.next(TradeEvent.SENDER_LOST).next(TradeEvent.TAKEN_OVER).next(TradeEvent.NOT_SENT);
        assertEquals(TradeState.NOT_SENT, s);
        assertEquals(TradeState.UNKNOWN, s.next(TradeEvent.NO_ANSWER));
    }
}
