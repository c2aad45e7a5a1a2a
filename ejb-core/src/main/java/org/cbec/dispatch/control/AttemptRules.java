package org.cbec.dispatch.control;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.DoubleSupplier;
import org.cbec.platform.time.Backoff;

/**
 * When the janitor asks about a money request again, and when it stops and leaves it to an
 * operator. One back-off for every kind ({@link Backoff}: {@code base} after the first attempt,
 * doubling, at most {@code cap} apart, spread by {@code jitter}). A request whose outcome is unknown
 * is given up after {@code maxAttempts}; one the company has and is still working on (a refund
 * PROCESSING, a payout ACCEPTED: the company decides when) is asked about as long as it needs, up
 * to {@code maxAge} after it was first seen open, as every request is.
 */
public final class AttemptRules {

    private final Backoff unknown;
    private final Backoff atCompany;

    public AttemptRules(Duration base, Duration cap, double jitter, int maxAttempts, Duration maxAge) {
        try {
            this.unknown = new Backoff(base, cap, jitter, maxAttempts, maxAge);
            this.atCompany = new Backoff(base, cap, jitter, Integer.MAX_VALUE, maxAge);
        } catch (IllegalArgumentException wrong) {
            throw new IllegalArgumentException("the money requests' back-off: " + wrong.getMessage(), wrong);
        }
    }

    /**
     * When to ask again after the {@code attempts}-th attempt (1 for the first), made at {@code now},
     * at a request first seen open at {@code since}; empty when it is given up to an operator.
     */
    public Optional<OffsetDateTime> next(boolean atTheCompany, int attempts, OffsetDateTime since, OffsetDateTime now,
            DoubleSupplier random) {
        return (atTheCompany ? atCompany : unknown).next(attempts, since, now, random);
    }
}
