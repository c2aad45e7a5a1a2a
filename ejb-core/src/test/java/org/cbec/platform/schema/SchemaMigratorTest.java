package org.cbec.platform.schema;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.cbec.plumbing.schema.SchemaMigration.CommentEdit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The broker's migrations as {@link SchemaMigrator} runs them, on a PostgreSQL of the test's own (a
 * new database per test): the comments edited after V1, V7 and V13 were applied are taken by a
 * database that applied them before, and nothing else is.
 */
class SchemaMigratorTest {

    @RegisterExtension
    static final EmbeddedDatabases postgres = new EmbeddedDatabases();

    private DataSource dataSource;

    @BeforeEach
    void freshDatabase() throws SQLException {
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(postgres.freshDatabase("cbec"));
        dataSource = ds;
    }

    private int migrate() {
        return SchemaMigrator.MIGRATION.migrate(dataSource, SchemaMigratorTest.class.getClassLoader()).applied();
    }

    private int checksum(String version) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT checksum FROM flyway_schema_history WHERE version = ?")) {
            s.setString(1, version);
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next(), "version " + version + " applied");
            return rs.getInt(1);
        }
    }

    private void setChecksum(String version, int checksum) throws SQLException {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("UPDATE flyway_schema_history SET checksum = ? WHERE version = ?")) {
            s.setInt(1, checksum);
            s.setString(2, version);
            assertEquals(1, s.executeUpdate());
        }
    }

    @Test
    void eachEditedCommentIsDeclaredWithTheChecksumFlywayGivesTheFileNow() throws SQLException {
        assertTrue(migrate() > 0);
        assertEquals(3, SchemaMigrator.MIGRATION.commentEdits().size());
        for (CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            assertEquals(edit.after(), checksum(edit.version()), "V" + edit.version() + " as it is now");
        }
    }

    @Test
    void aDatabaseThatAppliedTheMigrationsBeforeTheirCommentsWereEditedStartsAndTakesTheNewChecksums() throws SQLException {
        migrate();
        for (CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            setChecksum(edit.version(), edit.before());
        }
        assertEquals(0, migrate(), "nothing to apply: the schema is current");
        for (CommentEdit edit : SchemaMigrator.MIGRATION.commentEdits()) {
            assertEquals(edit.after(), checksum(edit.version()), "V" + edit.version() + " took the new checksum");
        }
    }

    @Test
    void anyOtherChangeToAnAppliedMigrationStillStopsTheStart() throws SQLException {
        migrate();
        CommentEdit edit = SchemaMigrator.MIGRATION.commentEdits().get(1);
        setChecksum(edit.version(), edit.before() + 1);
        RuntimeException refused = assertThrows(RuntimeException.class, this::migrate);
        assertTrue(refused.getMessage().contains("checksum mismatch"), refused::getMessage);
        assertEquals(edit.before() + 1, checksum(edit.version()), "left as it was");
        assertFalse(SchemaMigrator.MIGRATION.commentEdits().stream().anyMatch(e -> e.before() == edit.before() + 1));
    }
}
