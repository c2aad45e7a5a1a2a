package org.cbec.sandbox.faults;

import java.util.Locale;
import java.util.Optional;
import java.util.random.RandomGenerator;

/**
 * How long a company takes to answer, before it reads the request: none, a fixed delay, or a
 * log-normal one given by its median and its 99th percentile (a service's latency is skewed to the
 * right: most answers near the median, a few many times slower). A draw is at most {@link #MAX_MS}.
 *
 * <p>The log-normal's parameters follow from the two percentiles: {@code ln X ~ N(mu, sigma)} with
 * {@code mu = ln p50} and {@code sigma = (ln p99 - ln p50) / z(0.99)}.
 */
public record Latency(Distribution distribution, long p50Ms, long p99Ms) {

    /** The shape of the delay. */
    public enum Distribution {
        /** No delay. */
        NONE,
        /** Always p50Ms. */
        FIXED,
        /** Log-normal with median p50Ms and 99th percentile p99Ms. */
        LOGNORMAL
    }

    /** No draw is longer than this: a company that has not answered in a minute is a stall, which faults are for. */
    public static final long MAX_MS = 60_000;

    /** The standard normal distribution's 99th percentile. */
    static final double Z_99 = 2.3263478740408408;

    public static final Latency NONE = new Latency(Distribution.NONE, 0, 0);

    /**
     * A latency, or the problem with it: FIXED needs 1 &le; p50Ms &le; MAX_MS (p99Ms absent or equal);
     * LOGNORMAL needs 1 &le; p50Ms &lt; p99Ms &le; MAX_MS.
     */
    public static Latency of(Distribution distribution, long p50Ms, Long p99Ms) {
        check(distribution, p50Ms, p99Ms).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return switch (distribution) {
            case NONE -> NONE;
            case FIXED -> new Latency(distribution, p50Ms, p50Ms);
            case LOGNORMAL -> new Latency(distribution, p50Ms, p99Ms);
        };
    }

    /** What is wrong with these values, naming the member: {@code p50Ms: …} or {@code p99Ms: …}. */
    public static Optional<String> check(Distribution distribution, long p50Ms, Long p99Ms) {
        if (distribution == Distribution.NONE) {
            return Optional.empty();
        }
        if (p50Ms < 1 || p50Ms > MAX_MS) {
            return Optional.of("p50Ms: must be 1 to " + MAX_MS);
        }
        if (distribution == Distribution.FIXED) {
            return p99Ms == null || p99Ms == p50Ms ? Optional.empty() : Optional.of("p99Ms: a FIXED latency has none (or p50Ms)");
        }
        if (p99Ms == null || p99Ms <= p50Ms || p99Ms > MAX_MS) {
            return Optional.of("p99Ms: a LOGNORMAL latency needs one above p50Ms, at most " + MAX_MS);
        }
        return Optional.empty();
    }

    /**
     * From a setting's text: {@code none}, {@code fixed P50} or {@code lognormal P50 P99} (milliseconds,
     * separated by spaces, case ignored); an empty text is none.
     */
    public static Latency parse(String text) {
        String[] words = text == null ? new String[0] : text.trim().toLowerCase(Locale.ROOT).split("\\s+");
        if (words.length == 0 || words[0].isEmpty() || words.length == 1 && words[0].equals("none")) {
            return NONE;
        }
        try {
            Distribution d = Distribution.valueOf(words[0].toUpperCase(Locale.ROOT));
            if (d == Distribution.FIXED && words.length == 2) {
                return of(d, Long.parseLong(words[1]), null);
            }
            if (d == Distribution.LOGNORMAL && words.length == 3) {
                return of(d, Long.parseLong(words[1]), Long.parseLong(words[2]));
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("a latency is 'none', 'fixed P50' or 'lognormal P50 P99' in milliseconds, "
                    + "P50 1 to " + MAX_MS + " below P99; not '" + text + "' (" + e.getMessage() + ")");
        }
        throw new IllegalArgumentException("a latency is 'none', 'fixed P50' or 'lognormal P50 P99' in milliseconds; not '" + text + "'");
    }

    /** The delay of one answer, in milliseconds. */
    public long draw(RandomGenerator random) {
        return switch (distribution) {
            case NONE -> 0;
            case FIXED -> p50Ms;
            case LOGNORMAL -> {
                double sigma = (Math.log(p99Ms) - Math.log(p50Ms)) / Z_99;
                double ms = Math.exp(Math.log(p50Ms) + sigma * random.nextGaussian());
                yield Math.min(MAX_MS, Math.round(ms));
            }
        };
    }

    /** As a setting's text ({@link #parse} reads it back). */
    @Override
    public String toString() {
        return switch (distribution) {
            case NONE -> "none";
            case FIXED -> "fixed " + p50Ms;
            case LOGNORMAL -> "lognormal " + p50Ms + " " + p99Ms;
        };
    }
}
