package org.cbec.payment.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.payment.entity.Payment;

/**
 * Money not yet settled: a payment's money waits in {@code pending} until its company settles it
 * (its pay day + its account's settlement days, at 00:00 Beijing time), and then becomes
 * available. The scheduled work finds the payments due and settles each in a transaction of its
 * own, under the payment's row lock (the lock a refund of it takes to choose its bucket).
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PendingLedger {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** The payments settled by {@code now} whose money is still pending, the earliest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> due(OffsetDateTime now, int limit) {
        return em.createNamedQuery(Payment.SETTLED_BY, Long.class).setParameter("now", now).setMaxResults(limit).getResultList();
    }

    /** What is pending of the payment becomes available, if its day has come; whether it did. */
    public boolean settle(long paymentId, OffsetDateTime now) {
        Payment p = em.find(Payment.class, paymentId, LockModeType.PESSIMISTIC_WRITE);
        if (p == null || p.getSettlesAt() == null || p.getSettlesAt().isAfter(now)) {
            return false;
        }
        BalanceEntries.settled(em, p);
        return true;
    }
}
