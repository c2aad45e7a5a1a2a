package org.cbec.payout.control;

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
import java.util.logging.Logger;
import org.cbec.company.PayoutStatus;
import org.cbec.payout.BalanceView;
import org.cbec.payout.PayoutView;
import org.cbec.payout.RequestPayout;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.Payout;
import org.cbec.payment.entity.PayoutEvent;
import org.cbec.payment.entity.PayoutState;
import org.cbec.platform.persistence.Inserts;
import org.cbec.webhook.control.Outbox;
import org.cbec.payment.control.BalanceEntries;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.SentLedger;

/**
 * The payout records. As {@code RefundLedger}: every method commits on its own, so the payout (the
 * intent, its money already out of what is available) is stored before the company is asked, and
 * its outcome, with the exchanges that brought it and its balance entries and events, after. A new
 * payout is decided under the lock of the merchant's balance at the company, which refunds charged
 * to what is available take too: concurrent payouts and refunds take turns there, each seeing the
 * others' entries, so what is available never goes below zero.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PayoutLedger implements SentLedger<PayoutView, PayoutStatus> {

    private static final Logger LOG = Logger.getLogger(PayoutLedger.class.getName());

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** The payout a request asks for: stored now ({@code fresh}), or the one it repeats. */
    public record Opened(PayoutView payout, boolean fresh) {
    }

    /**
     * Stores a new payout in state UNKNOWN with its amount out of what is available, or finds the
     * one this request repeats; a refused request rolls back and leaves nothing.
     * {@code targetCurrency} is the registered account's, empty when there is none.
     */
    public Opened open(String merchant, RequestPayout r, Optional<String> targetCurrency, long minimum) {
        BalanceEntries.lock(em, merchant, r.paymentMethod());
        Optional<PayoutView> stored = byRef(merchant, r.payoutRef()).map(PayoutLedger::view);
        BalanceEntries.Balance balance = BalanceEntries.balance(em, merchant, r.paymentMethod());
        PayoutRules.Decision d = PayoutRules.decide(stored, r, targetCurrency.isPresent(), balance.available(), balance.pending(), minimum);
        if (d.repeated().isPresent()) {
            return new Opened(d.repeated().get(), false);
        }
        Payout p = new Payout(merchant, r.paymentMethod(), r.payoutRef(), r.amount(), d.amount(), targetCurrency.orElseThrow(),
                r.description(), r.notifyUrl(), now());
        Inserts.insert(em, p, "payout " + r.payoutRef());
        BalanceEntries.payoutAsked(em, merchant, r.paymentMethod(), p.getId(), p.getPayoutRef(), p.getAmount());
        return new Opened(view(p), true);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PayoutView> find(String merchant, String paymentMethod, String payoutRef) {
        return byRef(merchant, payoutRef).filter(p -> p.getPaymentMethod().equals(paymentMethod)).map(PayoutLedger::view);
    }

    /** The merchant's payout with this reference, at either company. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<PayoutView> find(String merchant, String payoutRef) {
        return byRef(merchant, payoutRef).map(PayoutLedger::view);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public PayoutView get(long id) {
        return view(em.find(Payout.class, id));
    }

    /** The balance and one page of the payouts, newest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public BalanceView payouts(String merchant, String paymentMethod, int offset, int limit) {
        BalanceEntries.Balance b = BalanceEntries.balance(em, merchant, paymentMethod);
        List<PayoutView> page = em.createNamedQuery(Payout.OF_MERCHANT, Payout.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).setFirstResult(offset).setMaxResults(limit).getResultStream()
                .map(PayoutLedger::view).toList();
        long total = em.createNamedQuery(Payout.COUNT_OF_MERCHANT, Long.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).getSingleResult();
        return new BalanceView(merchant, paymentMethod, b.available(), b.held(), b.inTransit(), b.paidOut(), b.pending(), page, List.of(), total);
    }

    /** The balance and one page of the ledger's entries, newest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public BalanceView entries(String merchant, String paymentMethod, int offset, int limit) {
        BalanceEntries.Balance b = BalanceEntries.balance(em, merchant, paymentMethod);
        List<BalanceView.Entry> page = em.createNamedQuery(BalanceEntry.OF_MERCHANT, BalanceEntry.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).setFirstResult(offset).setMaxResults(limit).getResultStream()
                .map(e -> new BalanceView.Entry(e.getId(), e.getCreatedAt(), e.getKind().name(), e.getOrderRef(), e.getReference(),
                        e.getFromBucket().name(), e.getToBucket().name(), e.getAmount())).toList();
        return new BalanceView(merchant, paymentMethod, b.available(), b.held(), b.inTransit(), b.paidOut(), b.pending(), List.of(), page,
                BalanceEntries.entries(em, merchant, paymentMethod));
    }

    /**
     * The company's view of the payout, with the exchanges that brought it: PAID moves its amount
     * to what was paid out, FAILED gives it all back to what is available, each once.
     */
    @Override
    public PayoutView observed(long id, PayoutStatus s, List<Exchanges.Entry> events) {
        Payout p = em.find(Payout.class, id, LockModeType.PESSIMISTIC_WRITE);
        PayoutView was = view(p);
        Optional<Set<PayoutState.Effect>> moved = p.observed(s.state().name(), s.payoutId(), s.fee(), s.rate(), s.rateDate(),
                s.targetAmount(), s.failReason(), s.acceptedAt(), s.paidAt(), now());
        if (moved.isPresent()) {
            PayoutRules.disagreement(was, s).ifPresent(why -> LOG.warning(() -> "Payout figures of " + p.getPaymentMethod()
                    + " do not add up: " + p.getMerchant() + " " + p.getPayoutRef() + ": " + why));
        } else {
            LOG.fine(() -> "Company report " + s.state() + " not applied to payout " + p.getPayoutRef() + " in state " + was.state());
        }
        PaymentLedger.persistPayoutEvents(em, id, events);
        return applied(p, moved.orElse(Set.of()));
    }

    /** The company refused it: nothing was paid out, and its amount is available again. */
    @Override
    public PayoutView refused(long id, String reason, List<Exchanges.Entry> events) {
        Payout p = em.find(Payout.class, id, LockModeType.PESSIMISTIC_WRITE);
        Set<PayoutState.Effect> effects = p.getState().allows(PayoutEvent.REFUSED) ? p.refused(reason, now()) : Set.of();
        PaymentLedger.persistPayoutEvents(em, id, events);
        return applied(p, effects);
    }

    /** Exchanges that changed nothing but are kept (they went wrong). */
    @Override
    public void events(long id, List<Exchanges.Entry> events) {
        PaymentLedger.persistPayoutEvents(em, id, events);
    }

    /** The view after a move, with the effects of the state it entered ({@link PayoutState.Effect}) made in the same transaction. */
    private PayoutView applied(Payout p, Set<PayoutState.Effect> effects) {
        PayoutView after = view(p);
        for (PayoutState.Effect effect : effects) {
            switch (effect) {
                case BOOK_PAID -> BalanceEntries.payoutPaid(em, p.getMerchant(), p.getPaymentMethod(), p.getId(), p.getPayoutRef(), p.getAmount());
                case BOOK_BACK -> BalanceEntries.payoutBack(em, p.getMerchant(), p.getPaymentMethod(), p.getId(), p.getPayoutRef(), p.getAmount());
                case ANNOUNCE -> Outbox.addForPayout(em, p.getMerchant(), p.getId(), PayoutEventData.payoutType(p.getState()),
                        PayoutEventData.payout(after), p.getNotifyUrl(), now());
            }
        }
        return after;
    }

    private Optional<Payout> byRef(String merchant, String payoutRef) {
        return em.createNamedQuery(Payout.BY_REF, Payout.class).setParameter("merchant", merchant).setParameter("ref", payoutRef)
                .getResultStream().findFirst();
    }

    static PayoutView view(Payout p) {
        return new PayoutView(p.getId(), p.getMerchant(), p.getPaymentMethod(), p.getPayoutRef(), p.getRequestedAmount(), p.getAmount(),
                p.getCurrency(), p.getTargetCurrency(), p.getDescription(), p.getNotifyUrl(), p.getState(), p.getStateDesc(),
                p.getCompanyPayoutId(), p.getFee(), p.getRate(), p.getRateDate(), p.getTargetAmount(), p.getFailReason(), p.getCreatedAt(),
                p.getAcceptedAt(), p.getPaidAt(), p.getUpdatedAt());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
