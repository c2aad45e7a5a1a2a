package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.EntityManager;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Function;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.testing.Store;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The balance's running totals on the real store: each entry moves them and takes the next number
 * under the totals' lock, however many write at once; the check finds totals that do not agree with
 * the entries; the migration numbers and totals the entries written before it.
 */
class BalanceTotalsTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private Store store;

    @BeforeEach
    void freshDatabase() throws SQLException {
        store = Store.fresh(postgres, "balances");
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private <T> T inTransaction(Function<EntityManager, T> work) {
        return store.inTransaction(work);
    }

    private void write(Consumer<EntityManager> work) {
        inTransaction(em -> {
            work.accept(em);
            return null;
        });
    }

    private List<BalanceEntry> entries(String merchant) {
        return inTransaction(em -> em.createQuery("SELECT e FROM BalanceEntry e WHERE e.merchant = :m ORDER BY e.seq", BalanceEntry.class)
                .setParameter("m", merchant).getResultList());
    }

    private List<BalanceCheck.Changed> check() {
        return inTransaction(em -> {
            BalanceCheck c = new BalanceCheck();
            c.em = em;
            return c.run();
        });
    }

    @Test
    void eachEntryMovesTheTotalsAndTakesTheNextNumberAndTheBalanceIsReadFromOneRow() {
        write(em -> BalanceEntries.payoutAsked(em, "m1", "alphapay", 1, "po-1", 700)); // its first movement: its row is made
        write(em -> BalanceEntries.payoutBack(em, "m1", "alphapay", 1, "po-1", 700));
        write(em -> BalanceEntries.payoutAsked(em, "m1", "alphapay", 2, "po-2", 300));
        write(em -> BalanceEntries.payoutPaid(em, "m1", "alphapay", 2, "po-2", 300));

        assertEquals(new BalanceEntries.Balance(-300, 0, 0, 300), inTransaction(em -> BalanceEntries.balance(em, "m1", "alphapay")));
        assertEquals(4L, (long) inTransaction(em -> BalanceEntries.entries(em, "m1", "alphapay")));
        List<BalanceEntry> written = entries("m1");
        assertEquals(List.of(1L, 2L, 3L, 4L), written.stream().map(BalanceEntry::getSeq).toList());
        assertEquals(List.of(new BalanceEntry.Totals(-700, 0, 700, 0), new BalanceEntry.Totals(0, 0, 0, 0),
                new BalanceEntry.Totals(-300, 0, 300, 0), new BalanceEntry.Totals(-300, 0, 0, 300)),
                written.stream().map(BalanceEntry::after).toList(), "each entry carries the totals after it");
        for (int i = 1; i < written.size(); i++) {
            assertTrue(!written.get(i).getCreatedAt().isBefore(written.get(i - 1).getCreatedAt()), "stamped in the order of their numbers");
        }
        assertEquals(new BalanceEntries.Balance(0, 0, 0, 0), inTransaction(em -> BalanceEntries.balance(em, "m2", "alphapay")),
                "an account without entries");
    }

    @Test
    void entriesWrittenAtOnceAreNumberedWithoutGapsAndTheTotalsAgreeWithThemUntilSomethingWritesOneWithoutTheOther() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> writers = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                writers.add(pool.submit(() -> {
                    for (int i = 0; i < 25; i++) {
                        long id = thread * 100L + i;
                        write(em -> BalanceEntries.payoutAsked(em, "m1", "betapay", id, "po-" + id, 10 + thread));
                        if (i % 2 == 0) {
                            write(em -> BalanceEntries.payoutBack(em, "m1", "betapay", id, "po-" + id, 10 + thread));
                        }
                    }
                }));
            }
            for (Future<?> w : writers) {
                w.get();
            }
        } finally {
            pool.shutdown();
        }
        List<BalanceEntry> written = entries("m1");
        assertEquals(8 * (25 + 13), written.size());
        for (int i = 0; i < written.size(); i++) {
            assertEquals(i + 1, written.get(i).getSeq(), "numbered 1, 2, … without gaps");
        }
        long available = 0;
        long inTransit = 0;
        for (BalanceEntry e : written) {
            available += BalanceEntry.Totals.change(BalanceEntry.Bucket.AVAILABLE, e.getFromBucket(), e.getToBucket(), e.getAmount());
            inTransit += BalanceEntry.Totals.change(BalanceEntry.Bucket.IN_TRANSIT, e.getFromBucket(), e.getToBucket(), e.getAmount());
            assertEquals(new BalanceEntry.Totals(available, 0, inTransit, 0), e.after(), "entry " + e.getSeq() + ": the totals after it");
        }
        assertEquals(new BalanceEntries.Balance(available, 0, inTransit, 0), inTransaction(em -> BalanceEntries.balance(em, "m1", "betapay")));
        assertEquals(List.of(), check(), "the totals agree with the entries");

        sql("UPDATE balance SET available = available + 1 WHERE merchant = 'm1'");
        List<BalanceCheck.Changed> found = check();
        assertEquals(1, found.size(), found::toString);
        assertEquals("available " + (available + 1) + " against entries summing to " + available, found.get(0).difference());
        assertEquals(List.of(), check(), "found once: the next check changes nothing");
        assertEquals(1, count("SELECT COUNT(*) FROM balance WHERE difference IS NOT NULL"), "counted for the metric");
        sql("UPDATE balance SET available = available - 1 WHERE merchant = 'm1'");
        List<BalanceCheck.Changed> mended = check();
        assertEquals(1, mended.size());
        assertNull(mended.get(0).difference(), "agreeing again");
        sql("DELETE FROM balance_entry WHERE seq = 5 AND merchant = 'm1'");
        assertEquals("the totals are at entry " + written.size() + ", the entries number " + (written.size() - 1) + " up to " + written.size(),
                check().get(0).difference(), "an entry missing");
    }

    @Test
    void theMigrationNumbersAndTotalsTheEntriesWrittenBeforeItInTheOrderTheLedgerReadThem() throws SQLException {
        PGSimpleDataSource old = new PGSimpleDataSource();
        old.setUrl(postgres.freshDatabase("balances_v28"));
        Flyway.configure().dataSource(old).locations("classpath:db/migration").target("28").load().migrate();
        OffsetDateTime t = OffsetDateTime.of(2026, 11, 20, 2, 0, 0, 0, ZoneOffset.UTC);
        try (Connection c = old.getConnection(); PreparedStatement s = c.prepareStatement("INSERT INTO balance_entry (id, merchant,"
                + " payment_method, kind, from_bucket, to_bucket, amount, created_at) VALUES (?, ?, 'alphapay', ?, ?, ?, ?, ?)")) {
            Object[][] rows = {
                {30L, "m1", "PAYMENT", "OUTSIDE", "HELD", 5_000L, t.plusMinutes(1)},
                {10L, "m1", "PAYMENT", "OUTSIDE", "AVAILABLE", 1_000L, t},
                {20L, "m1", "PAYOUT", "AVAILABLE", "IN_TRANSIT", 400L, t.plusMinutes(1)}, // the same time: by id
                {40L, "m1", "RELEASE", "HELD", "AVAILABLE", 5_000L, t.plusMinutes(2)},
                {50L, "m2", "PAYMENT", "OUTSIDE", "AVAILABLE", 9L, t}};
            for (Object[] r : rows) {
                s.setLong(1, (Long) r[0]);
                s.setString(2, (String) r[1]);
                s.setString(3, (String) r[2]);
                s.setString(4, (String) r[3]);
                s.setString(5, (String) r[4]);
                s.setLong(6, (Long) r[5]);
                s.setObject(7, r[6]);
                s.executeUpdate();
            }
        }
        Flyway.configure().dataSource(old).locations("classpath:db/migration").load().migrate();
        List<String> numbered = new ArrayList<>();
        try (Connection c = old.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT id, seq,"
                + " available_after, held_after, in_transit_after FROM balance_entry ORDER BY merchant, seq")) {
            while (r.next()) {
                numbered.add(r.getLong(1) + ":" + r.getLong(2) + ":" + r.getLong(3) + "/" + r.getLong(4) + "/" + r.getLong(5));
            }
        }
        assertEquals(List.of("10:1:1000/0/0", "20:2:600/0/400", "30:3:600/5000/400", "40:4:5600/0/400", "50:1:9/0/0"), numbered,
                "by time, then id; each with the totals after it");
        List<String> totals = new ArrayList<>();
        try (Connection c = old.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery("SELECT merchant,"
                + " available, held, in_transit, paid_out, last_seq FROM balance ORDER BY merchant")) {
            while (r.next()) {
                totals.add(r.getString(1) + ":" + r.getLong(2) + "/" + r.getLong(3) + "/" + r.getLong(4) + "/" + r.getLong(5) + "@"
                        + r.getLong(6));
            }
        }
        assertEquals(List.of("m1:5600/0/400/0@4", "m2:9/0/0/0@1"), totals);
    }

    private void sql(String statement) throws SQLException {
        store.sql(statement);
    }

    private long count(String query) throws SQLException {
        return store.count(query);
    }
}
