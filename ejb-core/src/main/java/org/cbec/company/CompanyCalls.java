package org.cbec.company;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Timer;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Every call to a company as an operator counts it (MicroProfile Metrics, application scope):
 * {@code company_calls_total} by company, operation and outcome ({@code ok}, {@code refused} — a
 * business refusal —, {@code failed}, {@code unverified}, and {@code circuit_open} or
 * {@code bulkhead_full} for calls Fault Tolerance did not send), and {@code company_call_duration}
 * (a timer) by company and operation for the calls that were sent.
 * <p>
 * It also keeps each company's circuit as this node last saw it: open from a call it refused until
 * a call goes through again (a half-open circuit lets one through), for readiness. Fault
 * Tolerance's own metrics ({@code ft_circuitbreaker_*}) show the same from the inside.
 * <p>
 * The log has one short line (no stack trace) for each failure that counts towards a company's
 * circuit ({@link #failed}), and one when this node first finds the circuit open after a call went
 * through; the calls refused while it stays open are counted, not logged.
 */
@ApplicationScoped
public class CompanyCalls {

    private static final Logger LOG = Logger.getLogger(CompanyCalls.class.getName());

    /**
     * Resolved at the first call, not when this bean is made: readiness may make it first, on a
     * thread of Payara's health servlet, where the application's metric registry cannot be
     * resolved (Payara's producer failed there with a NullPointerException).
     */
    @Inject
    Instance<MetricRegistry> registries;

    private volatile MetricRegistry registry;

    /** Per company: the time (nanoTime) of the last call refused by its open circuit, and of the last call sent. */
    private final Map<String, AtomicLong> lastRefused = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> lastSent = new ConcurrentHashMap<>();

    /** The counters and timers made so far, by name and tags: each is made once, under a lock. */
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    /** A call that was sent, and how it ended. */
    void sent(String company, String operation, ExchangeRecorder.Outcome outcome, long durationMs) {
        mark(lastSent, company);
        count(company, operation, outcome.name().toLowerCase(Locale.ROOT));
        try {
            timers.computeIfAbsent(company + "/" + operation, k -> made(() -> registry().timer("company_call_duration",
                    new Tag("company", company), new Tag("operation", operation)))).update(Duration.ofMillis(durationMs));
        } catch (RuntimeException e) {
            unrecorded(e);
        }
    }

    /**
     * A call that failed in a way that counts towards the company's circuit breaker (no answer, an
     * unreadable or oversized one, a 5xx): one line, {@code reason} being the failure in words.
     */
    public void failed(String company, String operation, String reason) {
        LOG.warning(() -> company + " " + operation + " failed (counts towards its circuit breaker): " + reason);
    }

    /**
     * A call Fault Tolerance refused unsent ({@code failure} is its exception, rethrown by the
     * caller); any other failure is not counted here.
     */
    public void refused(String company, String operation, RuntimeException failure) {
        if (failure instanceof CircuitBreakerOpenException) {
            boolean wasOpen = circuitOpen(company);
            mark(lastRefused, company);
            if (!wasOpen) {
                LOG.warning(() -> company + "'s circuit breaker is open: calls to it are not sent until it lets one through again");
            }
            count(company, operation, "circuit_open");
        } else if (failure instanceof BulkheadException) {
            count(company, operation, "bulkhead_full");
        }
    }

    private void count(String company, String operation, String outcome) {
        try {
            counters.computeIfAbsent(company + "/" + operation + "/" + outcome,
                    k -> made(() -> registry().counter("company_calls_total", tags(company, operation, outcome)))).inc();
        } catch (RuntimeException e) {
            unrecorded(e);
        }
    }

    /**
     * Makes a metric, one at a time: Payara's registry made two timers at once with a
     * ConcurrentModificationException (seen under a burst of creates, in TimerImpl's configuration
     * lookup), which failed the company call it was counting.
     */
    private synchronized <M> M made(java.util.function.Supplier<M> metric) {
        return metric.get();
    }

    /** A metric not recorded never fails the call it is about. */
    private static void unrecorded(RuntimeException e) {
        LOG.log(Level.WARNING, "A company call was not recorded in the metrics", e);
    }

    /** Whether the company's circuit was open at the last call this node made to it. */
    public boolean circuitOpen(String company) {
        long refused = lastRefused.getOrDefault(company, new AtomicLong(Long.MIN_VALUE)).get();
        long sent = lastSent.getOrDefault(company, new AtomicLong(Long.MIN_VALUE)).get();
        return refused != Long.MIN_VALUE && refused - sent > 0;
    }

    private MetricRegistry registry() {
        MetricRegistry r = registry;
        if (r == null) {
            r = registries.get();
            registry = r;
        }
        return r;
    }

    private static void mark(Map<String, AtomicLong> times, String company) {
        times.computeIfAbsent(company, c -> new AtomicLong(Long.MIN_VALUE)).set(System.nanoTime());
    }

    private static Tag[] tags(String company, String operation, String outcome) {
        return new Tag[] {new Tag("company", company), new Tag("operation", operation), new Tag("outcome", outcome)};
    }
}
