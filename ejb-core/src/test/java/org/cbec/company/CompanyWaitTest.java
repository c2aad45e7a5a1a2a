package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CompanyWaitTest {

    @Test
    void aThreadHoldingAPermitLendsItBackForTheCompanyCallAndTakesItAgainAfter() {
        // On a thread of its own: a permit not lent back would leave this one waiting forever for it.
        assertTimeoutPreemptively(Duration.ofSeconds(10), CompanyWaitTest::lendsAndTakesAgain);
    }

    private static void lendsAndTakesAgain() {
        Semaphore permits = new Semaphore(1, true);
        permits.acquireUninterruptibly();
        try (CompanyWait.Scope holding = CompanyWait.holding(permits)) {
            try (CompanyWait.Scope waiting = CompanyWait.away()) {
                assertEquals(1, permits.availablePermits(), "while the company thinks, the permit is free for other work");
            }
            assertEquals(0, permits.availablePermits(), "with the answer in, the thread holds its permit again");
        }
        permits.release();
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void aThreadHoldingNoPermitGivesNothingBack() {
        Semaphore permits = new Semaphore(1, true);
        try (CompanyWait.Scope waiting = CompanyWait.away()) {
            assertEquals(1, permits.availablePermits());
        }
        assertEquals(1, permits.availablePermits());
    }

    @Test
    void withTheAnswerInTheThreadWaitsForAPermitBeforeGoingOn() throws Exception {
        Semaphore permits = new Semaphore(1, true);
        CountDownLatch calling = new CountDownLatch(1);
        CountDownLatch answered = new CountDownLatch(1);
        CompletableFuture<Void> stored = new CompletableFuture<>();
        Thread work = new Thread(() -> {
            permits.acquireUninterruptibly();
            try (CompanyWait.Scope holding = CompanyWait.holding(permits)) {
                try (CompanyWait.Scope waiting = CompanyWait.away()) {
                    calling.countDown();
                    assertTrue(answered.await(10, TimeUnit.SECONDS));
                } catch (InterruptedException e) {
                    stored.completeExceptionally(e);
                    return;
                }
                stored.complete(null); // the outcome is stored holding the permit again
            } finally {
                permits.release();
            }
        });
        work.setDaemon(true);
        work.start();
        assertTrue(calling.await(5, TimeUnit.SECONDS));
        assertTrue(permits.tryAcquire(0, TimeUnit.SECONDS), "the lent permit is taken by other work");
        answered.countDown();
        Thread.sleep(200);
        assertFalse(stored.isDone(), "with every permit taken, the answered call waits before storing its outcome");
        assertTrue(permits.hasQueuedThreads());
        assertFalse(permits.tryAcquire(0, TimeUnit.SECONDS), "nor does new work pass it");
        permits.release();
        stored.get(5, TimeUnit.SECONDS);
        work.join(5_000);
        assertEquals(1, permits.availablePermits());
    }
}
