package org.cbec.platform.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import javax.sql.DataSource;
import org.cbec.platform.schema.SchemaMigrator;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready only when the schema is migrated and the database answers now. Says which of the two is
 * missing, never where the database is or what it runs (no URL, host or version: readiness is
 * open to anyone who reaches the port).
 */
@Readiness
@ApplicationScoped
public class DatabaseReadiness implements HealthCheck {

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Inject
    SchemaMigrator migrator;

    @Override
    public HealthCheckResponse call() {
        HealthCheckResponseBuilder response = HealthCheckResponse.named("database");
        boolean migrated = migrator.schemaVersion() != null;
        response.withData("schema", migrated ? "migrated" : "not migrated");
        if (migrated) {
            // The version a rolling upgrade holds the new EAR's migrations against (server-config/deployment-group).
            response.withData("lastMigration", migrator.schemaVersion());
        }
        try (Connection c = dataSource.getConnection()) {
            boolean answers = c.isValid(2);
            return response.withData("connection", answers ? "valid" : "not valid").status(migrated && answers).build();
        } catch (Exception e) {
            return response.down().withData("connection", "failed").build();
        }
    }
}
