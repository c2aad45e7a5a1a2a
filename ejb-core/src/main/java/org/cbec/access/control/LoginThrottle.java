package org.cbec.access.control;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * Failed logins counted per key (a client address, a user name), and the lock they earn: after
 * {@code maxFailures} failures in a row the key is locked for {@code firstLock}, each further
 * failure after a lock doubles it, up to {@code maxLock}. A success forgets the key; so does a
 * quiet {@link #FORGET_AFTER_NANOS} after its last failure. Locked keys are not checked at all
 * (the caller asks {@link #retryAfterSeconds} first), so a lock costs an attacker time, not the
 * server a password check.
 * <p>
 * Bounded: it holds at most {@code capacity} keys and drops the least recently seen one beyond
 * that, so addresses or user names sprayed by an attacker cannot grow memory without bound (the
 * price: a key dropped that way starts counting afresh). Times are {@link System#nanoTime()}
 * values given by the caller, so a test holds the clock.
 */
public final class LoginThrottle {

    /** A key with no failure for this long starts again from none. */
    public static final long FORGET_AFTER_NANOS = TimeUnit.MINUTES.toNanos(15);

    /** A lock that has just started: how long, and after how many failures in a row. */
    public record Lock(long seconds, int failures) {
    }

    private static final class Failures {
        int count;
        long last;
        long lockedUntil;
        boolean locked;
    }

    private final int maxFailures;
    private final long firstLockNanos;
    private final long maxLockNanos;
    private final Map<String, Failures> keys;

    public LoginThrottle(int maxFailures, long firstLockSeconds, long maxLockSeconds, int capacity) {
        if (maxFailures < 1 || firstLockSeconds < 1 || maxLockSeconds < firstLockSeconds || capacity < 1) {
            throw new IllegalArgumentException("maxFailures, firstLockSeconds and capacity must be positive, maxLockSeconds at least firstLockSeconds");
        }
        this.maxFailures = maxFailures;
        this.firstLockNanos = TimeUnit.SECONDS.toNanos(firstLockSeconds);
        this.maxLockNanos = TimeUnit.SECONDS.toNanos(maxLockSeconds);
        this.keys = new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
                return size() > capacity;
            }
        };
    }

    /** Empty when {@code key} may try; else the whole seconds until its lock ends (for {@code Retry-After}). */
    public synchronized OptionalLong retryAfterSeconds(String key, long now) {
        Failures f = keys.get(key);
        if (f == null || !f.locked || f.lockedUntil - now <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(f.lockedUntil - now + 999_999_999)));
    }

    /** Counts a failure of {@code key}; the lock it starts, if it starts one. */
    public synchronized Optional<Lock> failed(String key, long now) {
        Failures f = keys.computeIfAbsent(key, k -> new Failures());
        if (f.count > 0 && now - f.last > FORGET_AFTER_NANOS) {
            f.count = 0;
            f.locked = false;
        }
        f.count++;
        f.last = now;
        if (f.count < maxFailures) {
            return Optional.empty();
        }
        long lock = firstLockNanos;
        for (int i = maxFailures; i < f.count && lock < maxLockNanos; i++) {
            lock *= 2;
        }
        lock = Math.min(lock, maxLockNanos);
        f.locked = true;
        f.lockedUntil = now + lock;
        return Optional.of(new Lock(TimeUnit.NANOSECONDS.toSeconds(lock), f.count));
    }

    /** Forgets {@code key}'s failures after a successful login. */
    public synchronized void succeeded(String key) {
        keys.remove(key);
    }

    /** How many keys are held now. */
    public synchronized int size() {
        return keys.size();
    }
}
