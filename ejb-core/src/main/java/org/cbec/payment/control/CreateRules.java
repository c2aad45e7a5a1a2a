package org.cbec.payment.control;

import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Predicate;
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
 * <li>Resolve: the company is asked first, as for every money request; only a create it does not
 * have is sent again ({@link #found}), and an unpaid one it has gets its payment reference asked for
 * again ({@link #recoversReference}).</li>
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

    /**
     * The company's answer to a query of the order, as the one rule that resolves every money request
     * reads it ({@link RefundSendRules#afterTakeOverQuery}): found, none, or nothing known. For a
     * create without an outcome ({@code stored} UNKNOWN or NOT_SENT, or CREATING again once taken
     * over), a refusal of the query that says the company has no such order ({@code noSuchOrder} of
     * its code) is none, and a state of the order the broker does not know says nothing; any other
     * refusal, and the company's word about a payment with an outcome, is passed on as it is.
     */
    public static CompanyOutcome<Optional<OrderStatus>> found(TradeState stored, CompanyOutcome<OrderStatus> query,
            Predicate<String> noSuchOrder) {
        boolean withoutOutcome = stored.isUnresolved() || stored == TradeState.CREATING;
        return query.fold(
                status -> status.state() == TradeState.UNKNOWN && withoutOutcome
                        ? new CompanyOutcome.NoAnswer<>("the company's state of the order is none the broker knows: " + status.stateDesc())
                        : new CompanyOutcome.Answered<>(Optional.of(status)),
                refused -> withoutOutcome && noSuchOrder.test(refused.code()) ? new CompanyOutcome.Answered<>(Optional.<OrderStatus>empty())
                        : new CompanyOutcome.Refused<>(refused.code(), refused.message()),
                notSent -> new CompanyOutcome.NotSent<>(notSent.why()),
                noAnswer -> new CompanyOutcome.NoAnswer<>(noAnswer.reason()));
    }

    /**
     * Whether an order the company has is asked for again by its create: the payment has no outcome,
     * the broker never saw the create's answer (its payment reference), and the order is unpaid, so
     * the payer still needs it (the company's duplicate-order rule answers the same order).
     */
    public static boolean recoversReference(TradeState stored, boolean hasReference, OrderStatus found) {
        return (stored.isUnresolved() || stored == TradeState.CREATING) && !hasReference && found.state() == TradeState.NOTPAY;
    }
}
