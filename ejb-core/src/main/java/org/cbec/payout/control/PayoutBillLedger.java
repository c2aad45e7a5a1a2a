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
import org.cbec.platform.persistence.Inserts;
import org.cbec.platform.time.BeijingTime;

/**
 * The statements asked for: each is stored when first asked for (PREPARING), becomes READY the
 * first time it is read with its window closed (its payout final, its day over), and is then
 * read from the balance's entries of its window ({@link PayoutStatements}). Every method commits on its own.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class PayoutBillLedger {

    /** Before every entry: the start of the ledger. */
    private static final OffsetDateTime BEGINNING = OffsetDateTime.of(1970, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC);

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /**
     * The statement behind a payout (the payout's row as now stored): stored when {@code create}
     * and not yet asked for; empty when it was never asked for and {@code create} is false.
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
                    .setParameter("untilAt", own.getCreatedAt()).setParameter("untilId", own.getId()).setMaxResults(1).getResultStream()
                    .findFirst();
            return statement(payout.merchant(), payout.paymentMethod(), payout.payoutRef(), null,
                    previous.map(BalanceEntry::getCreatedAt).orElse(BEGINNING), previous.map(BalanceEntry::getId).orElse(Long.MIN_VALUE),
                    own.getCreatedAt(), own.getId());
        });
    }

    /** The statement of a Beijing day, as {@link #ofPayout}. */
    public Optional<PayoutBillView> ofDay(String merchant, String paymentMethod, LocalDate day, boolean create) {
        Optional<PayoutBill> bill = find(PayoutBill.OF_DAY, merchant, paymentMethod, "billDate", day);
        if (bill.isEmpty() && create) {
            bill = Optional.of(store(new PayoutBill(merchant, paymentMethod, null, day, now())));
        }
        OffsetDateTime start = day.atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        OffsetDateTime end = day.plusDays(1).atStartOfDay(BeijingTime.ZONE).toOffsetDateTime();
        return bill.map(b -> {
            if (b.getState() == PayoutBill.State.PREPARING && !now().isBefore(end)) {
                b.ready(now());
            }
            if (b.getState() == PayoutBill.State.PREPARING) {
                return preparing(merchant, paymentMethod, null, day);
            }
            // From the day's first instant (every entry at it is inside) to its last (none at the next day's first).
            return statement(merchant, paymentMethod, null, day, start, Long.MIN_VALUE, end, Long.MIN_VALUE);
        });
    }

    /**
     * The statement of the window after one point of the ledger (exclusive) up to another
     * (inclusive); the opening is every entry up to the first point.
     */
    private PayoutBillView statement(String merchant, String method, String payoutRef, LocalDate day, OffsetDateTime afterAt, long afterId,
            OffsetDateTime untilAt, long untilId) {
        List<Object[]> moves = em.createNamedQuery(BalanceEntry.MOVES_UNTIL, Object[].class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("untilAt", afterAt).setParameter("untilId", afterId).getResultList();
        List<BalanceEntry> window = em.createNamedQuery(BalanceEntry.WINDOW, BalanceEntry.class).setParameter("merchant", merchant)
                .setParameter("method", method).setParameter("afterAt", afterAt).setParameter("afterId", afterId)
                .setParameter("untilAt", untilAt).setParameter("untilId", untilId).getResultList();
        Map<Long, Long> fees = new HashMap<>();
        for (BalanceEntry e : window) {
            if (e.getKind() == BalanceEntry.Kind.PAYOUT && e.getSourceId() != null) {
                Payout p = em.find(Payout.class, e.getSourceId());
                if (p != null && p.getFee() != null) {
                    fees.put(p.getId(), p.getFee());
                }
            }
        }
        return PayoutStatements.statement(merchant, method, payoutRef, day, afterAt.equals(BEGINNING) ? null : afterAt,
                untilAt, PayoutStatements.Opening.of(moves), window, fees);
    }

    private static PayoutBillView preparing(String merchant, String method, String payoutRef, LocalDate day) {
        return new PayoutBillView(merchant, method, payoutRef, day, PayoutBillView.State.PREPARING, null, null, null, null, null, null, null, null);
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
