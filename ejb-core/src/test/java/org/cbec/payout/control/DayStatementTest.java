package org.cbec.payout.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.function.Function;
import org.cbec.payout.PayoutBillView;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.testing.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A day's statement on the real store: READY once the day is over, its window then fixed by the
 * ledger's numbers, so that an entry committed later but stamped inside the day (a clock behind, a
 * stamp taken before a slow commit) never changes it.
 */
class DayStatementTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    /** 2026-11-20 in Beijing: from 2026-11-19T16:00Z to 2026-11-20T16:00Z. */
    private static final LocalDate DAY = LocalDate.of(2026, 11, 20);
    private static final OffsetDateTime START = OffsetDateTime.of(2026, 11, 19, 16, 0, 0, 0, ZoneOffset.UTC);

    private Store store;

    @BeforeEach
    void freshDatabase() throws SQLException {
        store = Store.fresh(postgres, "statements");
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private <T> T inTransaction(Function<PayoutBillLedger, T> work) {
        return store.inTransaction(em -> {
            PayoutBillLedger ledger = new PayoutBillLedger();
            ledger.em = em;
            return work.apply(ledger);
        });
    }

    /** An entry as the ledger writes it: its number, a payment into what is available, the totals after it, its stamp. */
    private void entry(long seq, long amount, long availableAfter, OffsetDateTime at) throws SQLException {
        try (Connection c = store.connection(); PreparedStatement s = c.prepareStatement("INSERT INTO balance_entry (id, merchant,"
                + " payment_method, kind, from_bucket, to_bucket, amount, order_ref, created_at, seq, available_after, held_after,"
                + " in_transit_after, paid_out_after) VALUES (?, 'm1', 'alphapay', 'PAYMENT', 'OUTSIDE', 'AVAILABLE', ?, ?, ?, ?, ?, 0, 0, 0)")) {
            s.setLong(1, seq * 10);
            s.setLong(2, amount);
            s.setString(3, "o-" + seq);
            s.setObject(4, at);
            s.setLong(5, seq);
            s.setLong(6, availableAfter);
            s.executeUpdate();
        }
        try (Connection c = store.connection(); PreparedStatement s = c.prepareStatement("INSERT INTO balance (merchant,"
                + " payment_method, available, last_seq, updated_at) VALUES ('m1', 'alphapay', ?, ?, ?) ON CONFLICT (merchant, payment_method)"
                + " DO UPDATE SET available = EXCLUDED.available, last_seq = EXCLUDED.last_seq, updated_at = EXCLUDED.updated_at")) {
            s.setLong(1, availableAfter);
            s.setLong(2, seq);
            s.setObject(3, at);
            s.executeUpdate();
        }
    }

    @Test
    void aDayOverIsReadyWithItsWindowFixedByNumbersAndAnEntryStampedInsideItLaterNeverChangesIt() throws SQLException {
        entry(1, 100, 100, START.minusMinutes(1)); // the day before: the opening
        entry(2, 200, 300, START);
        entry(3, 400, 700, START.plusHours(23).plusMinutes(59));
        entry(4, 800, 1_500, START.plusDays(1)); // the next day

        PayoutBillView first = inTransaction(l -> l.ofDay("m1", "alphapay", DAY, true)).orElseThrow();
        assertEquals(PayoutBillView.State.READY, first.state());
        assertEquals(List.of("o-2", "o-3"), first.lines().stream().map(PayoutBillView.Line::orderRef).toList());
        assertEquals(List.of(100L, 700L), List.of(first.openingAvailable(), first.closingAvailable()));

        // Committed after the statement was READY, stamped inside its day.
        entry(5, 1_600, 3_100, START.plusHours(12));
        PayoutBillView again = inTransaction(l -> l.ofDay("m1", "alphapay", DAY, false)).orElseThrow();
        assertEquals(first, again, "the same statement, line for line");
    }

    @Test
    void aStatementMadeReadyBeforeWindowsWereNumberedIsFixedOnItsNextReadAndStaysSo() throws SQLException {
        entry(1, 100, 100, START.plusHours(1));
        store.sql("INSERT INTO payout_bill (id, merchant, payment_method, bill_date, state, created_at, ready_at, version)"
                + " VALUES (1, 'm1', 'alphapay', DATE '2026-11-20', 'READY', now(), now(), 1)");
        PayoutBillView first = inTransaction(l -> l.ofDay("m1", "alphapay", DAY, false)).orElseThrow();
        assertEquals(List.of("o-1"), first.lines().stream().map(PayoutBillView.Line::orderRef).toList());
        entry(2, 200, 300, START.plusHours(2));
        assertEquals(first, inTransaction(l -> l.ofDay("m1", "alphapay", DAY, false)).orElseThrow());
    }
}
