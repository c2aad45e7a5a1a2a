package org.cbec.sandbox.books;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * When a callback that was not acknowledged is tried again: {@code first} after the first failed
 * attempt, doubling with each further one up to {@code longest}, as long as the next attempt falls
 * within {@code giveUpAfter} of the callback's creation; after that it is given up.
 */
public record RetrySchedule(Duration first, Duration longest, Duration giveUpAfter) {

    public static final Duration LONGEST = Duration.ofSeconds(60);
    public static final Duration GIVE_UP_AFTER = Duration.ofHours(24);

    public RetrySchedule {
        if (first.isNegative() || first.isZero() || longest.compareTo(first) < 0) {
            throw new IllegalArgumentException("the first delay must be positive and at most the longest");
        }
    }

    /** The schedule with the sandbox's bounds: doubling up to 60 s, for at most 24 hours. */
    public static RetrySchedule startingAt(long firstMs) {
        return new RetrySchedule(Duration.ofMillis(firstMs), LONGEST.compareTo(Duration.ofMillis(firstMs)) < 0
                ? Duration.ofMillis(firstMs) : LONGEST, GIVE_UP_AFTER);
    }

    /** The delay after {@code failedAttempts} failed attempts (1 for the first). */
    public Duration delayAfter(int failedAttempts) {
        if (failedAttempts < 1) {
            throw new IllegalArgumentException("no attempt failed yet");
        }
        Duration delay = first;
        for (int i = 1; i < failedAttempts && delay.compareTo(longest) < 0; i++) {
            delay = delay.multipliedBy(2);
        }
        return delay.compareTo(longest) > 0 ? longest : delay;
    }

    /** When to try again after {@code failedAttempts} failed attempts, the last ending {@code now}; empty: give up. */
    public Optional<OffsetDateTime> next(OffsetDateTime createdAt, int failedAttempts, OffsetDateTime now) {
        OffsetDateTime next = now.plus(delayAfter(failedAttempts));
        return next.isAfter(createdAt.plus(giveUpAfter)) ? Optional.empty() : Optional.of(next);
    }
}
