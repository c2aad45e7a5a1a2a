package org.cbec.platform.persistence;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.persistence.PersistenceException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

/** Only a unique violation, however deep in the causes, is a duplicate; any other failure stays one. */
class InsertsTest {

    @Test
    void aUniqueViolationUnderThePersistenceExceptionIsADuplicate() {
        RuntimeException eclipseLink = new RuntimeException("Exception [EclipseLink-4002]", new SQLException("Unique index", "23505"));
        assertTrue(Inserts.uniqueViolation(new PersistenceException(eclipseLink)));
    }

    @Test
    void anyOtherDatabaseFailureIsNot() {
        assertFalse(Inserts.uniqueViolation(new PersistenceException(new SQLException("value too long", "22001"))));
        assertFalse(Inserts.uniqueViolation(new PersistenceException(new SQLException("not null", "23502"))));
        assertFalse(Inserts.uniqueViolation(new PersistenceException("no cause")));
    }
}
