package org.cbec.dispatch.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** The dispatcher's lifecycle of a money request, every (state, event) pair, and what its states say. */
class RequestStateTest {

    static final String MOVES = """
            TO_SEND on CLAIMED -> SENDING
            TO_SEND on GAVE_UP -> NEEDS_ATTENTION
            SENDING on ANSWER -> ANSWERED
            SENDING on REFUSAL -> REFUSED
            SENDING on NO_ANSWER -> UNKNOWN
            SENDING on CALL_NOT_SENT -> NOT_SENT
            SENDING on SENDER_LOST -> UNKNOWN
            SENDING on REPORTED -> ANSWERED
            NOT_SENT on CLAIMED -> SENDING
            NOT_SENT on GAVE_UP -> NEEDS_ATTENTION
            UNKNOWN on CLAIMED -> ASKING
            UNKNOWN on REPORTED -> ANSWERED
            UNKNOWN on GAVE_UP -> NEEDS_ATTENTION
            ASKING on FOUND -> ANSWERED
            ASKING on NONE -> RESENDING
            ASKING on NO_ANSWER -> UNKNOWN
            ASKING on CALL_NOT_SENT -> UNKNOWN
            ASKING on SENDER_LOST -> UNKNOWN
            ASKING on REPORTED -> ANSWERED
            RESENDING on ANSWER -> ANSWERED
            RESENDING on REFUSAL -> RESEND_REFUSED
            RESENDING on NO_ANSWER -> UNKNOWN
            RESENDING on CALL_NOT_SENT -> UNKNOWN
            RESENDING on SENDER_LOST -> UNKNOWN
            RESENDING on REPORTED -> ANSWERED
            RESEND_REFUSED on CLAIMED -> CONFIRMING
            RESEND_REFUSED on REPORTED -> ANSWERED
            RESEND_REFUSED on GAVE_UP -> NEEDS_ATTENTION
            CONFIRMING on FOUND -> ANSWERED
            CONFIRMING on NONE -> REFUSED
            CONFIRMING on NO_ANSWER -> RESEND_REFUSED
            CONFIRMING on CALL_NOT_SENT -> RESEND_REFUSED
            CONFIRMING on SENDER_LOST -> RESEND_REFUSED
            CONFIRMING on REPORTED -> ANSWERED
            ANSWERED on FOUND -> ANSWERED
            ANSWERED on REPORTED -> ANSWERED
            ANSWERED on GAVE_UP -> NEEDS_ATTENTION
            REFUSED on REPORTED -> NEEDS_ATTENTION
            NEEDS_ATTENTION on REPORTED -> ANSWERED
            NEEDS_ATTENTION on OPERATOR_RETRY -> UNKNOWN
            NEEDS_ATTENTION on OPERATOR_SETTLED -> SETTLED_BY_OPERATOR
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfTheRequestTableAndNoOther() {
        return TableWalk.walk(RequestState.class, RequestEvent.class, MOVES, RequestState::after, RequestState::next);
    }

    @Test
    void aRequestIsHeldExactlyWhileASenderTalksToTheCompany() {
        assertEquals(EnumSet.of(RequestState.SENDING, RequestState.ASKING, RequestState.RESENDING, RequestState.CONFIRMING),
                where(RequestState::isHeld));
        // Only a holder's outcome, its loss or the company's report moves a held one: never a claim, a give-up or an operator.
        for (RequestState held : where(RequestState::isHeld)) {
            assertEquals(Set.of(), EnumSet.of(RequestEvent.CLAIMED, RequestEvent.GAVE_UP, RequestEvent.OPERATOR_RETRY,
                    RequestEvent.OPERATOR_SETTLED).stream().filter(held::allows).collect(Collectors.toSet()), held.name());
            assertEquals(true, held.allows(RequestEvent.SENDER_LOST), held + " is taken back from a lost holder");
        }
    }

    @Test
    void theJanitorTakesWhatNobodyHoldsAndTheCompanyHasNotAnswered() {
        assertEquals(EnumSet.of(RequestState.TO_SEND, RequestState.NOT_SENT, RequestState.UNKNOWN, RequestState.RESEND_REFUSED),
                where(RequestState::awaitsAnAttempt));
    }

    @Test
    void onceASendMayHaveLeftNothingIsSentWithoutTheCompanySayingItHasNone() {
        assertEquals(EnumSet.of(RequestState.TO_SEND, RequestState.NOT_SENT, RequestState.REFUSED),
                where(s -> !s.mayBeAtTheCompany()));
        // A claim that sends (to SENDING or RESENDING) comes only from a state where the company cannot have it,
        // or from the company's own "none".
        for (RequestState from : RequestState.values()) {
            for (RequestEvent event : RequestEvent.values()) {
                from.after(event).filter(to -> to == RequestState.SENDING || to == RequestState.RESENDING).ifPresent(to -> {
                    if (from.mayBeAtTheCompany()) {
                        assertEquals(RequestEvent.NONE, event, from + " on " + event + " sends");
                    }
                });
            }
        }
        // A refusal is final only when no earlier send can still land.
        assertEquals(RequestState.RESEND_REFUSED, RequestState.RESENDING.next(RequestEvent.REFUSAL));
        assertEquals(RequestState.REFUSED, RequestState.CONFIRMING.next(RequestEvent.NONE));
    }

    private static Set<RequestState> where(java.util.function.Predicate<RequestState> test) {
        return Arrays.stream(RequestState.values()).filter(test).collect(Collectors.toCollection(() -> EnumSet.noneOf(RequestState.class)));
    }
}
