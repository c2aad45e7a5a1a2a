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
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.payment.RequestOutcome;
import org.cbec.reconciliation.ReconciliationView;
import org.cbec.reconciliation.control.BillRun;
import org.cbec.reconciliation.control.ReconciliationLedger;
import org.cbec.payment.entity.Discrepancy;
import org.cbec.payment.entity.ReconciliationDay;
import org.cbec.platform.lease.Leases;
import org.cbec.platform.time.BeijingTime;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

/**
 * Runs the daily reconciliation with the companies' bills ({@link DailyBills}) for every merchant
 * account: each day from the account's opening (at most {@code bills.catch-up-days} back) up to
 * yesterday that is not yet DONE or FAILED, once the company publishes it (from
 * {@code bills.due-hour} o'clock Beijing time the next day); an AWAITING day again once the next
 * day's bill is published too. Nothing is kept per node: the days
 * still to run are read from the database, so a day missed while no node ran is caught up by the
 * next run. One node runs it at a time, under the database lease {@value #JOB}, as
 * {@link Reconciliation} does. Also registers the gauge {@value #OPEN_METRIC} of open differences by kind.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class BillReconciliation {

    public static final String JOB = "bill-reconciliation";
    public static final String OPEN_METRIC = "reconciliation.discrepancies.open";
    private static final Logger LOG = Logger.getLogger(BillReconciliation.class.getName());
    /** The shortest lease a run holds ({@link #lease}). */
    private static final long MIN_LEASE_MS = 60_000;

    @Inject
    @ConfigProperty(name = "bills.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "bills.interval-ms", defaultValue = "300000")
    long intervalMs;

    @Inject
    @ConfigProperty(name = "bills.catch-up-days", defaultValue = "7")
    int catchUpDays;

    /** The hour (Beijing time) from which a company publishes the day before's bill: WeChat Pay's is about 10. */
    @Inject
    @ConfigProperty(name = "bills.due-hour", defaultValue = "10")
    int dueHour;

    /** Days reconciled per run at most; the rest wait for the next run. */
    @Inject
    @ConfigProperty(name = "bills.batch", defaultValue = "50")
    int batch;

    @Inject
    MetricRegistry metrics;

    @Resource
    TimerService timers;

    @EJB
    Leases leases;

    @EJB
    ReconciliationLedger ledger;

    @EJB
    DailyBills bills;

    @Inject
    Companies companies;

    private final String holder = Leases.newHolder();
    private final AtomicBoolean running = new AtomicBoolean();
    private final Set<String> saidUnconfigured = ConcurrentHashMap.newKeySet();

    @PostConstruct
    void schedule() {
        for (Discrepancy.Kind kind : Discrepancy.Kind.values()) {
            metrics.gauge(Metadata.builder().withName(OPEN_METRIC)
                    .withDescription("Differences between the broker's records and the companies' bills not yet resolved, by kind").build(),
                    ledger, l -> l.openByKind().get(kind), new Tag("kind", kind.name().toLowerCase()));
        }
        if (!enabled) {
            LOG.info("Bill reconciliation is switched off (bills.enabled=false)");
            return;
        }
        // The first run soon after start, so that a day missed while the node was down is caught up at once.
        timers.createIntervalTimer(Math.min(intervalMs, 15_000), intervalMs, new TimerConfig(JOB, false));
        LOG.info(() -> "Bill reconciliation every " + intervalMs + " ms, as " + holder + " when it holds the lease");
    }

    /**
     * The lease a run takes and renews before each day and between the parts of a large day
     * ({@link BillRun#alive}): three intervals, and at least a minute, so that one slow part (a
     * slow company, a loaded machine) does not outlast it; a node that stops
     * lets it go at once ({@link #stop}).
     */
    private Duration lease() {
        return Duration.ofMillis(Math.max(intervalMs * 3, MIN_LEASE_MS));
    }

    @PreDestroy
    void stop() {
        try {
            leases.release(JOB, holder);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "Bill reconciliation lease not released; it expires by itself", e);
        }
    }

    @Timeout
    void run() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        // Each account-day's bill fetched once in the run; the lease renewed before each day and between the parts of a large one.
        try (BillRun billRun = new BillRun(() -> {
            if (!leases.take(JOB, holder, lease())) {
                throw new BillRun.LeaseLost("the lease " + JOB + " was taken by another node");
            }
        })) {
            if (!leases.take(JOB, holder, lease())) {
                return;
            }
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            int left = batch;
            // A company with no URL on this server is not asked (said once): its days wait.
            List<String> unconfigured = companies.unconfigured();
            unconfigured.stream().filter(saidUnconfigured::add).forEach(m -> LOG.info(() -> "Bills at " + m + " not reconciled: " + m
                    + " is not configured on this server (" + m + ".url is not set)"));
            for (ReconciliationLedger.Account a : ledger.accounts(now)) {
                if (unconfigured.contains(a.method())) {
                    continue;
                }
                LocalDate first = BeijingTime.day(a.openedAt());
                LocalDate earliest = BeijingTime.day(now).minusDays(catchUpDays);
                if (first.isBefore(earliest)) {
                    first = earliest;
                }
                Map<LocalDate, ReconciliationDay.State> run = ledger.daysSince(a.merchant(), a.method(), first);
                for (LocalDate d = first; left > 0 && published(d, now); d = d.plusDays(1)) {
                    if (due(run.get(d), d, now)) {
                        billRun.alive();
                        left--;
                        run(a, d, billRun);
                    }
                }
                billRun.forgetBefore(a.merchant(), a.method(), LocalDate.MAX);
            }
        } catch (BillRun.LeaseLost lost) {
            LOG.info(() -> "Bill reconciliation stopped: " + lost.getMessage() + "; that node goes on");
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Bill reconciliation run failed; the next run tries again", e);
        } finally {
            running.set(false);
        }
    }

    private void run(ReconciliationLedger.Account a, LocalDate day, BillRun billRun) {
        RequestOutcome<ReconciliationView> outcome = bills.reconcile(a.merchant(), a.method(), day, holder, billRun);
        if (outcome.failure() != null) {
            LOG.info(() -> "Bills of " + a.merchant() + " at " + a.method() + " for " + day + " not reconciled: " + outcome.failure().getMessage());
            return;
        }
        ReconciliationView v = outcome.view();
        LOG.info(() -> "Bills of " + a.merchant() + " at " + a.method() + " for " + day + ": " + v.state() + ", " + v.matched()
                + " matched, " + v.discrepancies().stream().filter(x -> x.state() == Discrepancy.State.OPEN).count() + " open difference(s)");
    }

    /**
     * Whether a published day is to be run (again): never run, or its bills not had yet (DUE), or
     * waiting for the next day's bill (AWAITING) once that is published too; DONE and FAILED are not.
     */
    boolean due(ReconciliationDay.State state, LocalDate day, OffsetDateTime now) {
        return state == null || state == ReconciliationDay.State.DUE
                || state == ReconciliationDay.State.AWAITING && published(day.plusDays(1), now);
    }

    /** Whether the company publishes the day's bill by now: from the due hour of the next day. */
    boolean published(LocalDate day, OffsetDateTime now) {
        return !now.isBefore(day.plusDays(1).atTime(dueHour, 0).atOffset(BeijingTime.ZONE));
    }
}
