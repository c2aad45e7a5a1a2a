package org.cbec.sandbox.admin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LoginLocksTest {

    private static final long SECOND = 1_000_000_000L;

    private final LoginLocks locks = new LoginLocks(5, 1, 30, 100);

    @Test
    void theFifthFailureInARowLocksForOneSecondAndNotBefore() {
        for (int i = 0; i < 4; i++) {
            assertTrue(locks.failed("203.0.113.9", 0).isEmpty());
        }
        assertEquals(OptionalLong.empty(), locks.retryAfterSeconds("203.0.113.9", 0));
        assertEquals(OptionalLong.of(1), locks.failed("203.0.113.9", 0));
        assertEquals(OptionalLong.of(1), locks.retryAfterSeconds("203.0.113.9", SECOND / 2), "whole seconds, rounded up");
        assertTrue(locks.retryAfterSeconds("203.0.113.9", SECOND).isEmpty(), "over on time");
    }

    @Test
    void eachFurtherFailureDoublesTheLockUpToThirtySeconds() {
        lock("203.0.113.9");
        List<Long> seconds = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 7; i++) {
            now += 60 * SECOND;
            seconds.add(locks.failed("203.0.113.9", now).orElseThrow());
        }
        assertEquals(List.of(2L, 4L, 8L, 16L, 30L, 30L, 30L), seconds);
        assertEquals(OptionalLong.of(30), locks.retryAfterSeconds("203.0.113.9", now));
    }

    @Test
    void aLockedKeyLocksNoOther() {
        lock("203.0.113.9");
        assertTrue(locks.retryAfterSeconds("203.0.113.10", 0).isEmpty());
    }

    @Test
    void aSuccessForgetsTheFailures() {
        for (int i = 0; i < 4; i++) {
            locks.failed("203.0.113.9", 0);
        }
        locks.succeeded("203.0.113.9");
        for (int i = 0; i < 4; i++) {
            assertTrue(locks.failed("203.0.113.9", 0).isEmpty(), "counting starts again");
        }
    }

    @Test
    void failuresFifteenQuietMinutesAgoAreForgotten() {
        for (int i = 0; i < 4; i++) {
            locks.failed("203.0.113.9", 0);
        }
        assertTrue(locks.failed("203.0.113.9", LoginLocks.FORGET_AFTER_NANOS + 1).isEmpty());
    }

    @Test
    void sprayedKeysAreHeldUpToTheCapacity() {
        for (int i = 0; i < 5_000; i++) {
            locks.failed("user-" + i, i);
        }
        assertEquals(100, locks.size());
    }

    @Test
    void refusesLimitsThatMakeNoSense() {
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new LoginLocks(0, 1, 30, 10));
        org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class, () -> new LoginLocks(5, 10, 5, 10));
    }

    private void lock(String key) {
        for (int i = 0; i < 5; i++) {
            locks.failed(key, 0);
        }
    }
}
