package org.cbec.webhook.boundary;

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
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.net.URI;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.cbec.webhook.control.RetrySchedule;
import org.cbec.webhook.control.Targets;
import org.cbec.webhook.control.WebhookClient;
import org.cbec.webhook.control.WebhookSignature;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.cbec.webhook.control.EventLedger;

/**
 * Delivers the events that are due. One poller runs per JVM, whichever copy of this bean takes it
 * first (on Payara Micro each WAR has its own copy; {@link #POLLER}). Each run claims, for each
 * merchant with events due and not already being sent to by this node, up to
 * {@value #PER_MERCHANT} of its events ({@link EventLedger#claim}: rows another node is claiming
 * are skipped, so nodes never contend), and hands them to a sender thread of that merchant's
 * alone: a merchant's events go one at a time, and a merchant whose receivers time out holds one
 * of the {@code webhook.senders} threads, never the others' deliveries.
 * <p>
 * An attempt is a POST of the event's body, signed as Standard Webhooks says, to the addresses the
 * target check accepted ({@link Targets#check}, {@link WebhookClient}), answered 2xx within
 * {@value #ATTEMPT_TIMEOUT_SECONDS} s; otherwise it is tried again on the {@link RetrySchedule}. An
 * attempt that fails in any other way is recorded as a failed attempt of that event alone. The
 * events live in the database, so a restart, even a {@code kill -9}, only delays them: a claim
 * lapses after {@link #claimFor}, and the event is sent again (with the same {@code webhook-id}).
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Deliveries {

    private static final Logger LOG = Logger.getLogger(Deliveries.class.getName());
    static final int ATTEMPT_TIMEOUT_SECONDS = 10;
    /** The events of one merchant claimed at a time, and sent one after the other. */
    static final int PER_MERCHANT = 5;
    /**
     * The JVM-wide system property naming the copy of this bean that polls: system properties are
     * the one map the WARs of a Payara Micro JVM share without sharing classes.
     */
    static final String POLLER = "org.cbec.webhook.poller";

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

    /** How many merchants' events are sent at once by this node. */
    @Inject
    @ConfigProperty(name = "webhook.senders", defaultValue = "8")
    int senderCount;

    /** The ports this server listens on (the embedded run's listeners); a local target at one of them is refused. */
    @Inject
    @ConfigProperty(name = "HTTP_PORT")
    Optional<Integer> httpPort;

    @Inject
    @ConfigProperty(name = "HTTPS_PORT")
    Optional<String> httpsPort;

    @Inject
    @ConfigProperty(name = "SANDBOX_PORT")
    Optional<Integer> sandboxPort;

    @Inject
    @ConfigProperty(name = "ADMIN_PORT")
    Optional<Integer> adminPort;

    @Resource
    TimerService timers;

    /** Cuts an attempt that has no answer after {@value #ATTEMPT_TIMEOUT_SECONDS} s. */
    @Resource
    ManagedScheduledExecutorService deadlines;

    @Resource
    ManagedThreadFactory threads;

    @EJB
    EventLedger ledger;

    private final String me = UUID.randomUUID().toString();
    private final AtomicBoolean running = new AtomicBoolean();
    /** The merchants whose events a sender of this node has in hand. */
    private final Set<String> busy = ConcurrentHashMap.newKeySet();
    private ThreadPoolExecutor senders;
    private Set<Integer> ownPorts;
    private WebhookClient client;
    private RetrySchedule schedule;

    @PostConstruct
    void schedule() {
        client = new WebhookClient(Duration.ofSeconds(5), Duration.ofSeconds(ATTEMPT_TIMEOUT_SECONDS), deadlines);
        schedule = new RetrySchedule(Duration.ofMillis(retryBaseMs), () -> ThreadLocalRandom.current().nextDouble());
        ownPorts = ownPorts();
        if (!enabled) {
            LOG.info("Merchant event delivery is switched off (webhook.enabled=false)");
            return;
        }
        senders = new ThreadPoolExecutor(senderCount, senderCount, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), threads);
        senders.allowCoreThreadTimeOut(true);
        timers.createIntervalTimer(pollMs, pollMs, new TimerConfig("webhook-delivery", false));
    }

    @PreDestroy
    void stop() {
        System.getProperties().remove(POLLER, me);
        if (senders != null) {
            senders.shutdownNow();
        }
    }

    @Timeout
    void run() {
        Object poller = System.getProperties().putIfAbsent(POLLER, me);
        if (poller == null) {
            LOG.info(() -> "Merchant events delivered from here every " + pollMs + " ms by " + senderCount + " senders, retried from "
                    + retryBaseMs + " ms" + (allowPrivateTargets ? ", private targets allowed" : ""));
        } else if (!me.equals(poller)) {
            return;
        }
        if (!running.compareAndSet(false, true)) {
            return;
        }
        try {
            OffsetDateTime now = now();
            int free = senderCount - busy.size();
            if (free <= 0) {
                return;
            }
            for (String merchant : ledger.merchantsDue(now, Set.copyOf(busy), free)) {
                List<EventLedger.Due> claimed = ledger.claim(merchant, now, now.plus(claimFor()), PER_MERCHANT);
                if (claimed.isEmpty() || !busy.add(merchant)) {
                    continue;
                }
                senders.execute(() -> {
                    try {
                        claimed.forEach(this::attemptOrRecord);
                    } finally {
                        busy.remove(merchant);
                    }
                });
            }
        } catch (RuntimeException e) {
            LOG.warning(() -> "Merchant event delivery run failed (" + e + "); the next run tries again");
        } finally {
            running.set(false);
        }
    }

    /** Longer than a merchant's claimed events can take, so a claim held by a living node never lapses. */
    static Duration claimFor() {
        return Duration.ofSeconds(PER_MERCHANT * (ATTEMPT_TIMEOUT_SECONDS + 2L) + 60);
    }

    /** The attempt, or, when it fails in a way it does not handle, a failed attempt of this event recorded. */
    private void attemptOrRecord(EventLedger.Due e) {
        OffsetDateTime at = now();
        try {
            if (!ledger.pending(e.id())) {
                return; // cancelled while it waited behind the merchant's other claimed events
            }
            attempt(e);
        } catch (RuntimeException failed) {
            String error = "the attempt failed (" + failed.getClass().getSimpleName() + ")";
            try {
                OffsetDateTime next = schedule.next(e.attempts() + 1, e.createdAt(), now()).orElse(null);
                ledger.attempted(e.id(), at, null, 0, error, false, next);
                LOG.warning(() -> "Merchant event " + e.id() + " " + e.type() + " of " + e.merchant() + " " + error
                        + (next == null ? ", failed" : ", to be retried at " + next));
            } catch (RuntimeException unrecorded) {
                LOG.warning(() -> "Merchant event " + e.id() + " " + error + ", not recorded (" + unrecorded.getClass().getSimpleName()
                        + "): sent again when its claim lapses");
            }
        }
    }

    /** The listener ports of this server as its configuration names them. */
    private Set<Integer> ownPorts() {
        Set<Integer> ports = new java.util.HashSet<>();
        httpPort.ifPresent(ports::add);
        sandboxPort.ifPresent(ports::add);
        adminPort.ifPresent(ports::add);
        httpsPort.filter(p -> p.matches("[1-9][0-9]{0,4}")).map(Integer::valueOf).ifPresent(ports::add);
        return Set.copyOf(ports);
    }

    private void attempt(EventLedger.Due e) {
        OffsetDateTime at = now();
        long start = System.nanoTime();
        Integer status = null;
        String error = null;
        boolean retry = true;
        URI target = parsed(e.targetUrl());
        Targets.Checked checked = target == null ? new Targets.Checked("the target is not a URL", null, List.of())
                : Targets.check(target, allowPrivateTargets, ownPorts, Targets.SYSTEM);
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

    private static URI parsed(String url) {
        try {
            return new URI(url);
        } catch (java.net.URISyntaxException | NullPointerException e) {
            return null;
        }
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
