package org.cbec.platform.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SchemaMigratorTest {

    @Test
    void databaseDescriptionDropsUrlParameters() {
        assertEquals("jdbc:postgresql://db:5432/cbec",
                SchemaMigrator.withoutSecrets("jdbc:postgresql://db:5432/cbec?user=u&password=p"));
        assertEquals("jdbc:h2:/data/db/cbec", SchemaMigrator.withoutSecrets("jdbc:h2:/data/db/cbec;PASSWORD=x"));
        assertEquals("", SchemaMigrator.withoutSecrets(null));
    }
}
