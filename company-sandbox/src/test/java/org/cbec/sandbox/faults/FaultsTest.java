package org.cbec.sandbox.faults;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FaultsTest {

    @Test
    void aCountedFaultAppliesThatManyTimesThenIsGone() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.ERROR, 500, 0, null, new AtomicInteger(2)));
        assertTrue(faults.take(1, "x").isPresent());
        assertTrue(faults.take(1, "y").isPresent());
        assertFalse(faults.take(1, "z").isPresent());
    }

    @Test
    void aFaultForOneOrderLeavesTheOthersAlone() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.SLOW, 500, 10, "o1", new AtomicInteger(1)));
        assertFalse(faults.take(1, "o2").isPresent());
        assertTrue(faults.take(1, "o1").isPresent());
        assertFalse(faults.take(1, "o1").isPresent());
    }

    @Test
    void anUncountedFaultStaysUntilClearedAndOnlyForItsAccount() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.BAD_SIGNATURE, 500, 0, null, null));
        for (int i = 0; i < 5; i++) {
            assertTrue(faults.take(1, null).isPresent());
        }
        assertFalse(faults.take(2, null).isPresent());
        faults.clear(1, "a");
        assertFalse(faults.take(1, null).isPresent());
    }

    @Test
    void aConstraintViolationIsRecognisedThroughWrappers() {
        var sql = new java.sql.SQLIntegrityConstraintViolationException("dup", "23505");
        assertTrue(Reception.isConstraintViolation(new jakarta.ejb.EJBException(new RuntimeException(sql))));
        assertFalse(Reception.isConstraintViolation(new jakarta.ejb.EJBException(new RuntimeException("x"))));
    }
}
