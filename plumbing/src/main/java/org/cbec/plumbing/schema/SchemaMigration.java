package org.cbec.plumbing.schema;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Flyway as the broker and the sandbox run it at startup on PostgreSQL: the migrations of one
 * location, the history in one table, and, when one is named, a schema of their own (Flyway creates
 * it when it is missing and keeps the history there; the pool's {@code currentSchema} makes JPA's
 * unqualified names resolve to it). Flyway commits each migration itself, so the caller runs it
 * outside a container transaction; several servers starting on one database are serialised by
 * Flyway's lock, the others finding the schema current.
 *
 * <p>No bean: the startup bean that calls {@link #migrate} (its data source, whether a failure
 * stops the deployment, what it logs) is each application's.
 */
public final class SchemaMigration {

    /** Where the schema was brought: its version now, and how many migrations this run applied. */
    public record Migrated(String version, int applied) {
    }

    /**
     * A comment of an applied migration, edited: Flyway's checksum of the file before the edit and
     * after it. Nothing else in the file changed, so a database that applied it before is right as
     * it is; its history takes the new checksum instead of stopping at Flyway's validation.
     */
    public record CommentEdit(String version, int before, int after) {
    }

    private final String location;
    private final String historyTable;
    private final String schema;
    private final List<CommentEdit> commentEdits;

    /** Migrations from {@code location} (e.g. {@code classpath:db/migration}), history in {@code historyTable}. */
    public SchemaMigration(String location, String historyTable) {
        this(location, historyTable, null, List.of());
    }

    private SchemaMigration(String location, String historyTable, String schema, List<CommentEdit> commentEdits) {
        this.location = Objects.requireNonNull(location, "location");
        this.historyTable = Objects.requireNonNull(historyTable, "historyTable");
        this.schema = schema;
        this.commentEdits = List.copyOf(commentEdits);
    }

    /** The same, in the schema {@code schema} of the database. */
    public SchemaMigration inSchema(String schema) {
        return new SchemaMigration(location, historyTable, Objects.requireNonNull(schema, "schema"), commentEdits);
    }

    /**
     * The same, taking these comment edits: a history row of one of these versions whose checksum
     * is exactly the one before the edit gets the one after it, before Flyway validates. Any other
     * difference still stops the migration, as Flyway's validation always does.
     */
    public SchemaMigration acceptingCommentEdits(CommentEdit... edits) {
        return new SchemaMigration(location, historyTable, schema, List.of(edits));
    }

    /** The comment edits this migration takes (for a test that holds them to the files). */
    public List<CommentEdit> commentEdits() {
        return commentEdits;
    }

    /** These settings on {@code flyway}: what {@link #migrate} uses, for a test that migrates as the server does. */
    public FluentConfiguration configure(FluentConfiguration flyway) {
        flyway.locations(location).table(historyTable);
        if (schema != null) {
            flyway.schemas(schema);
        }
        return flyway;
    }

    /**
     * Brings the schema behind {@code dataSource} to the newest version, with the migrations that
     * {@code loader} finds (the application's own: Flyway looks the location up through it).
     *
     * @throws RuntimeException Flyway's, when a migration fails (its messages name tables and
     *         statements, not credentials), or when the database cannot be reached
     */
    public Migrated migrate(DataSource dataSource, ClassLoader loader) {
        acceptCommentEdits(dataSource);
        MigrateResult result = configure(Flyway.configure(loader)).dataSource(dataSource).load().migrate();
        return new Migrated(result.targetSchemaVersion != null ? result.targetSchemaVersion : result.initialSchemaVersion,
                result.migrationsExecuted);
    }

    private void acceptCommentEdits(DataSource dataSource) {
        if (commentEdits.isEmpty()) {
            return;
        }
        String table = (schema == null ? "" : quoted(schema) + ".") + quoted(historyTable);
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            try (PreparedStatement exists = c.prepareStatement("SELECT to_regclass(?)")) {
                exists.setString(1, table);
                try (ResultSet rs = exists.executeQuery()) {
                    if (!rs.next() || rs.getString(1) == null) {
                        return; // nothing applied yet
                    }
                }
            }
            try (PreparedStatement update = c.prepareStatement("UPDATE " + table + " SET checksum = ? WHERE version = ? AND checksum = ?")) {
                for (CommentEdit edit : commentEdits) {
                    update.setInt(1, edit.after());
                    update.setString(2, edit.version());
                    update.setInt(3, edit.before());
                    update.executeUpdate();
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("the schema history " + table + " could not take the migrations' edited comments", e);
        }
    }

    private static String quoted(String identifier) {
        return "\"" + identifier.replace("\"", "\"\"") + "\"";
    }

    /** Database product, version and URL without its parameters, so an operator sees which database is in use. */
    public static String describe(DataSource dataSource) {
        try (Connection c = dataSource.getConnection()) {
            DatabaseMetaData meta = c.getMetaData();
            return meta.getDatabaseProductName() + " " + meta.getDatabaseProductVersion() + " at " + withoutSecrets(meta.getURL());
        } catch (SQLException e) {
            throw new IllegalStateException("the database cannot be reached", e);
        }
    }

    /** JDBC URLs may carry a password parameter; only the part before parameters is shown. */
    public static String withoutSecrets(String url) {
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
