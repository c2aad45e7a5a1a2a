package org.cbec.broker.rest.load;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.cbec.company.CompanyWait;
import org.junit.jupiter.api.Test;

class CpuPermitsTest {

    /** Another lane operation's work, started on its own thread: done once it had a permit. */
    private static CompletableFuture<Void> otherWork(CpuPermits permits) {
        return CompletableFuture.runAsync(() -> {
            try (CompanyWait.Scope working = permits.work()) {
                // its intent, its outcome
            }
        });
    }

    @Test
    void beyondTheLimitTheLanesWorkWaitsItsTurn() throws Exception {
        CpuPermits permits = new CpuPermits(1);
        CompletableFuture<Void> other;
        try (CompanyWait.Scope working = permits.work()) {
            other = otherWork(permits);
            Thread.sleep(200);
            assertFalse(other.isDone(), "the other operation waits while this one works");
        }
        other.get(5, TimeUnit.SECONDS);
    }

    @Test
    void whileItsCompanyThinksAnOperationLendsItsPermitToTheOthers() throws Exception {
        CpuPermits permits = new CpuPermits(1);
        try (CompanyWait.Scope working = permits.work()) {
            // CompanyTransport's call does this around the company's answer.
            CompanyWait.Scope waiting = CompanyWait.away();
            otherWork(permits).get(5, TimeUnit.SECONDS);
            waiting.close();
        }
        otherWork(permits).get(5, TimeUnit.SECONDS);
    }

    @Test
    void aLimitBelowOneIsRefusedAtStart() {
        assertThrows(IllegalArgumentException.class, () -> new CpuPermits(0));
    }
}
