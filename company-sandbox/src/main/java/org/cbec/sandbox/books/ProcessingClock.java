package org.cbec.sandbox.books;

import java.time.OffsetDateTime;

/**
 * How the sandbox decides what a real company decides later: a PROCESSING customs declaration or
 * alphapay refund reaches its outcome (SUCCESS, or the outcome a test arranged) once the delay has
 * passed since it was (re)submitted. Evaluated when the thing is read, so nothing runs in the
 * background and reading never writes; a change to it first fixes the outcome reached so far.
 */
public final class ProcessingClock {

    /** A state as of a moment, and when it last changed. */
    public record Reading(String state, OffsetDateTime modifiedAt) {
    }

    private ProcessingClock() {
    }

    public static Reading read(String state, String outcome, OffsetDateTime submittedAt, OffsetDateTime modifiedAt,
            OffsetDateTime now, long delayMs) {
        if ("PROCESSING".equals(state)) {
            OffsetDateTime decided = submittedAt.plusNanos(delayMs * 1_000_000L);
            if (!decided.isAfter(now)) {
                return new Reading(outcome, decided);
            }
        }
        return new Reading(state, modifiedAt);
    }
}
