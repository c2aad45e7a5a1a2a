package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.cbec.payment.FeeRateView;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.testing.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The companies' fees: the arithmetic as the companies do it, an account's rates by the day they
 * take effect, and the fee booked on the real store when a payment succeeds, given back in part by
 * a refund, and taken again when that refund closes.
 */
class FeesTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private static final BigDecimal RATE = new BigDecimal("0.60");

    private Store store;

    @BeforeEach
    void freshDatabase() throws SQLException {
        store = Store.fresh(postgres, "fees");
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void aFeeIsTheRateOfTheAmountRoundedHalfUpAndARefundGivesBackItsOwnShare() {
        assertEquals(74, FeeRules.fee(12_345, RATE), "74.07");
        assertEquals(2, FeeRules.fee(250, RATE), "1.5: half up");
        assertEquals(1, FeeRules.fee(249, RATE), "1.494");
        assertEquals(0, FeeRules.fee(12_345, new BigDecimal("0.00")));
        assertEquals(30, FeeRules.refundShare(74, 12_345, 5_000), "29.97");
        assertEquals(74, FeeRules.refundShare(74, 12_345, 12_345), "a whole refund gives back the whole fee");
        assertEquals(1, FeeRules.refundShare(1, 2, 1), "0.5: half up, each refund on its own");
        assertEquals(0, FeeRules.refundShare(0, 12_345, 5_000));
        assertEquals(new BigDecimal("0.60"), FeeRules.rate("feeRate", "0.6"));
        assertEquals(new BigDecimal("12.50"), FeeRules.rate("feeRate", "12.5"));
        for (String bad : new String[] {"100", "0.605", "-1", "", "1e2", " 0.6", "0,6"}) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> FeeRules.rate("feeRate", bad), bad);
            assertEquals("feeRate", e.field());
        }
    }

    @Test
    void anAccountsRateIsTheOneInEffectOnTheDayAndANewPlanReplacesTheLaterOnes() {
        LocalDate day = LocalDate.of(2026, 12, 1);
        assertEquals(new BigDecimal("0.00"), store.inTransaction(em -> FeeRates.on(em, "m1", "alphapay", day)), "none registered: 0");
        assertTrue(set("m1", "alphapay", FeeRates.START, RATE));
        assertTrue(set("m1", "alphapay", day, new BigDecimal("0.55")));
        assertTrue(set("m1", "alphapay", day.plusDays(10), new BigDecimal("0.50")));
        assertEquals(RATE, store.inTransaction(em -> FeeRates.on(em, "m1", "alphapay", day.minusDays(1))));
        assertEquals(new BigDecimal("0.55"), store.inTransaction(em -> FeeRates.on(em, "m1", "alphapay", day)));
        assertEquals(new BigDecimal("0.50"), store.inTransaction(em -> FeeRates.on(em, "m1", "alphapay", day.plusDays(10))));
        assertEquals(new BigDecimal("0.00"), store.inTransaction(em -> FeeRates.on(em, "m1", "betapay", day)), "another account's");

        assertFalse(set("m1", "alphapay", day.plusDays(10), new BigDecimal("0.5")),
                "the rate in effect already: nothing written");
        assertTrue(set("m1", "alphapay", day.plusDays(3), new BigDecimal("0.58")));
        assertEquals(List.of(new FeeRateView(FeeRates.START, RATE), new FeeRateView(day, new BigDecimal("0.55")),
                new FeeRateView(day.plusDays(3), new BigDecimal("0.58"))), store.inTransaction(em -> FeeRates.of(em, "m1", "alphapay")),
                "the plan from day 10 dropped by the newer one from day 3");
    }

    @Test
    void aPaymentBooksItsFeeAtThePayDaysRateARefundGivesBackItsShareAndAClosedRefundTakesItAgain() {
        LocalDate day = LocalDate.of(2026, 12, 1);
        store.inTransaction(em -> FeeRates.set(em, "m1", "alphapay", FeeRates.START, RATE));
        store.inTransaction(em -> FeeRates.set(em, "m1", "alphapay", day, new BigDecimal("0.55")));
        // Paid at 23:59 Beijing time of the day before the change, 15:59 UTC: the old rate.
        long paymentId = store.inTransaction(em -> {
            Payment p = new Payment("m1", "alphapay", "o1", "NATIVE", "CNY", 12_345, null, false, "{}", now());
            em.persist(p);
            p.observed(TradeState.SUCCESS, null, "tx1", null, null, null, day.minusDays(1).atTime(15, 59).atOffset(ZoneOffset.UTC), now());
            BalanceEntries.paid(em, p);
            return p.getId();
        });
        assertEquals(Long.valueOf(74), store.<Long>inTransaction(em -> em.find(Payment.class, paymentId).getFee()));
        assertEquals(new BalanceEntries.Balance(12_345 - 74, 0, 0, 0), balance());

        long refundId = store.inTransaction(em -> {
            Payment p = em.find(Payment.class, paymentId);
            Refund r = new Refund(paymentId, "m1", 1, "r1", "o1-1", 5_000, "CNY", null, null, now());
            r.bookFee(BalanceEntries.refundFee(p, 5_000));
            em.persist(r);
            em.flush();
            BalanceEntries.refundAsked(em, p, r, BalanceEntries.refundBucket(em, p));
            return r.getId();
        });
        assertEquals(Long.valueOf(30), store.<Long>inTransaction(em -> em.find(Refund.class, refundId).getFee()));
        assertEquals(new BalanceEntries.Balance(12_345 - 74 - 5_000 + 30, 0, 0, 0), balance());

        store.inTransaction(em -> {
            BalanceEntries.refundClosed(em, em.find(Payment.class, paymentId), em.find(Refund.class, refundId));
            return null;
        });
        assertEquals(new BalanceEntries.Balance(12_345 - 74, 0, 0, 0), balance(), "the refund and its share of the fee undone");
        assertEquals(List.of("PAYMENT +12345", "FEE -74", "REFUND -5000", "REFUND_FEE +30", "REFUND_BACK +5000", "REFUND_FEE_BACK -30"),
                store.inTransaction(em -> em.createNamedQuery(BalanceEntry.OF_PAYMENT, BalanceEntry.class).setParameter("paymentId", paymentId)
                        .getResultStream().map(e -> e.getKind() + " " + (e.getToBucket() == BalanceEntry.Bucket.OUTSIDE ? "-" : "+")
                                + e.getAmount()).toList()));
    }

    private boolean set(String merchant, String method, LocalDate from, BigDecimal rate) {
        return store.inTransaction(em -> FeeRates.set(em, merchant, method, from, rate));
    }

    private BalanceEntries.Balance balance() {
        return store.inTransaction(em -> BalanceEntries.balance(em, "m1", "alphapay"));
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
