package org.cbec.sandbox.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.cbec.plumbing.schema.SchemaMigration;
import org.flywaydb.core.api.configuration.FluentConfiguration;

/**
 * Brings the sandbox database to the newest schema before anything uses JPA, with plumbing's
 * {@link SchemaMigration}: migrations from {@code db/sandbox}, history in
 * {@code sandbox_schema_history}, in the schema {@code sandbox}. Startup beans that
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

    /** The sandbox lives in a schema of its own, beside the broker's tables when they share a database. */
    static final String SCHEMA = "sandbox";

    /** The migrations, with V1's comment edited after it was applied, which a database that applied it takes. */
    static final SchemaMigration MIGRATION = new SchemaMigration("classpath:db/sandbox", "sandbox_schema_history").inSchema(SCHEMA)
            .acceptingCommentEdits(new SchemaMigration.CommentEdit("1", 157685855, 1794086358));

    @Resource(lookup = "jdbc/sandbox")
    DataSource dataSource;

    private volatile String schemaVersion;

    @PostConstruct
    void migrate() {
        try {
            SchemaMigration.Migrated result = MIGRATION.migrate(dataSource, SchemaMigrator.class.getClassLoader());
            schemaVersion = result.version();
            LOG.info(() -> String.format("Sandbox schema at version %s (%d migration(s) applied now)", result.version(),
                    result.applied()));
        } catch (RuntimeException e) {
            // Flyway's messages name tables and statements, not credentials; the URL is not logged.
            LOG.log(Level.SEVERE, "Sandbox schema migration failed; the sandbox is not ready", e);
        }
    }

    /** The settings shared with MigrationsTest, so the test migrates exactly as the server does. */
    public static FluentConfiguration configure(FluentConfiguration flyway) {
        return MIGRATION.configure(flyway);
    }

    /** The version the schema was brought to; null until (or unless) the migration succeeded. */
    public String schemaVersion() {
        return schemaVersion;
    }
}
