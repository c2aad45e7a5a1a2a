package org.cbec.payout.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.payout.PayoutBillView;
import org.cbec.payout.PayoutView;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.Payout;
import org.cbec.payment.entity.PayoutBill;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.persistence.Columns;
import org.cbec.platform.persistence.Inserts;
import org.cbec.platform.time.BeijingTime;

/**
 * The statements asked for: each is stored when first asked for (PREPARING), becomes READY the
 * first time it is read with its window closed (its payout final, its day over), and is then
 * read from the balance's entries of its window, by their numbers ({@link PayoutStatements}). Every method commits on its own.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PayoutBillLedger {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /**
     * The statement behind a payout (the payout's row as now stored): stored when {@code create}
     * and not yet asked for; empty when it was never asked for and {@code create} is false. Its
     * window is the ledger's entries after the previous payout's up to its own: fixed by their numbers.
     */
    public Optional<PayoutBillView> ofPayout(PayoutView payout, boolean create) {
        Optional<PayoutBill> bill = find(PayoutBill.OF_PAYOUT, payout.merchant(), payout.paymentMethod(), "payoutId", payout.id());
        if (bill.isEmpty() && create) {
            bill = Optional.of(store(new PayoutBill(payout.merchant(), payout.paymentMethod(), payout.id(), null, now())));
        }
        return bill.map(b -> {
            if (b.getState() == PayoutBill.State.PREPARING && !payout.state().isOpen()) {
                b.ready(now());
            }
            if (b.getState() == PayoutBill.State.PREPARING) {
                return preparing(payout.merchant(), payout.paymentMethod(), payout.payoutRef(), null);
            }
            BalanceEntry own = em.createNamedQuery(BalanceEntry.OF_SOURCE, BalanceEntry.class).setParameter("kind", BalanceEntry.Kind.PAYOUT)
                    .setParameter("sourceId", payout.id()).getSingleResult();
            Optional<BalanceEntry> previous = em.createNamedQuery(BalanceEntry.PAYOUTS_BEFORE, BalanceEntry.class)
                    .setParameter("merchant", payout.merchant()).setParameter("method", payout.paymentMethod())
                    .setParameter("seq", own.getSeq()).setMaxResults(1).getResultStream().findFirst();
            return statement(payout.merchant(), payout.paymentMethod(), payout.payoutRef(), null,
                    previous.map(BalanceEntry::getCreatedAt).orElse(null), own.getCreatedAt(), previous.map(BalanceEntry::getSeq).orElse(0L),
                    own.getSeq());
        });
    }

    /**
     * The statement of a Beijing day, as {@link #ofPayout}: READY once the day is over on the
     * database's clock, its window then fixed by the ledger's numbers under the account's totals
     * lock (every entry stamped inside the day is committed by then, and every later one is stamped
     * after it), so that it reads the same ever after.
     */
    public Optional<PayoutBillView> ofDay(String merchant, String paymentMethod, LocalDate day, boolean create) {
        Optional<PayoutBill> bill = find(PayoutBill.OF_DAY, merchant, paymentMethod, "billDate", day);
        if (bill.isEmpty() && create) {
            bill = Optional.of(store(new PayoutBill(merchant, paymentMethod, null, day, now())));
        }
        OffsetDateTime start = day.atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        OffsetDateTime end = day.plusDays(1).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        return bill.map(b -> {
            if (b.getState() == PayoutBill.State.PREPARING && !now().isBefore(end) || b.getState() == PayoutBill.State.READY
                    && b.getAfterSeq() == null) {
                // Ready now, or made READY before windows were fixed by numbers: its window fixed once, from now on.
                fixWindow(b, start, end);
            }
            if (b.getState() == PayoutBill.State.PREPARING) {
                return preparing(merchant, paymentMethod, null, day);
            }
            return statement(merchant, paymentMethod, null, day, start, end, b.getAfterSeq(), b.getUntilSeq());
        });
    }

    /**
     * Under the account's totals lock (every entry in flight committed before it is granted, every
     * later one stamped after it), on the database's clock: a day over, its window fixed by numbers
     * and the statement READY; a day not yet over there (a node's clock ahead of it), as it was.
     */
    private void fixWindow(PayoutBill b, OffsetDateTime start, OffsetDateTime end) {
        em.createNativeQuery("INSERT INTO balance (merchant, payment_method, updated_at) VALUES (?, ?, clock_timestamp())"
                + " ON CONFLICT (merchant, payment_method) DO NOTHING").setParameter(1, b.getMerchant()).setParameter(2, b.getPaymentMethod())
                .executeUpdate();
        em.createNativeQuery("SELECT last_seq FROM balance WHERE merchant = ? AND payment_method = ? FOR UPDATE").setParameter(1, b.getMerchant())
                .setParameter(2, b.getPaymentMethod()).getResultList();
        OffsetDateTime databaseNow = Columns.instant(em.createNativeQuery("SELECT clock_timestamp()").getSingleResult());
        if (databaseNow.isBefore(end)) {
            return;
        }
        b.window(lastBefore(b, start), lastBefore(b, end));
        b.ready(now());
    }

    /** The number of the account's last entry stamped before {@code time}; 0 when none. */
    private long lastBefore(PayoutBill b, OffsetDateTime time) {
        Long seq = em.createNamedQuery(BalanceEntry.LAST_BEFORE, Long.class).setParameter("merchant", b.getMerchant())
                .setParameter("method", b.getPaymentMethod()).setParameter("before", time).getSingleResult();
        return seq == null ? 0 : seq;
    }

    /**
     * The statement of the entries after number {@code afterSeq} up to {@code untilSeq} (inclusive),
     * shown from {@code from} (null: the ledger's start) to {@code to}; its opening is the totals
     * after the entry before it, read from that entry alone.
     */
    private PayoutBillView statement(String merchant, String method, String payoutRef, LocalDate day, OffsetDateTime from, OffsetDateTime to,
            long afterSeq, long untilSeq) {
        BalanceEntry.Totals opening = afterSeq == 0 ? BalanceEntry.Totals.NONE
                : em.createNamedQuery(BalanceEntry.AT, BalanceEntry.class).setParameter("merchant", merchant).setParameter("method", method)
                        .setParameter("seq", afterSeq).getSingleResult().after();
        List<BalanceEntry> window = em.createNamedQuery(BalanceEntry.WINDOW, BalanceEntry.class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("afterSeq", afterSeq).setParameter("untilSeq", untilSeq).getResultList();
        Map<Long, Long> fees = new HashMap<>();
        for (BalanceEntry e : window) {
            if (e.getKind() == BalanceEntry.Kind.PAYOUT && e.getSourceId() != null) {
                Payout p = em.find(Payout.class, e.getSourceId());
                if (p != null && p.getFee() != null) {
                    fees.put(p.getId(), p.getFee());
                }
            }
        }
        return PayoutStatements.statement(merchant, method, payoutRef, day, from, to, PayoutStatements.Opening.of(opening), window, fees);
    }

    private static PayoutBillView preparing(String merchant, String method, String payoutRef, LocalDate day) {
        return new PayoutBillView(merchant, method, payoutRef, day, PayoutBillView.State.PREPARING, null, null, null, null, null, null, null,
                null, null, null);
    }

    private Optional<PayoutBill> find(String query, String merchant, String method, String key, Object value) {
        return em.createNamedQuery(query, PayoutBill.class).setParameter("merchant", merchant).setParameter("method", method)
                .setParameter(key, value).getResultStream().findFirst();
    }

    /** @throws AlreadyStoredException when another request stored it meanwhile: the caller asks again */
    private PayoutBill store(PayoutBill b) {
        Inserts.insert(em, b, "the statement");
        return b;
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
