package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waiting for a condition the way the tests wait: polling, with a generous bound, never a fixed sleep raced against a clock. */
public final class Await {

    private Await() {
    }

    /** Polls {@code condition} every 200 ms until it holds; fails the test, naming {@code what}, after a minute. */
    public static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!condition.getAsBoolean()) {
            assertTrue(System.nanoTime() < deadline, "not within a minute: " + what);
            Thread.sleep(200);
        }
    }
}
