package org.cbec.dispatch.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AttemptRulesTest {

    private static final OffsetDateTime T0 = OffsetDateTime.of(2026, 11, 29, 12, 0, 0, 0, ZoneOffset.UTC);
    private static final Duration TEN_SECONDS = Duration.ofSeconds(10);
    private static final Duration HOUR = Duration.ofHours(1);
    private static final Duration THREE_DAYS = Duration.ofDays(3);

    /** The defaults, without jitter so that the gaps can be read. */
    private static final AttemptRules PLAIN = new AttemptRules(TEN_SECONDS, HOUR, 0, 12, THREE_DAYS);

    @Test
    void anUnknownOutcomeIsAskedAboutWithDoublingGapsUpToTheCapAndThenGivenUpAfterItsLastAttempt() {
        OffsetDateTime at = T0;
        StringBuilder gaps = new StringBuilder();
        int attempts = 1;
        for (Optional<OffsetDateTime> next = PLAIN.next(false, attempts, T0, at, () -> 0.5); next.isPresent();
                next = PLAIN.next(false, ++attempts, T0, at, () -> 0.5)) {
            gaps.append(Duration.between(at, next.get()).toSeconds()).append(' ');
            at = next.get();
        }
        assertEquals("10 20 40 80 160 320 640 1280 2560 3600 3600 ", gaps.toString());
        assertEquals(12, attempts, "given up after the twelfth attempt, not before");
    }

    @Test
    void oneTheCompanyIsStillWorkingOnIsAskedAboutPastTheAttemptsUntilItsAgeLimit() {
        assertTrue(PLAIN.next(true, 12, T0, T0.plusHours(3), () -> 0.5).isPresent(), "a payout ACCEPTED for hours is still polled");
        assertEquals(T0.plusHours(40).plus(HOUR), PLAIN.next(true, 200, T0, T0.plusHours(40), () -> 0.5).orElseThrow(),
                "an hour apart at most");
        assertTrue(PLAIN.next(true, 200, T0, T0.plusDays(3).minusMinutes(30), () -> 0.5).isEmpty(),
                "the next would fall past three days after it was first seen: given up now");
        assertTrue(PLAIN.next(false, 3, T0, T0.plusDays(3), () -> 0.5).isEmpty(), "the age limit holds for an unknown one too");
    }

    @Test
    void theJitterSpreadsEachWaitWithinItsShareEitherWay() {
        AttemptRules spread = new AttemptRules(TEN_SECONDS, HOUR, 0.2, 12, THREE_DAYS);
        assertEquals(T0.plusSeconds(8), spread.next(false, 1, T0, T0, () -> 0).orElseThrow(), "80 % at the low end");
        assertEquals(T0.plusSeconds(12), spread.next(false, 1, T0, T0, () -> 1).orElseThrow(), "120 % at the high end");
        assertEquals(T0.plusSeconds(16), spread.next(false, 2, T0, T0, () -> 0).orElseThrow());
    }

    @Test
    void settingsThatCannotWorkAreRefusedNamingTheBackOff() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new AttemptRules(HOUR, TEN_SECONDS, 0, 12, THREE_DAYS));
        assertTrue(e.getMessage().startsWith("the money requests' back-off: "), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new AttemptRules(TEN_SECONDS, HOUR, 1.5, 12, THREE_DAYS));
        assertThrows(IllegalArgumentException.class, () -> new AttemptRules(TEN_SECONDS, HOUR, 0, 0, THREE_DAYS));
    }
}
