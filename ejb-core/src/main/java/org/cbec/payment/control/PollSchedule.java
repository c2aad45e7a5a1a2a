package org.cbec.payment.control;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.Optional;

/**
 * When the reconciliation asks the company again about a payment nobody has seen paid (its callback
 * may have been lost): {@code first} after its creation, then when it is twice as old as at the
 * last poll (about 1, 2, 4, 8 ... minutes with the default), never after a day.
 */
public final class PollSchedule {

    public static final Duration STOP_AFTER = Duration.ofHours(24);

    private PollSchedule() {
    }

    /** The next poll after one at {@code now}, or empty when the payment is done with or a day old. */
    public static Optional<OffsetDateTime> next(OffsetDateTime createdAt, OffsetDateTime now, Duration first, boolean stillOpen) {
        Duration age = Duration.between(createdAt, now);
        if (!stillOpen || age.compareTo(STOP_AFTER) > 0) {
            return Optional.empty();
        }
        return Optional.of(now.plus(age.compareTo(first) < 0 ? first : age));
    }
}
