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

/** Ready only when the schema is migrated and the database answers now. */
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
        String version = migrator.schemaVersion();
        response.withData("database", String.valueOf(migrator.database()))
                .withData("schemaVersion", String.valueOf(version));
        try (Connection c = dataSource.getConnection()) {
            return response.status(version != null && c.isValid(2)).build();
        } catch (Exception e) {
            return response.down().withData("error", e.getClass().getSimpleName()).build();
        }
    }
}
