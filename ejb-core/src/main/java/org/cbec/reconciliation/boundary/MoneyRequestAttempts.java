package org.cbec.reconciliation.boundary;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import org.cbec.company.window.WindowCompany;
import org.cbec.customs.OrderDeclarationView;
import org.cbec.customs.boundary.OrderDeclarations;
import org.cbec.customs.entity.OrderState;
import org.cbec.dispatch.Attempts;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.boundary.Payments;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.entity.PayoutState;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.entity.TradeState;
import org.cbec.payout.PayoutView;
import org.cbec.payout.boundary.Payouts;
import org.cbec.payout.control.PayoutLedger;
import org.cbec.refund.RefundView;
import org.cbec.refund.boundary.Refunds;
import org.cbec.refund.control.RefundLedger;
import org.cbec.settlement.SplitView;
import org.cbec.settlement.boundary.Settlements;
import org.cbec.settlement.control.SettlementLedger;

/**
 * The money requests as the janitor sees them: payments' creates and closes, refunds, splits and releases,
 * payouts, orders declared to customs, each open one found by its own table's state, and one attempt at one made by its own
 * entry point ({@link Payments#reconcile}, {@link Refunds#reconcile}, {@link Settlements#reconcile},
 * {@link Payouts#reconcile}). A payment's create is open while the company's word on it is not in
 * (UNKNOWN); an unpaid payment's poll is its own. A payment's close has no row of its own: it is
 * open while its dispatcher's row exists and the order can still move ({@link Payments#reconcileClose}).
 */
@ApplicationScoped
public class MoneyRequestAttempts implements Attempts {

    @EJB
    PaymentLedger paymentLedger;

    @EJB
    Payments payments;

    @EJB
    RefundLedger refundLedger;

    @EJB
    Refunds refunds;

    @EJB
    SettlementLedger settlementLedger;

    @EJB
    Settlements settlements;

    @EJB
    PayoutLedger payoutLedger;

    @EJB
    Payouts payouts;

    @EJB
    OrderDeclarations orders;

    @Override
    public String openRequests() {
        return "SELECT p.id, p.merchant, p.payment_method, p.order_ref AS merchant_ref, p.order_ref AS company_no,"
                + " p.trade_state AS state, p.updated_at, CAST('PAYMENT' AS VARCHAR(8)) AS kind FROM payment p"
                + " WHERE p.trade_state = '" + TradeState.UNKNOWN + "'"
                + " UNION ALL SELECT p.id, p.merchant, p.payment_method, p.order_ref, p.order_ref, p.trade_state, p.updated_at,"
                + " CAST('CLOSE' AS VARCHAR(8)) FROM payment p JOIN money_request c ON c.kind = 'CLOSE' AND c.subject_id = p.id"
                + " WHERE p.trade_state IN (" + names(TradeState.values(), TradeState::isOpen) + ")"
                + " UNION ALL SELECT r.id, r.merchant, p.payment_method, r.refund_ref, r.company_refund_no, r.state,"
                + " r.updated_at, CAST('REFUND' AS VARCHAR(8)) FROM refund r JOIN payment p ON p.id = r.payment_id"
                + " WHERE r.state IN (" + names(RefundState.values(), RefundState::isOpen) + ")"
                + " UNION ALL SELECT s.id, s.merchant, p.payment_method, s.settlement_ref, s.company_no, s.state, s.updated_at, s.kind"
                + " FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE s.state IN (" + names(SettlementState.values(), SettlementState::isOpen) + ")"
                + " UNION ALL SELECT o.id, o.merchant, o.payment_method, o.payout_ref, o.payout_ref, o.state, o.updated_at,"
                + " CAST('PAYOUT' AS VARCHAR(8)) FROM payout o WHERE o.state IN (" + names(PayoutState.values(), PayoutState::isOpen) + ")"
                + " UNION ALL SELECT d.id, d.merchant, CAST('" + WindowCompany.NAME + "' AS VARCHAR(16)), d.order_no, d.message_guid, d.state,"
                + " d.updated_at, CAST('ORDER' AS VARCHAR(8)) FROM order_declaration d WHERE d.state IN ("
                + names(OrderState.values(), OrderState::isOpen) + ")";
    }

    @Override
    public List<String> atCompanyStates() {
        return List.of(RefundState.PROCESSING.name(), SettlementState.PROCESSING.name(), PayoutState.ACCEPTED.name(),
                OrderState.ACCEPTED.name(), OrderState.STORED.name());
    }

    @Override
    public Attempt attempt(RequestKind kind, long subjectId, OffsetDateTime sendingBefore) {
        return switch (kind) {
            case PAYMENT -> attempt(payments.reconcile(paymentLedger.get(subjectId), sendingBefore), PaymentView::tradeState,
                    s -> standing(s == TradeState.UNKNOWN, false));
            case CLOSE -> attempt(payments.reconcileClose(paymentLedger.get(subjectId), sendingBefore), PaymentView::tradeState,
                    s -> standing(s.isOpen(), false));
            case REFUND -> attempt(refunds.reconcile(refundLedger.get(subjectId), sendingBefore), RefundView::state,
                    s -> standing(s.isOpen(), s == RefundState.PROCESSING));
            case SPLIT, RELEASE -> attempt(settlements.reconcile(settlementLedger.get(subjectId), sendingBefore), SplitView::state,
                    s -> standing(s.isOpen(), s == SettlementState.PROCESSING));
            case PAYOUT -> attempt(payouts.reconcile(payoutLedger.get(subjectId), sendingBefore), PayoutView::state,
                    s -> standing(s.isOpen(), s == PayoutState.ACCEPTED));
            case ORDER -> attempt(orders.reconcile(orders.get(subjectId), sendingBefore), OrderDeclarationView::state,
                    s -> standing(s.isOpen(), s != OrderState.UNKNOWN));
        };
    }

    /** The entry point's outcome as the janitor's attempt: the state it left, and the company's failure, if any, as its words. */
    private static <V, S extends Enum<S>> Attempt attempt(RequestOutcome<V> outcome, Function<V, S> state, Function<S, Standing> standing) {
        S after = state.apply(outcome.view());
        return new Attempt(standing.apply(after), after.name() + outcome.problem().map(why -> ": " + why).orElse(""));
    }

    private static Standing standing(boolean open, boolean atCompany) {
        return !open ? Standing.FINAL : atCompany ? Standing.AT_COMPANY : Standing.UNKNOWN;
    }

    private static <E extends Enum<E>> String names(E[] states, Predicate<E> open) {
        return Arrays.stream(states).filter(open).map(s -> "'" + s.name() + "'").collect(Collectors.joining(", "));
    }
}
