package org.cbec.plumbing.schema;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A PostgreSQL of a test class's own (the embedded binaries, on a free port; as root its processes
 * run as nobody in a user namespace), started before the class and stopped after it, handing out a
 * new empty database per test: what the migrations' tests on both sides start from. Registered as
 * {@code @RegisterExtension static final EmbeddedDatabases postgres = new EmbeddedDatabases();}.
 */
public final class EmbeddedDatabases implements BeforeAllCallback, AfterAllCallback {

    private EmbeddedPostgres postgres;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        postgres = EmbeddedPostgres.builder().start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (postgres != null) {
            postgres.close();
            postgres = null;
        }
    }

    /** A new empty database, named {@code prefix} and a random suffix; its JDBC URL (user included). */
    public String freshDatabase(String prefix) throws SQLException {
        String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = postgres.getPostgresDatabase().getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
        return postgres.getJdbcUrl("postgres", name);
    }
}
