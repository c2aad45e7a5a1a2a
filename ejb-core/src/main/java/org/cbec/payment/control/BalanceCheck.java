package org.cbec.payment.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The periodic check of every account's running totals ({@code balance}) against its entries: the
 * entries' count and last number against the totals' last number, and each bucket's sum of
 * movements against its total. Read in one statement, so one snapshot: the totals and the entries
 * they move with are committed together, so they agree in any snapshot unless something wrote one
 * without the other. A difference found (or gone) is stored on the account's totals row, where the
 * metric {@code balance_differences} counts it; nothing is corrected: the entries are the record,
 * and a difference is an operator's to look into.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class BalanceCheck {

    /** One account whose check outcome changed: its difference now (null: the totals agree again). */
    public record Changed(String merchant, String paymentMethod, String difference) {
    }

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** Checks every account; stores and answers the accounts whose outcome changed since the last check. */
    @SuppressWarnings("unchecked")
    public List<Changed> run() {
        List<Object[]> rows = em.createNativeQuery("SELECT b.merchant, b.payment_method, b.difference,"
                + " b.available, b.held, b.in_transit, b.paid_out, b.last_seq,"
                + " COALESCE(s.entries, 0), COALESCE(s.last_seq, 0), COALESCE(s.available, 0), COALESCE(s.held, 0),"
                + " COALESCE(s.in_transit, 0), COALESCE(s.paid_out, 0), b.pending, COALESCE(s.pending, 0)"
                + " FROM balance b LEFT JOIN (SELECT merchant, payment_method, COUNT(*) AS entries, MAX(seq) AS last_seq,"
                + sum("AVAILABLE") + " AS available, " + sum("HELD") + " AS held, " + sum("IN_TRANSIT") + " AS in_transit, "
                + sum("PAID_OUT") + " AS paid_out, " + sum("PENDING") + " AS pending FROM balance_entry GROUP BY merchant, payment_method) s"
                + " ON s.merchant = b.merchant AND s.payment_method = b.payment_method").getResultList();
        List<Changed> changed = new ArrayList<>();
        for (Object[] r : rows) {
            String difference = difference(new long[] {n(r[3]), n(r[4]), n(r[5]), n(r[6]), n(r[7]), n(r[14])},
                    new long[] {n(r[10]), n(r[11]), n(r[12]), n(r[13]), n(r[9]), n(r[15])}, n(r[8]));
            if (!Objects.equals(difference, r[2])) {
                em.createNativeQuery("UPDATE balance SET difference = ?, checked_at = clock_timestamp() WHERE merchant = ? AND payment_method = ?")
                        .setParameter(1, difference).setParameter(2, r[0]).setParameter(3, r[1]).executeUpdate();
                changed.add(new Changed((String) r[0], (String) r[1], difference));
            }
        }
        return changed;
    }

    /**
     * The difference between the totals row ({@code totals}: available, held, in transit, paid out,
     * last number, pending) and the entries ({@code sums}: the same from the entries, their last
     * number), with the entries' count; null when they agree.
     */
    static String difference(long[] totals, long[] sums, long entries) {
        if (totals[4] != sums[4] || entries != sums[4]) {
            return "the totals are at entry " + totals[4] + ", the entries number " + entries + " up to " + sums[4];
        }
        String[] names = {"available", "held", "in transit", "paid out", null, "pending"};
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < names.length; i++) {
            if (names[i] != null && totals[i] != sums[i]) {
                b.append(b.length() == 0 ? "" : "; ").append(names[i]).append(' ').append(totals[i]).append(" against entries summing to ")
                        .append(sums[i]);
            }
        }
        return b.length() == 0 ? null : b.toString();
    }

    private static String sum(String bucket) {
        return "SUM(CASE WHEN to_bucket = '" + bucket + "' THEN amount ELSE 0 END - CASE WHEN from_bucket = '" + bucket
                + "' THEN amount ELSE 0 END)";
    }

    private static long n(Object o) {
        return ((Number) o).longValue();
    }
}
