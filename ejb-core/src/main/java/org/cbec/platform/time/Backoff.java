package org.cbec.platform.time;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * When something that failed is tried again: {@code base} after the first failed attempt, twice as
 * long after each further one, never more than {@code cap} apart; each wait spread by up to
 * {@code jitter} of it either way (0.2: from 80 % to 120 %), so that what failed together does not
 * come back together; no attempt after the {@code maxAttempts}-th, nor one that would fall later
 * than {@code maxAge} after the first (no age limit when it is null). The one back-off of the
 * broker: the merchant events' deliveries and the money requests' attempts both take theirs here.
 */
public record Backoff(Duration base, Duration cap, double jitter, int maxAttempts, Duration maxAge) {

    public Backoff {
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("the first wait must be positive, not " + base);
        }
        if (cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("the longest wait " + cap + " is shorter than the first " + base);
        }
        if (!(jitter >= 0 && jitter < 1)) {
            throw new IllegalArgumentException("the jitter is a share of the wait in [0, 1), not " + jitter);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("at least one attempt, not " + maxAttempts);
        }
        if (maxAge != null && (maxAge.isNegative() || maxAge.isZero())) {
            throw new IllegalArgumentException("the age limit must be positive, not " + maxAge);
        }
    }

    /** The wait after the {@code attempts}-th failed attempt (1 for the first), before jitter: base, doubled each time, at most the cap. */
    public Duration gap(int attempts) {
        Duration gap = base;
        for (int i = 1; i < attempts && gap.compareTo(cap) < 0; i++) {
            gap = gap.multipliedBy(2);
        }
        return gap.compareTo(cap) < 0 ? gap : cap;
    }

    /**
     * When to try again after the {@code attempts}-th failed attempt, made at {@code now}, of
     * something first tried at {@code since}; empty when that was the last attempt it gets.
     * {@code random} gives numbers in [0, 1) and places the wait within its jitter.
     */
    public Optional<OffsetDateTime> next(int attempts, OffsetDateTime since, OffsetDateTime now, DoubleSupplier random) {
        if (attempts >= maxAttempts) {
            return Optional.empty();
        }
        double spread = jitter == 0 ? 1 : 1 - jitter + 2 * jitter * random.getAsDouble();
        OffsetDateTime next = now.plus(Duration.ofMillis(Math.round(gap(attempts).toMillis() * spread)));
        return maxAge != null && next.isAfter(since.plus(maxAge)) ? Optional.empty() : Optional.of(next);
    }
}
