package org.cbec.reconciliation.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.dispatch.boundary.Janitor;
import org.cbec.payment.control.ReconcileSchedule;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.lease.Leases;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.settlement.control.SettlementLedger;
import org.cbec.payment.boundary.Payments;
import org.cbec.settlement.boundary.Settlements;

/**
 * Resolves payments and refunds left without a known outcome (a company that timed out, failed or answered
 * with a bad signature; a broker that stopped while asking), without waiting for a client to query
 * them: an EJB timer re-queries the company and, if the company never got the order, sends the
 * stored create again ({@link Payments#reconcile}); refunds, splits, releases and payouts without
 * the company's final word are the {@link Janitor}'s, run here, under the same lease; and held
 * money whose holding days are over is released ({@link Settlements#releaseHeldTooLong}).
 * <p>
 * One node runs it at a time: every node has the timer, but a run first takes the database lease
 * {@value #JOB} ({@link Leases}); the holder renews it each run and the others skip theirs until it
 * expires (three intervals after the holder's last run). A non-persistent timer, so nothing about it
 * is kept per node. A payment becomes a candidate once it has been UNKNOWN for
 * {@code reconciliation.min-age-ms}, so that the merchant's own retry comes first, or CREATING for
 * {@code reconciliation.stale-creating-ms}, far beyond the longest company call.
 * <p>
 * A payment's first attempt comes as soon as it is a candidate. Each attempt that leaves it UNKNOWN
 * puts the next one further off ({@link ReconcileSchedule}: {@code reconciliation.backoff-base-ms},
 * doubling, at most {@code reconciliation.backoff-max-ms} apart), because a payment the company keeps
 * failing is not helped by a call every run, and the calls would go on for ever. After
 * {@code reconciliation.max-attempts} it is flagged for an operator instead: one WARNING line with
 * its ids, the counter {@value #FLAGGED_METRIC}, {@link PaymentLedger#flaggedCount()}, and the timer
 * takes it no more. The merchant's identical create still can, and starts the count over.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Reconciliation {

    public static final String JOB = "payment-reconciliation";
    /** Payments given up on after their last attempt (exported as {@code reconciliation_flagged_total}). */
    public static final String FLAGGED_METRIC = "reconciliation.flagged";
    private static final Logger LOG = Logger.getLogger(Reconciliation.class.getName());
    private static final int BATCH = 100;

    @Inject
    @ConfigProperty(name = "reconciliation.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "reconciliation.interval-ms", defaultValue = "10000")
    long intervalMs;

    @Inject
    @ConfigProperty(name = "reconciliation.min-age-ms", defaultValue = "5000")
    long minAgeMs;

    @Inject
    @ConfigProperty(name = "reconciliation.stale-creating-ms", defaultValue = "60000")
    long staleCreatingMs;

    /** The gap after a payment's first failed attempt; it doubles after each further one. */
    @Inject
    @ConfigProperty(name = "reconciliation.backoff-base-ms", defaultValue = "10000")
    long backoffBaseMs;

    /** The longest gap between two attempts at one payment. */
    @Inject
    @ConfigProperty(name = "reconciliation.backoff-max-ms", defaultValue = "3600000")
    long backoffMaxMs;

    /** Attempts at one payment before it is left to an operator (with the defaults, about 3.5 hours of them). */
    @Inject
    @ConfigProperty(name = "reconciliation.max-attempts", defaultValue = "12")
    int maxAttempts;

    /** Unpaid payments asked about per run at most, so that a burst of unpaid orders is spread out. */
    @Inject
    @ConfigProperty(name = "reconciliation.poll-batch", defaultValue = "20")
    int pollBatch;

    @Inject
    MetricRegistry metrics;

    @Resource
    TimerService timers;

    @EJB
    Leases leases;

    @EJB
    PaymentLedger ledger;

    @EJB
    Payments payments;

    @EJB
    SettlementLedger settlementLedger;

    @EJB
    Settlements settlements;

    @EJB
    Janitor janitor;

    /** This node (and, on Payara Micro where each WAR has its own copy, this application). */
    private final String holder = Leases.newHolder();
    private final AtomicBoolean running = new AtomicBoolean();
    private ReconcileSchedule backoff;
    private Counter flagged;

    @PostConstruct
    void schedule() {
        backoff = new ReconcileSchedule(Duration.ofMillis(backoffBaseMs), Duration.ofMillis(backoffMaxMs), maxAttempts);
        // Registered on every node, so that the series exists (at 0) before anything is flagged.
        flagged = metrics.counter(Metadata.builder().withName(FLAGGED_METRIC)
                .withDescription("Payments the reconciliation gave up on after its last attempt, flagged for an operator").build());
        if (!enabled) {
            LOG.info("Payment reconciliation is switched off (reconciliation.enabled=false)");
            return;
        }
        timers.createIntervalTimer(intervalMs, intervalMs, new TimerConfig(JOB, false));
        LOG.info(() -> "Payment reconciliation every " + intervalMs + " ms, as " + holder + " when it holds the lease");
    }

    @PreDestroy
    void stop() {
        try {
            leases.release(JOB, holder);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Reconciliation lease not released; it expires by itself", e);
        }
    }

    @Timeout
    void run() {
        if (!running.compareAndSet(false, true)) {
            return; // the previous run is still going
        }
        try {
            if (!leases.take(JOB, holder, Duration.ofMillis(intervalMs * 3))) {
                return;
            }
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            OffsetDateTime creatingBefore = now.minusNanos(staleCreatingMs * 1_000_000);
            // Due by half an interval from now: a run takes the attempts nearest to it, so that a gap
            // of one interval is not stretched to two by a few milliseconds of timer latency.
            OffsetDateTime dueBy = now.plusNanos(intervalMs * 500_000);
            List<PaymentView> unresolved = ledger.unresolved(now.minusNanos(minAgeMs * 1_000_000), creatingBefore, dueBy, BATCH);
            for (PaymentView p : unresolved) {
                reconcile(p, creatingBefore, now);
            }
            // Unpaid payments at their poll time: a callback may have been lost.
            for (PaymentView p : ledger.pollDue(now, pollBatch)) {
                poll(p);
            }
            // Refunds, splits, releases and payouts without the company's final word (PROCESSING refunds and
            // splits, ACCEPTED payouts included: the company ends them with nobody asking): the janitor's due ones.
            janitor.run(now, dueBy);
            // Held money whose days are over: released by the broker, or found released by the company.
            for (long paymentId : settlements.heldTooLong(now, BATCH)) {
                // Each payment on its own: one that fails is logged there and does not stop the others.
                settlements.releaseHeldTooLong(paymentId).ifPresent(s -> LOG.info(() -> "Held money released: " + s.merchant() + " "
                        + s.paymentMethod() + " " + s.orderRef() + " " + s.amount() + (s.byCompany() ? " (by the company)" : "")));
            }
            // Releases the company refused: asked once what it still holds (it may have released the money on its own).
            for (long releaseId : settlementLedger.refusedReleasesToCheck(now.minusNanos(minAgeMs * 1_000_000), BATCH)) {
                afterRefusedRelease(releaseId);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Payment reconciliation run failed; the next run tries again", e);
        } finally {
            running.set(false);
        }
    }

    /** One attempt; the gap to the next is measured from the run's start, {@code now}, as the runs are. */
    private void reconcile(PaymentView p, OffsetDateTime creatingBefore, OffsetDateTime now) {
        try {
            RequestOutcome<PaymentView> outcome = payments.reconcile(p, creatingBefore);
            if (outcome.failure() == null) {
                LOG.info(() -> "Reconciled payment " + p.merchant() + " " + p.paymentMethod() + " " + p.orderRef() + ": "
                        + p.tradeState() + " -> " + outcome.view().tradeState());
            } else {
                LOG.info(() -> "Payment " + p.merchant() + " " + p.paymentMethod() + " " + p.orderRef()
                        + " not resolved yet: " + outcome.failure().getMessage());
            }
        } finally {
            ledger.reconcileAttempted(p.id(), backoff, now).ifPresent(attempts -> {
                flagged.inc();
                LOG.log(Level.WARNING, "Payment {0} {1} {2} still UNKNOWN after {3} reconciliation attempts:"
                        + " flagged for an operator, no further attempts", new Object[] {p.merchant(), p.paymentMethod(), p.orderRef(),
                        String.valueOf(attempts)});
            });
        }
    }

    private void poll(PaymentView p) {
        try {
            RequestOutcome<PaymentView> polled = payments.refreshed(p);
            polled.problem().ifPresent(why -> LOG.fine(() -> "Payment " + p.orderRef() + " not polled: " + why));
            PaymentView after = polled.view();
            if (after.tradeState() != p.tradeState()) {
                LOG.info(() -> "Polled payment " + p.merchant() + " " + p.paymentMethod() + " " + p.orderRef() + ": " + p.tradeState()
                        + " -> " + after.tradeState());
            }
        } finally {
            ledger.polled(p.id());
        }
    }

    private void afterRefusedRelease(long releaseId) {
        try {
            settlements.afterRefusedRelease(releaseId).ifPresent(s -> LOG.info(() -> "Held money found released by the company after"
                    + " a refused release: " + s.merchant() + " " + s.paymentMethod() + " " + s.orderRef() + " " + s.amount()));
        } catch (BusinessException notAsked) {
            LOG.info(() -> "Refused release " + releaseId + " not checked yet: " + notAsked.getMessage());
        }
    }

}
