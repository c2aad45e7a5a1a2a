package org.cbec.access.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The migrations on a real PostgreSQL, the database of the run and of the data center: one server
 * for the class (on a free port; as root its processes run as nobody in a user namespace), a new
 * empty database for each test, migrated into its default schema as the broker's are.
 */
class MigrationsTest {

    private static EmbeddedPostgres postgres;

    private String url;

    @BeforeAll
    static void start() throws IOException {
        postgres = EmbeddedPostgres.builder().start();
    }

    @AfterAll
    static void stop() throws IOException {
        if (postgres != null) {
            postgres.close();
        }
    }

    /** A new empty database on the class's server; its JDBC URL (user included). */
    private static String freshDatabase() throws SQLException {
        String name = "broker_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return postgres.getJdbcUrl("postgres", name);
    }

    private static Flyway flyway(String url) {
        return Flyway.configure().dataSource(url, null, null).locations("classpath:db/migration").load();
    }

    private static Connection connect(String url) throws SQLException {
        return DriverManager.getConnection(url);
    }

    @BeforeEach
    void migrate() throws SQLException {
        url = freshDatabase();
        flyway(url).migrate();
    }

    @Test
    void aSecondRunFindsNothingToDo() {
        assertEquals(0, flyway(url).migrate().migrationsExecuted);
    }

    @Test
    void twoKeysWithTheSameHashAreRefusedByTheDatabase() throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.executeUpdate(insertKey(50, "key_a", "BROKER"));
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(insertKey(100, "key_b", "CHECKOUT")));
            assertEquals("23505", e.getSQLState());
        }
    }

    @Test
    void aKeyOfAnUnknownServiceIsRefusedByTheDatabase() throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(insertKey(50, "key_a", "OTHER")));
            assertEquals("23514", e.getSQLState(), "refused by the service check constraint, not for another reason: " + e.getMessage());
            // The same row with a known service goes in: the constraint is what refused the other.
            assertEquals(1, s.executeUpdate(insertKey(50, "key_a", "BROKER")));
        }
    }

    @Test
    void theBrokersSchemaHoldsNoTableOfTheSandboxCompanies() throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'");
            rs.next();
            assertTrue(rs.getLong(1) > 5, "the broker's tables are there");
            // The sandbox's own schema (sandbox) is its business: none of its tables in the broker's.
            rs = s.executeQuery("SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
                    + " AND LOWER(table_name) LIKE 'sandbox%'");
            assertFalse(rs.next(), "a sandbox table is left in the broker's database");
            rs = s.executeQuery("SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = 'public'"
                    + " AND LOWER(sequence_name) LIKE 'sandbox%'");
            assertFalse(rs.next(), "a sandbox sequence is left in the broker's database");
        }
    }

    @Test
    void sequencesHandOutBlocksOfTheAllocationSize() throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT nextval('api_key_seq')");
            rs.next();
            assertEquals(50, rs.getLong(1));
            rs = s.executeQuery("SELECT nextval('api_key_seq')");
            rs.next();
            assertEquals(100, rs.getLong(1));
        }
    }

    @Test
    void aPaymentStoredBeforeHoldingForSettlementExistedIsNotHeld() throws SQLException {
        String before = freshDatabase();
        Flyway.configure().dataSource(before, null, null).locations("classpath:db/migration").target("14").load().migrate();
        try (Connection c = connect(before); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount,"
                    + " request_json, trade_state, created_at, updated_at, version) VALUES (50, 'm', 'alphapay', 'o-1', 'NATIVE',"
                    + " 'CNY', 100, '{}', 'NOTPAY', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
            flyway(before).migrate();
            var rs = s.executeQuery("SELECT held_for_settlement FROM payment WHERE id = 50");
            rs.next();
            assertFalse(rs.getBoolean(1), "a payment stored before the flag was never held at the company");
        }
    }

    @Test
    void aSettlementRefIsTheMerchantsOnceAndASplitsPartsMoveMoney() throws SQLException {
        try (Connection c = connect(url); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount,"
                    + " request_json, trade_state, created_at, updated_at, version) VALUES (7000, 'm', 'alphapay', 'o-s', 'NATIVE',"
                    + " 'CNY', 100, '{}', 'SUCCESS', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
            s.executeUpdate(insertSettlement(7000, 1, "s-1"));
            SQLException twice = assertThrows(SQLException.class, () -> s.executeUpdate(insertSettlement(7001, 2, "s-1")));
            assertEquals("23505", twice.getSQLState(), twice.getMessage());
            SQLException pastTheRelease = assertThrows(SQLException.class, () -> s.executeUpdate(insertSettlement(7002, 52, "s-52")));
            assertEquals("23514", pastTheRelease.getSQLState(), pastTheRelease.getMessage());
            SQLException nothing = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO settlement_part (settlement_id, seq,"
                    + " receiver_type, account, amount, result) VALUES (7000, 0, 'MERCHANT', 'shop-a', 0, 'PENDING')"));
            assertEquals("23514", nothing.getSQLState(), nothing.getMessage());
        }
    }

    @Test
    void paymentsRefundsSplitsAndReleasesStoredBeforeTheBalanceLedgerAreItsFirstEntries() throws SQLException {
        String before = freshDatabase();
        Flyway.configure().dataSource(before, null, null).locations("classpath:db/migration").target("16").load().migrate();
        try (Connection c = connect(before); Statement s = c.createStatement()) {
            // A: not held, 1000 paid, a refund of 100 made and one of 50 CLOSED.
            s.executeUpdate(insertPayment(50, "a", "CNY", 1000, false, "SUCCESS"));
            s.executeUpdate(insertRefund(60, 50, 1, "a-r1", 100, "SUCCESS", utc("2026-11-20 10:00:00")));
            s.executeUpdate(insertRefund(61, 50, 2, "a-r2", 50, "CLOSED", utc("2026-11-20 10:00:00")));
            // B: held, 2000 paid; a refund of 100 before its release; a split of 300 made and 200 CLOSED; then released.
            s.executeUpdate(insertPayment(51, "b", "CNY", 2000, true, "SUCCESS"));
            s.executeUpdate(insertRefund(62, 51, 1, "b-r1", 100, "SUCCESS", utc("2026-11-20 10:00:00")));
            s.executeUpdate(settlement(70, 51, 1, "SPLIT", "b-s1", "FINISHED", utc("2026-11-20 11:00:00")));
            s.executeUpdate(part(70, 1, 300, "SUCCESS"));
            s.executeUpdate(part(70, 2, 200, "CLOSED"));
            s.executeUpdate(settlement(71, 51, 2, "RELEASE", "b-s2", "FINISHED", utc("2026-11-21 10:00:00")));
            // C: held, 500 paid, a split of 100 still pending, not released. D: GBP, not in the CNY balance. E: not paid.
            s.executeUpdate(insertPayment(52, "c", "CNY", 500, true, "SUCCESS"));
            s.executeUpdate(settlement(72, 52, 1, "SPLIT", "c-s1", "PROCESSING", "NULL"));
            s.executeUpdate(part(72, 1, 100, "PENDING"));
            s.executeUpdate(insertPayment(53, "d", "GBP", 700, false, "SUCCESS"));
            s.executeUpdate(insertPayment(54, "e", "CNY", 900, false, "NOTPAY"));

            flyway(before).migrate();

            assertEquals(1000 - 100 + 1600, bucket(s, "AVAILABLE"), "A's 900 (the CLOSED refund came back) and B's release of 2000-100-300");
            assertEquals(500 - 100, bucket(s, "HELD"), "B holds nothing after its release; C holds 400");
            var kinds = s.executeQuery("SELECT kind, COUNT(*) FROM balance_entry GROUP BY kind ORDER BY kind");
            StringBuilder seen = new StringBuilder();
            while (kinds.next()) {
                seen.append(kinds.getString(1)).append('=').append(kinds.getInt(2)).append(' ');
            }
            assertEquals("PAYMENT=3 REFUND=3 REFUND_BACK=1 RELEASE=1 SPLIT=3 SPLIT_BACK=1 ", seen.toString());
            var ids = s.executeQuery("SELECT MAX(id) FROM balance_entry");
            ids.next();
            assertTrue(ids.getLong(1) < 0, "below every id the sequence hands out");
        }
    }

    /** A moment in UTC, as PostgreSQL takes it for a TIMESTAMP WITH TIME ZONE column. */
    private static String utc(String dateTime) {
        return "TIMESTAMP WITH TIME ZONE '" + dateTime + "+00:00'";
    }

    private static long bucket(Statement s, String bucket) throws SQLException {
        var rs = s.executeQuery("SELECT COALESCE(SUM(CASE WHEN to_bucket = '" + bucket + "' THEN amount ELSE 0 END), 0)"
                + " - COALESCE(SUM(CASE WHEN from_bucket = '" + bucket + "' THEN amount ELSE 0 END), 0) FROM balance_entry");
        rs.next();
        return rs.getLong(1);
    }

    private static String insertPayment(long id, String ref, String currency, long amount, boolean held, String state) {
        return "INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount, request_json,"
                + " trade_state, held_for_settlement, paid_at, created_at, updated_at, version) VALUES (" + id + ", 'm', 'alphapay', '"
                + ref + "', 'NATIVE', '" + currency + "', " + amount + ", '{}', '" + state + "', " + held
                + ", " + utc("2026-11-19 10:00:00") + ", CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)";
    }

    private static String insertRefund(long id, long paymentId, int seq, String ref, long amount, String state, String at) {
        return "INSERT INTO refund (id, payment_id, merchant, seq, refund_ref, company_refund_no, amount, currency, state, created_at,"
                + " updated_at, version) VALUES (" + id + ", " + paymentId + ", 'm', " + seq + ", '" + ref + "', '" + ref + "', " + amount
                + ", 'CNY', '" + state + "', " + at + ", " + at + ", 0)";
    }

    private static String settlement(long id, long paymentId, int seq, String kind, String ref, String state, String finishedAt) {
        return "INSERT INTO settlement (id, payment_id, merchant, seq, kind, settlement_ref, company_no, state, finish, amount, by_company,"
                + " finished_at, created_at, updated_at, version) VALUES (" + id + ", " + paymentId + ", 'm', " + seq + ", '" + kind + "', '"
                + ref + "', '" + ref + "', '" + state + "', FALSE, 1, FALSE, " + finishedAt
                + ", " + utc("2026-11-20 10:30:00") + ", CURRENT_TIMESTAMP, 0)";
    }

    private static String part(long settlementId, int seq, long amount, String result) {
        return "INSERT INTO settlement_part (settlement_id, seq, receiver_type, account, amount, result) VALUES (" + settlementId + ", "
                + seq + ", 'MERCHANT', 'shop-" + seq + "', " + amount + ", '" + result + "')";
    }

    private static String insertSettlement(long id, int seq, String ref) {
        return "INSERT INTO settlement (id, payment_id, merchant, seq, kind, settlement_ref, company_no, state, finish, amount, by_company,"
                + " created_at, updated_at, version) VALUES (" + id + ", 7000, 'm', " + seq + ", 'SPLIT', '" + ref + "', 'o-s-S" + seq
                + "', 'SENDING', FALSE, 1, FALSE, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)";
    }

    private static String insertKey(long id, String keyId, String service) {
        return "INSERT INTO api_key (id, key_id, service, secret_hash, created_at) VALUES (" + id + ", '" + keyId + "', '"
                + service + "', '" + "0".repeat(64) + "', CURRENT_TIMESTAMP)";
    }

    @Test
    void everyMigrationOnTheStopAndStartListIsOneOfTheMigrations() throws IOException {
        String list;
        try (java.io.InputStream in = MigrationsTest.class.getResourceAsStream("/db/upgrade/stop-and-start.txt")) {
            list = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        }
        java.util.List<String> versions = list.lines().filter(l -> !l.startsWith("#") && !l.isBlank()).map(l -> l.split(" ", 2)[0]).toList();
        assertEquals(java.util.List.of("28", "29", "30", "31"), versions);
        for (String v : versions) {
            java.net.URL dir = MigrationsTest.class.getResource("/db/migration");
            try (java.util.stream.Stream<java.nio.file.Path> files = java.nio.file.Files.list(java.nio.file.Path.of(java.net.URI.create(
                    dir.toString())))) {
                assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("V" + v + "__")).count(), "V" + v + " is a migration");
            } catch (IllegalArgumentException e) {
                throw new AssertionError(e);
            }
        }
    }
}
