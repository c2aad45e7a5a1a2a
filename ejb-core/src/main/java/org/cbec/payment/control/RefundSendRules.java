package org.cbec.payment.control;

import java.time.OffsetDateTime;
import java.util.Optional;
import org.cbec.company.CompanyOutcome;
import org.cbec.payment.entity.RefundEvent;
import org.cbec.payment.entity.RefundState;

/**
 * The rules that keep a refund from being lost or made twice: as {@link CreateRules} for creates,
 * with one more safeguard, since a refund moves money back: a refund without an outcome is sent
 * again only after the company said it has none with its number. Anything else (a refusal of the
 * query, no answer, a call not sent) leaves it UNKNOWN and sends nothing.
 */
public final class RefundSendRules {

    private RefundSendRules() {
    }

    /** What an identical refund request does with the stored refund. */
    public enum OnRepeat {
        /** Its sender is still talking to the company: answered at once, to send again shortly. */
        IN_PROGRESS,
        /** No outcome and nobody sending it: take it over, ask the company, send it only if the company has none. */
        TAKE_OVER,
        /** What is stored is the answer. */
        STORED
    }

    public static OnRepeat onIdenticalRefund(RefundState stored) {
        if (stored == RefundState.SENDING) {
            return OnRepeat.IN_PROGRESS;
        }
        return mayTakeOver(stored) ? OnRepeat.TAKE_OVER : OnRepeat.STORED;
    }

    /** Whether a refund's sender is gone: SENDING and unmoved since before {@code lostBefore}. */
    public static boolean senderLost(RefundState state, OffsetDateTime updatedAt, OffsetDateTime lostBefore) {
        return state.allows(RefundEvent.SENDER_LOST) && updatedAt.isBefore(lostBefore);
    }

    /** Whether this caller may take the refund over: only one without an outcome that nobody is sending. */
    public static boolean mayTakeOver(RefundState current) {
        return current.allows(RefundEvent.TAKEN_OVER);
    }

    /** What a refund taken over does once the company was asked for its number. */
    public enum AfterQuery {
        /** The company has it: its state is taken, nothing is sent. */
        TAKE_REPORT,
        /** The company answered that it has none: send it (its number makes a second send the same refund). */
        SEND,
        /**
         * The company answered that it has none, after it had refused the refund sent again: that
         * refusal stands, and the refund is refused (nothing moved), never sent a third time.
         */
        REFUSE,
        /** Nothing known: it stays UNKNOWN, nothing is sent. */
        KEEP_UNKNOWN
    }

    /**
     * Also the rule of every other money request sent once (splits, releases, payouts): the
     * company's status type is {@code S}. {@code resendRefused}: the company refused it sent again
     * once already ({@code SentLedger#resendRefused}). A resend's refusal never ends a request by
     * itself, since its first send may still be at the company: only this query, finding none, does.
     */
    public static <S> AfterQuery afterTakeOverQuery(CompanyOutcome<Optional<S>> query, boolean resendRefused) {
        return query.fold(found -> found.isPresent() ? AfterQuery.TAKE_REPORT : resendRefused ? AfterQuery.REFUSE : AfterQuery.SEND,
                refused -> AfterQuery.KEEP_UNKNOWN,
                unanswered -> AfterQuery.KEEP_UNKNOWN);
    }
}
