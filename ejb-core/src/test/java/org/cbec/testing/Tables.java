package org.cbec.testing;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/** Rows of the database as text, every column named, for comparing stored data before and after. */
public final class Tables {

    private Tables() {
    }

    /** The rows {@code sql} selects, with {@code param} (when not null) as its one parameter. */
    public static List<String> rows(DataSource dataSource, String sql, String param) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            if (param != null) {
                s.setString(1, param);
            }
            ResultSet rs = s.executeQuery();
            ResultSetMetaData meta = rs.getMetaData();
            List<String> rows = new ArrayList<>();
            while (rs.next()) {
                StringBuilder row = new StringBuilder();
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    row.append(meta.getColumnName(i)).append('=').append(rs.getString(i)).append(' ');
                }
                rows.add(row.toString());
            }
            return rows;
        }
    }

    /**
     * The number {@code sql} selects (a {@code COUNT}), with {@code param} (when not null) as its one
     * parameter; -1 when it selects no row. A database error fails the test.
     */
    public static long count(DataSource dataSource, String sql, String param) {
        try (Connection c = dataSource.getConnection()) {
            return count(c, sql, param);
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** As {@link #count(DataSource, String, String)}, on a connection of the caller's. */
    public static long count(Connection c, String sql, String param) {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            if (param != null) {
                s.setString(1, param);
            }
            ResultSet rs = s.executeQuery();
            return rs.next() ? rs.getLong(1) : -1;
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
    }
}
