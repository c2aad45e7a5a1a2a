package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.Invocation;
import org.cbec.company.OrderRequest;
import org.cbec.company.OrderStatus;
import org.cbec.company.PaymentType;
import org.cbec.payment.control.CreateReport;
import org.cbec.payment.control.CreateRules;
import org.cbec.payment.control.CloseLedger;
import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.SaturatedException;
import org.cbec.platform.error.UpstreamFailureException;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.InvokePayment;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.HeldRefunds;

/**
 * Create, query, close and invoke payments. No transaction spans a company call: the payment row
 * (the intent) is committed before the company is asked, and the call's outcome is committed after
 * it together with the exchanges that led to it, in one transaction; a company that fails leaves
 * the payment UNKNOWN (where its create stands is its money request's row), never lost, and the next
 * query, identical create or the janitor resolves it. A query writes only what changed (and the exchanges that went wrong).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Payments {

    private static final Logger LOG = Logger.getLogger(Payments.class.getName());
    public static final String FAILURE = "failure while making the payment";
    /** A query's failure (the polls' and the reconciliation's queries too). */
    public static final String QUERYING = "failure while querying the payment";
    public static final String CLOSING = "failure while closing the payment";
    private static final Jsonb JSONB = JsonbBuilder.create();
    /**
     * What an identical create is told while the first one is still talking to the company: send
     * it again after this many seconds (a company call ends within the client's read timeout).
     */
    public static final int RETRY_IN_PROGRESS_AFTER_SECONDS = 1;
    /** How long a close of a payment whose create has no outcome is told to wait (the janitor's first attempt comes within it). */
    public static final int CLOSE_AFTER_UNKNOWN_SECONDS = 10;
    /** The create in the company's refusals and the broker's failures: "the company refused the payment: …". */
    private static final String WHAT = "the payment";

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger ledger;


    @Inject
    CallbackUrls callbackUrls;

    @Inject
    NotAsked notAsked;

    @Inject
    CompanyRequests requests;

    public PaymentView create(String merchant, CreatePayment c) {
        CompanyPort company = companies.port(PaymentRules.requireMethod("paymentMethod", c.paymentMethod()), FAILURE);
        PaymentRules.checkCreate(c, company.supportedTypes());
        accounts.account(merchant, c.paymentMethod()); // before anything is stored: the merchant has an account there (422 otherwise)
        // An identical create (a retry) is found by a look first, so that it writes nothing; one sent
        // at the same moment as the first is told apart by the unique constraint.
        Optional<PaymentView> stored = ledger.find(merchant, c.paymentMethod(), c.orderRef());
        if (stored.isPresent()) {
            return resume(stored.get(), company, c);
        }
        PaymentView opened;
        try {
            opened = ledger.open(merchant, c, JSONB.toJson(c));
        } catch (AlreadyStoredException concurrent) {
            return resume(ledger.find(merchant, c.paymentMethod(), c.orderRef()).orElseThrow(() -> concurrent), company, c);
        }
        return requests.send(new Create(c), opened).answer();
    }

    /** An identical create: the stored result, or the pending create carried on. */
    private PaymentView resume(PaymentView p, CompanyPort company, CreatePayment c) {
        PaymentRules.checkRepeat(p, () -> JSONB.fromJson(ledger.requestJson(p.id()), CreatePayment.class), c);
        if (p.tradeState() == TradeState.UNKNOWN) {
            // Carried on as every money request is: sent when it never left; asked for first when it
            // may be at the company, and sent again only when the company has no such order; in
            // progress at another sender, answered at once ({@link Create#whileHeld}).
            return requests.send(new Create(c), p).answer();
        }
        if (p.tradeState() == TradeState.REFUSED) {
            throw CompanyFailures.refused(company::invalidRequest, FAILURE, WHAT, p.tradeStateDesc());
        }
        return p;
    }

    /**
     * Refreshes the payment from the company. Without {@code paymentMethod} the payment is the
     * merchant's one with this orderRef at either company ({@link PaymentRules#onePayment}).
     */
    public PaymentView query(String merchant, String paymentMethod, String orderRef) {
        return query(find(merchant, paymentMethod, orderRef));
    }

    /**
     * The merchant's payment a query or close names, as stored, without asking the company (404 if
     * none): which company the request is for, before it is served.
     */
    public PaymentView find(String merchant, String paymentMethod, String orderRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        return stored(merchant, methods, orderRef);
    }

    /** {@link #query(String, String, String)} of the payment {@link #find} found. */
    public PaymentView query(PaymentView p) {
        RequestOutcome<PaymentView> refreshed = refresh(p);
        if (refreshed.failure() instanceof SaturatedException busy) {
            // The company could not be asked now (its bulkhead full, its circuit open): what is stored is
            // the answer (a final state stays final; an open one is as last seen), and the caller is told so.
            notAsked.because(busy.notAsked() != null ? busy.notAsked() : CompanyFailures.BULKHEAD_FULL);
            return shown(p);
        }
        return shown(refreshed.answer());
    }

    /**
     * The payment refreshed from the company, as the broker keeps it (a refund asks before refusing
     * an unpaid one): as stored, with the company's failure, when it gave nothing usable.
     */
    public RequestOutcome<PaymentView> refreshed(PaymentView p) {
        return refresh(p);
    }

    /** As QueryPayment shows it: REFUND once a refund of it succeeded, partly or fully ({@link HeldRefunds#shown}). */
    private PaymentView shown(PaymentView p) {
        return p.tradeState() == TradeState.SUCCESS ? HeldRefunds.shownWith(p, ledger.heldRefunds(p.id())) : p;
    }

    private RequestOutcome<PaymentView> refresh(PaymentView p) {
        if (p.tradeState() == TradeState.REFUSED || p.tradeState() == TradeState.UNKNOWN && requests.beingSent(p)) {
            // Refused: final. Being sent: the create's sender is talking to the company now, or the
            // broker stopped meanwhile, and then the janitor takes the payment over.
            return RequestOutcome.of(p);
        }
        CompanyPort company = companies.port(p.paymentMethod(), QUERYING);
        CompanyAccount account = accounts.account(p.merchant(), p.paymentMethod());
        Exchanges log = new Exchanges();
        return new Create(null).query(company, account, p, log).fold(
                found -> {
                    if (found.isEmpty()) {
                        // The company never got the order: it stays as it is; an identical create or the janitor sends it again.
                        ledger.events(p.id(), log.entries());
                        return RequestOutcome.of(p);
                    }
                    CreateReport report = found.get();
                    LOG.fine(() -> "Payment queried: " + p.merchant() + " " + p.paymentMethod() + " " + p.orderRef() + " "
                            + report.status().state());
                    if (report.order() == null && unchanged(p, report.status())) {
                        // Nothing to write, unless an exchange went wrong on the way (a retried failure).
                        if (log.anyNotOk()) {
                            ledger.events(p.id(), log.entries());
                        }
                        return RequestOutcome.of(p);
                    }
                    return RequestOutcome.of(ledger.observed(p.id(), report, log.entries()));
                },
                refused -> {
                    ledger.events(p.id(), log.entries());
                    return RequestOutcome.failed(p, new UpstreamFailureException(QUERYING, "the company refused the query: "
                            + refused.text()));
                },
                unanswered -> RequestOutcome.failed(p, failure(p, log, unanswered, QUERYING)));
    }

    /** Whether the company's status says nothing the stored payment does not already say. */
    public static boolean unchanged(PaymentView p, OrderStatus s) {
        return s.state() == TradeState.UNKNOWN
                || s.state() == p.tradeState()
                && java.util.Objects.equals(s.stateDesc(), p.tradeStateDesc())
                && (s.transactionId() == null || s.transactionId().equals(p.transactionId()))
                && (s.bankType() == null || s.bankType().equals(p.bankType()))
                && (s.payerTotal() == null || s.payerTotal().equals(p.payerTotal()))
                && (s.payerCurrency() == null || s.payerCurrency().equals(p.payerCurrency()))
                && (s.paidAt() == null || p.paidAt() != null && s.paidAt().isEqual(p.paidAt()));
    }

    /**
     * One attempt of the money requests' janitor at a payment whose create has no known outcome
     * ({@link CompanyRequests#reconcile}: a create held since before {@code creatingBefore} lost its
     * sender and may be at the company; then the company is asked, and the stored create is
     * sent again only when the company has no such order, exactly as an identical create from the
     * merchant would send it).
     */
    public RequestOutcome<PaymentView> reconcile(PaymentView candidate, OffsetDateTime creatingBefore) {
        return requests.reconcile(new Create(null), candidate, creatingBefore);
    }

    /**
     * Closes the order of the payment {@link #find} found at the company, sent as every money
     * request is ({@link Close}); the company's rules decide (a paid order is not closed). A payment
     * whose create has no outcome is asked for first, and is closed only once it has one: a close of
     * an order the company may not have yet would be refused for good while the janitor may still make it.
     */
    public PaymentView close(PaymentView p) {
        PaymentView current = p.tradeState() == TradeState.UNKNOWN ? refresh(p).view() : p;
        if (current.tradeState() == TradeState.UNKNOWN) {
            throw new InProgressException("order_ref", "the create of orderRef " + p.orderRef() + " has no outcome from the company"
                    + " yet; close it once it has one", CLOSE_AFTER_UNKNOWN_SECONDS);
        }
        return requests.send(new Close(), current).answer();
    }

    /**
     * One attempt of the money requests' janitor at a close without the company's word (as
     * {@link #reconcile} is at a create): the company asked whether the order is closed, and the
     * close sent again only while the order can still be paid.
     */
    public RequestOutcome<PaymentView> reconcileClose(PaymentView p, OffsetDateTime heldBefore) {
        return requests.reconcile(new Close(), p, heldBefore);
    }

    /**
     * A query that got nothing usable: its exchanges are kept, the payment is as it was, and
     * this is the client's failure of {@code action} (503 when the company was not asked, which a
     * query answers from what is stored instead).
     */
    private BusinessException failure(PaymentView p, Exchanges log, CompanyOutcome.Unanswered<?> unanswered, String action) {
        ledger.events(p.id(), log.entries());
        return CompanyFailures.failed(action, unanswered, "");
    }

    /** The client-side parameters for a created JSAPI, MINIPRO or APP payment of this merchant. */
    public Invocation invoke(String merchant, InvokePayment i) {
        PaymentType type = PaymentRules.checkInvoke(i);
        CompanyPort company = companies.port(i.paymentMethod(), FAILURE);
        Set<PaymentType> supported = company.supportedTypes();
        if (!supported.contains(type)) {
            throw new InvalidRequestException("paymentType", i.paymentMethod() + " does not support paymentType " + type);
        }
        PaymentView p = ledger.findByPayMessage(merchant, i.paymentMethod(), i.payMessage())
                .orElseThrow(() -> new InvalidRequestException("payMessage", "no payment of this merchant has this payMessage"));
        if (p.paymentType() != type) {
            throw new InvalidRequestException("paymentType", "the payment's type is " + p.paymentType());
        }
        return company.invocation(accounts.account(merchant, i.paymentMethod()), type, i.payMessage(), i.timeStamp(), i.nonceStr());
    }

    /** The merchant's payment with this orderRef at one of these companies ({@link PaymentLedger#byReference}); 404 if none. */
    private PaymentView stored(String merchant, List<String> paymentMethods, String orderRef) {
        return ledger.byReference(merchant, paymentMethods, "payment_method", orderRef)
                .orElseThrow(() -> PaymentRules.unknownPayment(merchant, paymentMethods, orderRef));
    }

    /**
     * Payments' creates as {@link CompanyRequests} sends them, as every money request is: the
     * company's create and its query of the order, and the payment ledger. The merchant's create is
     * {@code request}, or (for one taken over later) the stored one.
     */
    private final class Create extends CompanyRequests.Kind<PaymentView, CreateReport> {

        private CreatePayment request;

        Create(CreatePayment request) {
            super(FAILURE, QUERYING, "Payment", ledger);
            this.request = request;
        }

        private CreatePayment request(PaymentView p) {
            if (request == null) {
                request = JSONB.fromJson(ledger.requestJson(p.id()), CreatePayment.class);
            }
            return request;
        }
        @Override
        public String what(PaymentView p) {
            return WHAT;
        }

        @Override
        public String describe(PaymentView p) {
            return p.merchant() + " " + p.paymentMethod() + " " + p.orderRef() + " " + p.paymentType();
        }

        @Override
        public boolean pending(PaymentView p) {
            return p.tradeState() == TradeState.UNKNOWN;
        }

        /** Asked about here only while its create has no outcome; an unpaid one is polled on its own schedule ({@link #refreshed}). */
        @Override
        public boolean refreshable(PaymentView p) {
            return pending(p);
        }

        /**
         * Answered at once: a duplicate never holds a request thread while the first create waits for
         * the company (a burst of duplicates would take every thread, the company's answer included
         * when the company is served by the same server).
         */
        @Override
        public RequestOutcome<PaymentView> whileHeld(PaymentView p) {
            return RequestOutcome.failed(p, new InProgressException("orderRef", "a create of orderRef " + p.orderRef()
                    + " is in progress at the company; send the same request again shortly", RETRY_IN_PROGRESS_AFTER_SECONDS));
        }

        @Override
        public CompanyOutcome<CreateReport> send(CompanyPort company, CompanyAccount account, PaymentView p, Exchanges log) {
            PaymentType type = p.paymentType();
            return company.create(account, orderOf(request(p), type, p.heldForSettlement(), p.merchant()), log).map(order -> CreateReport
                    .created(order, type.isInvoked() ? company.invocation(account, type, order.payMessage(), null, null) : null));
        }

        /** The company's view of the order ({@link CreateRules#found}), its payment reference asked for again when it was lost. */
        @Override
        public CompanyOutcome<Optional<CreateReport>> query(CompanyPort company, CompanyAccount account, PaymentView p, Exchanges log) {
            CompanyOutcome<OrderStatus> asked = company.query(account, p.orderRef(), log);
            return CreateRules.found(p.tradeState(), asked, company::noSuchOrder).map(found -> found.map(status ->
                    CreateRules.recoversReference(p.tradeState(), p.payMessage() != null, status)
                            ? recovered(company, account, p, status, log) : CreateReport.found(status)));
        }

        /** The order found unpaid, with its payment reference asked for again; without it when the company gives none. */
        private CreateReport recovered(CompanyPort company, CompanyAccount account, PaymentView p, OrderStatus status, Exchanges log) {
            return send(company, account, p, log).fold(
                    created -> new CreateReport(created.order(), created.invocation(), status),
                    refused -> notRecovered(p, status, refused.text()),
                    unanswered -> notRecovered(p, status, unanswered.reason()));
        }

        private CreateReport notRecovered(PaymentView p, OrderStatus status, String why) {
            LOG.log(Level.INFO, "Payment reference not yet recovered for {0}: {1}", new Object[] {p.orderRef(), why});
            return CreateReport.found(status);
        }

        @Override
        public boolean unchanged(PaymentView p, CreateReport r) {
            return r.order() == null && Payments.unchanged(p, r.status());
        }

        @Override
        public String state(PaymentView p) {
            return p.tradeState().name();
        }

    }

    /**
     * Payments' closes as {@link CompanyRequests} sends them: the company's close, and its query of
     * the order read as "closed or not" ({@link CreateRules#closeFound}); the outcome is stored on the
     * payment's row (the company's view of the order), and where the close stands with the company
     * on its own dispatcher's row (kind CLOSE, the payment's id). A refused close is told again, from
     * that row, to a merchant who asks again.
     */
    private final class Close extends CompanyRequests.Kind<PaymentView, OrderStatus> {

        Close() {
            super(CLOSING, QUERYING, "Payment close", new CloseLedger(ledger));
        }

        @Override
        public RequestSubject subject(PaymentView p) {
            return new RequestSubject(RequestKind.CLOSE, p.id(), p.merchant(), p.paymentMethod(), p.orderRef(), p.orderRef());
        }

        @Override
        public String what(PaymentView p) {
            return "the close of " + p.orderRef();
        }

        @Override
        public String describe(PaymentView p) {
            return p.merchant() + " " + p.paymentMethod() + " " + p.orderRef();
        }

        /** Its word is in once the order can move no more: closed, or paid (or failed) before the close reached it. */
        @Override
        public boolean pending(PaymentView p) {
            return p.tradeState().isOpen();
        }

        @Override
        public boolean refreshable(PaymentView p) {
            return pending(p);
        }

        @Override
        public RequestOutcome<PaymentView> whileHeld(PaymentView p) {
            return RequestOutcome.failed(p, new InProgressException("order_ref", "a close of orderRef " + p.orderRef()
                    + " is in progress at the company; send it again shortly", RETRY_IN_PROGRESS_AFTER_SECONDS));
        }

        @Override
        public CompanyOutcome<OrderStatus> send(CompanyPort company, CompanyAccount account, PaymentView p, Exchanges log) {
            return company.close(account, p.orderRef(), log).map(closed -> new OrderStatus(TradeState.CLOSED, "closed by the merchant", null,
                    p.tradeType(), null, null, null, null, null, null));
        }

        @Override
        public CompanyOutcome<Optional<OrderStatus>> query(CompanyPort company, CompanyAccount account, PaymentView p, Exchanges log) {
            return CreateRules.closeFound(company.query(account, p.orderRef(), log), company::noSuchOrder);
        }

        @Override
        public boolean unchanged(PaymentView p, OrderStatus status) {
            return Payments.unchanged(p, status);
        }

        @Override
        public BusinessException refusal(CompanyPort company, PaymentView p, String refusal) {
            return refusedClose(p, refusal);
        }

        /** Refused before: refused again, in the company's words; one an operator has: not closed, and said so. */
        @Override
        public RequestOutcome<PaymentView> asStored(PaymentView p, RequestState state, String answer) {
            if (state == RequestState.REFUSED) {
                return RequestOutcome.failed(p, refusedClose(p, answer));
            }
            if (state == RequestState.NEEDS_ATTENTION && pending(p)) {
                return RequestOutcome.failed(p, new UpstreamFailureException(CLOSING, "the close of " + p.orderRef() + " has no outcome from"
                        + " the company after the janitor's attempts and is with an operator: " + answer));
            }
            return RequestOutcome.of(p);
        }

        private InvalidRequestException refusedClose(PaymentView p, String refusal) {
            return new InvalidRequestException("order_ref", "the company refused to close " + p.orderRef() + ": " + refusal);
        }

        @Override
        public String state(PaymentView p) {
            return p.tradeState().name();
        }
    }

    /**
     * The order as the company gets it: its notify URL is the broker's callback, never the merchant's
     * (that one gets the broker's events); {@code held} is the stored payment's flag, not read again
     * from the request, so that every send of a create holds the money as its first did.
     */
    private OrderRequest orderOf(CreatePayment c, PaymentType type, boolean held, String merchant) {
        return new OrderRequest(c.orderRef(), type, c.actualAmount(), c.currency(), c.description(), c.attach(),
                callbackUrls.of(c.paymentMethod(), merchant), c.timeExpire(), c.goodsTag(), c.payerId(), c.clientIp(), c.successUrl(),
                c.cancelUrl(), held);
    }
}
