package org.cbec.access.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.cbec.access.control.TokenBucket;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A request rate per API key ({@code api.rate-limit.per-second}, burst {@code api.rate-limit.burst}),
 * kept on each node: with N nodes behind a load balancer a key gets up to N times the rate. Generous
 * by default (a merchant's normal traffic never meets it): it stops one key's runaway client from
 * taking a node's threads from every other merchant. {@code api.rate-limit.per-second=0} turns it off.
 */
@ApplicationScoped
public class RateLimits {

    @Inject
    @ConfigProperty(name = "api.rate-limit.per-second", defaultValue = "100")
    double perSecond;

    @Inject
    @ConfigProperty(name = "api.rate-limit.burst", defaultValue = "200")
    int burst;

    /** Buckets by key id; as many as there are live keys used on this node. */
    private final ConcurrentHashMap<String, TokenBucket> buckets = new ConcurrentHashMap<>();

    /** Empty when the key's request is admitted; else the whole seconds to wait (for {@code Retry-After}). */
    public OptionalLong retryAfterSeconds(String keyId) {
        if (perSecond <= 0) {
            return OptionalLong.empty();
        }
        long now = System.nanoTime();
        long wait = buckets.computeIfAbsent(keyId, k -> new TokenBucket(perSecond, burst, now)).take(now);
        return wait == 0 ? OptionalLong.empty() : OptionalLong.of(Math.max(1, TimeUnit.NANOSECONDS.toSeconds(wait + 999_999_999)));
    }

    /** The limit as a client reads it in a refusal. */
    public String describe() {
        return "at most " + (perSecond == Math.rint(perSecond) ? String.valueOf((long) perSecond) : String.valueOf(perSecond))
                + " requests per second per key on each server (bursts of " + burst + ")";
    }
}
