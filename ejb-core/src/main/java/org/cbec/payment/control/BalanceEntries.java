package org.cbec.payment.control;

import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.platform.persistence.Columns;
import org.cbec.platform.time.BeijingTime;
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
 * splits, releases and payouts call it as they store a change. Each movement moves the account's
 * running totals (one row, {@code balance}) and takes its number under that row's lock, so that a
 * balance is read from one row and the entries are numbered in the order they commit. Only CNY
 * payments count (a payment priced in another currency is settled by its company in that currency
 * on its own cycle).
 *
 * <p>A payment's fee (its account's rate, {@link FeeRates}) leaves where its money went, at once; a
 * refund gives back its share of it there ({@link FeeRules}), and takes it again if it ends CLOSED.
 *
 * <p>A payment of an account with a settlement cycle waits in PENDING until the company settles it
 * ({@link #settled}). A refund is charged where its payment's money is: HELD while the payment is
 * held and not yet released, PENDING while it is not settled, AVAILABLE otherwise. A release moves
 * what the payment still holds then; anything that comes back to a released or settled payment
 * afterwards (a refund or a split part CLOSED) goes to AVAILABLE.
 */
public final class BalanceEntries {

    public static final String CNY = "CNY";

    private BalanceEntries() {
    }

    /** A balance: each bucket's entries in less its entries out, in CNY fen. */
    public record Balance(long available, long held, long inTransit, long paidOut, long pending) {

        public Balance(long available, long held, long inTransit, long paidOut) {
            this(available, held, inTransit, paidOut, 0);
        }
    }

    /**
     * Locks the merchant's balance at the company (its account row there) for the rest of the
     * transaction: payouts, and refunds charged to AVAILABLE, are decided one at a time under it.
     * Taken before any payment row (the running totals' row is taken last, by each entry).
     */
    public static void lock(EntityManager em, String merchant, String paymentMethod) {
        em.createNamedQuery(CompanyCredential.BY_MERCHANT_AND_METHOD, CompanyCredential.class).setParameter("merchant", merchant)
                .setParameter("paymentMethod", paymentMethod).setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream()
                .findFirst();
    }

    /** The account's running totals: one row, whatever its history (zero before its first entry). */
    public static Balance balance(EntityManager em, String merchant, String paymentMethod) {
        List<?> rows = em.createNativeQuery("SELECT available, held, in_transit, paid_out, pending FROM balance WHERE merchant = ?"
                + " AND payment_method = ?").setParameter(1, merchant).setParameter(2, paymentMethod).getResultList();
        if (rows.isEmpty()) {
            return new Balance(0, 0, 0, 0, 0);
        }
        Object[] r = (Object[]) rows.get(0);
        return new Balance(number(r[0]), number(r[1]), number(r[2]), number(r[3]), number(r[4]));
    }

    /** How many entries the account's ledger has (its last number). */
    public static long entries(EntityManager em, String merchant, String paymentMethod) {
        List<?> rows = em.createNativeQuery("SELECT last_seq FROM balance WHERE merchant = ? AND payment_method = ?").setParameter(1, merchant)
                .setParameter(2, paymentMethod).getResultList();
        return rows.isEmpty() ? 0 : number(rows.get(0));
    }

    /**
     * The payment became SUCCESS: its fee is booked at its account's rate of its pay day, and its
     * money less the fee is the merchant's (two entries: the payment, the fee): held, or pending
     * until the company settles it (its pay day + its account's settlement days, at 00:00 Beijing
     * time; {@link #settled}), or available at once when the account's cycle is 0.
     */
    public static void paid(EntityManager em, Payment p) {
        OffsetDateTime paidAt = p.getPaidAt() != null ? p.getPaidAt() : OffsetDateTime.now(ZoneOffset.UTC);
        p.bookFee(FeeRules.fee(p.getActualAmount(), FeeRates.on(em, p.getMerchant(), p.getPaymentMethod(), BeijingTime.day(paidAt))));
        if (counts(p)) {
            int days = p.isHeldForSettlement() ? 0 : settlementDays(em, p.getMerchant(), p.getPaymentMethod());
            Bucket to = p.isHeldForSettlement() ? Bucket.HELD : days > 0 ? Bucket.PENDING : Bucket.AVAILABLE;
            if (days > 0) {
                p.pendingUntil(BeijingTime.day(paidAt).plusDays(days).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime());
            }
            write(em, p, Kind.PAYMENT, Bucket.OUTSIDE, to, p.getActualAmount(), null, null);
            write(em, p, Kind.FEE, to, Bucket.OUTSIDE, p.getFee(), null, null);
        }
    }

    /** A refund's share of its payment's fee, which the company gives back with it ({@link FeeRules#refundShare}). */
    public static long refundFee(Payment p, long refundAmount) {
        return FeeRules.refundShare(p.getFee() == null ? 0 : p.getFee(), p.getActualAmount(), refundAmount);
    }

    /**
     * Where a refund of the payment asked for now is charged (its payment's row locked by the
     * caller): where its money is, held, pending (not settled yet) or available.
     */
    public static Bucket refundBucket(EntityManager em, Payment p) {
        if (p.isHeldForSettlement() && !released(em, p.getId())) {
            return Bucket.HELD;
        }
        return p.getSettlesAt() != null ? Bucket.PENDING : Bucket.AVAILABLE;
    }

    /**
     * The company settled the payment (its row locked by the caller): what is pending of it
     * becomes available, once.
     */
    public static void settled(EntityManager em, Payment p) {
        if (p.getSettlesAt() == null) {
            return;
        }
        p.settled();
        long pending = 0;
        for (BalanceEntry e : em.createNamedQuery(BalanceEntry.OF_PAYMENT, BalanceEntry.class).setParameter("paymentId", p.getId())
                .getResultList()) {
            pending += BalanceEntry.Totals.change(Bucket.PENDING, e.getFromBucket(), e.getToBucket(), e.getAmount());
        }
        if (counts(p)) {
            write(em, p, Kind.SETTLED, Bucket.PENDING, Bucket.AVAILABLE, pending, null, null);
        }
    }

    /** The account's settlement cycle in days (0 when the account is unknown). */
    private static int settlementDays(EntityManager em, String merchant, String paymentMethod) {
        return em.createNamedQuery(CompanyCredential.BY_MERCHANT_AND_METHOD, CompanyCredential.class).setParameter("merchant", merchant)
                .setParameter("paymentMethod", paymentMethod).getResultStream().findFirst().map(CompanyCredential::getSettlementDays)
                .orElse(0);
    }

    /**
     * A refund was asked for, charged to {@code bucket} ({@link #refundBucket}, decided under the
     * payment's lock): its amount leaves the balance now, and comes back only if it ends CLOSED.
     */
    public static void refundAsked(EntityManager em, Payment p, Refund r, Bucket bucket) {
        if (counts(p)) {
            write(em, p, Kind.REFUND, bucket, Bucket.OUTSIDE, r.getAmount(), r.getId(), r.getRefundRef());
            if (r.getFee() != null) {
                write(em, p, Kind.REFUND_FEE, Bucket.OUTSIDE, bucket, r.getFee(), r.getId(), r.getRefundRef());
            }
        }
    }

    /**
     * The refund ended CLOSED: its amount comes back where it was taken from (AVAILABLE if the
     * payment was released since), and its share of the fee, given back with it, is taken again.
     */
    public static void refundClosed(EntityManager em, Payment p, Refund r) {
        if (!counts(p)) {
            return;
        }
        List<BalanceEntry> taken = ofSource(em, Kind.REFUND, r.getId());
        if (taken.isEmpty() || !ofSource(em, Kind.REFUND_BACK, r.getId()).isEmpty()) {
            return;
        }
        Bucket to = back(em, p, taken.get(0).getFromBucket());
        write(em, p, Kind.REFUND_BACK, Bucket.OUTSIDE, to, r.getAmount(), r.getId(), r.getRefundRef());
        for (BalanceEntry given : ofSource(em, Kind.REFUND_FEE, r.getId())) {
            write(em, p, Kind.REFUND_FEE_BACK, to, Bucket.OUTSIDE, given.getAmount(), r.getId(), r.getRefundRef());
        }
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
        write(em, merchant, paymentMethod, Kind.PAYOUT, Bucket.AVAILABLE, Bucket.IN_TRANSIT, amount, null, payoutId, null, payoutRef);
    }

    public static void payoutPaid(EntityManager em, String merchant, String paymentMethod, long payoutId, String payoutRef, long amount) {
        write(em, merchant, paymentMethod, Kind.PAYOUT_PAID, Bucket.IN_TRANSIT, Bucket.PAID_OUT, amount, null, payoutId, null, payoutRef);
    }

    /** A payout FAILED (or refused): all of its amount is available again. */
    public static void payoutBack(EntityManager em, String merchant, String paymentMethod, long payoutId, String payoutRef, long amount) {
        write(em, merchant, paymentMethod, Kind.PAYOUT_BACK, Bucket.IN_TRANSIT, Bucket.AVAILABLE, amount, null, payoutId, null, payoutRef);
    }

    private static boolean counts(Payment p) {
        return CNY.equals(p.getCurrency());
    }

    private static boolean released(EntityManager em, long paymentId) {
        return em.createNamedQuery(BalanceEntry.OF_PAYMENT, BalanceEntry.class).setParameter("paymentId", paymentId).getResultStream()
                .anyMatch(e -> e.getKind() == Kind.RELEASE);
    }

    /** Where money taken from {@code from} comes back to: AVAILABLE when the payment was released or settled since. */
    private static Bucket back(EntityManager em, Payment p, Bucket from) {
        if (from == Bucket.PENDING && p.getSettlesAt() == null) {
            return Bucket.AVAILABLE;
        }
        return from == Bucket.HELD && released(em, p.getId()) ? Bucket.AVAILABLE : from;
    }

    private static List<BalanceEntry> ofSource(EntityManager em, Kind kind, long sourceId) {
        return em.createNamedQuery(BalanceEntry.OF_SOURCE, BalanceEntry.class).setParameter("kind", kind).setParameter("sourceId", sourceId)
                .getResultList();
    }

    private static void write(EntityManager em, Payment p, Kind kind, Bucket from, Bucket to, long amount, Long sourceId, String reference) {
        if (amount > 0) {
            write(em, p.getMerchant(), p.getPaymentMethod(), kind, from, to, amount, p.getId(), sourceId, p.getOrderRef(), reference);
        }
    }

    /**
     * One movement: the account's running totals moved and its next number taken, under the totals'
     * row lock (held to the end of the transaction, so that numbers are committed in their order),
     * and the entry written with them and the database's clock read under that lock.
     */
    private static void write(EntityManager em, String merchant, String method, Kind kind, Bucket from, Bucket to, long amount,
            Long paymentId, Long sourceId, String orderRef, String reference) {
        Object[] moved = moved(em, merchant, method, from, to, amount);
        if (moved == null) {
            // The account's first movement (an account registered since the totals came has no row yet): its row made
            // once; a writer making it at the same moment waits for the other's, then moves it.
            em.createNativeQuery("INSERT INTO balance (merchant, payment_method, updated_at) VALUES (?, ?, clock_timestamp())"
                    + " ON CONFLICT (merchant, payment_method) DO NOTHING").setParameter(1, merchant).setParameter(2, method).executeUpdate();
            moved = moved(em, merchant, method, from, to, amount);
        }
        em.persist(new BalanceEntry(merchant, method, kind, from, to, amount, paymentId, sourceId, orderRef, reference, number(moved[0]),
                new BalanceEntry.Totals(number(moved[1]), number(moved[2]), number(moved[3]), number(moved[4]), number(moved[6])),
                Columns.instant(moved[5])));
    }

    /** The totals' row moved by one movement: its new number, totals and time; null when the account has no row. */
    private static Object[] moved(EntityManager em, String merchant, String method, Bucket from, Bucket to, long amount) {
        List<?> rows = em.createNativeQuery("UPDATE balance SET available = available + ?, held = held + ?, in_transit = in_transit + ?,"
                + " paid_out = paid_out + ?, pending = pending + ?, last_seq = last_seq + 1, updated_at = clock_timestamp()"
                + " WHERE merchant = ? AND payment_method = ? RETURNING last_seq, available, held, in_transit, paid_out, updated_at, pending")
                .setParameter(1, BalanceEntry.Totals.change(Bucket.AVAILABLE, from, to, amount))
                .setParameter(2, BalanceEntry.Totals.change(Bucket.HELD, from, to, amount))
                .setParameter(3, BalanceEntry.Totals.change(Bucket.IN_TRANSIT, from, to, amount))
                .setParameter(4, BalanceEntry.Totals.change(Bucket.PAID_OUT, from, to, amount))
                .setParameter(5, BalanceEntry.Totals.change(Bucket.PENDING, from, to, amount))
                .setParameter(6, merchant).setParameter(7, method).getResultList();
        return rows.isEmpty() ? null : (Object[]) rows.get(0);
    }

    private static long number(Object n) {
        return ((Number) n).longValue();
    }
}
