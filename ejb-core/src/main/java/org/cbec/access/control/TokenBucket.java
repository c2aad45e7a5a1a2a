package org.cbec.access.control;

/**
 * One API key's allowance on this node: {@code burst} requests at once, refilled at
 * {@code perSecond}. Time is passed in (nanoseconds, as {@link System#nanoTime()}) so that the
 * rule is tested without waiting. Thread-safe.
 */
public final class TokenBucket {

    private final double perNano;
    private final double burst;
    private double tokens;
    private long last;

    public TokenBucket(double perSecond, int burst, long now) {
        if (perSecond <= 0 || burst < 1) {
            throw new IllegalArgumentException("a rate limit needs a positive rate and a burst of at least 1");
        }
        this.perNano = perSecond / 1e9;
        this.burst = burst;
        this.tokens = burst;
        this.last = now;
    }

    /**
     * Takes one request's token: 0 when it is admitted, else the nanoseconds until a token is there
     * again (nothing is taken then).
     */
    public synchronized long take(long now) {
        tokens = Math.min(burst, tokens + (now - last) * perNano);
        last = now;
        if (tokens >= 1) {
            tokens -= 1;
            return 0;
        }
        return (long) Math.ceil((1 - tokens) / perNano);
    }
}
