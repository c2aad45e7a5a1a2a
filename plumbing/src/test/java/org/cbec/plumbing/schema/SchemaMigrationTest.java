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
        assertEquals("jdbc:h2:/data/db/cbec", SchemaMigration.withoutSecrets("jdbc:h2:/data/db/cbec;PASSWORD=x"));
        assertEquals("", SchemaMigration.withoutSecrets(null));
    }

    @Test
    void flywayIsGivenTheLocationTheHistoryTableAndOnPostgresTheSchema() {
        SchemaMigration sandbox = new SchemaMigration("classpath:db/sandbox", "sandbox_schema_history").onPostgresInSchema("sandbox");
        FluentConfiguration elsewhere = sandbox.configure(Flyway.configure(getClass().getClassLoader()), false);
        assertEquals("classpath:db/sandbox", elsewhere.getLocations()[0].getDescriptor());
        assertEquals(1, elsewhere.getLocations().length);
        assertEquals("sandbox_schema_history", elsewhere.getTable());
        assertArrayEquals(new String[0], elsewhere.getSchemas());
        FluentConfiguration onPostgres = sandbox.configure(Flyway.configure(getClass().getClassLoader()), true);
        assertArrayEquals(new String[] {"sandbox"}, onPostgres.getSchemas());

        SchemaMigration broker = new SchemaMigration("classpath:db/migration", "flyway_schema_history");
        assertArrayEquals(new String[0], broker.configure(Flyway.configure(getClass().getClassLoader()), true).getSchemas(),
                "no schema of its own unless one is named");
    }
}
