package org.cbec.dispatch.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.Attempts;
import org.cbec.dispatch.control.AttemptRules;
import org.cbec.dispatch.control.RequestLedger;
import org.cbec.dispatch.entity.RequestState;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;

/**
 * The one janitor of money requests without the company's final word (payments' creates, refunds,
 * splits, releases, payouts): each run first records every open request it has no row for (one
 * whose sender stopped before sending it) and closes the rows of those that ended another way (one
 * INFO line each, as for those it ends), then takes the due ones, and those whose holder is gone
 * (held past {@code reconciliation.stale-creating-ms}), in the order they fell due ({@code next_attempt_at}, never by when they last
 * changed, so that a hundred waiting at the company cannot starve a new one), at most
 * {@code dispatch.batch} of them, and makes one attempt at each ({@link Attempts}: the company asked, and the request sent again
 * only when it has none). The next attempt follows one back-off ({@link AttemptRules}:
 * {@code dispatch.backoff-base-ms}, doubling, at most {@code dispatch.backoff-max-ms} apart,
 * spread by {@code dispatch.backoff-jitter}); an unknown outcome is given up after
 * {@code dispatch.max-attempts}, any request after {@code dispatch.max-age-ms}: then it needs
 * attention, with one WARNING line, the counter {@value #GAVE_UP_METRIC}, and a place in the
 * operator's list ({@link Attention}). Run by the reconciliation's timer, under its lease.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Janitor {

    /** Money requests given up to an operator (exported as {@code dispatch_gave_up_total}). */
    public static final String GAVE_UP_METRIC = "dispatch.gave-up";
    private static final Logger LOG = Logger.getLogger(Janitor.class.getName());

    @Inject
    @ConfigProperty(name = "dispatch.backoff-base-ms", defaultValue = "10000")
    long baseMs;

    @Inject
    @ConfigProperty(name = "dispatch.backoff-max-ms", defaultValue = "3600000")
    long capMs;

    @Inject
    @ConfigProperty(name = "dispatch.backoff-jitter", defaultValue = "0.2")
    double jitter;

    /** Attempts at a request whose outcome stays unknown before it needs attention (with the defaults, about 3.5 hours of them). */
    @Inject
    @ConfigProperty(name = "dispatch.max-attempts", defaultValue = "12")
    int maxAttempts;

    /** The age at which any open request needs attention, one the company is still working on included. */
    @Inject
    @ConfigProperty(name = "dispatch.max-age-ms", defaultValue = "259200000")
    long maxAgeMs;

    @Inject
    @ConfigProperty(name = "dispatch.batch", defaultValue = "100")
    int batch;

    /** How long after its last change an open request is first asked about, so that the client's own retry comes first. */
    @Inject
    @ConfigProperty(name = "reconciliation.min-age-ms", defaultValue = "5000")
    long minAgeMs;

    /** How long a request may stay held (its sender talking to the company) before its sender is taken as gone. */
    @Inject
    @ConfigProperty(name = "reconciliation.stale-creating-ms", defaultValue = "60000")
    long staleSendingMs;

    @Inject
    Attempts attempts;

    @Inject
    MetricRegistry metrics;

    @EJB
    RequestLedger ledger;

    private AttemptRules rules;
    private Counter gaveUp;
    /** The clock a run's budget is measured on (nanoseconds). */
    LongSupplier ticks = System::nanoTime;

    @PostConstruct
    void configure() {
        use(new AttemptRules(Duration.ofMillis(baseMs), Duration.ofMillis(capMs), jitter, maxAttempts, Duration.ofMillis(maxAgeMs)),
                metrics.counter(Metadata.builder().withName(GAVE_UP_METRIC)
                        .withDescription("Money requests given up to an operator after their last attempt or at their age limit").build()));
    }

    /** Its rules and counter (a name of its own: the container finds the lifecycle callback by name). */
    void use(AttemptRules rules, Counter gaveUp) {
        this.rules = rules;
        this.gaveUp = gaveUp;
    }

    /**
     * One run at {@code now}, due ones taken by {@code dueBy}, a new attempt started only while
     * {@code budget} has not passed since the run began (on the JVM's clock; at least one is made):
     * a company that keeps every call waiting until its timeout holds up the rest of the
     * reconciliation's run (the polls of unpaid payments, the held money) for one attempt at most,
     * not for the batch. The due ones left are the next run's, still first in line. How many
     * attempts it made.
     */
    public int run(OffsetDateTime now, OffsetDateTime dueBy, Duration budget) {
        long started = ticks.getAsLong();
        for (AttentionView m : ledger.sweep(attempts.openRequests(), attempts.atCompanyStates(), minAgeMs, now)) {
            LOG.info(() -> named(m) + " ended: another way (a client's query or the company's notification)");
        }
        int made = 0;
        for (AttentionView m : ledger.due(dueBy, now.minus(Duration.ofMillis(staleSendingMs)), batch)) {
            if (made > 0 && ticks.getAsLong() - started >= budget.toNanos()) {
                break;
            }
            attempt(m, now);
            made++;
        }
        return made;
    }

    /** One attempt at one request now (an operator's retry), its row moved as a run would move it. */
    public RequestLedger.After attempt(AttentionView m, OffsetDateTime now) {
        Attempts.Attempt a;
        try {
            a = attempts.attempt(m.kind(), m.subjectId(), now.minus(Duration.ofMillis(staleSendingMs)));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Money request " + m.id() + " not attempted; the next attempt tries again", e);
            a = new Attempts.Attempt(m.state() == RequestState.ANSWERED ? Attempts.Standing.AT_COMPANY
                    : Attempts.Standing.UNKNOWN, "not attempted: " + e.getClass().getSimpleName());
        }
        Attempts.Attempt outcome = a;
        RequestLedger.After after = ledger.attempted(m.id(), outcome, rules, now);
        if (after == RequestLedger.After.CLOSED && outcome.standing() == Attempts.Standing.FINAL) {
            LOG.info(() -> named(m) + " ended: " + outcome.answer());
        }
        if (after == RequestLedger.After.GAVE_UP) {
            gaveUp.inc();
            LOG.log(Level.WARNING, "Money request {0} {1} {2} {3} {4} needs attention after {5} attempts: {6}", new Object[] {
                    String.valueOf(m.id()), m.kind(), m.merchant(), m.paymentMethod(), m.merchantRef(), String.valueOf(m.attempts() + 1),
                    outcome.answer()});
        }
        return after;
    }

    /** A request as its log lines name it: id, kind, merchant, company and the merchant's reference. */
    private static String named(AttentionView m) {
        return "Money request " + m.id() + " " + m.kind() + " " + m.merchant() + " " + m.paymentMethod() + " " + m.merchantRef();
    }
}
