package org.cbec.access.control;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;

/**
 * The rules of failed logins of one key (a client address, a user name), over its count
 * ({@link Failures}), wherever that is kept: after {@code maxFailures} failures in a row the key is
 * locked for {@code firstLock}, each further failure after a lock doubles it, up to {@code maxLock}.
 * A success forgets the key; so does a quiet {@link #FORGET_AFTER_MILLIS} after its last failure.
 * Locked keys are not checked at all (the caller asks {@link #retryAfterSeconds} first), so a lock
 * costs an attacker time, not the server a password check. Times are wall-clock milliseconds given
 * by the caller (the count is shared by nodes, which compare their clocks with it), so a test
 * holds the clock.
 */
public final class LoginThrottle {

    /** A key with no failure for this long starts again from none. */
    public static final long FORGET_AFTER_MILLIS = TimeUnit.MINUTES.toMillis(15);

    /** A key's failures in a row, the last one's time, and the end of its lock (0: never locked). */
    public record Failures(int count, long lastMillis, long lockedUntilMillis) {
    }

    /** A lock that has just started: how long, and after how many failures in a row. */
    public record Lock(long seconds, int failures) {
    }

    /** A failure counted: the key's count now, and the lock it started, if it started one. */
    public record Failed(Failures failures, Optional<Lock> lock) {
    }

    private final int maxFailures;
    private final long firstLockMillis;
    private final long maxLockMillis;

    public LoginThrottle(int maxFailures, long firstLockSeconds, long maxLockSeconds) {
        if (maxFailures < 1 || firstLockSeconds < 1 || maxLockSeconds < firstLockSeconds) {
            throw new IllegalArgumentException("maxFailures and firstLockSeconds must be positive, maxLockSeconds at least firstLockSeconds");
        }
        this.maxFailures = maxFailures;
        this.firstLockMillis = TimeUnit.SECONDS.toMillis(firstLockSeconds);
        this.maxLockMillis = TimeUnit.SECONDS.toMillis(maxLockSeconds);
    }

    /** Empty when a key with these failures (null: none) may try; else the whole seconds until its lock ends (for {@code Retry-After}). */
    public OptionalLong retryAfterSeconds(Failures f, long now) {
        if (f == null || f.lockedUntilMillis() - now <= 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Math.max(1, TimeUnit.MILLISECONDS.toSeconds(f.lockedUntilMillis() - now + 999)));
    }

    /** One more failure of a key with these failures (null: none) at {@code now}. */
    public Failed failed(Failures f, long now) {
        int count = f == null || now - f.lastMillis() > FORGET_AFTER_MILLIS ? 1 : f.count() + 1;
        if (count < maxFailures) {
            return new Failed(new Failures(count, now, 0), Optional.empty());
        }
        long lock = firstLockMillis;
        for (int i = maxFailures; i < count && lock < maxLockMillis; i++) {
            lock *= 2;
        }
        lock = Math.min(lock, maxLockMillis);
        return new Failed(new Failures(count, now, now + lock), Optional.of(new Lock(TimeUnit.MILLISECONDS.toSeconds(lock), count)));
    }
}
