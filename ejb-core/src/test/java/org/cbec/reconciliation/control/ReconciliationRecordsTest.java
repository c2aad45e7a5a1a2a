package org.cbec.reconciliation.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.util.List;
import org.cbec.company.BillLine;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.testing.Store;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The broker's side of a day's comparison as read from the store: each record as the company's bill
 * would show it, so that what both sides agree on is no difference.
 */
class ReconciliationRecordsTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private static final String T = "TIMESTAMP WITH TIME ZONE '2026-11-20 12:00:00+08'";

    private Store store;

    @BeforeEach
    void freshDatabase() throws SQLException {
        store = Store.fresh(postgres, "records");
        payment(1, "o-1", "CLOSED"); // paid, then refunded in full: the company closed it (betapay does)
        payment(2, "o-2", "SUCCESS");
        settlement(10, 2, 1, "rel-refused", "o-2-1", "REFUSED", false);
        settlement(11, 2, 2, "rel-by-company", "o-2-2", "FINISHED", true);
    }

    @AfterEach
    void close() {
        if (store != null) {
            store.close();
        }
    }

    private void payment(long id, String ref, String state) throws SQLException {
        store.sql("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount, request_json,"
                + " trade_state, paid_at, created_at, updated_at, version) VALUES (" + id + ", 'm1', 'betapay', '" + ref + "', 'NATIVE',"
                + " 'CNY', 3000, '{}', '" + state + "', " + T + ", " + T + ", " + T + ", 1)");
    }

    private void settlement(long id, long paymentId, int seq, String ref, String companyNo, String state, boolean byCompany)
            throws SQLException {
        store.sql("INSERT INTO settlement (id, payment_id, merchant, seq, kind, settlement_ref, company_no, state, finish, amount,"
                + " by_company, finished_at, created_at, updated_at, version) VALUES (" + id + ", " + paymentId + ", 'm1', " + seq
                + ", 'RELEASE', '" + ref + "', '" + companyNo + "', '" + state + "', false, 3000, " + byCompany + ", " + T + ", " + T + ", "
                + T + ", 1)");
    }

    private List<String> read(java.util.function.Function<ReconciliationLedger, List<BillMatching.Record>> query) {
        return store.inTransaction(em -> {
            ReconciliationLedger ledger = new ReconciliationLedger();
            ledger.em = em;
            return query.apply(ledger).stream().map(r -> r.kind() + " " + r.key() + " " + r.state() + " " + BillMatching.orderKey(r))
                    .sorted().toList();
        });
    }

    @Test
    void aPaymentClosedAfterItsFullRefundIsPaidAsBilledAndAReleaseTheCompanyMadeIsKnownByItsOrderAndARefusedOneIsNone() {
        java.time.OffsetDateTime noon = java.time.OffsetDateTime.parse("2026-11-20T12:00:00+08:00");
        assertEquals(List.of("PAYMENT o-1 SUCCESS o-1", "PAYMENT o-2 SUCCESS o-2", "RELEASE " + BillMatching.ownRelease("o-2") + " SUCCESS o-2"),
                read(l -> l.records("m1", "betapay", noon.minusHours(1), noon.plusHours(1), BillMatching.Slice.WHOLE)));
        // A bill line naming the refused one still finds it: the company billing it is a state difference.
        BillLine named = new BillLine(BillLine.Kind.RELEASE, "o-2", "o-2-1", null, null, 3000, 0, "CNY", "SUCCESS", noon, "raw");
        assertEquals(List.of("RELEASE o-2-1 REFUSED o-2"), read(l -> l.recordsOf("m1", "betapay", List.of(named))));
    }

    @Test
    void aDayOfMorePaymentsThanAPageIsReadWholeAndEachOfItsPartsHoldsItsOwnOrdersOnlyOnce() throws SQLException {
        // Payments of one second and of many: pages end inside a run of equal times too.
        store.sql("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount, request_json,"
                + " trade_state, paid_at, created_at, updated_at, version, fee) SELECT 100 + n, 'm1', 'betapay', 'bulk-' || n, 'NATIVE',"
                + " 'CNY', n, '{}', 'SUCCESS', " + T + " + (n / 7) * INTERVAL '1 second', " + T + ", " + T + ", 1, n % 3"
                + " FROM generate_series(1, " + (2 * ReconciliationLedger.PAGE + 5) + ") AS n");
        java.time.OffsetDateTime from = java.time.OffsetDateTime.parse("2026-11-20T11:00:00+08:00");
        java.time.OffsetDateTime to = from.plusDays(1);
        List<String> whole = read(l -> l.records("m1", "betapay", from, to, BillMatching.Slice.WHOLE));
        assertEquals(2 * ReconciliationLedger.PAGE + 5 + 3, whole.size(), "every payment and the release, once");
        assertEquals(whole.stream().distinct().count(), whole.size());
        List<String> parts = new java.util.ArrayList<>();
        for (int index = 0; index < 3; index++) {
            int i = index;
            BillMatching.Slice slice = new BillMatching.Slice(i, 3);
            List<String> part = read(l -> l.records("m1", "betapay", from, to, slice));
            assertEquals(true, part.size() > 0 && part.size() < whole.size(), "a third or so in part " + i + ": " + part.size());
            part.forEach(r -> assertEquals(true, slice.holds(r.split(" ")[3]), r + " in part " + i));
            parts.addAll(part);
        }
        assertEquals(whole, parts.stream().sorted().toList(), "the parts together are the day, each record in one part");
        assertEquals(List.of("PAYMENT bulk-4004 SUCCESS 4004 fee 2"), read2(l -> l.records("m1", "betapay", from, to,
                BillMatching.Slice.WHOLE)).stream().filter(r -> r.startsWith("PAYMENT bulk-4004 ")).toList(), "a payment of the last page as billed");
    }

    private List<String> read2(java.util.function.Function<ReconciliationLedger, List<BillMatching.Record>> query) {
        return store.inTransaction(em -> {
            ReconciliationLedger ledger = new ReconciliationLedger();
            ledger.em = em;
            return query.apply(ledger).stream().map(r -> r.kind() + " " + r.key() + " " + r.state() + " " + r.amount() + " fee " + r.fee())
                    .toList();
        });
    }
}
