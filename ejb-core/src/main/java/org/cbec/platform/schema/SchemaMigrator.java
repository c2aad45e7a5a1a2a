package org.cbec.platform.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.cbec.plumbing.schema.SchemaMigration;

/**
 * Brings the database to the newest schema before anything uses JPA: the migrations of
 * jpa-entities ({@code db/migration}), history in Flyway's default table, run by plumbing's
 * {@link SchemaMigration}. Startup beans that use the persistence unit declare
 * {@code @DependsOn("SchemaMigrator")}. A failed migration fails the deployment.
 *
 * <p>Bean-managed transactions: Flyway commits each migration itself, which a container
 * transaction around this method would forbid. When several deployments start against one
 * database (both WARs on Payara Micro, or two nodes), Flyway's lock lets one migrate while the
 * others wait and then find the schema current.
 */
@Singleton
@Startup
@TransactionManagement(TransactionManagementType.BEAN)
public class SchemaMigrator {

    private static final Logger LOG = Logger.getLogger(SchemaMigrator.class.getName());

    /**
     * The migrations, with the comments edited after they were applied (V1, V7, V13: words about a
     * second database the project no longer runs on), which a database that applied them takes.
     */
    static final SchemaMigration MIGRATION = new SchemaMigration("classpath:db/migration", "flyway_schema_history").acceptingCommentEdits(
            new SchemaMigration.CommentEdit("1", 119807241, -81266506),
            new SchemaMigration.CommentEdit("7", -1826690656, 30699871),
            new SchemaMigration.CommentEdit("13", 336382686, 321275076));

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    private volatile String schemaVersion;
    private volatile String database;

    @PostConstruct
    void migrate() {
        try {
            database = SchemaMigration.describe(dataSource);
        } catch (IllegalStateException e) {
            throw new IllegalStateException("The database behind jdbc/cbec cannot be reached", e.getCause());
        }
        SchemaMigration.Migrated result = MIGRATION.migrate(dataSource, SchemaMigrator.class.getClassLoader());
        schemaVersion = result.version();
        LOG.info(() -> String.format("Schema of %s at version %s (%d migration(s) applied now)",
                database, schemaVersion, result.applied()));
    }

    /** The version the schema was brought to, for readiness. */
    public String schemaVersion() {
        return schemaVersion;
    }

    /** Database product and URL (no credentials), so an operator sees which database is in use. */
    public String database() {
        return database;
    }
}
