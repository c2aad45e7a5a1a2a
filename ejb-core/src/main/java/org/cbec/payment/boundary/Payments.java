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
import org.cbec.payment.control.CreateRules;
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
 * the payment UNKNOWN (NOT_SENT when the call never left), never lost, and the next query, identical
 * create or the janitor resolves it. A query writes only what changed (and the exchanges that went wrong).
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
    /** What became of a create without an answer. */
    private static final String KEPT = "; the payment is kept and a later query resolves it";

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

    public PaymentView create(String merchant, CreatePayment c) {
        CompanyPort company = companies.port(PaymentRules.requireMethod("paymentMethod", c.paymentMethod()), FAILURE);
        PaymentType type = PaymentRules.checkCreate(c, company.supportedTypes());
        CompanyAccount account = accounts.account(merchant, c.paymentMethod());
        // An identical create (a retry) is found by a look first, so that it writes nothing; one sent
        // at the same moment as the first is told apart by the unique constraint.
        Optional<PaymentView> stored = ledger.find(merchant, c.paymentMethod(), c.orderRef());
        if (stored.isPresent()) {
            return resume(stored.get(), company, account, c, type);
        }
        PaymentView opened;
        try {
            opened = ledger.open(merchant, c, JSONB.toJson(c));
        } catch (AlreadyStoredException concurrent) {
            return resume(ledger.find(merchant, c.paymentMethod(), c.orderRef()).orElseThrow(() -> concurrent), company, account, c, type);
        }
        return sendCreate(company, account, c, type, opened.heldForSettlement(), opened.id()).answer();
    }

    /** An identical create: the stored result, or the pending create carried on. */
    private PaymentView resume(PaymentView p, CompanyPort company, CompanyAccount account, CreatePayment c, PaymentType type) {
        PaymentRules.checkRepeat(p, () -> JSONB.fromJson(ledger.requestJson(p.id()), CreatePayment.class), c);
        switch (CreateRules.onIdenticalCreate(p.tradeState())) {
            case IN_PROGRESS:
                // Answered at once: a duplicate never holds a request thread while the first create
                // waits for the company (a burst of duplicates would take every thread, the
                // company's answer included when the company is served by the same server).
                throw new InProgressException("orderRef", "a create of orderRef " + c.orderRef()
                        + " is in progress at the company; send the same request again shortly", RETRY_IN_PROGRESS_AFTER_SECONDS);
            case TAKE_OVER:
                if (ledger.takeOver(p.id())) {
                    return sendCreate(company, account, c, type, p.heldForSettlement(), p.id()).answer();
                }
                return resume(ledger.find(p.merchant(), p.paymentMethod(), p.orderRef()).orElseThrow(), company, account, c, type);
            case REFUSED:
                throw CompanyFailures.refused(company::invalidRequest, FAILURE, "this order", p.tradeStateDesc());
            default:
                return p;
        }
    }

    /** Sends the create and applies its outcome to the payment; anything but an answer is the client's failure ({@link CompanyFailures}). */
    private RequestOutcome<PaymentView> sendCreate(CompanyPort company, CompanyAccount account, CreatePayment c, PaymentType type, boolean held,
            long id) {
        String merchant = account.merchant();
        Exchanges log = new Exchanges();
        return company.create(account, orderOf(c, type, held, merchant), log).fold(
                order -> {
                    Invocation invocation = type.isInvoked() ? company.invocation(account, type, order.payMessage(), null, null) : null;
                    PaymentView created = ledger.created(id, order, invocation, log.entries());
                    LOG.info(() -> "Payment created: " + merchant + " " + c.paymentMethod() + " " + c.orderRef() + " " + type);
                    return RequestOutcome.of(created);
                },
                refused -> {
                    ledger.refused(id, refused.text(), log.entries());
                    LOG.info(() -> "Payment refused by " + c.paymentMethod() + ": " + merchant + " " + c.orderRef() + " " + refused.text());
                    return RequestOutcome.failed(ledger.get(id), CompanyFailures.refused(company::invalidRequest, FAILURE, "this order",
                            refused.text()));
                },
                unanswered -> {
                    if (unanswered.sent()) {
                        ledger.unknown(id, unanswered.reason(), log.entries());
                    } else {
                        ledger.notSent(id, unanswered.reason(), log.entries());
                    }
                    LOG.warning(() -> "Payment " + (unanswered.sent() ? "outcome unknown: " : "not sent: ") + merchant + " "
                            + c.paymentMethod() + " " + c.orderRef() + ": " + unanswered.reason());
                    return RequestOutcome.failed(ledger.get(id), CompanyFailures.failed(FAILURE, unanswered, KEPT));
                });
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
        if (p.tradeState() == TradeState.REFUSED || p.tradeState() == TradeState.CREATING) {
            // Refused: final. Creating: the create's owner is still talking to the company, or the
            // broker stopped meanwhile, and then the reconciliation takes the payment over.
            return RequestOutcome.of(p);
        }
        CompanyPort company = companies.port(p.paymentMethod(), QUERYING);
        CompanyAccount account = accounts.account(p.merchant(), p.paymentMethod());
        Exchanges log = new Exchanges();
        CompanyOutcome<OrderStatus> asked = company.query(account, p.orderRef(), log);
        TradeState stored = p.tradeState();
        CreateRules.AfterQuery next = stored.isUnresolved() ? CreateRules.afterQuery(stored, p.payMessage() != null, asked) : null;
        RequestOutcome<Optional<OrderStatus>> answered = asked.fold(
                status -> RequestOutcome.of(Optional.of(status)),
                refused -> {
                    ledger.events(p.id(), log.entries());
                    if (next == CreateRules.AfterQuery.SEND_AGAIN) {
                        // The company never got the order: it stays as it is; an identical create or the reconciliation sends it again.
                        return RequestOutcome.of(Optional.empty());
                    }
                    return RequestOutcome.failed(Optional.empty(), new UpstreamFailureException(QUERYING, "the company refused the query: "
                            + refused.text()));
                },
                unanswered -> RequestOutcome.failed(Optional.empty(), failure(p, log, unanswered, QUERYING)));
        if (answered.failure() != null) {
            return RequestOutcome.failed(p, answered.failure());
        }
        if (answered.view().isEmpty()) {
            return RequestOutcome.of(p);
        }
        OrderStatus status = answered.view().get();
        if (next == CreateRules.AfterQuery.RECOVER_REFERENCE) {
            // The company has the order but the broker never saw its answer: ask again for the payment
            // reference; the company's duplicate-order rule returns the same order.
            CreatePayment original = JSONB.fromJson(ledger.requestJson(p.id()), CreatePayment.class);
            PaymentType type = p.paymentType();
            Optional<PaymentView> recovered = company.create(account, orderOf(original, type, p.heldForSettlement(), account.merchant()), log).fold(
                    order -> {
                        Invocation invocation = type.isInvoked() ? company.invocation(account, type, order.payMessage(), null, null) : null;
                        return Optional.of(ledger.created(p.id(), order, invocation, log.entries()));
                    },
                    refused -> notRecovered(p, refused.text()),
                    unanswered -> notRecovered(p, unanswered.reason()));
            if (recovered.isPresent()) {
                return RequestOutcome.of(recovered.get());
            }
        }
        LOG.fine(() -> "Payment queried: " + p.merchant() + " " + p.paymentMethod() + " " + p.orderRef() + " " + status.state());
        if (unchanged(p, status)) {
            // Nothing to write, unless an exchange went wrong on the way (a retried failure).
            if (log.anyNotOk()) {
                ledger.events(p.id(), log.entries());
            }
            return RequestOutcome.of(p);
        }
        return RequestOutcome.of(ledger.observed(p.id(), status, log.entries()));
    }

    private static Optional<PaymentView> notRecovered(PaymentView p, String why) {
        LOG.log(Level.INFO, "Payment reference not yet recovered for {0}: {1}", new Object[] {p.orderRef(), why});
        return Optional.empty();
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
     * Resolves a payment whose create has no known outcome, with no client involved (one attempt of
     * the money requests' janitor, whose schedule and attempt limit it is). A create left CREATING
     * since before {@code creatingBefore} lost its owner (the broker stopped while asking the
     * company) and becomes UNKNOWN first. Then the company is asked: if it has the order, the
     * payment takes the company's state and payment reference; if it has not, the stored create
     * request is sent again, exactly as an identical create from the merchant would send it. When the company cannot be reached the outcome carries its failure;
     * the payment then stays UNKNOWN for the next attempt.
     */
    public RequestOutcome<PaymentView> reconcile(PaymentView candidate, OffsetDateTime creatingBefore) {
        ledger.abandoned(candidate.id(), creatingBefore, "the broker stopped before the company answered");
        PaymentView stored = stored(candidate.merchant(), List.of(candidate.paymentMethod()), candidate.orderRef());
        if (stored.tradeState() != TradeState.UNKNOWN) {
            return RequestOutcome.of(stored); // resolved meanwhile, or a create (an identical one from the merchant) is in progress
        }
        RequestOutcome<PaymentView> refreshed = refresh(stored);
        if (refreshed.failure() != null) {
            return refreshed;
        }
        PaymentView p = refreshed.view();
        if (p.tradeState() == TradeState.UNKNOWN && ledger.takeOver(p.id())) {
            CreatePayment original = JSONB.fromJson(ledger.requestJson(p.id()), CreatePayment.class);
            PaymentType type = p.paymentType();
            return sendCreate(companies.port(p.paymentMethod(), FAILURE), accounts.account(p.merchant(), p.paymentMethod()), original,
                    type, p.heldForSettlement(), p.id());
        }
        return RequestOutcome.of(p);
    }

    /**
     * Closes the order of the payment {@link #find} found at the company; the company's rules decide
     * (a paid order is not closed).
     */
    public PaymentView close(PaymentView p) {
        String merchant = p.merchant();
        String orderRef = p.orderRef();
        String method = p.paymentMethod();
        CompanyPort company = companies.port(method, CLOSING);
        CompanyAccount account = accounts.account(merchant, method);
        Exchanges log = new Exchanges();
        return company.close(account, orderRef, log).fold(
                closed -> {
                    PaymentView after = ledger.observed(p.id(), new OrderStatus(TradeState.CLOSED, "closed by the merchant", null,
                            p.tradeType(), null, null, null, null, null, null), log.entries());
                    LOG.info(() -> "Payment closed: " + merchant + " " + method + " " + orderRef);
                    return after;
                },
                refused -> {
                    ledger.events(p.id(), log.entries());
                    throw new InvalidRequestException("order_ref", "the company refused to close " + orderRef + ": " + refused.text());
                },
                unanswered -> {
                    throw failure(p, log, unanswered, CLOSING);
                });
    }

    /**
     * A query or close that got nothing usable: its exchanges are kept, the payment is as it was, and
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
