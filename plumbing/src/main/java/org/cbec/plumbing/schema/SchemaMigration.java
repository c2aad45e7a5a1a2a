package org.cbec.plumbing.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.Objects;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Flyway as the broker and the sandbox run it at startup on PostgreSQL: the migrations of one
 * location, the history in one table, and, when one is named, a schema of their own (Flyway creates
 * it when it is missing and keeps the history there; the pool's {@code currentSchema} makes JPA's
 * unqualified names resolve to it). Flyway commits each migration itself, so the caller runs it
 * outside a container transaction; several servers starting on one database are serialised by
 * Flyway's lock, the others finding the schema current.
 *
 * <p>No bean: the startup bean that calls {@link #migrate} (its data source, whether a failure
 * stops the deployment, what it logs) is each application's.
 */
public final class SchemaMigration {

    /** Where the schema was brought: its version now, and how many migrations this run applied. */
    public record Migrated(String version, int applied) {
    }

    private final String location;
    private final String historyTable;
    private final String schema;

    /** Migrations from {@code location} (e.g. {@code classpath:db/migration}), history in {@code historyTable}. */
    public SchemaMigration(String location, String historyTable) {
        this(location, historyTable, null);
    }

    private SchemaMigration(String location, String historyTable, String schema) {
        this.location = Objects.requireNonNull(location, "location");
        this.historyTable = Objects.requireNonNull(historyTable, "historyTable");
        this.schema = schema;
    }

    /** The same, in the schema {@code schema} of the database. */
    public SchemaMigration inSchema(String schema) {
        return new SchemaMigration(location, historyTable, Objects.requireNonNull(schema, "schema"));
    }

    /** These settings on {@code flyway}: what {@link #migrate} uses, for a test that migrates as the server does. */
    public FluentConfiguration configure(FluentConfiguration flyway) {
        flyway.locations(location).table(historyTable);
        if (schema != null) {
            flyway.schemas(schema);
        }
        return flyway;
    }

    /**
     * Brings the schema behind {@code dataSource} to the newest version, with the migrations that
     * {@code loader} finds (the application's own: Flyway looks the location up through it).
     *
     * @throws RuntimeException Flyway's, when a migration fails (its messages name tables and
     *         statements, not credentials), or when the database cannot be reached
     */
    public Migrated migrate(DataSource dataSource, ClassLoader loader) {
        MigrateResult result = configure(Flyway.configure(loader)).dataSource(dataSource).load().migrate();
        return new Migrated(result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion,
                result.migrationsExecuted);
    }

    /** Database product, version and URL without its parameters, so an operator sees which database is in use. */
    public static String describe(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion() + " at " + withoutSecrets(meta.getURL());
        } catch (SQLException e) {
            throw new IllegalStateException("the database cannot be reached", e);
        }
    }

    /** JDBC URLs may carry a password parameter; only the part before parameters is shown. */
    public static String withoutSecrets(String url) {
        if (url == null) {
            return "";
        }
        int cut = url.length();
        for (char c : new char[] {'?', ';'}) {
            int at = url.indexOf(c);
            if (at >= 0) {
                cut = Math.min(cut, at);
            }
        }
        return url.substring(0, cut);
    }
}
