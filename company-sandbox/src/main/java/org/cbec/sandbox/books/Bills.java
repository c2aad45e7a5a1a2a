package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.logging.Logger;
import org.cbec.sandbox.books.BillRules.Difference;
import org.cbec.sandbox.books.BillRules.Window;
import org.cbec.sandbox.entity.BillDifference;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.CompanyRefund;
import org.cbec.sandbox.entity.Payout;
import org.cbec.sandbox.entity.Split;
import org.cbec.sandbox.entity.SplitPart;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The sandbox's daily bills: each account's lines of one Beijing day, written from the sandbox's
 * own books, and the differences a test arranged in them.
 *
 * <p>The lines: a paid order is a PAYMENT on its pay day (also when it was refunded later), with
 * the fee kept on it; a decided refund a REFUND at its decision, with the fee it gave back; a
 * finished part of a split a SPLIT (to a receiver) or a RELEASE (to the merchant itself) at its
 * finish; a payout a PAYOUT on the day it was accepted, in its state as of now. A refund or split part that the timer has not stored yet but whose delay has
 * passed is billed as it reads (see {@link ProcessingClock}), at the time the timer will store. The
 * rows are read by account and time through the indexes of migration V7; what the bill makes of
 * them is {@link BillRules}'.
 */
@Stateless
public class Bills {

    private static final Logger LOG = Logger.getLogger(Bills.class.getName());

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    @Inject
    Payouts payouts;

    /** Read as {@link Books} reads it: an alphapay refund is decided once this delay has passed. */
    @Inject
    @ConfigProperty(name = "sandbox.refund.delay-ms", defaultValue = "2000")
    long refundDelayMs;

    /** Read as {@link Settlements} reads it: a receiver's part finishes once this delay has passed. */
    @Inject
    @ConfigProperty(name = "sandbox.settlement.delay-ms", defaultValue = "2000")
    long settlementDelayMs;

    /** A difference as arranged, and when. */
    public record Arranged(Difference difference, OffsetDateTime createdAt) {
    }

    /**
     * The account's lines of the Beijing day {@code day}, oldest first; for today, the lines so far
     * (a partial bill, which the real companies do not publish). Arranged differences are applied.
     */
    public List<BillEntry> lines(Party account, LocalDate day) {
        OffsetDateTime now = Companies.now();
        List<Difference> differences = differences(account.accountId());
        Window read = BillRules.rowsToRead(day, differences);
        if (read.from().isAfter(now)) {
            return List.of();
        }
        List<BillEntry> rows = new ArrayList<>();
        // A payout's state as of now: those whose time has come are paid or failed first, as every payout read does.
        payouts.settleDue(account.accountId());
        for (Object[] o : between(CompanyOrder.PAID_BETWEEN, Object[].class, account, read.from(), read.to())) {
            rows.add(new BillEntry(BillEntry.Kind.PAYMENT, (String) o[0], (String) o[1], null, null, null, null, (Long) o[2], (Long) o[3],
                    (String) o[4], "SUCCESS", (OffsetDateTime) o[5]));
        }
        // What is still undecided is read before what is decided: each statement reads the rows committed when it starts, and the
        // timer may decide a refund or part between the two, which is then read in both (and billed once, from the first read, as
        // the timer stores it), never in neither, as the other order let it be.
        long refundDelayNanos = refundDelayMs * 1_000_000L;
        List<Object[]> undecidedRefunds = between(CompanyRefund.PROCESSING_BETWEEN, Object[].class, account,
                read.from().minusNanos(refundDelayNanos), read.to().minusNanos(refundDelayNanos));
        long settlementDelayNanos = settlementDelayMs * 1_000_000L;
        List<Object[]> pendingParts = between(SplitPart.PENDING_BETWEEN, Object[].class, account, read.from().minusNanos(settlementDelayNanos),
                read.to().minusNanos(settlementDelayNanos));
        Set<Long> readUndecided = new HashSet<>();
        for (Object[] row : undecidedRefunds) {
            CompanyRefund r = (CompanyRefund) row[0];
            readUndecided.add(r.getId());
            ProcessingClock.Reading reading = ProcessingClock.read("PROCESSING", r.getOutcome(), r.getCreatedAt(), r.getCreatedAt(), now,
                    refundDelayMs);
            if (!"PROCESSING".equals(reading.state())) {
                rows.add(refund(r, (CompanyOrder) row[1], reading.state(), reading.modifiedAt()));
            }
        }
        for (Object[] row : between(CompanyRefund.DECIDED_BETWEEN, Object[].class, account, read.from(), read.to())) {
            CompanyRefund r = (CompanyRefund) row[0];
            if (!readUndecided.contains(r.getId())) {
                rows.add(refund(r, (CompanyOrder) row[1], r.getState(), r.getDecidedAt()));
            }
        }
        Set<Long> readPending = new HashSet<>();
        for (Object[] row : pendingParts) {
            SplitPart p = (SplitPart) row[0];
            readPending.add(p.getId());
            ProcessingClock.Reading reading = ProcessingClock.read("PROCESSING", p.getOutcome(), p.getCreatedAt(), p.getCreatedAt(), now,
                    settlementDelayMs);
            if (!"PROCESSING".equals(reading.state())) {
                rows.add(part(p, (Split) row[1], (CompanyOrder) row[2], reading.state(), reading.modifiedAt()));
            }
        }
        for (Object[] row : between(SplitPart.FINISHED_BETWEEN, Object[].class, account, read.from(), read.to())) {
            SplitPart p = (SplitPart) row[0];
            if (!readPending.contains(p.getId())) {
                rows.add(part(p, (Split) row[1], (CompanyOrder) row[2], p.getResult(), p.getFinishedAt()));
            }
        }
        for (Payout p : between(Payout.ACCEPTED_BETWEEN, Payout.class, account, read.from(), read.to())) {
            rows.add(new BillEntry(BillEntry.Kind.PAYOUT, null, null, p.getPayoutNo(), p.getPayoutId(), null, null, p.getAmount(),
                    p.getFee(), p.getCurrency(), p.getState().name(), p.getAcceptedAt()));
        }
        return BillRules.bill(day, now, rows, differences);
    }

    /** Whether the account's bill downloads are arranged to be answered with a hash that does not match the file. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean wrongHash(Party account) {
        return BillRules.wrongHash(differences(account.accountId()));
    }

    // ---- the differences a test arranges -------------------------------------------------------

    /** Test helper: arranges a difference in the account's bills (checked by the caller with {@link BillRules#check}). */
    public Arranged arrange(Party party, Difference d) {
        BillDifference row = new BillDifference(party.accountId(), d.kind(), d.reference(), d.seconds(), Companies.now());
        em.persist(row);
        LOG.info(() -> String.format("%s bill difference arranged: account %s, %s%s%s", party.paymentMethod(), party.companyMerchantId(),
                d.kind(), d.reference() == null ? "" : " of " + d.reference(), d.seconds() == null ? "" : " by " + d.seconds() + " s"));
        return new Arranged(d, row.getCreatedAt());
    }

    /** The differences arranged in the account's bills, in the order they were arranged. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Arranged> arranged(long accountId) {
        return rows(accountId).stream()
                .map(d -> new Arranged(new Difference(d.getKind(), d.getReference(), d.getSeconds()), d.getCreatedAt())).toList();
    }

    /** Test helper: the account's bills are its books again; returns how many differences were cleared. */
    public int clear(Party party) {
        int cleared = em.createNamedQuery(BillDifference.CLEAR).setParameter("accountId", party.accountId()).executeUpdate();
        LOG.info(() -> String.format("%s bill differences cleared: account %s, %d", party.paymentMethod(), party.companyMerchantId(),
                cleared));
        return cleared;
    }

    // ---- internals -----------------------------------------------------------------------------

    private List<Difference> differences(long accountId) {
        return arranged(accountId).stream().map(Arranged::difference).toList();
    }

    private List<BillDifference> rows(long accountId) {
        return em.createNamedQuery(BillDifference.OF_ACCOUNT, BillDifference.class).setParameter("accountId", accountId).getResultList();
    }

    private <T> List<T> between(String query, Class<T> type, Party account, OffsetDateTime from, OffsetDateTime to) {
        return em.createNamedQuery(query, type).setParameter("accountId", account.accountId()).setParameter("from", from)
                .setParameter("to", to).getResultList();
    }

    private static BillEntry refund(CompanyRefund r, CompanyOrder o, String state, OffsetDateTime decidedAt) {
        return new BillEntry(BillEntry.Kind.REFUND, o.getOrderRef(), o.getTransactionId(), r.getRefundNo(), r.getRefundId(), null, null,
                r.getAmount(), r.getFee(), o.getCurrency(), state, decidedAt);
    }

    private static BillEntry part(SplitPart p, Split s, CompanyOrder o, String state, OffsetDateTime finishedAt) {
        return new BillEntry(p.isToMerchant() ? BillEntry.Kind.RELEASE : BillEntry.Kind.SPLIT, o.getOrderRef(), o.getTransactionId(),
                s.getSplitNo(), s.getSplitId(), p.getType(), p.getAccount(), p.getAmount(), 0, o.getCurrency(), state, finishedAt);
    }
}
