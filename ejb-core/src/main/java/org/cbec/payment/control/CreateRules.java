package org.cbec.payment.control;

import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.OrderStatus;
import org.cbec.payment.entity.TradeState;

/**
 * How a query of the order reads for a payment's create: the one rule that resolves every money
 * request (the dispatcher's table, {@code RequestState}) needs "found", "none" or "nothing known"
 * ({@link #found}); an unpaid order the company has whose payment reference the broker never saw
 * is asked for again by its create ({@link #recoversReference}), the company's duplicate-order rule
 * (the same orderRef) making that send the same order. A payment's close reads the same query as
 * "closed" or "not closed" ({@link #closeFound}).
 */
public final class CreateRules {

    private CreateRules() {
    }

    /**
     * The company's answer to a query of the order, as the one rule that resolves every money request
     * reads it: found, none, or nothing known. For a create without the company's word ({@code stored}
     * UNKNOWN), a refusal of the query that says the company has no such order ({@code noSuchOrder} of
     * its code) is none, and a state of the order the broker does not know says nothing; any other
     * refusal, and the company's word about a payment with an outcome, is passed on as it is.
     */
    public static CompanyOutcome<Optional<OrderStatus>> found(TradeState stored, CompanyOutcome<OrderStatus> query,
            Predicate<String> noSuchOrder) {
        boolean withoutOutcome = stored == TradeState.UNKNOWN;
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
        return stored == TradeState.UNKNOWN && !hasReference && found.state() == TradeState.NOTPAY;
    }

    /**
     * The company's answer to a query of the order, as the one rule that resolves every money request
     * reads it for a close: an order in a final state is the close's outcome (CLOSED; or paid, or
     * failed, before the close reached it), an open one (NOTPAY, USERPAYING) or none at all is "the
     * company has no such close", and a state the broker does not know says nothing.
     */
    public static CompanyOutcome<Optional<OrderStatus>> closeFound(CompanyOutcome<OrderStatus> query, Predicate<String> noSuchOrder) {
        return query.fold(
                status -> status.state() == TradeState.UNKNOWN
                        ? new CompanyOutcome.NoAnswer<>("the company's state of the order is none the broker knows: " + status.stateDesc())
                        : new CompanyOutcome.Answered<>(status.state().isOpen() ? Optional.<OrderStatus>empty() : Optional.of(status)),
                refused -> noSuchOrder.test(refused.code()) ? new CompanyOutcome.Answered<>(Optional.<OrderStatus>empty())
                        : new CompanyOutcome.Refused<>(refused.code(), refused.message()),
                notSent -> new CompanyOutcome.NotSent<>(notSent.why()),
                noAnswer -> new CompanyOutcome.NoAnswer<>(noAnswer.reason()));
    }
}
