package org.cbec.sandbox.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;

/**
 * The migrations run on the H2 that Payara Micro bundles, configured exactly as the server
 * configures them: tables, sequences with the entities' allocation sizes, constraints.
 */
class MigrationsTest {

    static final String URL = "jdbc:h2:mem:sandbox-migrations;DB_CLOSE_DELAY=-1";

    static void migrate() {
        SchemaMigrator.configure(Flyway.configure(MigrationsTest.class.getClassLoader()), false)
                .dataSource(URL, "sa", "").load().migrate();
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
        try (Connection c = DriverManager.getConnection(URL, "sa", ""); Statement s = c.createStatement()) {
            for (String table : new String[] {"SANDBOX_COMPANY_KEY", "SANDBOX_ACCOUNT", "SANDBOX_ORDER", "SANDBOX_DECLARATION",
                "SANDBOX_REQUEST", "SANDBOX_REFUND", "sandbox_schema_history"}) {
                try (ResultSet r = s.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = '" + table + "'")) {
                    r.next();
                    assertEquals(1, r.getInt(1), table);
                }
            }
            try (ResultSet r = s.executeQuery("SELECT NEXT VALUE FOR sandbox_order_seq")) {
                r.next();
                assertEquals(0, r.getLong(1) % 50, "sequences step by the entities' allocationSize");
            }
        }
    }

    @Test
    void anOrderRefIsUniquePerAccount() throws SQLException {
        migrate();
        try (Connection c = DriverManager.getConnection(URL, "sa", ""); Statement s = c.createStatement()) {
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
        try (Connection c = DriverManager.getConnection(URL, "sa", ""); Statement s = c.createStatement()) {
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
            assertEquals("23513", zero.getSQLState(), zero::getMessage);
        }
    }
}
