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

    @Test
    void migratesAnEmptyDatabaseAndFindsItCurrentAfterwards() throws SQLException {
        migrate();
        migrate();
        try (Connection c = DriverManager.getConnection(URL, "sa", ""); Statement s = c.createStatement()) {
            for (String table : new String[] {"SANDBOX_COMPANY_KEY", "SANDBOX_ACCOUNT", "SANDBOX_ORDER", "SANDBOX_DECLARATION",
                "SANDBOX_REQUEST", "sandbox_schema_history"}) {
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
            s.execute("INSERT INTO sandbox_account (id, payment_method, merchant, company_merchant_id, app_id, key_serial,"
                    + " merchant_public_key, merchant_private_key, opened_at) VALUES (9001, 'alphapay', 'uq-test', '1999999999',"
                    + " 'alphapay-app-1999999999', 'AB', 'pub', 'priv', CURRENT_TIMESTAMP)");
            String order = "INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference, state,"
                    + " created_at) VALUES (%d, 9001, 'o1', 'NATIVE', 1, 'CNY', 'wx', 'NOTPAY', CURRENT_TIMESTAMP)";
            s.execute(String.format(order, 9001));
            // 23505: refused by a unique constraint, not for another reason (a typo in the SQL would be 42xxx)
            SQLException order2 = assertThrows(SQLException.class, () -> s.execute(String.format(order, 9002)));
            assertEquals("23505", order2.getSQLState(), order2::getMessage);
            SQLException account2 = assertThrows(SQLException.class, () -> s.execute("INSERT INTO sandbox_account (id, payment_method, merchant,"
                    + " company_merchant_id, app_id, key_serial, merchant_public_key, merchant_private_key, opened_at) VALUES"
                    + " (9002, 'alphapay', 'uq-test', '1999999998', 'alphapay-app-1999999998', 'AB', 'p', 'q', CURRENT_TIMESTAMP)"));
            assertEquals("23505", account2.getSQLState(), account2::getMessage);
        }
    }
}
