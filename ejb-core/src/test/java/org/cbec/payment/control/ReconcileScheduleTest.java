package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ReconcileScheduleTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void theGapsGrowFromTheBaseDoublingAfterEachFailedAttempt() {
        ReconcileSchedule s = new ReconcileSchedule(TEN_SECONDS, HOUR, 12);
        assertEquals(T0.plusSeconds(10), s.next(1, T0).orElseThrow());
        assertEquals(T0.plusSeconds(20), s.next(2, T0).orElseThrow());
        assertEquals(T0.plusSeconds(40), s.next(3, T0).orElseThrow());
        assertEquals(T0.plusSeconds(80), s.next(4, T0).orElseThrow());
    }

    @Test
    void theGapsAreCapped() {
        ReconcileSchedule s = new ReconcileSchedule(TEN_SECONDS, HOUR, 100);
        assertEquals(Duration.ofSeconds(2560), s.gap(9), "the last gap below the cap");
        assertEquals(HOUR, s.gap(10), "5120 s would be past the hour");
        assertEquals(HOUR, s.gap(99), "and it stays there, with no overflow");
    }

    @Test
    void noAttemptIsScheduledAfterTheLast() {
        ReconcileSchedule s = new ReconcileSchedule(TEN_SECONDS, HOUR, 12);
        assertTrue(s.next(11, T0).isPresent(), "the twelfth attempt is still to come");
        assertTrue(s.next(12, T0).isEmpty(), "the twelfth was the last");
        assertTrue(s.next(13, T0).isEmpty(), "a count past a lowered setting is over too");
    }

    @Test
    void theSettingsAreHonoured() {
        ReconcileSchedule s = new ReconcileSchedule(Duration.ofSeconds(2), Duration.ofSeconds(5), 4);
        assertEquals(T0.plusSeconds(2), s.next(1, T0).orElseThrow());
        assertEquals(T0.plusSeconds(4), s.next(2, T0).orElseThrow());
        assertEquals(T0.plusSeconds(5), s.next(3, T0).orElseThrow(), "capped at 5 s");
        assertTrue(s.next(4, T0).isEmpty(), "four attempts at most");
    }

    @Test
    void aPaymentThatStaysUnknownIsTriedWithGrowingGapsAndThenLeftToAnOperator() {
        // The defaults: the first attempt (unscheduled) and eleven more, 10 s to an hour apart.
        ReconcileSchedule s = new ReconcileSchedule(TEN_SECONDS, HOUR, 12);
        OffsetDateTime at = T0;
        int attempts = 1;
        StringBuilder gaps = new StringBuilder();
        for (var next = s.next(attempts, at); next.isPresent(); next = s.next(++attempts, at)) {
            gaps.append(Duration.between(at, next.get()).toSeconds()).append(' ');
            at = next.get();
        }
        assertEquals("10 20 40 80 160 320 640 1280 2560 3600 3600 ", gaps.toString());
        assertEquals(12, attempts);
        assertEquals(T0.plusSeconds(12_310), at, "the last attempt, about three and a half hours after the first");
    }

    @Test
    void settingsThatMakeNoScheduleAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new ReconcileSchedule(Duration.ZERO, HOUR, 12));
        assertThrows(IllegalArgumentException.class, () -> new ReconcileSchedule(HOUR, TEN_SECONDS, 12));
        assertThrows(IllegalArgumentException.class, () -> new ReconcileSchedule(TEN_SECONDS, HOUR, 0));
    }
}
