package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class PollScheduleTest {

    private static final OffsetDateTime CREATED = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration MINUTE = Duration.ofMinutes(1);

    @Test
    void anUnpaidPaymentIsAskedAboutAtDoublingAges() {
        OffsetDateTime at = CREATED.plus(MINUTE);
        int polls = 0;
        StringBuilder ages = new StringBuilder();
        while (true) {
            polls++;
            ages.append(Duration.between(CREATED, at).toMinutes()).append(' ');
            var next = PollSchedule.next(CREATED, at, MINUTE, true);
            if (next.isEmpty()) {
                break;
            }
            at = next.get();
        }
        // 1, 2, 4 ... 1024 minutes, then 2048 (past the day: the last poll).
        assertEquals("1 2 4 8 16 32 64 128 256 512 1024 2048 ", ages.toString());
        assertEquals(12, polls);
    }

    @Test
    void anEarlyPollWaitsAtLeastTheFirstInterval() {
        assertEquals(CREATED.plusSeconds(70), PollSchedule.next(CREATED, CREATED.plusSeconds(10), MINUTE, true).orElseThrow());
    }

    @Test
    void aPaidOrClosedPaymentIsNotAskedAgain() {
        assertTrue(PollSchedule.next(CREATED, CREATED.plus(MINUTE), MINUTE, false).isEmpty());
    }
}
