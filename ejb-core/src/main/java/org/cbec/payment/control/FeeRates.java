package org.cbec.payment.control;

import jakarta.persistence.EntityManager;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.cbec.payment.FeeRateView;

/**
 * Each account's contracted fee rates (the {@code fee_rate} table): a rate from each Beijing day it
 * takes effect, the first from the account's start ({@link #START}). Read in the caller's
 * transaction: the rate of a payment's pay day is the one its fee is booked at.
 */
public final class FeeRates {

    /** The day an account's first rate is written from: before any payment. */
    public static final LocalDate START = LocalDate.of(2000, 1, 1);

    private FeeRates() {
    }

    /** The account's rate in effect on {@code day} (0 when none was registered). */
    public static BigDecimal on(EntityManager em, String merchant, String paymentMethod, LocalDate day) {
        List<?> rows = em.createNativeQuery("SELECT rate FROM fee_rate WHERE merchant = ? AND payment_method = ? AND effective_from <= ?"
                + " ORDER BY effective_from DESC LIMIT 1").setParameter(1, merchant).setParameter(2, paymentMethod)
                .setParameter(3, java.sql.Date.valueOf(day)).getResultList();
        return rows.isEmpty() ? BigDecimal.ZERO.setScale(2) : ((BigDecimal) rows.get(0)).setScale(2, RoundingMode.UNNECESSARY);
    }

    /** The account's rates, the oldest first. */
    public static List<FeeRateView> of(EntityManager em, String merchant, String paymentMethod) {
        List<FeeRateView> out = new ArrayList<>();
        for (Object row : em.createNativeQuery("SELECT effective_from, rate FROM fee_rate WHERE merchant = ? AND payment_method = ?"
                + " ORDER BY effective_from").setParameter(1, merchant).setParameter(2, paymentMethod).getResultList()) {
            Object[] r = (Object[]) row;
            out.add(new FeeRateView(((java.sql.Date) r[0]).toLocalDate(), ((BigDecimal) r[1]).setScale(2, RoundingMode.UNNECESSARY)));
        }
        return out;
    }

    /**
     * {@code rate} from {@code from} on: written over a rate of that day, and any rate planned after
     * it dropped (the newest plan stands). Nothing is written when the account already has that rate
     * from that day on. Returns whether anything changed.
     */
    public static boolean set(EntityManager em, String merchant, String paymentMethod, LocalDate from, BigDecimal rate) {
        List<FeeRateView> rates = of(em, merchant, paymentMethod);
        boolean later = rates.stream().anyMatch(r -> r.from().isAfter(from));
        if (!later && on(em, merchant, paymentMethod, from).compareTo(rate) == 0 && !rates.isEmpty()) {
            return false;
        }
        em.createNativeQuery("DELETE FROM fee_rate WHERE merchant = ? AND payment_method = ? AND effective_from > ?").setParameter(1, merchant)
                .setParameter(2, paymentMethod).setParameter(3, java.sql.Date.valueOf(from)).executeUpdate();
        em.createNativeQuery("INSERT INTO fee_rate (merchant, payment_method, effective_from, rate, created_at) VALUES (?, ?, ?, ?, clock_timestamp())"
                + " ON CONFLICT (merchant, payment_method, effective_from) DO UPDATE SET rate = EXCLUDED.rate, created_at = EXCLUDED.created_at")
                .setParameter(1, merchant).setParameter(2, paymentMethod).setParameter(3, java.sql.Date.valueOf(from)).setParameter(4, rate)
                .executeUpdate();
        return true;
    }
}

