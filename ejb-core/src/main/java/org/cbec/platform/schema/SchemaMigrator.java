package org.cbec.platform.schema;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the database to the newest schema before anything uses JPA. Startup beans that use the
 * persistence unit declare {@code @DependsOn("SchemaMigrator")}.
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

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    private volatile String schemaVersion;
    private volatile String database;

    @PostConstruct
    void migrate() {
        database = describe(dataSource);
        MigrateResult result = Flyway.configure(SchemaMigrator.class.getClassLoader())
                .dataSource(dataSource)
                .locations("classpath:db/migration")
                .load()
                .migrate();
        schemaVersion = result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion;
        LOG.info(() -> String.format("Schema of %s at version %s (%d migration(s) applied now)",
                database, schemaVersion, result.migrationsExecuted));
    }

    /** The version the schema was brought to, for readiness. */
    public String schemaVersion() {
        return schemaVersion;
    }

    /** Database product and URL (no credentials), so an operator sees which database is in use. */
    public String database() {
        return database;
    }

    private static String describe(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion() + " at " + withoutSecrets(meta.getURL());
        } catch (SQLException e) {
            throw new IllegalStateException("The database behind jdbc/cbec cannot be reached", e);
        }
    }

    /** JDBC URLs may carry a password parameter; only the part before parameters is shown. */
    static String withoutSecrets(String url) {
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
