package org.cbec.refund.control;

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
import org.cbec.company.RefundStatus;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.RefundEvent;
import org.cbec.payment.entity.RefundState;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.webhook.control.Outbox;
import org.cbec.refund.CreateRefund;
import org.cbec.refund.RefundView;
import org.cbec.payment.control.BalanceEntries;
import org.cbec.payment.control.EventData;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.SentLedger;
import org.cbec.settlement.control.SettlementLedger;
import org.cbec.payment.control.HeldRefunds;

/**
 * The refund records. As {@link PaymentLedger}: every method commits on its own, so the refund (the
 * intent) is stored before the company is asked and its outcome, with the exchanges that brought
 * it, after. A new refund is decided under the payment's row lock: concurrent refunds of one
 * payment take turns there, each seeing the others, so their sum never passes what was paid.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class RefundLedger implements SentLedger<RefundView, RefundStatus> {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(RefundLedger.class.getName());

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @jakarta.ejb.EJB
    SettlementLedger settlements;

    /** The refund a request asks for: stored now ({@code fresh}), or the one it repeats. */
    public record Opened(RefundView refund, boolean fresh) {
    }

    /**
     * Stores a new refund in state UNKNOWN (the company's word not in yet), or finds the one this request repeats; a refused
     * request (a rule of {@link RefundRules}) rolls back and leaves nothing.
     */
    public Opened open(long paymentId, CreateRefund c) {
        Payment unlocked = em.find(Payment.class, paymentId);
        boolean counted = BalanceEntries.CNY.equals(unlocked.getCurrency());
        if (counted) {
            // The merchant's balance first (payouts take it too), then the payment: always in this order.
            BalanceEntries.lock(em, unlocked.getMerchant(), unlocked.getPaymentMethod());
        }
        Payment p = em.find(Payment.class, paymentId, LockModeType.PESSIMISTIC_WRITE);
        List<Refund> refunds = ofPayment(paymentId);
        Optional<Refund> elsewhere = byRef(p.getMerchant(), c.refundRef()).filter(r -> r.getPaymentId() != paymentId);
        if (elsewhere.isPresent()) {
            throw new InvalidRequestException("refundRef", "refundRef " + c.refundRef() + " is already a refund of another payment");
        }
        long split = p.isHeldForSettlement() ? settlements.splitTotal(paymentId) : 0;
        RefundRules.Decision d = RefundRules.decide(paid(p), refunds.stream().map(RefundLedger::held).toList(), split, c.refundRef(),
                c.amount(), c.currency());
        if (d.repeated().isPresent()) {
            Refund same = refunds.stream().filter(r -> r.getRefundRef().equals(c.refundRef())).findFirst().orElseThrow();
            return new Opened(view(p, same), false);
        }
        BalanceEntry.Bucket bucket = counted ? BalanceEntries.refundBucket(em, p) : null;
        long fee = BalanceEntries.refundFee(p, c.amount());
        if (bucket == BalanceEntry.Bucket.AVAILABLE) {
            // What the company takes: the refund less its share of the fee, which it gives back.
            long available = BalanceEntries.balance(em, p.getMerchant(), p.getPaymentMethod()).available();
            RefundRules.checkAvailable(c.amount(), fee, available, p.getPaymentMethod());
        }
        Refund r = new Refund(paymentId, p.getMerchant(), d.seq(), c.refundRef(), RefundRules.companyRefundNo(p.getOrderRef(), d.seq()),
                c.amount(), p.getCurrency(), c.reason(), c.notifyUrl(), now());
        r.bookFee(fee);
        org.cbec.platform.persistence.Inserts.insert(em, r, "refund " + c.refundRef());
        BalanceEntries.refundAsked(em, p, r, bucket);
        return new Opened(view(p, r), true);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<RefundView> find(long paymentId, String refundRef) {
        Payment p = em.find(Payment.class, paymentId);
        return ofPayment(paymentId).stream().filter(r -> r.getRefundRef().equals(refundRef)).findFirst().map(r -> view(p, r));
    }

    /** The payment's refund the company knows by this number. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<RefundView> byCompanyNo(long paymentId, String companyRefundNo) {
        Payment p = em.find(Payment.class, paymentId);
        return ofPayment(paymentId).stream().filter(r -> r.getCompanyRefundNo().equals(companyRefundNo)).findFirst().map(r -> view(p, r));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public RefundView get(long refundId) {
        Refund r = em.find(Refund.class, refundId);
        return view(em.find(Payment.class, r.getPaymentId()), r);
    }

    /** The payment's refunds in the order they were asked for. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<RefundView> of(long paymentId) {
        Payment p = em.find(Payment.class, paymentId);
        return ofPayment(paymentId).stream().map(r -> view(p, r)).toList();
    }

    /** The payment's refunds as the rules see them (QueryPayment's REFUND, customs). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<HeldRefunds.Held> held(long paymentId) {
        return ofPayment(paymentId).stream().map(RefundLedger::held).toList();
    }

    /** The company's view of the refund, with the exchanges that brought it. */
    @Override
    public RefundView observed(long id, RefundStatus s, List<Exchanges.Entry> events) {
        Refund r = lockedAfterItsPayment(id);
        RefundState before = r.getState();
        Set<RefundState.Effect> effects = Set.of();
        if (s.state() != RefundState.UNKNOWN && !before.allows(RefundEvent.reported(s.state()))) {
            // A late answer (a callback finished it first) or a contradicting one: a final state is never left.
            LOG.fine(() -> "Company report " + s.state() + " not applied to refund " + r.getRefundRef() + " in state " + before);
        } else if (s.state() != RefundState.UNKNOWN) {
            effects = r.observed(s.state(), s.stateDesc(), s.refundId(), s.payerTotal(), s.payerRefund(), s.payerCurrency(),
                    s.settlementTotal(), s.settlementAmount(), s.successTime(), now());
        }
        PaymentLedger.persistEvents(em, r.getPaymentId(), events);
        return applied(r, effects);
    }

    /** The company refused the refund: no money moved, it is CLOSED and no longer counts. */
    @Override
    public RefundView refused(long id, String reason, List<Exchanges.Entry> events) {
        Refund r = lockedAfterItsPayment(id);
        Set<RefundState.Effect> effects = r.getState().allows(RefundEvent.REFUSED) ? r.refused(reason, now()) : Set.of();
        PaymentLedger.persistEvents(em, r.getPaymentId(), events);
        return applied(r, effects);
    }

    /**
     * The refund, its payment's row locked first and then its own (the order of every writer of a
     * payment's money: docs/decisions.md), so that the bucket its money comes back to (HELD, or
     * AVAILABLE once the payment was released) is chosen while no release of it can finish.
     */
    private Refund lockedAfterItsPayment(long id) {
        Refund r = em.find(Refund.class, id);
        em.find(Payment.class, r.getPaymentId(), LockModeType.PESSIMISTIC_WRITE);
        em.refresh(r, LockModeType.PESSIMISTIC_WRITE);
        return r;
    }

    /**
     * The refund's view after a move, with the effects of the state it entered ({@link RefundState.Effect})
     * made in the same transaction: its money back to the payment, the merchant's events (the
     * refund's own: refund.succeeded, .closed, .abnormal; payment.refunded when money went back).
     */
    private RefundView applied(Refund r, Set<RefundState.Effect> effects) {
        Payment p = em.find(Payment.class, r.getPaymentId());
        RefundView view = view(p, r);
        String paymentTarget = EventData.notifyUrl(p.getRequestJson());
        for (RefundState.Effect effect : effects) {
            switch (effect) {
                case BOOK_BACK -> BalanceEntries.refundClosed(em, p, r);
                case ANNOUNCE -> Outbox.add(em, p.getMerchant(), p.getId(), r.getId(), RefundEventData.refundType(r.getState()),
                        RefundEventData.refund(view), r.getNotifyUrl() != null ? r.getNotifyUrl() : paymentTarget, now());
                case ANNOUNCE_PAYMENT -> Outbox.add(em, p.getMerchant(), p.getId(), null, "payment.refunded", EventData.payment(
                        HeldRefunds.shownWith(PaymentLedger.view(p), ofPayment(p.getId()).stream().map(RefundLedger::held).toList())),
                        paymentTarget, now());
            }
        }
        return view;
    }

    /** Exchanges that changed nothing but are kept (they went wrong). */
    @Override
    public void events(long id, List<Exchanges.Entry> events) {
        PaymentLedger.persistEvents(em, em.find(Refund.class, id).getPaymentId(), events);
    }

    private List<Refund> ofPayment(long paymentId) {
        return em.createNamedQuery(Refund.BY_PAYMENT, Refund.class).setParameter("paymentId", paymentId).getResultList();
    }

    private Optional<Refund> byRef(String merchant, String refundRef) {
        return em.createNamedQuery(Refund.BY_REF, Refund.class).setParameter("merchant", merchant).setParameter("refundRef", refundRef)
                .getResultStream().findFirst();
    }

    static HeldRefunds.Paid paid(Payment p) {
        return new HeldRefunds.Paid(p.getOrderRef(), p.getTradeState(), p.getActualAmount(), p.getCurrency());
    }

    private static HeldRefunds.Held held(Refund r) {
        return HeldRefunds.of(r);
    }

    private static RefundView view(Payment p, Refund r) {
        return new RefundView(r.getId(), r.getPaymentId(), r.getMerchant(), p.getPaymentMethod(), p.getOrderRef(), r.getRefundRef(),
                r.getCompanyRefundNo(), r.getRefundId(), r.getState(), r.getStateDesc(), r.getAmount(), r.getCurrency(),
                p.getActualAmount(), r.getPayerTotal(), r.getPayerRefund(), r.getPayerCurrency(), r.getSettlementTotal(),
                r.getSettlementAmount(), r.getReason(), r.getNotifyUrl(), r.getCreatedAt(), r.getSuccessAt(), r.getUpdatedAt());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
