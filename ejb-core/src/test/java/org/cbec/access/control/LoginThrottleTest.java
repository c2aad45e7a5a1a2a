package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private static final long SECOND = 1_000_000_000L;

    private final LoginThrottle throttle = new LoginThrottle(3, 2, 30, 100);

    @Test
    void aKeyIsLockedAtItsThirdFailureAndNotBefore() {
        assertTrue(throttle.failed("10.0.0.1", 0).isEmpty());
        assertTrue(throttle.failed("10.0.0.1", 0).isEmpty());
        assertEquals(OptionalLong.empty(), throttle.retryAfterSeconds("10.0.0.1", 0));
        assertEquals(new LoginThrottle.Lock(2, 3), throttle.failed("10.0.0.1", 0).orElseThrow());
        assertEquals(OptionalLong.of(2), throttle.retryAfterSeconds("10.0.0.1", 0));
        assertEquals(OptionalLong.of(1), throttle.retryAfterSeconds("10.0.0.1", SECOND + 1), "whole seconds, rounded up");
    }

    @Test
    void theLockEndsOnTime() {
        lock("10.0.0.1", 0);
        assertTrue(throttle.retryAfterSeconds("10.0.0.1", 2 * SECOND - 1).isPresent());
        assertTrue(throttle.retryAfterSeconds("10.0.0.1", 2 * SECOND).isEmpty());
    }

    @Test
    void eachFailureAfterALockDoublesItUpToTheCapOfThirtySeconds() {
        lock("10.0.0.1", 0);
        List<Long> locks = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 6; i++) {
            now += 60 * SECOND;
            locks.add(throttle.failed("10.0.0.1", now).orElseThrow().seconds());
        }
        assertEquals(List.of(4L, 8L, 16L, 30L, 30L, 30L), locks);
        assertEquals(OptionalLong.of(30), throttle.retryAfterSeconds("10.0.0.1", now));
    }

    @Test
    void anotherKeyIsNotLockedByIt() {
        lock("10.0.0.1", 0);
        assertTrue(throttle.retryAfterSeconds("10.0.0.2", 0).isEmpty());
        assertTrue(throttle.retryAfterSeconds("ops", 0).isEmpty());
    }

    @Test
    void aSuccessForgetsTheFailures() {
        throttle.failed("10.0.0.1", 0);
        throttle.failed("10.0.0.1", 0);
        throttle.succeeded("10.0.0.1");
        assertTrue(throttle.failed("10.0.0.1", 0).isEmpty(), "counting starts again");
        assertTrue(throttle.failed("10.0.0.1", 0).isEmpty());
    }

    @Test
    void failuresLongAgoAreForgotten() {
        throttle.failed("10.0.0.1", 0);
        throttle.failed("10.0.0.1", 0);
        long later = LoginThrottle.FORGET_AFTER_NANOS + 1;
        assertTrue(throttle.failed("10.0.0.1", later).isEmpty());
        assertFalse(throttle.retryAfterSeconds("10.0.0.1", later).isPresent());
    }

    @Test
    void sprayedKeysDoNotGrowItPastItsCapacity() {
        for (int i = 0; i < 10_000; i++) {
            throttle.failed("10.1." + (i / 256) + "." + (i % 256), i);
        }
        assertEquals(100, throttle.size());
    }

    @Test
    void theKeyLastSeenIsKeptWhenTheOldestIsDropped() {
        lock("10.0.0.1", 0);
        for (int i = 0; i < 99; i++) {
            throttle.failed("10.2.0." + i, 0);
        }
        throttle.retryAfterSeconds("10.0.0.1", 0);
        throttle.failed("10.3.0.1", 0);
        assertTrue(throttle.retryAfterSeconds("10.0.0.1", 0).isPresent(), "still locked: recently seen");
    }

    private void lock(String key, long now) {
        for (int i = 0; i < 3; i++) {
            throttle.failed(key, now);
        }
    }
}
