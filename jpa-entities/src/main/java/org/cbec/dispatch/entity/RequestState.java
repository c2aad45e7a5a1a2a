package org.cbec.dispatch.entity;

import static org.cbec.dispatch.entity.RequestEvent.ANSWER;
import static org.cbec.dispatch.entity.RequestEvent.CALL_NOT_SENT;
import static org.cbec.dispatch.entity.RequestEvent.CLAIMED;
import static org.cbec.dispatch.entity.RequestEvent.FOUND;
import static org.cbec.dispatch.entity.RequestEvent.GAVE_UP;
import static org.cbec.dispatch.entity.RequestEvent.NO_ANSWER;
import static org.cbec.dispatch.entity.RequestEvent.OPERATOR_RETRY;
import static org.cbec.dispatch.entity.RequestEvent.OPERATOR_SETTLED;
import static org.cbec.dispatch.entity.RequestEvent.REFUSAL;
import static org.cbec.dispatch.entity.RequestEvent.REPORTED;
import static org.cbec.dispatch.entity.RequestEvent.SENDER_LOST;

import java.util.EnumSet;
import java.util.Set;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * Where a money request stands with its company: the dispatcher's own lifecycle, the same for every
 * kind of request. It answers two questions the business lifecycles (trade, refund, settlement,
 * payout) do not: may the company have it, and is anyone talking to the company about it now. The
 * business object takes only what the company says; this says when to send, when to ask, and when
 * a person must look.
 * <p>
 * The rule that keeps money from moving twice: once a send may have reached the company, only the
 * company's query decides. A request is sent again only after the company said it has none with
 * its number; a refusal of such a resend is not believed until a later query again finds none (a
 * first send may still land while the company is working on it).
 */
public enum RequestState implements Lifecycle<RequestState, RequestEvent> {
    /** Stored with its number at the company and never sent: the company cannot have it. */
    TO_SEND,
    /** Held: its first send is with the company now. */
    SENDING,
    /** Its first send never left the broker: the company cannot have it, and it is sent again without asking. */
    NOT_SENT,
    /** Answer unknown: the company may have it; the next attempt asks before anything is sent. */
    UNKNOWN,
    /** Held: the company is being asked for it, after its answer was lost. */
    ASKING,
    /** Held: sent again, the company having answered that it has none. */
    RESENDING,
    /** Its resend was refused, and an earlier send may still land: the next attempt asks, and only "none" makes it refused. */
    RESEND_REFUSED,
    /** Held: the company is being asked for it, after its resend was refused. */
    CONFIRMING,
    /** The company's word is in (its status, which the business object takes; an open one is polled). */
    ANSWERED,
    /** The company refused it, and has none: nothing moved there. */
    REFUSED,
    /** Past the attempts or the age it may take without the company's word: listed for an operator, tried no more by itself. */
    NEEDS_ATTENTION,
    /** An operator, with the company's word, settled it by hand (the note says how). */
    SETTLED_BY_OPERATOR;

    private static final Transitions<RequestState, RequestEvent> TABLE = Transitions.of(RequestState.class, RequestEvent.class)
            .allow(TO_SEND, CLAIMED, SENDING)
            .allow(TO_SEND, GAVE_UP, NEEDS_ATTENTION)

            .allow(SENDING, ANSWER, ANSWERED)
            .allow(SENDING, REFUSAL, REFUSED)
            .allow(SENDING, NO_ANSWER, UNKNOWN)
            .allow(SENDING, CALL_NOT_SENT, NOT_SENT)
            .allow(SENDING, SENDER_LOST, UNKNOWN)
            .allow(SENDING, REPORTED, ANSWERED)

            .allow(NOT_SENT, CLAIMED, SENDING)
            .allow(NOT_SENT, GAVE_UP, NEEDS_ATTENTION)

            .allow(UNKNOWN, CLAIMED, ASKING)
            .allow(UNKNOWN, REPORTED, ANSWERED)
            .allow(UNKNOWN, GAVE_UP, NEEDS_ATTENTION)

            .allow(ASKING, FOUND, ANSWERED)
            .allow(ASKING, RequestEvent.NONE, RESENDING)
            .allow(ASKING, NO_ANSWER, UNKNOWN)
            .allow(ASKING, CALL_NOT_SENT, UNKNOWN)
            .allow(ASKING, SENDER_LOST, UNKNOWN)
            .allow(ASKING, REPORTED, ANSWERED)

            .allow(RESENDING, ANSWER, ANSWERED)
            .allow(RESENDING, REFUSAL, RESEND_REFUSED)
            .allow(RESENDING, NO_ANSWER, UNKNOWN)
            .allow(RESENDING, CALL_NOT_SENT, UNKNOWN)
            .allow(RESENDING, SENDER_LOST, UNKNOWN)
            .allow(RESENDING, REPORTED, ANSWERED)

            .allow(RESEND_REFUSED, CLAIMED, CONFIRMING)
            .allow(RESEND_REFUSED, REPORTED, ANSWERED)
            .allow(RESEND_REFUSED, GAVE_UP, NEEDS_ATTENTION)

            .allow(CONFIRMING, FOUND, ANSWERED)
            .allow(CONFIRMING, RequestEvent.NONE, REFUSED)
            .allow(CONFIRMING, NO_ANSWER, RESEND_REFUSED)
            .allow(CONFIRMING, CALL_NOT_SENT, RESEND_REFUSED)
            .allow(CONFIRMING, SENDER_LOST, RESEND_REFUSED)
            .allow(CONFIRMING, REPORTED, ANSWERED)

            .allow(ANSWERED, FOUND, ANSWERED)
            .allow(ANSWERED, REPORTED, ANSWERED)
            .allow(ANSWERED, GAVE_UP, NEEDS_ATTENTION)

            // The company reports a request it refused and had none of: two words that disagree go to a person.
            .allow(REFUSED, REPORTED, NEEDS_ATTENTION)

            .allow(NEEDS_ATTENTION, REPORTED, ANSWERED)
            .allow(NEEDS_ATTENTION, OPERATOR_RETRY, UNKNOWN)
            .allow(NEEDS_ATTENTION, OPERATOR_SETTLED, SETTLED_BY_OPERATOR);

    private static final Set<RequestState> HELD = EnumSet.of(SENDING, ASKING, RESENDING, CONFIRMING);

    @Override
    public Transitions<RequestState, RequestEvent> transitions() {
        return TABLE;
    }

    /** Whether a sender holds it now: only its holder's outcome, a report, or its holder's loss moves it. */
    public boolean isHeld() {
        return HELD.contains(this);
    }

    /** Whether the janitor takes it when its next attempt is due: nobody holds it and the company's word is not in. */
    public boolean awaitsAnAttempt() {
        return allows(CLAIMED);
    }

    /** Whether the company may have it: anything once a send may have left, until the company said it refused it and has none. */
    public boolean mayBeAtTheCompany() {
        return this != TO_SEND && this != NOT_SENT && this != REFUSED;
    }
}
