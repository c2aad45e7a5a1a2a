package org.cbec.payment.boundary;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.cbec.payment.company.CreatedOrder;
import org.cbec.payment.company.Exchange;
import org.cbec.payment.company.ExchangeRecorder;
import org.cbec.payment.company.Invocation;
import org.cbec.payment.company.OrderStatus;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.PaymentEvent;
import org.cbec.payment.entity.TradeState;

/**
 * The payment records. Every method commits on its own, so what is written before and after a
 * company call survives whatever happens in between: the payment row exists before the company is
 * asked, and each exchange is stored as it ends.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PaymentLedger {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** Inserts the payment in state CREATING; a concurrent duplicate fails on the unique constraint. */
    public PaymentView open(String merchant, CreatePayment c, String requestJson) {
        Payment payment = new Payment(merchant, c.paymentMethod(), c.orderRef(), c.paymentType(), c.currency(),
                c.actualAmount(), c.total(), requestJson, now());
        em.persist(payment);
        em.flush();
        return view(payment);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> find(String merchant, String paymentMethod, String orderRef) {
        return byOrder(merchant, paymentMethod, orderRef).map(PaymentLedger::view);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PaymentView> findByPayMessage(String merchant, String paymentMethod, String payMessage) {
        return em.createQuery("SELECT p FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
                        + " AND p.payMessage = :payMessage", Payment.class)
                .setParameter("merchant", merchant).setParameter("method", paymentMethod).setParameter("payMessage", payMessage)
                .getResultStream().findFirst().map(PaymentLedger::view);
    }

    /** Takes over a create whose outcome is unknown, if nobody else took it first. */
    public boolean takeOver(String merchant, String paymentMethod, String orderRef) {
        Payment p = byOrder(merchant, paymentMethod, orderRef).orElseThrow();
        em.lock(p, LockModeType.PESSIMISTIC_WRITE);
        em.refresh(p);
        if (p.getTradeState() != TradeState.UNKNOWN) {
            return false;
        }
        p.retryCreate(now());
        return true;
    }

    /**
     * Payments whose outcome nobody is resolving: UNKNOWN since before {@code unknownBefore}, and
     * CREATING since before {@code creatingBefore} (the broker stopped while the company was asked),
     * oldest first.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<PaymentView> unresolved(OffsetDateTime unknownBefore, OffsetDateTime creatingBefore, int limit) {
        List<PaymentView> found = new ArrayList<>();
        for (Object[] stateAndBefore : new Object[][] {{TradeState.CREATING, creatingBefore}, {TradeState.UNKNOWN, unknownBefore}}) {
            em.createNamedQuery(Payment.OPEN_SINCE, Payment.class)
                    .setParameter("states", List.of(stateAndBefore[0])).setParameter("before", stateAndBefore[1])
                    .setMaxResults(limit - found.size()).getResultStream().map(PaymentLedger::view).forEach(found::add);
        }
        return found;
    }

    /**
     * A create left CREATING since before {@code before}: its owner is gone (the broker stopped while
     * the company was asked), so its outcome is now UNKNOWN. False if it moved on meanwhile.
     */
    public boolean abandoned(String merchant, String paymentMethod, String orderRef, OffsetDateTime before, String reason) {
        Payment p = byOrder(merchant, paymentMethod, orderRef).orElseThrow();
        em.lock(p, LockModeType.PESSIMISTIC_WRITE);
        em.refresh(p);
        if (p.getTradeState() != TradeState.CREATING || !p.getUpdatedAt().isBefore(before)) {
            return false;
        }
        p.outcomeUnknown(reason, now());
        return true;
    }

    public PaymentView created(String merchant, String paymentMethod, String orderRef, CreatedOrder order, Invocation invocation) {
        Payment p = byOrder(merchant, paymentMethod, orderRef).orElseThrow();
        p.created(order.tradeType(), order.payMessage(), invocation == null ? null : invocation.payInvokeMessage(),
                invocation == null ? null : invocation.timeStamp(), invocation == null ? null : invocation.nonceStr(), now());
        return view(p);
    }

    public void unknown(String merchant, String paymentMethod, String orderRef, String reason) {
        byOrder(merchant, paymentMethod, orderRef).orElseThrow().outcomeUnknown(reason, now());
    }

    public void refused(String merchant, String paymentMethod, String orderRef, String reason) {
        byOrder(merchant, paymentMethod, orderRef).orElseThrow().refused(reason, now());
    }

    public PaymentView observed(String merchant, String paymentMethod, String orderRef, OrderStatus s) {
        Payment p = byOrder(merchant, paymentMethod, orderRef).orElseThrow();
        if (s.state() != TradeState.UNKNOWN) {
            p.observed(s.state(), s.stateDesc(), s.transactionId(), s.bankType(), s.payerTotal(), s.payerCurrency(),
                    s.paidAt(), now());
        }
        return view(p);
    }

    public void event(long paymentId, Exchange e, ExchangeRecorder.Outcome outcome) {
        em.persist(new PaymentEvent(paymentId, e.operation(), PaymentEvent.Outcome.valueOf(outcome.name()), e.httpStatus(),
                e.durationMs(), e.request(), e.response(), e.error(), now()));
    }

    /** A call the broker did not send: Fault Tolerance refused it (open circuit, full bulkhead). */
    public void notSent(long paymentId, String operation, String reason) {
        em.persist(new PaymentEvent(paymentId, operation, PaymentEvent.Outcome.NOT_SENT, null, 0, null, null, reason, now()));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public String requestJson(String merchant, String paymentMethod, String orderRef) {
        return byOrder(merchant, paymentMethod, orderRef).orElseThrow().getRequestJson();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long idOf(String merchant, String paymentMethod, String orderRef) {
        return byOrder(merchant, paymentMethod, orderRef).orElseThrow().getId();
    }

    private Optional<Payment> byOrder(String merchant, String paymentMethod, String orderRef) {
        return em.createNamedQuery(Payment.BY_ORDER, Payment.class)
                .setParameter("merchant", merchant).setParameter("paymentMethod", paymentMethod).setParameter("orderRef", orderRef)
                .getResultStream().findFirst();
    }

    static PaymentView view(Payment p) {
        return new PaymentView(p.getMerchant(), p.getPaymentMethod(), p.getOrderRef(), p.getPaymentType(), p.getCurrency(),
                p.getActualAmount(), p.getTotal(), p.getTradeState().name(), p.getTradeStateDesc(), p.getTradeType(),
                p.getPayMessage(), p.getPayInvokeMessage(), p.getTimeStamp(), p.getNonceStr(), p.getTransactionId(),
                p.getBankType(), p.getPayerTotal(), p.getPayerCurrency(), p.getPaidAt(), p.getId());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
