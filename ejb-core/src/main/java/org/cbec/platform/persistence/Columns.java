package org.cbec.platform.persistence;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;

/** Values of a native query's columns as the driver gives them, in the types the code uses. */
public final class Columns {

    private Columns() {
    }

    /** A timestamp column, in UTC. */
    public static OffsetDateTime instant(Object value) {
        if (value instanceof OffsetDateTime t) {
            return t.withOffsetSameInstant(ZoneOffset.UTC);
        }
        if (value instanceof java.sql.Timestamp t) {
            return t.toInstant().atOffset(ZoneOffset.UTC);
        }
        if (value instanceof Instant t) {
            return t.atOffset(ZoneOffset.UTC);
        }
        throw new IllegalStateException("a timestamp column read as " + (value == null ? "null" : value.getClass().getName()));
    }
}
