package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.RefundStatus;
import org.cbec.payment.control.RefundSendRules.AfterQuery;
import org.cbec.payment.control.RefundSendRules.OnRepeat;
import org.cbec.payment.entity.RefundEvent;
import org.cbec.payment.entity.RefundState;
import org.junit.jupiter.api.Test;

/** A refund is never lost and never made twice: the rules against the table and the company's outcomes. */
class RefundSendRulesTest {

    private static final OffsetDateTime NOW = OffsetDateTime.of(2026, 1, 1, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final OffsetDateTime LOST_BEFORE = NOW.minusSeconds(60);

    private static CompanyOutcome<Optional<RefundStatus>> found(RefundState state) {
        return new CompanyOutcome.Answered<>(Optional.of(new RefundStatus(state, state.name(), "rf-1", 100L, 50L, "CNY", null, null, null)));
    }

    private static final CompanyOutcome<Optional<RefundStatus>> NONE = new CompanyOutcome.Answered<>(Optional.empty());

    @Test
    void aRefundWhoseNodeStoppedIsResumedAfterTheStaleTimeAndNotBefore() {
        assertFalse(RefundSendRules.senderLost(RefundState.SENDING, NOW.minusSeconds(5), LOST_BEFORE));
        assertEquals(OnRepeat.IN_PROGRESS, RefundSendRules.onIdenticalRefund(RefundState.SENDING));
        assertTrue(RefundSendRules.senderLost(RefundState.SENDING, NOW.minusSeconds(120), LOST_BEFORE));
        RefundState resumed = RefundState.SENDING.next(RefundEvent.SENDER_LOST);
        assertEquals(RefundState.UNKNOWN, resumed);
        assertEquals(OnRepeat.TAKE_OVER, RefundSendRules.onIdenticalRefund(resumed));
        for (RefundState s : RefundState.values()) {
            if (s != RefundState.SENDING) {
                assertFalse(RefundSendRules.senderLost(s, NOW.minusDays(1), LOST_BEFORE), s::name);
            }
        }
    }

    @Test
    void ofTwoNodesTakingOverTheSameRefundOnlyTheFirstAsksAndSends() {
        RefundState stored = RefundState.UNKNOWN;
        assertTrue(RefundSendRules.mayTakeOver(stored));
        stored = stored.next(RefundEvent.TAKEN_OVER);
        assertEquals(RefundState.SENDING, stored);
        assertFalse(RefundSendRules.mayTakeOver(stored), "the second node finds it SENDING");
    }

    @Test
    void aRefundTakenOverIsSentOnlyWhenTheCompanySaysItHasNone() {
        assertEquals(AfterQuery.SEND, RefundSendRules.afterTakeOverQuery(NONE, false));
        assertEquals(AfterQuery.TAKE_REPORT, RefundSendRules.afterTakeOverQuery(found(RefundState.PROCESSING), false), "the lost answer: it was made");
        assertEquals(AfterQuery.TAKE_REPORT, RefundSendRules.afterTakeOverQuery(found(RefundState.SUCCESS), false));
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.Refused<>("SYSTEM_ERROR", "retry"), false),
                "a refused query says nothing about the refund");
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.NotSent<>(CompanyOutcome.Why.BULKHEAD_FULL), false));
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.NoAnswer<>("timed out"), false));
    }

    @Test
    void afterTheCompanyRefusedItSentAgainOnlyAQueryEndsItAndItIsNeverSentAThirdTime() {
        // The first answer lost, the company had none, the resend refused: the first send may still
        // be at the company, so the refund stays UNKNOWN (nothing moved back) and the next one to
        // take it over asks again.
        RefundState s = RefundState.UNKNOWN.next(RefundEvent.TAKEN_OVER).next(RefundEvent.NO_ANSWER);
        assertEquals(RefundState.UNKNOWN, s, "a refused resend leaves it without an outcome");
        assertTrue(RefundSendRules.mayTakeOver(s));
        assertEquals(AfterQuery.TAKE_REPORT, RefundSendRules.afterTakeOverQuery(found(RefundState.SUCCESS), true),
                "the first send went through: the company's state, never the refusal");
        assertEquals(AfterQuery.TAKE_REPORT, RefundSendRules.afterTakeOverQuery(found(RefundState.PROCESSING), true));
        assertEquals(AfterQuery.REFUSE, RefundSendRules.afterTakeOverQuery(NONE, true), "the company has none: the refusal stands");
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.NoAnswer<>("timed out"), true));
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.Refused<>("SYSTEM_ERROR", "retry"), true));
        for (CompanyOutcome<Optional<RefundStatus>> any : java.util.List.of(NONE, found(RefundState.SUCCESS),
                new CompanyOutcome.NoAnswer<Optional<RefundStatus>>("x"), new CompanyOutcome.Refused<Optional<RefundStatus>>("A", "b"),
                new CompanyOutcome.NotSent<Optional<RefundStatus>>(CompanyOutcome.Why.CIRCUIT_OPEN))) {
            assertFalse(RefundSendRules.afterTakeOverQuery(any, true) == AfterQuery.SEND, "never sent a third time: " + any);
        }
    }

    @Test
    void theReconciliationKeepsAnUnknownRefundUnknownUntilTheCompanyAnswers() {
        // Taken over (SENDING), asked, no answer: UNKNOWN again, and the next attempt asks again.
        RefundState s = RefundState.UNKNOWN.next(RefundEvent.TAKEN_OVER);
        assertEquals(AfterQuery.KEEP_UNKNOWN, RefundSendRules.afterTakeOverQuery(new CompanyOutcome.NoAnswer<>("timed out"), false));
        s = s.next(RefundEvent.NO_ANSWER);
        assertEquals(RefundState.UNKNOWN, s);
        assertTrue(RefundSendRules.mayTakeOver(s));
        // Then the company answers that it has it: its state is taken, nothing is sent.
        s = s.next(RefundEvent.TAKEN_OVER).next(RefundEvent.REPORTED_SUCCESS);
        assertEquals(RefundState.SUCCESS, s);
        assertEquals(OnRepeat.STORED, RefundSendRules.onIdenticalRefund(s));
        assertFalse(RefundSendRules.mayTakeOver(s), "a finished refund is never sent again");
    }

    @Test
    void onlyARefundWithoutAnOutcomeIsEverTakenOver() {
        for (RefundState s : RefundState.values()) {
            boolean withoutOutcome = s == RefundState.UNKNOWN || s == RefundState.NOT_SENT;
            assertEquals(withoutOutcome, RefundSendRules.mayTakeOver(s), s::name);
            assertEquals(withoutOutcome ? OnRepeat.TAKE_OVER : s == RefundState.SENDING ? OnRepeat.IN_PROGRESS : OnRepeat.STORED,
                    RefundSendRules.onIdenticalRefund(s), s::name);
        }
    }
}
