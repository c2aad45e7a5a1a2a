package org.cbec.sandbox.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LatencyTest {

    private static long[] sortedDraws(Latency latency, int n) {
        SplittableRandom random = new SplittableRandom(20261127L);
        long[] draws = new long[n];
        for (int i = 0; i < n; i++) {
            draws[i] = latency.draw(random);
        }
        Arrays.sort(draws);
        return draws;
    }

    @Test
    void aLogNormalLatencyHasTheMedianAndThe99thPercentileItWasGiven() {
        long[] draws = sortedDraws(Latency.parse("lognormal 150 800"), 200_000);
        long p50 = draws[draws.length / 2];
        long p99 = draws[(int) (draws.length * 0.99)];
        assertTrue(Math.abs(p50 - 150) <= 3, "p50 " + p50);
        assertTrue(Math.abs(p99 - 800) <= 24, "p99 " + p99);
        // Skewed to the right: the mean is above the median, and a few answers take seconds.
        double mean = Arrays.stream(draws).average().orElseThrow();
        assertTrue(mean > 180 && mean < 220, "mean " + mean);
        assertTrue(draws[draws.length - 1] > 2000, "max " + draws[draws.length - 1]);
        assertTrue(draws[0] >= 1, "min " + draws[0]);
    }

    @Test
    void aDrawIsNeverLongerThanAMinute() {
        long[] draws = sortedDraws(Latency.of(Latency.Distribution.LOGNORMAL, 20_000, 59_000L), 20_000);
        assertEquals(Latency.MAX_MS, draws[draws.length - 1]);
    }

    @Test
    void aFixedLatencyIsAlwaysTheSameAndNoneIsZero() {
        long[] draws = sortedDraws(Latency.parse("FIXED 250"), 1000);
        assertEquals(250, draws[0]);
        assertEquals(250, draws[draws.length - 1]);
        assertEquals(0, Latency.parse("none").draw(new SplittableRandom()));
        assertEquals(Latency.NONE, Latency.parse(""));
        assertEquals(Latency.NONE, Latency.parse(null));
    }

    @Test
    void aSettingReadsBackAsWritten() {
        for (String text : new String[] {"none", "fixed 250", "lognormal 150 800"}) {
            assertEquals(text, Latency.parse(text).toString());
        }
        assertEquals("lognormal 150 800", Latency.parse("  LogNormal   150\t800 ").toString());
    }

    @Test
    void aSettingThatIsNoLatencyIsRefusedSayingWhatOneIs() {
        for (String text : new String[] {"lognormal 150", "lognormal 800 150", "fixed 0", "fixed", "gaussian 1 2",
                "fixed 61000", "lognormal 150 x", "fixed 100 200"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Latency.parse(text), text);
            assertTrue(e.getMessage().contains("'none', 'fixed P50' or 'lognormal P50 P99'"), e.getMessage());
        }
    }

    @Test
    void theCheckNamesTheMemberThatIsWrong() {
        assertEquals(Optional.empty(), Latency.check(Latency.Distribution.NONE, 0, null));
        assertEquals(Optional.empty(), Latency.check(Latency.Distribution.FIXED, 100, 100L));
        assertTrue(Latency.check(Latency.Distribution.FIXED, 0, null).orElseThrow().startsWith("p50Ms:"));
        assertTrue(Latency.check(Latency.Distribution.FIXED, 100, 200L).orElseThrow().startsWith("p99Ms:"));
        assertTrue(Latency.check(Latency.Distribution.LOGNORMAL, 150, null).orElseThrow().startsWith("p99Ms:"));
        assertTrue(Latency.check(Latency.Distribution.LOGNORMAL, 150, 150L).orElseThrow().startsWith("p99Ms:"));
        assertTrue(Latency.check(Latency.Distribution.LOGNORMAL, 150, 60_001L).orElseThrow().startsWith("p99Ms:"));
    }
}
