package org.cbec.webhook.boundary;

import jakarta.annotation.PostConstruct;
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
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.webhook.control.RetrySchedule;
import org.cbec.webhook.control.Targets;
import org.cbec.webhook.control.WebhookClient;
import org.cbec.webhook.control.WebhookSignature;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.cbec.webhook.control.EventLedger;

/**
 * Delivers the events that are due: every node has the timer, and each event is claimed before it
 * is sent ({@link EventLedger#claim}), so one node at a time sends it, whichever runs first. An
 * attempt is a POST of the event's body, signed as Standard Webhooks says, to the addresses the
 * target check accepted ({@link Targets#check}, {@link WebhookClient}), answered 2xx within
 * {@value #ATTEMPT_TIMEOUT_SECONDS} s; otherwise it is tried again on the {@link RetrySchedule}.
 * The events live in the database, so a restart, even a {@code kill -9}, only delays them: a claim
 * lapses after {@link #CLAIM}, and the event is sent again (with the same {@code webhook-id}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Deliveries {

    private static final Logger LOG = Logger.getLogger(Deliveries.class.getName());
    static final int ATTEMPT_TIMEOUT_SECONDS = 10;
    /** Longer than an attempt can take, so a claim held by a living node never lapses. */
    static final Duration CLAIM = Duration.ofSeconds(60);
    private static final int BATCH = 20;

    @Inject
    @ConfigProperty(name = "webhook.enabled", defaultValue = "true")
    boolean enabled;

    @Inject
    @ConfigProperty(name = "webhook.poll-ms", defaultValue = "1000")
    long pollMs;

    @Inject
    @ConfigProperty(name = "webhook.retry-base-ms", defaultValue = "10000")
    long retryBaseMs;

    @Inject
    @ConfigProperty(name = "webhook.allow-private-targets", defaultValue = "false")
    boolean allowPrivateTargets;

    @Resource
    TimerService timers;

    /** Cuts an attempt that has no answer after {@value #ATTEMPT_TIMEOUT_SECONDS} s. */
    @Resource
    ManagedScheduledExecutorService deadlines;

    @EJB
    EventLedger ledger;

    private final AtomicBoolean running = new AtomicBoolean();
    private WebhookClient client;
    private RetrySchedule schedule;

    @PostConstruct
    void schedule() {
        client = new WebhookClient(Duration.ofSeconds(5), Duration.ofSeconds(ATTEMPT_TIMEOUT_SECONDS), deadlines);
        schedule = new RetrySchedule(Duration.ofMillis(retryBaseMs), () -> ThreadLocalRandom.current().nextDouble());
        if (!enabled) {
            LOG.info("Merchant event delivery is switched off (webhook.enabled=false)");
            return;
        }
        timers.createIntervalTimer(pollMs, pollMs, new TimerConfig("webhook-delivery", false));
        LOG.info(() -> "Merchant events delivered every " + pollMs + " ms, retried from " + retryBaseMs + " ms"
                + (allowPrivateTargets ? ", private targets allowed" : ""));
    }

    @Timeout
    void run() {
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            OffsetDateTime now = now();
            for (String id : ledger.due(now, BATCH)) {
                ledger.claim(id, now, now.plus(CLAIM)).ifPresent(this::attempt);
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Merchant event delivery run failed; the next run tries again", e);
        } finally {
            running.set(false);
        }
    }

    private void attempt(EventLedger.Due e) {
        OffsetDateTime at = now();
        long start = System.nanoTime();
        Integer status = null;
        String error = null;
        boolean retry = true;
        URI target = URI.create(e.targetUrl());
        Targets.Checked checked = Targets.check(target, allowPrivateTargets, Targets.SYSTEM);
        List<String> secrets = ledger.signingSecrets(e.merchant(), at);
        if (checked.refused()) {
            error = checked.refusal();
            retry = checked.unresolved();
        } else if (secrets.isEmpty()) {
            error = "the merchant has no webhook secret yet (POST /broker/admin/merchants/{merchant}/webhook-secret)";
        } else {
            long timestamp = at.toEpochSecond();
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("User-Agent", "cbec-broker-webhooks/1");
            headers.put("webhook-id", e.id());
            headers.put("webhook-timestamp", String.valueOf(timestamp));
            headers.put("webhook-signature", WebhookSignature.header(secrets, e.id(), timestamp, e.body()));
            WebhookClient.Answer answer = client.post(checked, target, headers, e.body());
            status = answer.status();
            error = answer.error();
            if (status != null && (status < 200 || status >= 300)) {
                error = "answered HTTP " + status;
            }
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        boolean delivered = error == null;
        OffsetDateTime next = delivered || !retry ? null : schedule.next(e.attempts() + 1, e.createdAt(), now()).orElse(null);
        ledger.attempted(e.id(), at, status, millis, error, delivered, next);
        String outcome = delivered ? "delivered" : next == null ? "failed: " + error : "to be retried at " + next + ": " + error;
        LOG.info(() -> "Merchant event " + e.id() + " " + e.type() + " of " + e.merchant() + " " + outcome);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
