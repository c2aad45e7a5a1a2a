package org.cbec.webhook.control;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.cbec.platform.time.Backoff;

/**
 * When a failed delivery is tried again: after {@code base}, then twice as long each time, capped
 * at {@link #MAX_INTERVAL}, each wait spread by up to a fifth either way (jitter, so that the
 * events of a receiver that was down do not all come back at the same second), until
 * {@link #GIVE_UP_AFTER} has passed since the event was made; then it has failed.
 */
public final class RetrySchedule {

    public static final Duration GIVE_UP_AFTER = Duration.ofHours(24);
    public static final Duration MAX_INTERVAL = Duration.ofHours(2);

    private final Backoff backoff;
    private final DoubleSupplier random;

    /** {@code random} gives numbers in [0, 1). */
    public RetrySchedule(Duration base, DoubleSupplier random) {
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("the first retry comes after a positive time");
        }
        this.backoff = new Backoff(base.compareTo(MAX_INTERVAL) < 0 ? base : MAX_INTERVAL, MAX_INTERVAL, 0.2, Integer.MAX_VALUE,
                GIVE_UP_AFTER);
        this.random = random;
    }

    /** The wait after the {@code attempts}-th failed attempt (1 for the first), without jitter. */
    public Duration interval(int attempts) {
        return backoff.gap(attempts);
    }

    /**
     * When to try again after the {@code attempts}-th failure at {@code now}, or empty when the
     * event, made at {@code createdAt}, has been tried for long enough.
     */
    public Optional<OffsetDateTime> next(int attempts, OffsetDateTime createdAt, OffsetDateTime now) {
        return backoff.next(attempts, createdAt, now, random);
    }
}
