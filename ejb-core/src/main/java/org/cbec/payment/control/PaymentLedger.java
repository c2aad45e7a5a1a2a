package org.cbec.payment.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.cbec.company.CreatedOrder;
import org.cbec.company.Invocation;
import org.cbec.company.OrderStatus;
import org.cbec.company.PaymentType;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.PaymentEvent;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.TradeEvent;
import org.cbec.payment.entity.TradeState;
import org.cbec.webhook.control.Outbox;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.PaymentView;

/**
 * The payment records. Every method commits on its own, so what is written before and after a
 * company call survives whatever happens in between: the payment row (the intent) exists before
 * the company is asked, and the call's outcome is stored with its exchanges in one transaction
 * after it. Outcomes are written by the payment's id.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PaymentLedger implements SentLedger<PaymentView, CreateReport> {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(PaymentLedger.class.getName());

    /** EclipseLink's query hint for objects that are only read (eclipselink.read-only). */
    static final String READ_ONLY = "eclipselink.read-only";
    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** How long after its creation an unpaid payment is first asked about (then at doubling intervals). */
    @jakarta.inject.Inject
    @org.eclipse.microprofile.config.inject.ConfigProperty(name = "reconciliation.first-poll-ms", defaultValue = "60000")
    long firstPollMs;

    /**
     * Inserts the payment in state UNKNOWN (the company's word not in yet). An identical create sent at the same moment (a
     * double click) meets the unique constraint: {@link org.cbec.platform.error.AlreadyStoredException},
     * and the caller then finds the stored one.
     */
    public PaymentView open(String merchant, CreatePayment c, String requestJson) {
        Payment payment = new Payment(merchant, c.paymentMethod(), c.orderRef(), c.paymentType(), c.currency(),
                c.actualAmount(), c.total(), PaymentRules.heldForSettlement(c.currency(), c.profitSharing()), requestJson, now());
        org.cbec.platform.persistence.Inserts.insert(em, payment, "payment " + c.orderRef());
        return view(payment);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> find(String merchant, String paymentMethod, String orderRef) {
        return byOrder(merchant, paymentMethod, orderRef).map(PaymentLedger::view);
    }

    /** The payment's refunds as the rules see them (QueryPayment's REFUND). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<HeldRefunds.Held> heldRefunds(long paymentId) {
        return em.createNamedQuery(Refund.BY_PAYMENT, Refund.class).setParameter("paymentId", paymentId).getResultStream()
                .map(HeldRefunds::of).toList();
    }

    @Override
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public PaymentView get(long id) {
        return view(em.find(Payment.class, id));
    }

    /**
     * The merchant's payments with this orderRef at these companies, in their order (at most one
     * each). One lookup per company, each an equality on the whole unique index (merchant,
     * payment_method, order_ref): a query on (merchant, order_ref) alone read every payment of the
     * merchant (PostgreSQL 15: a sequential scan of the table, even with {@code payment_method IN (…)}),
     * and a second index would cost every create.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<PaymentView> matching(String merchant, List<String> paymentMethods, String orderRef) {
        return paymentMethods.stream().map(m -> byOrder(merchant, m, orderRef)).flatMap(Optional::stream).map(PaymentLedger::view).toList();
    }

    /**
     * The merchant's one payment with this order reference at these companies: the lookup of every
     * operation that names a payment by its reference (payments, refunds, customs). Empty when there
     * is none; 422 naming {@code methodField} when the merchant has the reference at several of them
     * ({@link PaymentRules#onePayment}). What "none" answers is the operation's to say.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> byReference(String merchant, List<String> paymentMethods, String methodField, String orderRef) {
        return PaymentRules.onePayment(matching(merchant, paymentMethods, orderRef), methodField, orderRef);
    }

    /** The merchant's payment at the company whose transaction the company numbered so; empty when none. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> byTransaction(String merchant, String paymentMethod, String transactionId) {
        return em.createQuery("SELECT p FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
                        + " AND p.transactionId = :transactionId", Payment.class)
                .setParameter("merchant", merchant).setParameter("method", paymentMethod).setParameter("transactionId", transactionId)
                .getResultStream().findFirst().map(PaymentLedger::view);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> findByPayMessage(String merchant, String paymentMethod, String payMessage) {
        return em.createQuery("SELECT p FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
                        + " AND p.payMessage = :payMessage", Payment.class)
                .setParameter("merchant", merchant).setParameter("method", paymentMethod).setParameter("payMessage", payMessage)
                .setHint(READ_ONLY, "true").getResultStream().findFirst().map(PaymentLedger::view);
    }

    /** Unpaid payments whose poll is due, the longest waiting first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<PaymentView> pollDue(OffsetDateTime now, int limit) {
        return em.createNamedQuery(Payment.POLL_DUE, Payment.class).setParameter("now", now)
                .setParameter("states", List.of(TradeState.NOTPAY, TradeState.USERPAYING)).setMaxResults(limit)
                .setHint(READ_ONLY, "true").getResultStream().map(PaymentLedger::view).toList();
    }

    /**
     * After a poll: the next one ({@link PollSchedule}), or none once the payment is a day old or no
     * longer open.
     */
    public void polled(long id) {
        Payment p = em.find(Payment.class, id);
        p.pollAt(PollSchedule.next(p.getCreatedAt(), now(), java.time.Duration.ofMillis(firstPollMs), p.getTradeState().isOpen()).orElse(null));
    }

    /**
     * What the company said of the create, with the exchanges that brought it: its answer (the
     * payment reference), its view of the order, or both, in one transaction.
     */
    @Override
    public PaymentView observed(long id, CreateReport report, List<Exchanges.Entry> events) {
        // Locked (as a report alone is) when it carries the company's view: both are applied to the
        // one row read here, never to a copy read again over the other.
        Payment p = report.status() == null ? em.find(Payment.class, id) : em.find(Payment.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (report.order() != null) {
            created(p, report.order(), report.invocation());
        }
        PaymentView after = report.status() == null ? view(p) : observed(p, report.status());
        events(id, events);
        return after;
    }

    /** The company created the order: its reference. */
    private void created(Payment p, CreatedOrder order, Invocation invocation) {
        if (!p.getTradeState().allows(TradeEvent.ANSWERED)) {
            // Refused meanwhile by an identical create's own answer: the company's contradiction is in the events.
            LOG.warning(() -> "Create answer for a payment in state " + p.getTradeState() + " not applied: " + p.getOrderRef());
            return;
        }
        if (p.getNextPollAt() == null) {
            // Unpaid from now: the reconciliation asks about it after a while, should its callback be lost.
            p.pollAt(now().plusNanos(firstPollMs * 1_000_000));
        }
        p.created(order.tradeType(), order.payMessage(), invocation == null ? null : invocation.payInvokeMessage(),
                invocation == null ? null : invocation.timeStamp(), invocation == null ? null : invocation.nonceStr(), now());
    }

    /** The company refused the create; a payment resolved meanwhile stays as it is (the refusal is among its events). */
    @Override
    public PaymentView refused(long id, String reason, List<Exchanges.Entry> events) {
        Payment p = em.find(Payment.class, id);
        if (p.getTradeState().allows(TradeEvent.REFUSED)) {
            p.refused(reason, now());
        }
        events(id, events);
        return view(p);
    }

    /** The company's view of the order, with the exchanges that brought it. */
    public PaymentView observed(long id, OrderStatus s, List<Exchanges.Entry> events) {
        // Locked: two nodes (or a query and a callback) seeing the same change take turns, and the
        // second finds it made, so it makes no second event and no version conflict.
        PaymentView after = observed(em.find(Payment.class, id, LockModeType.PESSIMISTIC_WRITE), s);
        events(id, events);
        return after;
    }

    /**
     * The company's view applied to the locked row, with the effects of the state it entered
     * ({@link TradeState.Effect}: its balance entry, the merchant's event) made in this transaction.
     */
    private PaymentView observed(Payment p, OrderStatus s) {
        TradeState before = p.getTradeState();
        Set<TradeState.Effect> effects = Set.of();
        if (s.state() != TradeState.UNKNOWN && !before.allows(TradeEvent.reported(s.state()))) {
            // A late or contradicting report (a paid order reported unpaid): the record stays, the exchange is kept.
            LOG.warning(() -> "Company report " + s.state() + " not applied to payment " + p.getMerchant() + " " + p.getPaymentMethod()
                    + " " + p.getOrderRef() + " in state " + before);
        } else if (s.state() != TradeState.UNKNOWN) {
            effects = p.observed(s.state(), s.stateDesc(), s.transactionId(), s.bankType(), s.payerTotal(), s.payerCurrency(),
                    s.paidAt(), now());
        }
        PaymentView after = view(p);
        for (TradeState.Effect effect : effects) {
            switch (effect) {
                case BOOK_PAID -> BalanceEntries.paid(em, p);
                case ANNOUNCE -> Outbox.add(em, p.getMerchant(), p.getId(), null, EventData.paymentType(p.getTradeState()),
                        EventData.payment(after), EventData.notifyUrl(p.getRequestJson()), now());
            }
        }
        return after;
    }

    /**
     * Stores exchanges as events of the payment: with an outcome, in the outcome's transaction;
     * alone, those that changed nothing but are kept (they went wrong, or the customs exchanges).
     */
    @Override
    public void events(long paymentId, List<Exchanges.Entry> events) {
        persistEvents(em, paymentId, events);
    }

    /** Adds a payout's exchanges to the caller's transaction. */
    public static void persistPayoutEvents(EntityManager em, long payoutId, List<Exchanges.Entry> events) {
        OffsetDateTime at = now();
        for (Exchanges.Entry e : events) {
            em.persist(PaymentEvent.ofPayout(payoutId, e.operation(), e.outcome(), e.httpStatus(), e.durationMs(), e.request(),
                    e.response(), e.error(), at));
        }
    }

    /** Adds the exchanges to the caller's transaction (the refunds' outcomes are stored with theirs too). */
    public static void persistEvents(EntityManager em, long paymentId, List<Exchanges.Entry> events) {
        OffsetDateTime at = now();
        for (Exchanges.Entry e : events) {
            em.persist(new PaymentEvent(paymentId, e.operation(), e.outcome(), e.httpStatus(), e.durationMs(), e.request(),
                    e.response(), e.error(), at));
        }
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public String requestJson(long id) {
        return em.find(Payment.class, id).getRequestJson();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long idOf(String merchant, String paymentMethod, String orderRef) {
        return byOrder(merchant, paymentMethod, orderRef).orElseThrow().getId();
    }

    /** Read to be viewed, never changed: EclipseLink neither copies it into the persistence context nor watches it. */
    private Optional<Payment> byOrder(String merchant, String paymentMethod, String orderRef) {
        return em.createNamedQuery(Payment.BY_ORDER, Payment.class)
                .setParameter("merchant", merchant).setParameter("paymentMethod", paymentMethod).setParameter("orderRef", orderRef)
                .setHint(READ_ONLY, "true").getResultStream().findFirst();
    }

    public static PaymentView view(Payment p) {
        return new PaymentView(p.getMerchant(), p.getPaymentMethod(), p.getOrderRef(), PaymentType.valueOf(p.getPaymentType()),
                p.getCurrency(), p.getActualAmount(), p.getTotal(), p.getTradeState(), false, p.getTradeStateDesc(), p.getTradeType(),
                p.getPayMessage(), p.getPayInvokeMessage(), p.getTimeStamp(), p.getNonceStr(), p.getTransactionId(),
                p.getBankType(), p.getPayerTotal(), p.getPayerCurrency(), p.getPaidAt(), p.isHeldForSettlement(), p.getId());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
