package org.cbec.platform.time;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BackoffTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 29, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final Duration HOUR = Duration.ofHours(1);

    @Test
    void theWaitDoublesFromTheBaseAndStaysAtTheCapWithoutOverflow() {
        Backoff b = new Backoff(Duration.ofSeconds(30), HOUR, 0, Integer.MAX_VALUE, null);
        assertEquals(List.of(30L, 60L, 120L, 240L, 480L, 960L, 1920L, 3600L, 3600L),
                List.of(1, 2, 3, 4, 5, 6, 7, 8, 9).stream().map(n -> b.gap(n).toSeconds()).toList());
        assertEquals(HOUR, b.gap(Integer.MAX_VALUE));
    }

    @Test
    void eachWaitFallsWithinItsJitterEitherWayAndTheJitterSpreadsThem() {
        Backoff b = new Backoff(MINUTE, HOUR, 0.25, 100, null);
        assertEquals(T0.plusSeconds(45), b.next(1, T0, T0, () -> 0.0).orElseThrow());
        assertEquals(T0.plusSeconds(60), b.next(1, T0, T0, () -> 0.5).orElseThrow());
        assertEquals(T0.plusSeconds(150), b.next(2, T0, T0, () -> 1.0).orElseThrow(), "the upper bound of the second wait");
        // A hundred requests failed at once come back spread over the whole band, not at one instant.
        Random random = new Random(7);
        List<Long> waits = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            waits.add(Duration.between(T0, b.next(3, T0, T0, random::nextDouble).orElseThrow()).toSeconds());
        }
        assertTrue(waits.stream().allMatch(w -> w >= 180 && w <= 300), waits::toString);
        assertTrue(waits.stream().distinct().count() > 50, () -> "spread: " + waits);
        assertTrue(waits.stream().anyMatch(w -> w < 200) && waits.stream().anyMatch(w -> w > 280), () -> "both ends: " + waits);
    }

    @Test
    void noAttemptAfterTheLastOne() {
        Backoff b = new Backoff(MINUTE, HOUR, 0.2, 5, null);
        assertTrue(b.next(4, T0, T0, () -> 0.5).isPresent(), "the fifth is still to come");
        assertTrue(b.next(5, T0, T0, () -> 0.5).isEmpty(), "the fifth was the last");
        assertTrue(b.next(6, T0, T0, () -> 0.5).isEmpty(), "a count past a lowered setting is over too");
    }

    @Test
    void noAttemptLaterThanTheAgeLimitAfterTheFirst() {
        Backoff b = new Backoff(MINUTE, HOUR, 0, 1000, Duration.ofHours(24));
        assertEquals(T0.plusHours(24), b.next(30, T0, T0.plusHours(23), () -> 0.5).orElseThrow(), "exactly at the limit");
        assertTrue(b.next(30, T0, T0.plusHours(23).plusSeconds(1), () -> 0.5).isEmpty(), "a second past it");
    }

    @Test
    void settingsThatMakeNoScheduleAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Backoff(Duration.ZERO, HOUR, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(HOUR, MINUTE, 0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(MINUTE, HOUR, 1.0, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(MINUTE, HOUR, -0.1, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(MINUTE, HOUR, Double.NaN, 1, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(MINUTE, HOUR, 0, 0, null));
        assertThrows(IllegalArgumentException.class, () -> new Backoff(MINUTE, HOUR, 0, 1, Duration.ZERO));
    }
}
