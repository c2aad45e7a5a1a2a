package org.cbec.payment.control;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

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

    private final Duration base;
    private final Duration cap;
    private final int maxAttempts;

    public ReconcileSchedule(Duration base, Duration cap, int maxAttempts) {
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("the reconciliation's backoff base must be positive, not " + base);
        }
        if (cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("the reconciliation's longest gap " + cap + " is shorter than its first " + base);
        }
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("the reconciliation needs at least one attempt, not " + maxAttempts);
        }
        this.base = base;
        this.cap = cap;
        this.maxAttempts = maxAttempts;
    }

    /** The gap after the {@code attempts}-th failed attempt (1 for the first): base, doubled each time, at most the cap. */
    public Duration gap(int attempts) {
        Duration gap = base;
        for (int i = 1; i < attempts && gap.compareTo(cap) < 0; i++) {
            gap = gap.multipliedBy(2);
        }
        return gap.compareTo(cap) < 0 ? gap : cap;
    }

    /**
     * When to take the payment again after its {@code attempts}-th failed attempt, made at
     * {@code now}; empty when that was the last one.
     */
    public Optional<OffsetDateTime> next(int attempts, OffsetDateTime now) {
        return attempts >= maxAttempts ? Optional.empty() : Optional.of(now.plus(gap(attempts)));
    }
}
