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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.dispatch.boundary.Janitor;
import org.cbec.platform.lease.Leases;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.PaymentView;
import org.cbec.payment.control.BalanceCheck;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.control.PendingLedger;
import org.cbec.settlement.control.SettlementLedger;
import org.cbec.payment.boundary.Payments;
import org.cbec.settlement.boundary.Settlements;

/**
 * The broker's scheduled work without a client: payments' creates, refunds, splits, releases and
 * payouts without the company's final word are the {@link Janitor}'s, run here (the company asked,
 * a create the company never got sent again, {@link Payments#reconcile}, by one back-off and one
 * attempt limit); unpaid payments are polled at their poll time, should their callback be lost; and
 * held money whose holding days are over is released ({@link Settlements#releaseHeldTooLong});
 * money the company settled (its account's settlement cycle over) becomes available
 * ({@link PendingLedger}); and,
 * every {@code balance.check-interval-ms}, every account's running totals are checked against its
 * entries ({@link BalanceCheck}).
 * <p>
 * One node runs it at a time: every node has the timer, but a run first takes the database lease
 * {@value #JOB} ({@link Leases}); the holder renews it each run and the others skip theirs until it
 * expires (three intervals after the holder's last run). A non-persistent timer, so nothing about it
 * is kept per node.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Reconciliation {

    public static final String JOB = "payment-reconciliation";
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

    /** Unpaid payments asked about per run at most, so that a burst of unpaid orders is spread out. */
    @Inject
    @ConfigProperty(name = "reconciliation.poll-batch", defaultValue = "20")
    int pollBatch;

    /** How often the lease holder checks every account's running totals against its entries ({@link BalanceCheck}). */
    @Inject
    @ConfigProperty(name = "balance.check-interval-ms", defaultValue = "3600000")
    long balanceCheckMs;

    @Resource
    TimerService timers;

    @EJB
    BalanceCheck balanceCheck;

    @EJB
    PendingLedger pending;

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
    /** When this node last checked the balances (0: not since it took the lease). */
    private volatile long balanceCheckedAt;

    @PostConstruct
    void schedule() {
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
            // Due by half an interval from now: a run takes the attempts nearest to it, so that a gap
            // of one interval is not stretched to two by a few milliseconds of timer latency.
            OffsetDateTime dueBy = now.plusNanos(intervalMs * 500_000);
            // Unpaid payments at their poll time: a callback may have been lost.
            for (PaymentView p : ledger.pollDue(now, pollBatch)) {
                poll(p);
            }
            // Money requests without the company's final word (PROCESSING refunds and splits, ACCEPTED
            // payouts included: the company ends them with nobody asking): the janitor's due ones.
            janitor.run(now, dueBy, Duration.ofMillis(intervalMs));
            // Held money whose days are over: released by the broker, or found released by the company.
            for (long paymentId : settlements.heldTooLong(now, BATCH)) {
                // Each payment on its own: one that fails is logged there and does not stop the others.
                settlements.releaseHeldTooLong(paymentId).ifPresent(s -> LOG.info(() -> "Held money released: " + s.merchant() + " "
                        + s.paymentMethod() + " " + s.orderRef() + " " + s.amount() + (s.byCompany() ? " (by the company)" : "")));
            }
            // Releases the company refused: asked once what it still holds (it may have released the money on its own).
            for (long releaseId : settlementLedger.refusedReleasesToCheck(now.minusNanos(minAgeMs * 1_000_000), BATCH)) {
                settlements.afterRefusedRelease(releaseId).ifPresent(s -> LOG.info(() -> "Held money found released by the company"
                        + " after a refused release: " + s.merchant() + " " + s.paymentMethod() + " " + s.orderRef() + " " + s.amount()));
            }
            // Money the company settled (its settlement day has come): available.
            for (long paymentId : pending.due(now, BATCH)) {
                settle(paymentId, now);
            }
            checkBalances();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Payment reconciliation run failed; the next run tries again", e);
        } finally {
            running.set(false);
        }
    }

    /** Every {@code balance.check-interval-ms}: each account's running totals against its entries, a change of outcome logged once. */
    private void checkBalances() {
        long nowMs = System.currentTimeMillis();
        if (balanceCheckedAt != 0 && nowMs - balanceCheckedAt < balanceCheckMs) {
            return;
        }
        balanceCheckedAt = nowMs;
        for (BalanceCheck.Changed c : balanceCheck.run()) {
            if (c.difference() == null) {
                LOG.info(() -> "Balance of " + c.merchant() + " at " + c.paymentMethod() + " agrees with its entries again");
            } else {
                LOG.warning(() -> "Balance of " + c.merchant() + " at " + c.paymentMethod() + " differs from its entries: " + c.difference());
            }
        }
    }

    /** Each payment on its own: one that fails is logged and tried again next run. */
    private void settle(long paymentId, OffsetDateTime now) {
        try {
            pending.settle(paymentId, now);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Pending money of payment " + paymentId + " not made available; the next run tries again", e);
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
}
