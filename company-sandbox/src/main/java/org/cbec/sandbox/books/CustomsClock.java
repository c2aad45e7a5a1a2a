package org.cbec.sandbox.books;

import java.time.OffsetDateTime;

/**
 * The sandbox's customs: a PROCESSING declaration is decided SUCCESS once the delay has passed since
 * it was (re)submitted. Evaluated when the declaration is read, so nothing runs in the background
 * and reading never writes; a change of the declaration first fixes the outcome reached so far.
 */
public final class CustomsClock {

    /** A declaration's state as of a moment, and when it last changed. */
    public record Reading(String state, OffsetDateTime modifiedAt) {
    }

    private CustomsClock() {
    }

    public static Reading read(String state, OffsetDateTime submittedAt, OffsetDateTime modifiedAt, OffsetDateTime now,
            long delayMs) {
        if ("PROCESSING".equals(state)) {
            OffsetDateTime decided = submittedAt.plusNanos(delayMs * 1_000_000L);
            if (!decided.isAfter(now)) {
                return new Reading("SUCCESS", decided);
            }
        }
        return new Reading(state, modifiedAt);
    }
}
