package org.cbec.platform.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SchemaMigratorTest {

    @Test
    void databaseDescriptionDropsUrlParameters() {
        assertEquals("jdbc:postgresql://db:5432/cbec",
                SchemaMigrator.withoutSecrets("jdbc:postgresql://db:5432/cbec?user=u&password=p"));
        assertEquals("jdbc:postgresql://db1:5432,db2:5432/cbec",
                SchemaMigrator.withoutSecrets("jdbc:postgresql://db1:5432,db2:5432/cbec?password=x&targetServerType=primary"));
        assertEquals("", SchemaMigrator.withoutSecrets(null));
    }
}
