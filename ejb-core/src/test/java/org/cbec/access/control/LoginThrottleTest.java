package org.cbec.access.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.cbec.access.control.LoginThrottle.Failures;
import org.junit.jupiter.api.Test;

class LoginThrottleTest {

    private static final long SECOND = 1_000L;

    private final LoginThrottle throttle = new LoginThrottle(3, 2, 30);

    @Test
    void aKeyIsLockedAtItsThirdFailureAndNotBefore() {
        Failures f = fail(null, 0);
        f = fail(f, 0);
        assertEquals(OptionalLong.empty(), throttle.retryAfterSeconds(f, 0));
        LoginThrottle.Failed third = throttle.failed(f, 0);
        assertEquals(new LoginThrottle.Lock(2, 3), third.lock().orElseThrow());
        assertEquals(OptionalLong.of(2), throttle.retryAfterSeconds(third.failures(), 0));
        assertEquals(OptionalLong.of(1), throttle.retryAfterSeconds(third.failures(), SECOND + 1), "whole seconds, rounded up");
    }

    @Test
    void theLockEndsOnTime() {
        Failures f = lock(0);
        assertTrue(throttle.retryAfterSeconds(f, 2 * SECOND - 1).isPresent());
        assertTrue(throttle.retryAfterSeconds(f, 2 * SECOND).isEmpty());
    }

    @Test
    void eachFailureAfterALockDoublesItUpToTheCapOfThirtySeconds() {
        Failures f = lock(0);
        List<Long> locks = new ArrayList<>();
        long now = 0;
        for (int i = 0; i < 6; i++) {
            now += 60 * SECOND;
            LoginThrottle.Failed failed = throttle.failed(f, now);
            locks.add(failed.lock().orElseThrow().seconds());
            f = failed.failures();
        }
        assertEquals(List.of(4L, 8L, 16L, 30L, 30L, 30L), locks);
        assertEquals(OptionalLong.of(30), throttle.retryAfterSeconds(f, now));
    }

    @Test
    void noFailuresAreNoLock() {
        assertTrue(throttle.retryAfterSeconds(null, 0).isEmpty());
    }

    @Test
    void failuresLongAgoAreForgotten() {
        Failures f = fail(fail(null, 0), 0);
        long later = LoginThrottle.FORGET_AFTER_MILLIS + 1;
        LoginThrottle.Failed again = throttle.failed(f, later);
        assertTrue(again.lock().isEmpty());
        assertEquals(1, again.failures().count(), "counting starts again");
        assertTrue(throttle.retryAfterSeconds(lock(0), later).isEmpty());
    }

    @Test
    void refusesLimitsThatMakeNoSense() {
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottle(0, 1, 30));
        assertThrows(IllegalArgumentException.class, () -> new LoginThrottle(5, 10, 5));
    }

    private Failures fail(Failures f, long now) {
        LoginThrottle.Failed failed = throttle.failed(f, now);
        assertTrue(failed.lock().isEmpty() || failed.failures().count() >= 3);
        return failed.failures();
    }

    private Failures lock(long now) {
        Failures f = null;
        for (int i = 0; i < 3; i++) {
            f = throttle.failed(f, now).failures();
        }
        return f;
    }
}
