package org.cbec.webhook.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class RetryScheduleTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void theWaitDoublesFromTheBaseUpToTwoHours() {
        RetrySchedule s = new RetrySchedule(Duration.ofSeconds(10), () -> 0.5);
        assertEquals(Duration.ofSeconds(10), s.interval(1));
        assertEquals(Duration.ofSeconds(20), s.interval(2));
        assertEquals(Duration.ofSeconds(80), s.interval(4));
        assertEquals(Duration.ofSeconds(10 * 512), s.interval(10));
        assertEquals(Duration.ofHours(2), s.interval(11));
        assertEquals(Duration.ofHours(2), s.interval(60));
    }

    @Test
    void eachWaitIsSpreadByUpToAFifthEitherWay() {
        assertEquals(T0.plusSeconds(8), new RetrySchedule(Duration.ofSeconds(10), () -> 0.0).next(1, T0, T0).orElseThrow());
        assertEquals(T0.plusSeconds(10), new RetrySchedule(Duration.ofSeconds(10), () -> 0.5).next(1, T0, T0).orElseThrow());
        OffsetDateTime late = new RetrySchedule(Duration.ofSeconds(10), () -> 0.999_999).next(1, T0, T0).orElseThrow();
        assertTrue(!late.isAfter(T0.plusSeconds(12)) && late.isAfter(T0.plusNanos(11_990_000_000L)), late::toString);
    }

    @Test
    void afterADayOfTriesTheEventHasFailed() {
        RetrySchedule s = new RetrySchedule(Duration.ofSeconds(10), () -> 0.5);
        assertTrue(s.next(20, T0, T0.plusHours(21)).isPresent(), "two hours later is still within the day");
        assertTrue(s.next(20, T0, T0.plusHours(23)).isEmpty(), "past the day: failed");
    }

    @Test
    void aDayOfTriesAtTheDefaultBaseIsTwentyOneAttempts() {
        // Attempts 2 to 11 come 10 s, 20 s, ... 5120 s apart (10,230 s in all), then every 2 h:
        // attempt 21 at 10,230 + 10 x 7,200 = 82,230 s, attempt 22 would be past 86,400 s.
        RetrySchedule s = new RetrySchedule(Duration.ofSeconds(10), () -> 0.5);
        OffsetDateTime now = T0;
        int attempts = 1;
        while (true) {
            var next = s.next(attempts, T0, now);
            if (next.isEmpty()) {
                break;
            }
            now = next.get();
            attempts++;
        }
        assertEquals(21, attempts);
    }
}
