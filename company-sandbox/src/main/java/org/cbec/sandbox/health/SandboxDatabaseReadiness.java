package org.cbec.sandbox.health;

import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.sql.Connection;
import javax.sql.DataSource;
import org.cbec.sandbox.schema.SchemaMigrator;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Ready when the schema is migrated and the database answers now. The data says which of the two
 * failed and nothing about where the database is: /health is unauthenticated, and a JDBC URL, host
 * or product version tells an outsider more than an operator needs from a readiness probe.
 */
@Readiness
@ApplicationScoped
public class SandboxDatabaseReadiness implements HealthCheck {

    @Resource(lookup = "jdbc/sandbox")
    DataSource dataSource;

    @Inject
    SchemaMigrator migrator;

    @Override
    public HealthCheckResponse call() {
        boolean migrated = migrator.schemaVersion() != null;
        boolean answers;
        try (Connection c = dataSource.getConnection()) {
            answers = c.isValid(2);
        } catch (Exception e) {
            answers = false;
        }
        return HealthCheckResponse.named("sandbox-database")
                .withData("schemaMigrated", migrated)
                .withData("databaseAnswers", answers)
                .status(migrated && answers)
                .build();
    }
}
