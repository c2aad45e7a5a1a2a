package org.cbec.refund.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.RefundRequest;
import org.cbec.company.RefundStatus;
import org.cbec.payment.entity.RefundState;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.refund.control.RefundLedger;
import org.cbec.refund.CreateRefund;
import org.cbec.refund.RefundView;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.boundary.CallbackUrls;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.CompanyRequests;
import org.cbec.payment.boundary.Payments;
import org.cbec.refund.control.RefundRules;

/**
 * Refund and query refunds of paid payments. As {@link Payments}: no transaction spans a company
 * call. The refund is committed first, with the company's refund number fixed, then the company is
 * asked, then its answer is stored; a company that fails leaves the refund's outcome UNKNOWN (shown
 * as PROCESSING), never lost, and the query, an identical request or the {@code Reconciliation}
 * resolves it: they ask the company for that refund number and send it again only when the company
 * has none, so a refund is never made twice.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Refunds {

    private static final Logger LOG = Logger.getLogger(Refunds.class.getName());
    public static final String FAILURE = "failure while refunding the payment";
    public static final String QUERYING = "failure while querying the refunds";

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger payments;

    @EJB
    RefundLedger ledger;

    @EJB
    Payments paymentOperations;

    @Inject
    CallbackUrls callbackUrls;

    @Inject
    CompanyRequests requests;

    /** The refunds of a payment and what went back of it (the SUCCESS refunds). */
    public record RefundList(PaymentView payment, List<RefundView> refunds, long refundedTotal) {
    }

    /** Without {@code paymentMethod} the payment is the merchant's one with this orderRef at either company. */
    public RefundView create(String merchant, CreateRefund c) {
        RefundRules.checkRefund(c);
        PaymentView payment = payment(merchant, PaymentRules.methodsToSearch("paymentMethod", c.paymentMethod()), "paymentMethod",
                c.orderRef());
        // Before anything is stored: the company is configured here and the merchant has an account at it.
        companies.port(payment.paymentMethod(), FAILURE);
        accounts.account(merchant, payment.paymentMethod());
        if (payment.tradeState().isOpen()) {
            // Paid at the company but not yet seen paid here: ask before refusing (without an answer, as stored).
            RequestOutcome<PaymentView> refreshed = paymentOperations.refreshed(payment);
            refreshed.problem().ifPresent(why -> LOG.fine(() -> "Payment not refreshed before a refund: " + why));
            payment = refreshed.view();
        }
        RefundLedger.Opened opened;
        try {
            opened = ledger.open(payment.id(), c);
        } catch (AlreadyStoredException concurrent) {
            // The same refundRef stored meanwhile by a concurrent request (the unique constraint): decide again.
            opened = ledger.open(payment.id(), c);
        }
        RefundView r = opened.refund();
        // Sent now, or an identical request of one without the company's word carried on (asked for first when it may be at the company).
        return opened.fresh() || r.state() == RefundState.UNKNOWN ? requests.send(new Sent(payment), r).answer() : r;
    }

    /** One refund of a payment, refreshed from the company while it is not final; {@code paymentMethod} as for {@link #list}. */
    public RefundView query(String merchant, String paymentMethod, String orderRef, String refundRef) {
        return refreshed(merchant, paymentMethod, orderRef, refundRef).answer();
    }

    /** {@link #query}'s outcome as a value: the refund as stored after asking, and the company's failure if it gave no usable answer. */
    public RequestOutcome<RefundView> refreshed(String merchant, String paymentMethod, String orderRef, String refundRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentRules.requireRefundRef("refund_ref", refundRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        RefundView r = ledger.find(payment.id(), refundRef)
                .orElseThrow(() -> new UnknownResourceException("no refund " + refundRef + " of payment " + orderRef));
        return requests.refresh(new Sent(payment), r, true);
    }

    /**
     * Every refund of a payment, those not final refreshed from the company as far as it answers.
     * Without {@code paymentMethod} the payment is the merchant's one with this orderRef at either company.
     */
    public RefundList list(String merchant, String paymentMethod, String orderRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        List<RefundView> refunds = ledger.of(payment.id()).stream().map(r -> requests.refresh(new Sent(payment), r, false).answer()).toList();
        long refunded = refunds.stream().filter(r -> r.state() == RefundState.SUCCESS).mapToLong(RefundView::amount).sum();
        return new RefundList(payment, refunds, refunded);
    }

    /**
     * One attempt of the money requests' janitor at a refund without the company's final word
     * ({@link CompanyRequests#reconcile}).
     */
    public RequestOutcome<RefundView> reconcile(RefundView candidate, OffsetDateTime sendingBefore) {
        PaymentView payment = payments.find(candidate.merchant(), candidate.paymentMethod(), candidate.orderRef()).orElseThrow();
        return requests.reconcile(new Sent(payment), candidate, sendingBefore);
    }

    /** Refunds as {@link CompanyRequests} sends them: the company's refund call and query, and the refund ledger. */
    private final class Sent extends CompanyRequests.Kind<RefundView, RefundStatus> {

        private final PaymentView payment;

        Sent(PaymentView payment) {
            super(FAILURE, QUERYING, "Refund", ledger);
            this.payment = payment;
        }
        @Override
        public String what(RefundView r) {
            return "the refund";
        }

        @Override
        public String describe(RefundView r) {
            return r.merchant() + " " + r.paymentMethod() + " " + r.orderRef() + " " + r.refundRef() + " " + r.amount() + " " + r.currency();
        }

        @Override
        public boolean pending(RefundView r) {
            return r.state() == RefundState.UNKNOWN;
        }

        @Override
        public boolean refreshable(RefundView r) {
            return r.state().isOpen();
        }

        @Override
        public RequestOutcome<RefundView> whileHeld(RefundView r) {
            return RequestOutcome.failed(r, new InProgressException("refundRef", "refund " + r.refundRef()
                    + " is in progress at the company; send the same request again shortly", Payments.RETRY_IN_PROGRESS_AFTER_SECONDS));
        }

        @Override
        public CompanyOutcome<RefundStatus> send(CompanyPort company, CompanyAccount account, RefundView r, Exchanges log) {
            return company.refund(account, request(payment, r), log);
        }

        @Override
        public CompanyOutcome<Optional<RefundStatus>> query(CompanyPort company, CompanyAccount account, RefundView r, Exchanges log) {
            return company.queryRefund(account, request(payment, r), log);
        }

        @Override
        public boolean unchanged(RefundView r, RefundStatus s) {
            return s.state() == r.state() && Objects.equals(s.refundId(), r.refundId()) && Objects.equals(s.payerRefund(), r.payerRefund());
        }

        @Override
        public String afterRefusal() {
            return "; the refund is CLOSED";
        }

        @Override
        public String state(RefundView r) {
            return r.state().name();
        }

    }

    /** The refund as the company gets it: its notify URL is the broker's callback (the merchant's gets the broker's events). */
    private RefundRequest request(PaymentView p, RefundView r) {
        return new RefundRequest(p.orderRef(), p.transactionId(), r.companyRefundNo(), r.amount(), p.actualAmount(), p.currency(),
                p.payerTotal(), p.payerCurrency(), r.reason(), callbackUrls.of(r.paymentMethod(), r.merchant()));
    }

    /** The merchant's payment with this orderRef at one of these companies ({@link PaymentLedger#byReference}); 404 if none. */
    private PaymentView payment(String merchant, List<String> paymentMethods, String methodField, String orderRef) {
        return payments.byReference(merchant, paymentMethods, methodField, orderRef)
                .orElseThrow(() -> PaymentRules.unknownPayment(merchant, paymentMethods, orderRef));
    }
}
