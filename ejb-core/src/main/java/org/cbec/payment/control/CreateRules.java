package org.cbec.payment.control;

import java.time.OffsetDateTime;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.OrderStatus;
import org.cbec.payment.entity.TradeEvent;
import org.cbec.payment.entity.TradeState;

/**
 * The rules that keep a payment's create from being lost or made twice, whatever node sends it and
 * whenever a node stops: decisions on the stored state (read under the payment's row lock where the
 * boundary takes one) and a company outcome, with no container. The moves themselves are
 * {@link TradeState}'s table; this says which one to make and what to do next.
 * <ul>
 * <li>Resume after a crash: a create left CREATING longer than any company call lasts lost its
 * sender; it becomes UNKNOWN ({@link #senderLost}).</li>
 * <li>Take over: a create without an outcome (UNKNOWN, NOT_SENT) is sent again only by whoever moves
 * it to CREATING first; everyone else finds it CREATING and sends nothing ({@link #mayTakeOver}).</li>
 * <li>Reconcile: the company is asked first; only a create it does not have is sent again, and one it
 * has gets its payment reference asked for again ({@link #afterQuery}).</li>
 * <li>Never send twice: a create is sent by its first sender or by the one that took it over, and
 * the company's duplicate-order rule (the same orderRef) makes any second send the same order.</li>
 * </ul>
 */
public final class CreateRules {

    private CreateRules() {
    }

    /** What an identical create (the merchant's retry) does with the stored payment. */
    public enum OnRepeat {
        /** Its first sender is still talking to the company: answered at once, to send again shortly. */
        IN_PROGRESS,
        /** No outcome and nobody sending it: take it over and send it again. */
        TAKE_OVER,
        /** The company refused it: the same refusal again. */
        REFUSED,
        /** The company has it: what is stored is the answer. */
        STORED
    }

    public static OnRepeat onIdenticalCreate(TradeState stored) {
        if (stored == TradeState.CREATING) {
            return OnRepeat.IN_PROGRESS;
        }
        if (stored.allows(TradeEvent.TAKEN_OVER)) {
            return OnRepeat.TAKE_OVER;
        }
        return stored == TradeState.REFUSED ? OnRepeat.REFUSED : OnRepeat.STORED;
    }

    /**
     * Whether a create's sender is gone: it is CREATING and has not moved since before
     * {@code lostBefore} (far beyond the longest company call), so the node sending it stopped.
     */
    public static boolean senderLost(TradeState state, OffsetDateTime updatedAt, OffsetDateTime lostBefore) {
        return state.allows(TradeEvent.SENDER_LOST) && updatedAt.isBefore(lostBefore);
    }

    /** Whether this caller may take the create over to send it again: only from a state without an outcome that nobody is sending. */
    public static boolean mayTakeOver(TradeState current) {
        return current.allows(TradeEvent.TAKEN_OVER);
    }

    /** What the reconciliation does after asking the company about a payment it found without an outcome. */
    public enum AfterQuery {
        /** The company does not have the order: take it over and send the stored create again. */
        SEND_AGAIN,
        /** The company has the order, and the broker never saw its payment reference: ask for it again (the same order comes back). */
        RECOVER_REFERENCE,
        /** The company's state is taken (a paid, closed or failed order, or one whose reference is known). */
        TAKE_REPORT,
        /** Nothing usable: it stays as it is, for the next attempt. */
        KEEP
    }

    /**
     * The reconciliation's decision for a payment stored {@code stored} (UNKNOWN or NOT_SENT: without
     * an outcome), with or without a payment reference, once the company was asked. A refusal of the
     * query says the company has no such order; anything not answered says nothing, and nothing is sent.
     */
    public static AfterQuery afterQuery(TradeState stored, boolean hasReference, CompanyOutcome<OrderStatus> query) {
        if (!stored.isUnresolved()) {
            throw new IllegalArgumentException("a payment " + stored + " has an outcome; nothing to reconcile");
        }
        return query.fold(
                status -> status.state() == TradeState.NOTPAY && !hasReference ? AfterQuery.RECOVER_REFERENCE
                        : status.state() == TradeState.UNKNOWN ? AfterQuery.KEEP : AfterQuery.TAKE_REPORT,
                refused -> AfterQuery.SEND_AGAIN,
                unanswered -> AfterQuery.KEEP);
    }
}
