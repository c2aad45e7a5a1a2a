package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    static final OffsetDateTime CREATED = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void theDelayStartsAtTheRetryDelayAndDoublesUpToAMinute() {
        RetrySchedule s = RetrySchedule.startingAt(1000);
        assertEquals(List.of(1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L),
                IntStream.rangeClosed(1, 9).mapToObj(n -> s.delayAfter(n).toSeconds()).toList());
    }

    @Test
    void aManyTimesFailedCallbackWaitsAMinuteWithoutOverflowing() {
        assertEquals(Duration.ofSeconds(60), RetrySchedule.startingAt(1000).delayAfter(Integer.MAX_VALUE));
        assertEquals(Duration.ofSeconds(60), RetrySchedule.startingAt(1).delayAfter(5000));
    }

    @Test
    void aFirstDelayLongerThanAMinuteIsTheDelayThroughout() {
        RetrySchedule s = RetrySchedule.startingAt(90_000);
        assertEquals(Duration.ofSeconds(90), s.delayAfter(1));
        assertEquals(Duration.ofSeconds(90), s.delayAfter(7));
    }

    @Test
    void theNextAttemptIsTheDelayAfterTheLastOneEnded() {
        RetrySchedule s = RetrySchedule.startingAt(500);
        OffsetDateTime ended = CREATED.plusSeconds(3);
        assertEquals(Optional.of(ended.plusNanos(2_000_000_000L)), s.next(CREATED, 3, ended));
    }

    @Test
    void itIsGivenUpWhenTheNextAttemptWouldFallMoreThanADayAfterItWasWritten() {
        RetrySchedule s = RetrySchedule.startingAt(1000);
        OffsetDateTime lastInTime = CREATED.plusHours(24).minusSeconds(60);
        assertEquals(Optional.of(CREATED.plusHours(24)), s.next(CREATED, 20, lastInTime));
        assertTrue(s.next(CREATED, 20, lastInTime.plusNanos(1_000_000)).isEmpty());
        assertTrue(s.next(CREATED, 1, CREATED.plusHours(25)).isEmpty());
    }

    @Test
    void aScheduleNeedsAPositiveFirstDelayAndAFailedAttempt() {
        assertThrows(IllegalArgumentException.class, () -> RetrySchedule.startingAt(0));
        assertThrows(IllegalArgumentException.class, () -> RetrySchedule.startingAt(-5));
        assertThrows(IllegalArgumentException.class, () -> RetrySchedule.startingAt(1000).delayAfter(0));
    }
}
