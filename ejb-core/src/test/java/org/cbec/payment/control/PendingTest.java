package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.BalanceEntry.Bucket;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.TradeState;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.testing.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Money not yet settled, on the real store: a payment of an account with a settlement cycle waits in
 * pending until 00:00 Beijing time of its pay day + the cycle; a refund of it is charged there; once
 * settled, what is left of it is available (once), and a refund that closes afterwards comes back
 * to what is available.
 */
class PendingTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private static final LocalDate DAY = LocalDate.of(2026, 12, 1);

    private Store store;

    @BeforeEach
    void freshDatabase() throws SQLException {
        store = Store.fresh(postgres, "pending");
        store.sql("INSERT INTO company_credential (id, merchant, payment_method, company_merchant_id, app_id, key_serial,"
                + " merchant_private_key, company_public_key, created_at, updated_at, settlement_days)"
                + " VALUES (1, 'm1', 'alphapay', 'c1', 'a1', 's1', 'k', 'k', now(), now(), 2)");
        store.inTransaction(em -> FeeRates.set(em, "m1", "alphapay", FeeRates.START, new BigDecimal("0.60")));
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    @Test
    void aPaymentIsPendingUntilItsSettlementDayItsRefundIsChargedThereAndWhatIsLeftBecomesAvailableOnce() {
        // Paid at 23:30 Beijing time on DAY: settled at 00:00 on DAY + 2.
        long paymentId = store.inTransaction(em -> {
            Payment p = new Payment("m1", "alphapay", "o1", "NATIVE", "CNY", 10_000, null, false, "{}", now());
            em.persist(p);
            p.observed(TradeState.SUCCESS, null, "tx1", null, null, null, DAY.atTime(15, 30).atOffset(ZoneOffset.UTC), now());
            BalanceEntries.paid(em, p);
            return p.getId();
        });
        OffsetDateTime settles = DAY.plusDays(2).atStartOfDay().atOffset(ZoneOffset.ofHours(8));
        assertTrue(settles.isEqual(store.inTransaction(em -> em.find(Payment.class, paymentId).getSettlesAt())));
        assertEquals(new BalanceEntries.Balance(0, 0, 0, 0, 10_000 - 60), balance());

        long refundId = refund(paymentId, 4_000);
        assertEquals(new BalanceEntries.Balance(0, 0, 0, 0, 10_000 - 60 - 4_000 + 24), balance(), "charged to what is pending");

        assertEquals(List.of(), due(settles.minusNanos(1000)), "not before its day");
        assertFalse(settle(paymentId, settles.minusSeconds(1)));
        assertEquals(List.of(paymentId), due(settles));
        assertTrue(settle(paymentId, settles));
        assertFalse(settle(paymentId, settles.plusDays(1)), "once");
        assertEquals(new BalanceEntries.Balance(10_000 - 60 - 4_000 + 24, 0, 0, 0, 0), balance());
        assertNull(store.inTransaction(em -> em.find(Payment.class, paymentId).getSettlesAt()));
        assertEquals(List.of(), due(settles.plusDays(1)));

        store.inTransaction(em -> {
            BalanceEntries.refundClosed(em, em.find(Payment.class, paymentId), em.find(Refund.class, refundId));
            return null;
        });
        assertEquals(new BalanceEntries.Balance(10_000 - 60, 0, 0, 0, 0), balance(), "a refund closed after the settlement: available");
        assertEquals(List.of("PAYMENT OUTSIDE>PENDING 10000", "FEE PENDING>OUTSIDE 60", "REFUND PENDING>OUTSIDE 4000",
                "REFUND_FEE OUTSIDE>PENDING 24", "SETTLED PENDING>AVAILABLE 5964", "REFUND_BACK OUTSIDE>AVAILABLE 4000",
                "REFUND_FEE_BACK AVAILABLE>OUTSIDE 24"), store.inTransaction(em -> em.createNamedQuery(BalanceEntry.OF_PAYMENT,
                        BalanceEntry.class).setParameter("paymentId", paymentId).getResultStream().map(e -> e.getKind() + " "
                                + e.getFromBucket() + ">" + e.getToBucket() + " " + e.getAmount()).toList()));
        assertEquals(List.of(), store.inTransaction(em -> {
            BalanceCheck c = new BalanceCheck();
            c.em = em;
            return c.run();
        }), "the totals agree with the entries, pending included");
    }

    @Test
    void anAccountWithoutACycleAndAHeldPaymentNeverWait() {
        store.inTransaction(em -> em.createNativeQuery("UPDATE company_credential SET settlement_days = 0").executeUpdate());
        store.inTransaction(em -> {
            Payment p = new Payment("m1", "alphapay", "o2", "NATIVE", "CNY", 10_000, null, false, "{}", now());
            em.persist(p);
            p.observed(TradeState.SUCCESS, null, "tx2", null, null, null, now(), now());
            BalanceEntries.paid(em, p);
            assertEquals(Bucket.AVAILABLE, BalanceEntries.refundBucket(em, p));
            return null;
        });
        assertEquals(new BalanceEntries.Balance(10_000 - 60, 0, 0, 0, 0), balance());
    }

    private long refund(long paymentId, long amount) {
        return store.inTransaction(em -> {
            Payment p = em.find(Payment.class, paymentId);
            Refund r = new Refund(paymentId, "m1", 1, "r1", "o1-1", amount, "CNY", null, null, now());
            r.bookFee(BalanceEntries.refundFee(p, amount));
            em.persist(r);
            em.flush();
            BalanceEntries.refundAsked(em, p, r, BalanceEntries.refundBucket(em, p));
            return r.getId();
        });
    }

    private boolean settle(long paymentId, OffsetDateTime now) {
        return store.inTransaction(em -> new PendingLedgerProbe(em).settle(paymentId, now));
    }

    private List<Long> due(OffsetDateTime now) {
        return store.inTransaction(em -> new PendingLedgerProbe(em).due(now, 10));
    }

    private BalanceEntries.Balance balance() {
        return store.inTransaction(em -> BalanceEntries.balance(em, "m1", "alphapay"));
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }

    /** The ledger with the test's entity manager, outside a container. */
    private static final class PendingLedgerProbe extends PendingLedger {
        PendingLedgerProbe(jakarta.persistence.EntityManager em) {
            this.em = em;
        }
    }
}
