package org.cbec.broker.rest.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.payment.boundary.PaymentFigures;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * The broker's backlogs as gauges at {@code /metrics}: {@code payments{state}} (UNKNOWN among them),
 * {@code refunds{state}}, {@code money_requests_attention{kind}} (payments' creates and closes, refunds, splits,
 * releases, payouts needing an operator),
 * {@code merchant_events{state}} (PENDING and FAILED deliveries), {@code balance_differences} (accounts
 * whose running totals the last check found differing from their entries). Read from the database at most once
 * every {@value #FRESH_MS} ms however often they are scraped, so a scrape costs at most five
 * counting queries. Registered by the broker only: on Payara Micro the checkout WAR carries the
 * same ejb-core, and one set of these series is enough.
 */
@ApplicationScoped
public class OperatorMetrics {

    static final long FRESH_MS = 5000;
    private static final Logger LOG = Logger.getLogger(OperatorMetrics.class.getName());

    @Inject
    MetricRegistry registry;

    @Inject
    PaymentFigures figures;

    private volatile PaymentFigures.Figures last;
    private volatile long readAt;

    void register(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // Nothing is read here (the schema may still be migrating): the gauges read when scraped.
        gauges("payments", "Payments by state, counted in the database", PaymentFigures.PAYMENT_STATES, PaymentFigures.Figures::payments);
        gauges("refunds", "Refunds by state, counted in the database", PaymentFigures.REFUND_STATES, PaymentFigures.Figures::refunds);
        gauges("merchant_events", "Merchant events (webhook deliveries) by state", PaymentFigures.EVENT_STATES, PaymentFigures.Figures::events);
        Metadata attention = Metadata.builder().withName("money_requests_attention")
                .withDescription("Payments' creates and closes, refunds, splits, releases and payouts needing an operator's attention, by kind")
                .build();
        for (String kind : PaymentFigures.REQUEST_KINDS) {
            registry.gauge(attention, this, m -> m.read().attention().getOrDefault(kind, 0L), new Tag("kind", kind));
        }
        registry.gauge(Metadata.builder().withName("balance_differences").withDescription("Accounts whose running totals the last"
                + " periodic check found differing from their entries (BALANCE_CHECK_INTERVAL_MS)").build(), this,
                m -> m.read().balanceDifferences());
    }

    private void gauges(String name, String description, Iterable<String> states, Function<PaymentFigures.Figures, Map<String, Long>> of) {
        Metadata metadata = Metadata.builder().withName(name).withDescription(description).build();
        for (String state : states) {
            registry.gauge(metadata, this, m -> of.apply(m.read()).getOrDefault(state, 0L), new Tag("state", state));
        }
    }

    /** The figures, read again when older than {@value #FRESH_MS} ms; the last ones if the database does not answer. */
    PaymentFigures.Figures read() {
        long now = System.currentTimeMillis();
        PaymentFigures.Figures f = last;
        if (f == null || now - readAt > FRESH_MS) {
            try {
                f = figures.now();
                last = f;
                readAt = now;
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Backlog figures not read; the metrics keep the last ones", e);
                if (f == null) {
                    throw e;
                }
            }
        }
        return f;
    }
}
