package org.cbec.plumbing.schema;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.junit.jupiter.api.Test;

class SchemaMigrationTest {

    @Test
    void databaseDescriptionDropsUrlParameters() {
        assertEquals("jdbc:postgresql://db:5432/cbec",
                SchemaMigration.withoutSecrets("jdbc:postgresql://db:5432/cbec?user=u&password=p"));
        assertEquals("jdbc:postgresql://db1:5432,db2:5432/cbec",
                SchemaMigration.withoutSecrets("jdbc:postgresql://db1:5432,db2:5432/cbec?password=x&targetServerType=primary"));
        assertEquals("", SchemaMigration.withoutSecrets(null));
    }

    @Test
    void flywayIsGivenTheLocationTheHistoryTableAndTheSchemaWhenOneIsNamed() {
        SchemaMigration sandbox = new SchemaMigration("classpath:db/sandbox", "sandbox_schema_history").inSchema("sandbox");
        FluentConfiguration config = sandbox.configure(Flyway.configure(getClass().getClassLoader()));
        assertEquals("classpath:db/sandbox", config.getLocations()[0].getDescriptor());
        assertEquals(1, config.getLocations().length);
        assertEquals("sandbox_schema_history", config.getTable());
        assertArrayEquals(new String[] {"sandbox"}, config.getSchemas());

        SchemaMigration broker = new SchemaMigration("classpath:db/migration", "flyway_schema_history");
        assertArrayEquals(new String[0], broker.configure(Flyway.configure(getClass().getClassLoader())).getSchemas(),
                "no schema of its own unless one is named");
    }
}
