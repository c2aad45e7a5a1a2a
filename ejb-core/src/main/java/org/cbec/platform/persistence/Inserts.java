package org.cbec.platform.persistence;

import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.cbec.platform.error.AlreadyStoredException;

/** Inserting a row whose unique key a concurrent request may have taken. */
public final class Inserts {

    /** SQLSTATE of a unique violation (SQL standard; PostgreSQL's unique_violation). */
    static final String UNIQUE_VIOLATION = "23505";

    private Inserts() {
    }

    /**
     * Persists {@code row} and writes it at once; a unique violation becomes
     * {@link AlreadyStoredException} (the caller's duplicate, answered from the stored row), any
     * other failure stays what it is.
     */
    public static void insert(EntityManager em, Object row, String what) {
        try {
            em.persist(row);
            em.flush();
        } catch (PersistenceException e) {
            if (uniqueViolation(e)) {
                throw new AlreadyStoredException(what + " is already stored");
            }
            throw e;
        }
    }

    static boolean uniqueViolation(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLException sql && UNIQUE_VIOLATION.equals(sql.getSQLState())) {
                return true;
            }
        }
        return false;
    }
}
