package org.cbec.payment.control;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.cbec.platform.time.Backoff;

/**
 * When the reconciliation takes a payment that stays UNKNOWN again: {@code base} after its first
 * failed attempt, then twice as long after each further one, never more than {@code cap} apart,
 * and not at all once {@code maxAttempts} have failed: then it is left to an operator. The first
 * attempt is not scheduled here (it comes once the payment is old enough, as it always did).
 * <p>
 * No jitter, unlike the merchant events' {@code RetrySchedule}: one node takes these in turn, a
 * hundred per run at most, so there is no herd to spread.
 */
public final class ReconcileSchedule {

    private final Backoff backoff;

    public ReconcileSchedule(Duration base, Duration cap, int maxAttempts) {
        try {
            this.backoff = new Backoff(base, cap, 0, maxAttempts, null);
        } catch (IllegalArgumentException wrong) {
            throw new IllegalArgumentException("the reconciliation's back-off: " + wrong.getMessage(), wrong);
        }
    }

    /** The gap after the {@code attempts}-th failed attempt (1 for the first): base, doubled each time, at most the cap. */
    public Duration gap(int attempts) {
        return backoff.gap(attempts);
    }

    /**
     * When to take the payment again after its {@code attempts}-th failed attempt, made at
     * {@code now}; empty when that was the last one.
     */
    public Optional<OffsetDateTime> next(int attempts, OffsetDateTime now) {
        return backoff.next(attempts, now, now, () -> 0.5);
    }
}
