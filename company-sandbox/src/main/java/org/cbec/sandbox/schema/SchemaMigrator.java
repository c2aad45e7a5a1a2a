package org.cbec.sandbox.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the sandbox database to the newest schema before anything uses JPA; startup beans that
 * use the persistence unit declare {@code @DependsOn("SchemaMigrator")}.
 *
 * <p>Bean-managed transactions: Flyway commits each migration itself, which a container transaction
 * around this method would forbid. Several servers starting on one database: Flyway's lock lets one
 * migrate while the others wait and find the schema current.
 *
 * <p>A failed migration is logged and leaves the application deployed but not ready (readiness
 * says DOWN): an undeployed application would leave Payara Micro answering 404 with a readiness
 * that has no check of ours and so reads UP.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrator {

    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    /** On PostgreSQL the sandbox lives in a schema of its own beside the broker's tables. */
    static final String POSTGRES_SCHEMA = "sandbox";

    @Resource(lookup = "jdbc/sandbox")
    DataSource dataSource;

    private volatile String schemaVersion;

    @PostConstruct
    void migrate() {
        try {
            FluentConfiguration config = configure(Flyway.configure(SchemaMigrator.class.getClassLoader()), isPostgres());
            MigrateResult result = config.dataSource(dataSource).load().migrate();
            String version = result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
            schemaVersion = version;
            LOG.info(() -> String.format("Sandbox schema at version %s (%d migration(s) applied now)", version,
                    result.migrationsExecuted));
        } catch (RuntimeException e) {
            // Flyway's messages name tables and statements, not credentials; the URL is not logged.
            LOG.log(Level.SEVERE, "Sandbox schema migration failed; the sandbox is not ready", e);
        }
    }

    /** The settings shared with MigrationsTest, so the test migrates exactly as the server does. */
    public static FluentConfiguration configure(FluentConfiguration flyway, boolean postgres) {
        flyway.locations("classpath:db/sandbox").table("sandbox_schema_history");
        if (postgres) {
            // Flyway creates the schema when it is missing and keeps its history table there; the
            // pool's currentSchema=sandbox makes JPA's unqualified names resolve to it.
            flyway.schemas(POSTGRES_SCHEMA);
        }
        return flyway;
    }

    /** The version the schema was brought to; null until (or unless) the migration succeeded. */
    public String schemaVersion() {
        return schemaVersion;
    }

    private boolean isPostgres() {
        try (Connection c = dataSource.getConnection()) {
            return c.getMetaData().getDatabaseProductName().toLowerCase(java.util.Locale.ROOT).contains("postgres");
        } catch (SQLException e) {
            throw new IllegalStateException("the sandbox database (jdbc/sandbox) cannot be reached", e);
        }
    }
}
