package org.cbec.access.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The migrations on the H2 version Payara Micro bundles; PostgreSQL is covered by its own suite. */
class MigrationsTest {

    private String url;

    @BeforeEach
    void migrate() {
        url = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").load().migrate();
    }

    @Test
    void aSecondRunFindsNothingToDo() {
        assertEquals(0, Flyway.configure().dataSource(url, "sa", "").locations("classpath:db/migration").load()
                .migrate().migrationsExecuted);
    }

    @Test
    void twoKeysWithTheSameHashAreRefusedByTheDatabase() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.executeUpdate(insertKey(50, "key_a", "BROKER"));
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(insertKey(100, "key_b", "CHECKOUT")));
            assertEquals("23505", e.getSQLState());
        }
    }

    @Test
    void aKeyOfAnUnknownServiceIsRefusedByTheDatabase() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            SQLException e = assertThrows(SQLException.class, () -> s.executeUpdate(insertKey(50, "key_a", "OTHER")));
            assertEquals("23513", e.getSQLState(), "refused by the service check constraint, not for another reason: " + e.getMessage());
            // The same row with a known service goes in: the constraint is what refused the other.
            assertEquals(1, s.executeUpdate(insertKey(50, "key_a", "BROKER")));
        }
    }

    @Test
    void theBrokersSchemaHoldsNoTableOfTheSandboxCompanies() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'");
            rs.next();
            assertTrue(rs.getLong(1) > 5, "the broker's tables are there");
            rs = s.executeQuery("SELECT TABLE_NAME FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC'"
                    + " AND LOWER(TABLE_NAME) LIKE 'sandbox%'");
            assertFalse(rs.next(), "a sandbox table is left in the broker's database");
            rs = s.executeQuery("SELECT SEQUENCE_NAME FROM INFORMATION_SCHEMA.SEQUENCES WHERE LOWER(SEQUENCE_NAME) LIKE 'sandbox%'");
            assertFalse(rs.next(), "a sandbox sequence is left in the broker's database");
        }
    }

    @Test
    void sequencesHandOutBlocksOfTheAllocationSize() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            var rs = s.executeQuery("SELECT NEXT VALUE FOR api_key_seq");
            rs.next();
            assertEquals(50, rs.getLong(1));
            rs = s.executeQuery("SELECT NEXT VALUE FOR api_key_seq");
            rs.next();
            assertEquals(100, rs.getLong(1));
        }
    }

    @Test
    void aPaymentStoredBeforeHoldingForSettlementExistedIsNotHeld() throws SQLException {
        String before = "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
        Flyway.configure().dataSource(before, "sa", "").locations("classpath:db/migration").target("14").load().migrate();
        try (Connection c = DriverManager.getConnection(before, "sa", ""); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount,"
                    + " request_json, trade_state, created_at, updated_at, version) VALUES (50, 'm', 'alphapay', 'o-1', 'NATIVE',"
                    + " 'CNY', 100, '{}', 'NOTPAY', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
            Flyway.configure().dataSource(before, "sa", "").locations("classpath:db/migration").load().migrate();
            var rs = s.executeQuery("SELECT held_for_settlement FROM payment WHERE id = 50");
            rs.next();
            assertFalse(rs.getBoolean(1), "a payment stored before the flag was never held at the company");
        }
    }

    @Test
    void aSettlementRefIsTheMerchantsOnceAndASplitsPartsMoveMoney() throws SQLException {
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.executeUpdate("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency, actual_amount,"
                    + " request_json, trade_state, created_at, updated_at, version) VALUES (7000, 'm', 'alphapay', 'o-s', 'NATIVE',"
                    + " 'CNY', 100, '{}', 'SUCCESS', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP, 0)");
            s.executeUpdate(insertSettlement(7000, 1, "s-1"));
            SQLException twice = assertThrows(SQLException.class, () -> s.executeUpdate(insertSettlement(7001, 2, "s-1")));
            assertEquals("23505", twice.getSQLState(), twice.getMessage());
            SQLException pastTheRelease = assertThrows(SQLException.class, () -> s.executeUpdate(insertSettlement(7002, 52, "s-52")));
            assertEquals("23513", pastTheRelease.getSQLState(), pastTheRelease.getMessage());
            SQLException nothing = assertThrows(SQLException.class, () -> s.executeUpdate("INSERT INTO settlement_part (settlement_id, seq,"
                    + " receiver_type, account, amount, result) VALUES (7000, 0, 'MERCHANT', 'shop-a', 0, 'PENDING')"));
            assertEquals("23513", nothing.getSQLState(), nothing.getMessage());
        }
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
}
