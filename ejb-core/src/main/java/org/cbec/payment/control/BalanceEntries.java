package org.cbec.payment.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.BalanceEntry.Bucket;
import org.cbec.payment.entity.BalanceEntry.Kind;
import org.cbec.payment.entity.CompanyCredential;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SplitPart;

/**
 * The merchant's CNY balance at a company, written as movements ({@link BalanceEntry}) in the
 * caller's transaction, the one of the change that causes each: the ledgers of payments, refunds,
 * splits and releases call it as they store a change. Only CNY payments count (a payment priced in
 * another currency is settled by its company in that currency on its own cycle).
 *
 * <p>A refund is charged where its payment's money is: HELD while the payment is held and not yet
 * released, AVAILABLE otherwise. A release moves what the payment still holds then; anything that
 * comes back to a released payment afterwards (a refund or a split part CLOSED) goes to AVAILABLE.
 */
public final class BalanceEntries {

    public static final String CNY = "CNY";

    private BalanceEntries() {
    }

    /** A balance: each bucket's entries in less its entries out, in CNY fen. */
    public record Balance(long available, long held, long inTransit, long paidOut) {
    }

    /**
     * Locks the merchant's balance at the company (its account row there) for the rest of the
     * transaction: payouts, and refunds charged to AVAILABLE, are decided one at a time under it.
     * Taken before any payment row.
     */
    public static void lock(EntityManager em, String merchant, String paymentMethod) {
        em.createNamedQuery(CompanyCredential.BY_MERCHANT_AND_METHOD, CompanyCredential.class).setParameter("merchant", merchant)
                .setParameter("paymentMethod", paymentMethod).setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream()
                .findFirst();
    }

    public static Balance balance(EntityManager em, String merchant, String paymentMethod) {
        Map<Bucket, Long> sums = new EnumMap<>(Bucket.class);
        for (Bucket b : Bucket.values()) {
            sums.put(b, 0L);
        }
        add(sums, em.createNamedQuery(BalanceEntry.INTO, Object[].class), merchant, paymentMethod, 1);
        add(sums, em.createNamedQuery(BalanceEntry.OUT_OF, Object[].class), merchant, paymentMethod, -1);
        return new Balance(sums.get(Bucket.AVAILABLE), sums.get(Bucket.HELD), sums.get(Bucket.IN_TRANSIT), sums.get(Bucket.PAID_OUT));
    }

    private static void add(Map<Bucket, Long> sums, jakarta.persistence.TypedQuery<Object[]> q, String merchant, String method, int sign) {
        for (Object[] row : q.setParameter("merchant", merchant).setParameter("method", method).getResultList()) {
            sums.merge((Bucket) row[0], sign * ((Number) row[1]).longValue(), Long::sum);
        }
    }

    /** The payment became SUCCESS: its money is the merchant's, held or available. */
    public static void paid(EntityManager em, Payment p) {
        if (counts(p)) {
            write(em, p, Kind.PAYMENT, Bucket.OUTSIDE, p.isHeldForSettlement() ? Bucket.HELD : Bucket.AVAILABLE, p.getActualAmount(), null,
                    null);
        }
    }

    /** Where a refund of the payment asked for now is charged (its payment's row locked by the caller). */
    public static Bucket refundBucket(EntityManager em, Payment p) {
        return p.isHeldForSettlement() && !released(em, p.getId()) ? Bucket.HELD : Bucket.AVAILABLE;
    }

    /**
     * A refund was asked for, charged to {@code bucket} ({@link #refundBucket}, decided under the
     * payment's lock): its amount leaves the balance now, and comes back only if it ends CLOSED.
     */
    public static void refundAsked(EntityManager em, Payment p, Refund r, Bucket bucket) {
        if (counts(p)) {
            write(em, p, Kind.REFUND, bucket, Bucket.OUTSIDE, r.getAmount(), r.getId(), r.getRefundRef());
        }
    }

    /** The refund ended CLOSED: its amount comes back where it was taken from (AVAILABLE if the payment was released since). */
    public static void refundClosed(EntityManager em, Payment p, Refund r) {
        if (!counts(p)) {
            return;
        }
        List<BalanceEntry> taken = ofSource(em, Kind.REFUND, r.getId());
        if (taken.isEmpty() || !ofSource(em, Kind.REFUND_BACK, r.getId()).isEmpty()) {
            return;
        }
        write(em, p, Kind.REFUND_BACK, Bucket.OUTSIDE, back(em, p, taken.get(0).getFromBucket()), r.getAmount(), r.getId(),
                r.getRefundRef());
    }

    /** A split was asked for: each receiver's part leaves what is held. */
    public static void splitAsked(EntityManager em, Payment p, Settlement s) {
        if (counts(p)) {
            for (SplitPart part : s.getParts()) {
                write(em, p, Kind.SPLIT, Bucket.HELD, Bucket.OUTSIDE, part.getAmount(), s.getId(), s.getSettlementRef());
            }
        }
    }

    /** Parts of a split ended CLOSED: their money is held again (available, if the payment was released since). */
    public static void partsClosed(EntityManager em, Payment p, Settlement s, List<SplitPart> closed) {
        if (counts(p)) {
            for (SplitPart part : closed) {
                write(em, p, Kind.SPLIT_BACK, Bucket.OUTSIDE, back(em, p, Bucket.HELD), part.getAmount(), s.getId(), s.getSettlementRef());
            }
        }
    }

    /**
     * A release (or a split with finish) was FINISHED: what the payment still holds becomes
     * available, once. The caller holds the payment's row lock, so no refund of it moves meanwhile.
     */
    public static void released(EntityManager em, Payment p, Settlement s) {
        if (!counts(p) || !p.isHeldForSettlement() || released(em, p.getId())) {
            return;
        }
        long held = 0;
        for (BalanceEntry e : em.createNamedQuery(BalanceEntry.OF_PAYMENT, BalanceEntry.class).setParameter("paymentId", p.getId())
                .getResultList()) {
            held += (e.getToBucket() == Bucket.HELD ? e.getAmount() : 0) - (e.getFromBucket() == Bucket.HELD ? e.getAmount() : 0);
        }
        if (held > 0) {
            write(em, p, Kind.RELEASE, Bucket.HELD, Bucket.AVAILABLE, held, s.getId(), s.getSettlementRef());
        }
    }

    /** A payout asked for: its whole amount (the fee inside it) leaves what is available. */
    public static void payoutAsked(EntityManager em, String merchant, String paymentMethod, long payoutId, String payoutRef, long amount) {
        em.persist(new BalanceEntry(merchant, paymentMethod, Kind.PAYOUT, Bucket.AVAILABLE, Bucket.IN_TRANSIT, amount, null, payoutId, null,
                payoutRef, now()));
    }

    public static void payoutPaid(EntityManager em, String merchant, String paymentMethod, long payoutId, String payoutRef, long amount) {
        em.persist(new BalanceEntry(merchant, paymentMethod, Kind.PAYOUT_PAID, Bucket.IN_TRANSIT, Bucket.PAID_OUT, amount, null, payoutId,
                null, payoutRef, now()));
    }

    /** A payout FAILED (or refused): all of its amount is available again. */
    public static void payoutBack(EntityManager em, String merchant, String paymentMethod, long payoutId, String payoutRef, long amount) {
        em.persist(new BalanceEntry(merchant, paymentMethod, Kind.PAYOUT_BACK, Bucket.IN_TRANSIT, Bucket.AVAILABLE, amount, null, payoutId,
                null, payoutRef, now()));
    }

    private static boolean counts(Payment p) {
        return CNY.equals(p.getCurrency());
    }

    private static boolean released(EntityManager em, long paymentId) {
        return em.createNamedQuery(BalanceEntry.OF_PAYMENT, BalanceEntry.class).setParameter("paymentId", paymentId).getResultStream()
                .anyMatch(e -> e.getKind() == Kind.RELEASE);
    }

    private static Bucket back(EntityManager em, Payment p, Bucket from) {
        return from == Bucket.HELD && released(em, p.getId()) ? Bucket.AVAILABLE : from;
    }

    private static List<BalanceEntry> ofSource(EntityManager em, Kind kind, long sourceId) {
        return em.createNamedQuery(BalanceEntry.OF_SOURCE, BalanceEntry.class).setParameter("kind", kind).setParameter("sourceId", sourceId)
                .getResultList();
    }

    private static void write(EntityManager em, Payment p, Kind kind, Bucket from, Bucket to, long amount, Long sourceId, String reference) {
        if (amount > 0) {
            em.persist(new BalanceEntry(p.getMerchant(), p.getPaymentMethod(), kind, from, to, amount, p.getId(), sourceId, p.getOrderRef(),
                    reference, now()));
        }
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
