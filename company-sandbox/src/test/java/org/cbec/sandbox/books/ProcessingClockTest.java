package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;

class ProcessingClockTest {

    static final OffsetDateTime SUBMITTED = OffsetDateTime.of(2026, 11, 23, 10, 0, 0, 0, ZoneOffset.UTC);

    @Test
    void processingUntilTheDelayHasPassed() {
        var r = ProcessingClock.read("PROCESSING", "SUCCESS", SUBMITTED, SUBMITTED, SUBMITTED.plusNanos(1_999_000_000L), 2000);
        assertEquals("PROCESSING", r.state());
        assertEquals(SUBMITTED, r.modifiedAt());
    }

    @Test
    void successOnceItHasPassedDatedWhenItPassed() {
        var r = ProcessingClock.read("PROCESSING", "SUCCESS", SUBMITTED, SUBMITTED, SUBMITTED.plusSeconds(60), 2000);
        assertEquals("SUCCESS", r.state());
        assertEquals(SUBMITTED.plusSeconds(2), r.modifiedAt());
    }

    @Test
    void decidedStatesStayAsTheyAre() {
        for (String state : new String[] {"SUCCESS", "FAIL", "EXCEPT"}) {
            var r = ProcessingClock.read(state, "SUCCESS", SUBMITTED, SUBMITTED.plusSeconds(1), SUBMITTED.plusSeconds(60), 2000);
            assertEquals(state, r.state());
            assertEquals(SUBMITTED.plusSeconds(1), r.modifiedAt());
        }
    }

    @Test
    void aProcessingThingReachesTheOutcomeItWasGiven() {
        var r = ProcessingClock.read("PROCESSING", "ABNORMAL", SUBMITTED, SUBMITTED, SUBMITTED.plusSeconds(3), 2000);
        assertEquals("ABNORMAL", r.state());
        assertEquals(SUBMITTED.plusSeconds(2), r.modifiedAt());
    }
}
