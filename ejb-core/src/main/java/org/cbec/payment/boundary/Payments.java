package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.payment.company.Companies;
import org.cbec.payment.company.CompanyAccount;
import org.cbec.payment.company.CompanyException;
import org.cbec.payment.company.CompanyRefusal;
import org.cbec.payment.company.CreatedOrder;
import org.cbec.payment.company.ExchangeRecorder;
import org.cbec.payment.company.Invocation;
import org.cbec.payment.company.OrderRequest;
import org.cbec.payment.company.OrderStatus;
import org.cbec.payment.company.PaymentCompany;
import org.cbec.payment.company.PaymentType;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.error.UpstreamFailureException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.FaultToleranceException;

/**
 * Create, query, close and invoke payments. No transaction spans a company call: the payment row
 * is committed before the company is asked, each exchange is committed as it ends, and the outcome
 * is committed after; a company that fails leaves the payment UNKNOWN, never lost, and the next
 * query or identical create resolves it.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Payments {

    private static final Logger LOG = Logger.getLogger(Payments.class.getName());
    public static final String FAILURE = "failure while making the payment";
    private static final Jsonb JSONB = JsonbBuilder.create();
    /**
     * What an identical create is told while the first one is still talking to the company: send
     * it again after this many seconds (a company call ends within the client's read timeout).
     */
    static final int RETRY_IN_PROGRESS_AFTER_SECONDS = 1;

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger ledger;

    public PaymentView create(String merchant, CreatePayment c) {
        PaymentCompany company = companies.of(PaymentRules.requireMethod("paymentMethod", c.paymentMethod()), FAILURE);
        PaymentType type = PaymentRules.checkCreate(c, company.supportedTypes());
        CompanyAccount account = accounts.account(merchant, c.paymentMethod());
        Optional<PaymentView> existing = ledger.find(merchant, c.paymentMethod(), c.orderRef());
        if (existing.isEmpty()) {
            try {
                long id = ledger.open(merchant, c, JSONB.toJson(c)).id();
                return sendCreate(company, account, c, type, id);
            } catch (EJBException lostTheRace) {
                existing = ledger.find(merchant, c.paymentMethod(), c.orderRef());
                if (existing.isEmpty()) {
                    throw lostTheRace;
                }
            }
        }
        return resume(existing.get(), company, account, c, type);
    }

    /** An identical create: the stored result, or the pending create carried on. */
    private PaymentView resume(PaymentView p, PaymentCompany company, CompanyAccount account, CreatePayment c, PaymentType type) {
        if (p.actualAmount() != c.actualAmount() || !p.currency().equals(c.currency())
                || !p.paymentType().equals(c.paymentType()) || !java.util.Objects.equals(p.total(), c.total())) {
            throw new InvalidRequestException("orderRef", "orderRef " + c.orderRef()
                    + " is already a payment with another amount, total, currency or payment type");
        }
        switch (TradeState.valueOf(p.tradeState())) {
            case CREATING:
                // Answered at once: a duplicate never holds a request thread while the first create
                // waits for the company (a burst of duplicates would take every thread, the
                // company's answer included when the company is served by the same server).
                throw new InProgressException("orderRef", "a create of orderRef " + c.orderRef()
                        + " is in progress at the company; send the same request again shortly", RETRY_IN_PROGRESS_AFTER_SECONDS);
            case UNKNOWN:
                if (ledger.takeOver(p.merchant(), p.paymentMethod(), p.orderRef())) {
                    return sendCreate(company, account, c, type, p.id());
                }
                return resume(ledger.find(p.merchant(), p.paymentMethod(), p.orderRef()).orElseThrow(), company, account, c, type);
            case REFUSED:
                throw new UpstreamFailureException(FAILURE, "the company refused this order: " + p.tradeStateDesc());
            default:
                return p;
        }
    }

    private PaymentView sendCreate(PaymentCompany company, CompanyAccount account, CreatePayment c, PaymentType type, long id) {
        String merchant = account.merchant();
        try {
            CreatedOrder order = company.create(account, orderOf(c, type), recorder(id));
            Invocation invocation = type.isInvoked() ? company.invocation(account, type, order.payMessage(), null, null) : null;
            PaymentView created = ledger.created(merchant, c.paymentMethod(), c.orderRef(), order, invocation);
            LOG.info(() -> "Payment created: " + merchant + " " + c.paymentMethod() + " " + c.orderRef() + " " + type);
            return created;
        } catch (CompanyRefusal refusal) {
            ledger.refused(merchant, c.paymentMethod(), c.orderRef(), refusal.getMessage());
            LOG.warning(() -> "Payment refused by " + c.paymentMethod() + ": " + merchant + " " + c.orderRef() + " " + refusal.getMessage());
            throw new UpstreamFailureException(FAILURE, "the company refused the order: " + refusal.getMessage());
        } catch (RuntimeException failure) {
            String reason = CompanyFailures.reason(ledger, id, "create", failure);
            ledger.unknown(merchant, c.paymentMethod(), c.orderRef(), reason);
            LOG.warning(() -> "Payment outcome unknown: " + merchant + " " + c.paymentMethod() + " " + c.orderRef() + ": " + reason);
            throw new UpstreamFailureException(FAILURE, reason + "; the payment is kept and a later query resolves it");
        }
    }

    /** Refreshes the payment from the company. */
    public PaymentView query(String merchant, String paymentMethod, String orderRef) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentView p = stored(merchant, paymentMethod, orderRef);
        if (TradeState.REFUSED.name().equals(p.tradeState()) || TradeState.CREATING.name().equals(p.tradeState())) {
            // Refused: final. Creating: the create's owner is still talking to the company, or the
            // broker stopped meanwhile, and then the reconciliation takes the payment over.
            return p;
        }
        PaymentCompany company = companies.of(paymentMethod, FAILURE);
        CompanyAccount account = accounts.account(merchant, paymentMethod);
        long id = p.id();
        OrderStatus status;
        try {
            status = company.query(account, orderRef, recorder(id));
        } catch (CompanyRefusal refusal) {
            if (TradeState.valueOf(p.tradeState()) == TradeState.UNKNOWN) {
                // The company never got the order: it stays UNKNOWN; an identical create sends it again.
                return p;
            }
            throw new UpstreamFailureException(FAILURE, "the company refused the query: " + refusal.getMessage());
        } catch (RuntimeException failure) {
            throw new UpstreamFailureException(FAILURE, CompanyFailures.reason(ledger, id, "query", failure));
        }
        boolean createOutcomeWasUnknown = TradeState.valueOf(p.tradeState()) == TradeState.UNKNOWN;
        PaymentView observed = ledger.observed(merchant, paymentMethod, orderRef, status);
        if (createOutcomeWasUnknown && status.state() == TradeState.NOTPAY && observed.payMessage() == null) {
            // The company has the order but the broker never saw its answer: ask again for the payment
            // reference; the company's duplicate-order rule returns the same order.
            CreatePayment original = JSONB.fromJson(ledger.requestJson(merchant, paymentMethod, orderRef), CreatePayment.class);
            PaymentType type = PaymentType.valueOf(p.paymentType());
            try {
                CreatedOrder order = company.create(account, orderOf(original, type), recorder(id));
                Invocation invocation = type.isInvoked() ? company.invocation(account, type, order.payMessage(), null, null) : null;
                observed = ledger.created(merchant, paymentMethod, orderRef, order, invocation);
            } catch (CompanyException | FaultToleranceException stillUnknown) {
                LOG.log(Level.INFO, "Payment reference not yet recovered for {0}: {1}", new Object[] {orderRef, stillUnknown.getMessage()});
            }
        }
        LOG.fine(() -> "Payment queried: " + merchant + " " + paymentMethod + " " + orderRef + " " + status.state());
        return observed;
    }

    /**
     * Resolves a payment whose create has no known outcome, with no client involved (the scheduled
     * {@link Reconciliation}). A create left CREATING since before {@code creatingBefore} lost its
     * owner (the broker stopped while asking the company) and becomes UNKNOWN first. Then the company
     * is asked: if it has the order, the payment takes the company's state and payment reference; if
     * it has not, the stored create request is sent again, exactly as an identical create from the
     * merchant would send it. Throws like a query when the company cannot be reached; the payment
     * then stays UNKNOWN for the next run.
     */
    public PaymentView reconcile(String merchant, String paymentMethod, String orderRef, OffsetDateTime creatingBefore) {
        ledger.abandoned(merchant, paymentMethod, orderRef, creatingBefore, "the broker stopped before the company answered");
        PaymentView p = stored(merchant, paymentMethod, orderRef);
        if (!TradeState.UNKNOWN.name().equals(p.tradeState())) {
            return p; // resolved meanwhile, or a create (an identical one from the merchant) is in progress
        }
        p = query(merchant, paymentMethod, orderRef);
        if (TradeState.UNKNOWN.name().equals(p.tradeState()) && ledger.takeOver(merchant, paymentMethod, orderRef)) {
            CreatePayment original = JSONB.fromJson(ledger.requestJson(merchant, paymentMethod, orderRef), CreatePayment.class);
            PaymentType type = PaymentType.valueOf(p.paymentType());
            return sendCreate(companies.of(paymentMethod, FAILURE), accounts.account(merchant, paymentMethod), original, type, p.id());
        }
        return p;
    }

    /** Closes the order at the company; the company's rules decide (a paid order is not closed). */
    public PaymentView close(String merchant, String paymentMethod, String orderRef) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentView p = stored(merchant, paymentMethod, orderRef);
        PaymentCompany company = companies.of(paymentMethod, FAILURE);
        CompanyAccount account = accounts.account(merchant, paymentMethod);
        long id = p.id();
        try {
            company.close(account, orderRef, recorder(id));
        } catch (CompanyRefusal refusal) {
            throw new InvalidRequestException("order_ref", "the company refused to close " + orderRef + ": " + refusal.getMessage());
        } catch (RuntimeException failure) {
            throw new UpstreamFailureException(FAILURE, CompanyFailures.reason(ledger, id, "close", failure));
        }
        PaymentView closed = ledger.observed(merchant, paymentMethod, orderRef,
                new OrderStatus(TradeState.CLOSED, "closed by the merchant", null, p.tradeType(), null, null, null, null, null, null));
        LOG.info(() -> "Payment closed: " + merchant + " " + paymentMethod + " " + orderRef);
        return closed;
    }

    /** The client-side parameters for a created JSAPI, MINIPRO or APP payment of this merchant. */
    public Invocation invoke(String merchant, InvokePayment i) {
        PaymentType type = PaymentRules.checkInvoke(i);
        PaymentCompany company = companies.of(i.paymentMethod(), FAILURE);
        Set<PaymentType> supported = company.supportedTypes();
        if (!supported.contains(type)) {
            throw new InvalidRequestException("paymentType", i.paymentMethod() + " does not support paymentType " + type);
        }
        PaymentView p = ledger.findByPayMessage(merchant, i.paymentMethod(), i.payMessage())
                .orElseThrow(() -> new InvalidRequestException("payMessage", "no payment of this merchant has this payMessage"));
        if (!p.paymentType().equals(type.name())) {
            throw new InvalidRequestException("paymentType", "the payment's type is " + p.paymentType());
        }
        return company.invocation(accounts.account(merchant, i.paymentMethod()), type, i.payMessage(), i.timeStamp(), i.nonceStr());
    }

    private PaymentView stored(String merchant, String paymentMethod, String orderRef) {
        return ledger.find(merchant, paymentMethod, orderRef)
                .orElseThrow(() -> new UnknownResourceException("no payment " + orderRef + " of " + merchant + " at " + paymentMethod));
    }

    private static OrderRequest orderOf(CreatePayment c, PaymentType type) {
        return new OrderRequest(c.orderRef(), type, c.actualAmount(), c.currency(), c.description(), c.attach(),
                c.notifyUrl(), c.timeExpire(), c.goodsTag(), c.payerId(), c.clientIp(), c.successUrl(), c.cancelUrl());
    }

    private ExchangeRecorder recorder(long paymentId) {
        return CompanyFailures.recorder(ledger, paymentId);
    }
}
