package org.cbec.sandbox.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.NamedNativeQuery;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.sandbox.entity.CompanyOrder;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The migrations run on a real PostgreSQL, configured exactly as the server configures them (the
 * schema sandbox, reached through connections with currentSchema=sandbox as the server's pool
 * makes them): tables, sequences with the entities' allocation sizes, constraints. One server for
 * the class (on a free port; as root its processes run as nobody in a user namespace), a new empty
 * database for each test.
 */
class MigrationsTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    /** This test's database, as the server's pool reaches it. */
    private String url;

    @BeforeEach
    void freshDatabase() throws SQLException {
        url = postgres.freshDatabase("sandbox") + "&currentSchema=" + SchemaMigrator.SCHEMA;
    }

    void migrate() {
        SchemaMigrator.configure(Flyway.configure(MigrationsTest.class.getClassLoader()))
                .dataSource(url, null, null).load().migrate();
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection(url);
    }

    /** This test's database as the server's pool hands it out. */
    private javax.sql.DataSource dataSource() {
        org.postgresql.ds.PGSimpleDataSource ds = new org.postgresql.ds.PGSimpleDataSource();
        ds.setUrl(url);
        return ds;
    }

    private int checksum(String version) throws SQLException {
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement("SELECT checksum FROM sandbox_schema_history WHERE version = ?")) {
            s.setString(1, version);
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next(), "version " + version + " applied");
            return rs.getInt(1);
        }
    }

    private void setChecksum(String version, int checksum) throws SQLException {
        try (Connection c = connect(); PreparedStatement s = c.prepareStatement("UPDATE sandbox_schema_history SET checksum = ? WHERE version = ?")) {
            s.setInt(1, checksum);
            s.setString(2, version);
            assertEquals(1, s.executeUpdate());
        }
    }

    @Test
    void eachEditedCommentIsDeclaredWithTheChecksumFlywayGivesTheFileNow() throws SQLException {
        SchemaMigrator.MIGRATION.migrate(dataSource(), MigrationsTest.class.getClassLoader());
        assertFalse(SchemaMigrator.MIGRATION.commentEdits().isEmpty());
        for (org.cbec.plumbing.schema.SchemaMigration.CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            assertEquals(edit.after(), checksum(edit.version()), "V" + edit.version() + " as it is now");
        }
    }

    @Test
    void aDatabaseThatAppliedAMigrationBeforeItsCommentWasEditedStartsAndTakesTheNewChecksum() throws SQLException {
        SchemaMigrator.MIGRATION.migrate(dataSource(), MigrationsTest.class.getClassLoader());
        for (org.cbec.plumbing.schema.SchemaMigration.CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            setChecksum(edit.version(), edit.before());
        }
        assertEquals(0, SchemaMigrator.MIGRATION.migrate(dataSource(), MigrationsTest.class.getClassLoader()).applied());
        for (org.cbec.plumbing.schema.SchemaMigration.CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            assertEquals(edit.after(), checksum(edit.version()), "V" + edit.version() + " took the new checksum");
        }
    }

    @Test
    void anyOtherChangeToAnAppliedMigrationStillStopsTheStart() throws SQLException {
        SchemaMigrator.MIGRATION.migrate(dataSource(), MigrationsTest.class.getClassLoader());
        org.cbec.plumbing.schema.SchemaMigration.CommentEdit edit = SchemaMigrator.MIGRATION.commentEdits().get(0);
        setChecksum(edit.version(), edit.before() + 1);
        RuntimeException refused = assertThrows(RuntimeException.class,
                () -> SchemaMigrator.MIGRATION.migrate(dataSource(), MigrationsTest.class.getClassLoader()));
        assertTrue(refused.getMessage().contains("checksum mismatch"), refused::getMessage);
        assertEquals(edit.before() + 1, checksum(edit.version()), "left as it was");
    }

    static String account(long id, String paymentMethod, String merchant, String companyMerchantId) {
        return String.format("INSERT INTO sandbox_account (id, payment_method, merchant, company_merchant_id, app_id, key_serial,"
                + " merchant_public_key, merchant_private_key, opened_at) VALUES (%d, '%s', '%s', '%s', '%s-app-%s', 'AB', 'pub', 'priv',"
                + " CURRENT_TIMESTAMP)", id, paymentMethod, merchant, companyMerchantId, paymentMethod, companyMerchantId);
    }

    @Test
    void migratesAnEmptyDatabaseAndFindsItCurrentAfterwards() throws SQLException {
        migrate();
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (String table : new String[] {"sandbox_company_key", "sandbox_account", "sandbox_order", "sandbox_declaration",
                "sandbox_request", "sandbox_refund", "sandbox_callback", "sandbox_receiver", "sandbox_split", "sandbox_split_part",
                "sandbox_beneficiary", "sandbox_payout_terms", "sandbox_payout", "sandbox_bill_difference", "sandbox_schema_history"}) {
                try (ResultSet r = s.executeQuery("SELECT table_schema FROM information_schema.tables WHERE table_name = '" + table + "'")) {
                    assertTrue(r.next(), table);
                    assertEquals(SchemaMigrator.SCHEMA, r.getString(1), table + " is in the sandbox's own schema");
                    assertFalse(r.next(), table + " is in one schema only");
                }
            }
            try (ResultSet r = s.executeQuery("SELECT nextval('sandbox_order_seq'), nextval('sandbox_order_seq')")) {
                r.next();
                assertEquals(50, r.getLong(1), "sequences start at the entities' allocationSize");
                assertEquals(100, r.getLong(2), "and step by it");
            }
        }
    }

    @Test
    void anOrderRefIsUniquePerAccount() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9001, "alphapay", "uq-test", "1999999999"));
            String order = "INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state,"
                    + " created_at) VALUES (%d, 9001, 'o1', 'NATIVE', 1, 'CNY', 'wx', 'NOTPAY', CURRENT_TIMESTAMP)";
            s.execute(String.format(order, 9001));
            // 23505: refused by a unique constraint, not for another reason (a typo in the SQL would be 42xxx)
            SQLException order2 = assertThrows(SQLException.class, () -> s.execute(String.format(order, 9002)));
            assertEquals("23505", order2.getSQLState(), order2::getMessage);
            SQLException account2 = assertThrows(SQLException.class, () -> s.execute(account(9002, "alphapay", "uq-test", "1999999998")));
            assertEquals("23505", account2.getSQLState(), account2::getMessage);
        }
    }

    @Test
    void aRefundNumberIsUniquePerOrderAndARefundMovesMoney() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9101, "betapay", "refund-test", "2099999999"));
            String order = "INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state,"
                    + " created_at, refund_outcome) VALUES (%d, 9101, '%s', 'NATIVE', 500, 'CNY', '20x', 'SUCCESS', CURRENT_TIMESTAMP, NULL)";
            s.execute(String.format(order, 9101, "r1"));
            s.execute(String.format(order, 9102, "r2"));
            String refund = "INSERT INTO sandbox_refund (id, order_id, account_id, refund_no, refund_id, amount, state, outcome,"
                    + " created_at) VALUES (%d, %d, 9101, 'n1', '21x', %d, 'SUCCESS', 'SUCCESS', CURRENT_TIMESTAMP)";
            s.execute(String.format(refund, 9101, 9101, 100));
            // The same number on another order is the books' business (betapay allows it), not the schema's.
            s.execute(String.format(refund, 9102, 9102, 100));
            SQLException twice = assertThrows(SQLException.class, () -> s.execute(String.format(refund, 9103, 9101, 100)));
            assertEquals("23505", twice.getSQLState(), twice::getMessage);
            SQLException zero = assertThrows(SQLException.class, () -> s.execute(String.format(refund, 9104, 9101, 0)
                    .replace("'n1'", "'n2'")));
            assertEquals("23514", zero.getSQLState(), zero::getMessage);
        }
    }

    @Test
    void aCallbackBelongsToAnOrderAndIsPendingDeliveredOrGivenUp() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9201, "alphapay", "callback-test", "1999999901").replace("opened_at)", "opened_at, api_v3_key)")
                    .replace("CURRENT_TIMESTAMP)", "CURRENT_TIMESTAMP, 'abcdefghijklmnopqrstuvwxyz012345')"));
            s.execute("INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state, created_at,"
                    + " notify_url) VALUES (9201, 9201, 'n1', 'NATIVE', 1, 'CNY', 'wx', 'SUCCESS', CURRENT_TIMESTAMP, 'https://m.example/n')");
            s.execute("INSERT INTO sandbox_refund (id, order_id, account_id, refund_no, refund_id, amount, state, outcome, created_at,"
                    + " notify_url) VALUES (9201, 9201, 9201, 'r1', '50x', 1, 'PROCESSING', 'SUCCESS', CURRENT_TIMESTAMP, 'https://m.example/r')");
            String callback = "INSERT INTO sandbox_callback (id, account_id, order_id, refund_no, payment_method, kind, url, body, state,"
                    + " attempts, next_attempt_at, created_at, claim_version) VALUES (%d, 9201, %d, NULL, 'alphapay', 'TRANSACTION.SUCCESS',"
                    + " 'https://m.example/n', '{}', '%s', 0, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)";
            for (String state : new String[] {"PENDING", "DELIVERED", "GIVEN_UP"}) {
                s.execute(String.format(callback, 9200 + state.length(), 9201, state));
            }
            SQLException sent = assertThrows(SQLException.class, () -> s.execute(String.format(callback, 9211, 9201, "SENT")));
            assertEquals("23514", sent.getSQLState(), sent::getMessage);
            SQLException orphan = assertThrows(SQLException.class, () -> s.execute(String.format(callback, 9212, 9999, "PENDING")));
            assertEquals("23503", orphan.getSQLState(), orphan::getMessage);
        }
    }

    @Test
    void aReceiverIsRegisteredOncePerAccountAndASplitNumberIsTheAccountsOnce() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9401, "alphapay", "split-test", "1999999941"));
            s.execute(account(9402, "alphapay", "split-test-2", "1999999942"));
            String receiver = "INSERT INTO sandbox_receiver (id, account_id, receiver_type, receiver_account, name_hash, name_mask,"
                    + " relation_type, added_at) VALUES (%d, %d, 'MERCHANT_ID', 'R1', NULL, NULL, 'PARTNER', CURRENT_TIMESTAMP)";
            s.execute(String.format(receiver, 9401, 9401));
            s.execute(String.format(receiver, 9402, 9402));
            SQLException again = assertThrows(SQLException.class, () -> s.execute(String.format(receiver, 9403, 9401)));
            assertEquals("23505", again.getSQLState(), again::getMessage);
            s.execute("INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state, created_at,"
                    + " held_for_settlement) VALUES (9401, 9401, 'h1', 'NATIVE', 10000, 'CNY', 'wx', 'SUCCESS', CURRENT_TIMESTAMP, TRUE)");
            String split = "INSERT INTO sandbox_split (id, order_id, account_id, split_no, split_id, kind, finish, by_company, created_at)"
                    + " VALUES (%d, 9401, 9401, '%s', '30x', '%s', FALSE, FALSE, CURRENT_TIMESTAMP)";
            s.execute(String.format(split, 9401, "s1", "SPLIT"));
            SQLException twice = assertThrows(SQLException.class, () -> s.execute(String.format(split, 9402, "s1", "RELEASE")));
            assertEquals("23505", twice.getSQLState(), twice::getMessage);
            SQLException kind = assertThrows(SQLException.class, () -> s.execute(String.format(split, 9403, "s2", "REFUND")));
            assertEquals("23514", kind.getSQLState(), kind::getMessage);
        }
    }

    @Test
    void aPartBelongsToASplitHasAKnownResultAndNeverANegativeAmount() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9501, "betapay", "part-test", "2099999951"));
            s.execute("INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state, created_at,"
                    + " held_for_settlement) VALUES (9501, 9501, 'p1', 'NATIVE', 10000, 'CNY', '20x', 'SUCCESS', CURRENT_TIMESTAMP, TRUE)");
            s.execute("INSERT INTO sandbox_split (id, order_id, account_id, split_no, split_id, kind, finish, by_company, created_at)"
                    + " VALUES (9501, 9501, 9501, 'r1', '22x', 'RELEASE', FALSE, TRUE, CURRENT_TIMESTAMP)");
            String part = "INSERT INTO sandbox_split_part (id, split_row_id, order_id, part_no, to_merchant, receiver_type,"
                    + " receiver_account, amount, result, outcome, created_at) VALUES (%d, %d, 9501, %d, TRUE, 'MERCHANT', '2099999951',"
                    + " %d, '%s', 'SUCCESS', CURRENT_TIMESTAMP)";
            // A release of nothing left is a part of 0.
            s.execute(String.format(part, 9501, 9501, 1, 0, "SUCCESS"));
            SQLException samePosition = assertThrows(SQLException.class, () -> s.execute(String.format(part, 9502, 9501, 1, 1, "SUCCESS")));
            assertEquals("23505", samePosition.getSQLState(), samePosition::getMessage);
            SQLException negative = assertThrows(SQLException.class, () -> s.execute(String.format(part, 9503, 9501, 2, -1, "SUCCESS")));
            assertEquals("23514", negative.getSQLState(), negative::getMessage);
            SQLException result = assertThrows(SQLException.class, () -> s.execute(String.format(part, 9504, 9501, 3, 1, "FAILED")));
            assertEquals("23514", result.getSQLState(), result::getMessage);
            SQLException orphan = assertThrows(SQLException.class, () -> s.execute(String.format(part, 9505, 9999, 4, 1, "PENDING")));
            assertEquals("23503", orphan.getSQLState(), orphan::getMessage);
        }
    }

    @Test
    void aPayoutNumberIsTheAccountsOnceAndAPayoutNeverTakesMoreFeeThanItsAmount() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9601, "alphapay", "payout-test", "1999999961"));
            s.execute(account(9602, "alphapay", "payout-test-2", "1999999962"));
            String payout = "INSERT INTO sandbox_payout (id, account_id, payout_no, payout_id, state, amount, currency, fee, rate, rate_date,"
                    + " target_amount, target_currency, accepted_at, due_at) VALUES (%d, %d, '%s', '31x', '%s', %d, 'CNY', %d, 9.12345678,"
                    + " DATE '2026-11-26', 10906, 'GBP', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)";
            s.execute(String.format(payout, 9601, 9601, "p1", "ACCEPTED", 100000, 500));
            s.execute(String.format(payout, 9602, 9602, "p1", "ACCEPTED", 100000, 500));
            SQLException twice = assertThrows(SQLException.class, () -> s.execute(String.format(payout, 9603, 9601, "p1", "PAID", 100000, 500)));
            assertEquals("23505", twice.getSQLState(), twice::getMessage);
            SQLException state = assertThrows(SQLException.class, () -> s.execute(String.format(payout, 9604, 9601, "p2", "SENT", 100000, 500)));
            assertEquals("23514", state.getSQLState(), state::getMessage);
            SQLException allFee = assertThrows(SQLException.class, () -> s.execute(String.format(payout, 9605, 9601, "p3", "ACCEPTED", 500, 500)));
            assertEquals("23514", allFee.getSQLState(), allFee::getMessage);
            try (ResultSet r = s.executeQuery("SELECT rate FROM sandbox_payout WHERE id = 9601")) {
                r.next();
                assertEquals(new java.math.BigDecimal("9.12345678"), r.getBigDecimal(1), "the rate keeps its 8 places");
            }
        }
    }

    @Test
    void anAccountHasOneBeneficiaryAndACompanyOneSetOfTermsPerCurrency() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9701, "betapay", "beneficiary-test", "2099999971"));
            String beneficiary = "INSERT INTO sandbox_beneficiary (id, account_id, holder_mask, account_mask, account_hash, swift_code,"
                    + " bank_country, currency, registered_at) VALUES (%d, 9701, 'J*', '****6819', 'h', 'NWBKGB2L', 'GB', 'GBP', CURRENT_TIMESTAMP)";
            s.execute(String.format(beneficiary, 9701));
            SQLException second = assertThrows(SQLException.class, () -> s.execute(String.format(beneficiary, 9702)));
            assertEquals("23505", second.getSQLState(), second::getMessage);
            String terms = "INSERT INTO sandbox_payout_terms (id, payment_method, currency, rate, rate_date, fee_fixed, fee_percent,"
                    + " paid_after_seconds, set_at) VALUES (%d, '%s', 'USD', %s, DATE '2026-11-26', 0, 0.5, 2, CURRENT_TIMESTAMP)";
            s.execute(String.format(terms, 9701, "zetapay", "7.1"));
            SQLException again = assertThrows(SQLException.class, () -> s.execute(String.format(terms, 9702, "zetapay", "7.2")));
            assertEquals("23505", again.getSQLState(), again::getMessage);
            SQLException zero = assertThrows(SQLException.class, () -> s.execute(String.format(terms, 9703, "omegapay", "0")));
            assertEquals("23514", zero.getSQLState(), zero::getMessage);
        }
    }

    @Test
    void aBillDifferenceHasAKnownKindAReferenceUnlessWrongHashAndSecondsOnlyWhenAShift() throws SQLException {
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9901, "alphapay", "bill-difference-test", "1999999991"));
            String difference = "INSERT INTO sandbox_bill_difference (id, account_id, kind, reference, seconds, created_at)"
                    + " VALUES (%d, %d, '%s', %s, %s, CURRENT_TIMESTAMP)";
            s.execute(String.format(difference, 9901, 9901, "AMOUNT_PLUS_ONE_FEN", "'o1'", "NULL"));
            s.execute(String.format(difference, 9902, 9901, "OMIT", "'o1'", "NULL"));
            s.execute(String.format(difference, 9903, 9901, "SHIFT_SECONDS", "'o1'", "-2"));
            s.execute(String.format(difference, 9904, 9901, "WRONG_HASH", "NULL", "NULL"));
            for (String[] bad : new String[][] {{"LOSE", "'o1'", "NULL"}, {"WRONG_HASH", "'o1'", "NULL"}, {"OMIT", "NULL", "NULL"},
                {"SHIFT_SECONDS", "'o1'", "NULL"}, {"SHIFT_SECONDS", "'o1'", "0"}, {"OMIT", "'o1'", "5"}}) {
                SQLException e = assertThrows(SQLException.class, () -> s.execute(String.format(difference, 9905, 9901, bad[0], bad[1], bad[2])),
                        String.join(" ", bad));
                assertEquals("23514", e.getSQLState(), e::getMessage);
            }
            SQLException orphan = assertThrows(SQLException.class,
                    () -> s.execute(String.format(difference, 9906, 9999, "OMIT", "'o1'", "NULL")));
            assertEquals("23503", orphan.getSQLState(), orphan::getMessage);
        }
    }

    @Test
    void aBillsRowsAreFoundByAnIndexOfTheirAccountAndTime() throws SQLException {
        migrate();
        java.util.Map<String, String> expected = java.util.Map.of(
                "sandbox_order_paid_ix", "sandbox_order(account_id,paid_at)",
                "sandbox_refund_decided_ix", "sandbox_refund(account_id,decided_at)",
                "sandbox_split_part_finished_ix", "sandbox_split_part(split_row_id,finished_at)",
                "sandbox_payout_accepted_ix", "sandbox_payout(account_id,accepted_at)",
                "sandbox_bill_difference_account_ix", "sandbox_bill_difference(account_id)");
        try (Connection c = connect(); Statement s = c.createStatement()) {
            for (var index : expected.entrySet()) {
                // The index's columns in their order, from PostgreSQL's catalog (indkey lists them).
                try (ResultSet r = s.executeQuery("SELECT t.relname, string_agg(a.attname, ',' ORDER BY k.position)"
                        + " FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid"
                        + " JOIN pg_namespace n ON n.oid = i.relnamespace"
                        + " CROSS JOIN LATERAL unnest(x.indkey::int2[]) WITH ORDINALITY AS k(attnum, position)"
                        + " JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum"
                        + " WHERE n.nspname = '" + SchemaMigrator.SCHEMA + "' AND i.relname = '" + index.getKey() + "'"
                        + " GROUP BY t.relname")) {
                    assertTrue(r.next(), index.getKey());
                    assertEquals(index.getValue(), r.getString(1) + "(" + r.getString(2) + ")");
                }
            }
        }
    }

    @Test
    void theNativeQueryOfHeldOrdersFindsThePaidHeldOrdersOfOneCurrency() throws SQLException {
        migrate();
        String query = Arrays.stream(CompanyOrder.class.getAnnotationsByType(NamedNativeQuery.class))
                .filter(q -> q.name().equals(CompanyOrder.PAID_HELD)).findFirst().orElseThrow().query();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9801, "alphapay", "held-query-test", "1999999981"));
            String order = "INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state, created_at,"
                    + " held_for_settlement) VALUES (%d, 9801, '%s', 'NATIVE', 100, '%s', 'wx', '%s', CURRENT_TIMESTAMP, %s)";
            s.execute(String.format(order, 9801, "held", "CNY", "SUCCESS", "TRUE"));
            s.execute(String.format(order, 9802, "free", "CNY", "SUCCESS", "FALSE"));
            s.execute(String.format(order, 9803, "unpaid", "CNY", "NOTPAY", "TRUE"));
            s.execute(String.format(order, 9804, "pounds", "GBP", "SUCCESS", "TRUE"));
            try (PreparedStatement p = c.prepareStatement(query.replace("?1", "?").replace("?2", "?"))) {
                p.setLong(1, 9801);
                p.setString(2, "CNY");
                try (ResultSet r = p.executeQuery()) {
                    assertTrue(r.next());
                    assertEquals("held", r.getString(1));
                    assertFalse(r.next());
                }
            }
        }
    }

    @Test
    void aDatabaseAtVersionTwoKeepsItsAccountsOrdersAndRefundsWithoutKeysOrNotifyUrls() throws SQLException {
        SchemaMigrator.configure(Flyway.configure(MigrationsTest.class.getClassLoader())).target("2")
                .dataSource(url, null, null).load().migrate();
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute(account(9301, "alphapay", "before-v3", "1999999931"));
            s.execute("INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state, created_at)"
                    + " VALUES (9301, 9301, 'u1', 'NATIVE', 1, 'CNY', 'wx', 'SUCCESS', CURRENT_TIMESTAMP)");
            s.execute("INSERT INTO sandbox_refund (id, order_id, account_id, refund_no, refund_id, amount, state, outcome, created_at)"
                    + " VALUES (9301, 9301, 9301, 'r1', '50x', 1, 'PROCESSING', 'SUCCESS', CURRENT_TIMESTAMP)");
        }
        migrate();
        try (Connection c = connect(); Statement s = c.createStatement();
                ResultSet r = s.executeQuery("SELECT a.api_v3_key, o.notify_url, f.notify_url, f.state FROM sandbox_account a"
                        + " JOIN sandbox_order o ON o.account_id = a.id JOIN sandbox_refund f ON f.order_id = o.id WHERE a.id = 9301")) {
            assertTrue(r.next());
            assertNull(r.getString(1), "given at the next startup, not by the migration");
            assertNull(r.getString(2));
            assertNull(r.getString(3));
            assertEquals("PROCESSING", r.getString(4));
        }
    }
}
