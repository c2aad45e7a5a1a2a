package org.cbec.sandbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class FaultsTest {

    @Test
    void aCountedFaultAppliesThatManyTimesThenIsGone() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.ERROR, 500, 0, null, new AtomicInteger(2)));
        assertTrue(faults.take(1, "x", "create").isPresent());
        assertTrue(faults.take(1, "y", "create").isPresent());
        assertFalse(faults.take(1, "z", "create").isPresent());
    }

    @Test
    void aFaultForOneKindLetsTheOtherKindsPassAndTheFaultAfterItTakesItsPlaceOnceItIsUsedUp() {
        Faults faults = new Faults();
        Fault refuse = new Fault(Fault.Mode.REFUSE, 400, 0, "p1", new AtomicInteger(1), "NOTENOUGH", true, "payout", null);
        faults.set(1, "a", new Fault(Fault.Mode.ERROR, 502, 0, "p1", new AtomicInteger(1), null, false, "payout", refuse));
        assertEquals(Fault.Mode.ERROR, faults.take(1, "p1", "payout").orElseThrow().mode(), "the first send");
        assertFalse(faults.take(1, "p1", "payout-query").isPresent(), "a query between passes");
        assertFalse(faults.take(1, "p2", "payout").isPresent(), "another payout passes");
        assertEquals(Fault.Mode.REFUSE, faults.take(1, "p1", "payout").orElseThrow().mode(), "the resend");
        assertFalse(faults.take(1, "p1", "payout").isPresent(), "then nothing");
    }

    @Test
    void aFaultForOneOrderLeavesTheOthersAlone() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.SLOW, 500, 10, "o1", new AtomicInteger(1)));
        assertFalse(faults.take(1, "o2", "create").isPresent());
        assertTrue(faults.take(1, "o1", "create").isPresent());
        assertFalse(faults.take(1, "o1", "create").isPresent());
    }

    @Test
    void anUncountedFaultStaysUntilClearedAndOnlyForItsAccount() {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.BAD_SIGNATURE, 500, 0, null, null));
        for (int i = 0; i < 5; i++) {
            assertTrue(faults.take(1, null, "create").isPresent());
        }
        assertFalse(faults.take(2, null, "create").isPresent());
        faults.clear(1, "a");
        assertFalse(faults.take(1, null, "create").isPresent());
    }

    @Test
    void aHoldUsedUpByItsCountStillStallsItsCallsUntilTheFaultsAreDeleted() throws Exception {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.HOLD, 500, 60_000, null, new AtomicInteger(1)));
        Fault hold = faults.take(1, "x", "create").orElseThrow();
        assertFalse(faults.take(1, "y", "create").isPresent(), "the count is used up");
        CompletableFuture<Void> stalled = CompletableFuture.runAsync(() -> {
            try {
                hold.stall(0);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        assertThrows(TimeoutException.class, () -> stalled.get(200, TimeUnit.MILLISECONDS), "held until released");
        faults.clear(1, "a");
        stalled.get(10, TimeUnit.SECONDS);
    }

    @Test
    void aNewFaultReleasesTheHeldCallsOfTheOldHold() throws Exception {
        Faults faults = new Faults();
        faults.set(1, "a", new Fault(Fault.Mode.HOLD, 500, 60_000, null, null));
        Fault hold = faults.take(1, "x", "create").orElseThrow();
        faults.set(2, "b", new Fault(Fault.Mode.ERROR, 500, 0, null, null));
        assertEquals(1, hold.release().getCount(), "another account's fault releases nothing");
        faults.set(1, "a", new Fault(Fault.Mode.ERROR, 500, 0, null, null));
        assertEquals(0, hold.release().getCount());
    }

    @Test
    void aConstraintViolationIsRecognisedThroughWrappers() {
        var sql = new java.sql.SQLIntegrityConstraintViolationException("dup", "23505");
        assertTrue(Reception.isConstraintViolation(new jakarta.ejb.EJBException(new RuntimeException(sql))));
        assertFalse(Reception.isConstraintViolation(new jakarta.ejb.EJBException(new RuntimeException("x"))));
    }
}
