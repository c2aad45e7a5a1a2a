package org.cbec.sandbox.admin;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Failed admin logins counted per key (a client address, or a user name) and the lock they earn,
 * as the broker's admin API locks its own: after {@code maxFailures} failures in a row the key is
 * locked for {@code firstLockSeconds}, doubled at each further failure up to
 * {@code maxLockSeconds}. A success forgets the key, and so do 15 quiet minutes after its last
 * failure. At most {@code capacity} keys are held (the least recently seen are dropped first), so
 * sprayed addresses or names cannot grow it without bound. Times are {@link System#nanoTime()}
 * values given by the caller.
 */
final class LoginLocks {

    /** A key with no failure for this long starts again from none. */
    static final long FORGET_AFTER_NANOS = TimeUnit.MINUTES.toNanos(15);

    private static final class Count {
        int failures;
        long lastFailure;
        long lockedUntil;
        boolean locked;
    }

    private final int maxFailures;
    private final long firstLockNanos;
    private final long maxLockNanos;
    private final Map<String, Count> counts;

    LoginLocks(int maxFailures, long firstLockSeconds, long maxLockSeconds, int capacity) {
        if (maxFailures < 1 || firstLockSeconds < 1 || maxLockSeconds < firstLockSeconds || capacity < 1) {
            throw new IllegalArgumentException("limits must be positive, the longest lock at least the first");
        }
        this.maxFailures = maxFailures;
        this.firstLockNanos = TimeUnit.SECONDS.toNanos(firstLockSeconds);
        this.maxLockNanos = TimeUnit.SECONDS.toNanos(maxLockSeconds);
        this.counts = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Count> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Empty while {@code key} may try; else the whole seconds, rounded up, until its lock ends. */
    synchronized OptionalLong retryAfterSeconds(String key, long now) {
        Count c = counts.get(key);
        if (c == null || !c.locked || c.lockedUntil - now <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(c.lockedUntil - now + 999_999_999)));
    }

    /** Counts a failure of {@code key}; the seconds of the lock it starts, if it starts one. */
    synchronized OptionalLong failed(String key, long now) {
        Count c = counts.computeIfAbsent(key, k -> new Count());
        if (c.failures > 0 && now - c.lastFailure > FORGET_AFTER_NANOS) {
            c.failures = 0;
            c.locked = false;
        }
        c.failures++;
        c.lastFailure = now;
        if (c.failures < maxFailures) {
            return OptionalLong.empty();
        }
        long lock = firstLockNanos;
        for (int i = maxFailures; i < c.failures && lock < maxLockNanos; i++) {
            lock *= 2;
        }
        lock = Math.min(lock, maxLockNanos);
        c.locked = true;
        c.lockedUntil = now + lock;
        return OptionalLong.of(TimeUnit.NANOSECONDS.toSeconds(lock));
    }

    synchronized void succeeded(String key) {
        counts.remove(key);
    }

    synchronized int size() {
        return counts.size();
    }
}
