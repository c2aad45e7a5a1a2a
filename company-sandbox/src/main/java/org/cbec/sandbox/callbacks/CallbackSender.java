package org.cbec.sandbox.callbacks;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.Timeout;
import jakarta.ejb.TimerConfig;
import jakarta.ejb.TimerService;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.Outbox;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.books.Settlements;
import org.cbec.sandbox.schema.SchemaMigrator;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Sends the callbacks the companies owe, on a non-persistent EJB timer every
 * {@code sandbox.callback.poll-ms}. Each round first stores the outcome of the alphapay refunds whose
 * delay has passed (which writes their callbacks) and the results of split parts whose delay has
 * passed, makes the releases the company owes on its own (held orders paid long enough ago; no
 * callback: the companies report splits only when asked), pays or fails the payouts whose delay
 * has passed (no callback either: a payout is asked for), then claims due callbacks and POSTs each one,
 * asynchronously: no thread waits on a merchant, and at most {@link #MAX_IN_FLIGHT} are under way.
 * A callback is delivered when the answer is a 2xx whose body, stripped of white space, is exactly
 * {@code success}; anything else (another status, {@code failure}, no answer within 5 s) is tried
 * again by the {@link org.cbec.sandbox.books.RetrySchedule}.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class CallbackSender {

    private static final Logger LOG = Logger.getLogger(CallbackSender.class.getName());

    /** The longest a merchant has to answer (connect, send and answer, body included). */
    static final Duration SEND_TIMEOUT = Duration.ofSeconds(5);
    /** Sends under way at once; due callbacks beyond it wait for a later round. */
    static final int MAX_IN_FLIGHT = 16;
    /** Refunds decided in one round; the rest are decided in the next ones. */
    static final int REFUNDS_PER_ROUND = 100;
    /** Splits decided in one round. */
    static final int SPLITS_PER_ROUND = 100;
    /** Held orders looked at for the company's own release in one round. */
    static final int RELEASES_PER_ROUND = 20;
    /** Accounts whose due payouts are paid or failed in one round. */
    static final int PAYOUT_ACCOUNTS_PER_ROUND = 50;
    /** What a merchant answers to acknowledge a callback (docs/companies/alphapay.md and betapay.md: "success"). */
    static final String ACKNOWLEDGEMENT = "success";

    @Resource
    TimerService timers;

    /** Where an answer is recorded: a container thread, so that the Outbox's transaction is the container's. */
    @Resource
    ManagedExecutorService executor;

    @Inject
    SchemaMigrator migrator;

    @Inject
    Books books;

    @Inject
    Outbox outbox;

    @Inject
    Settlements settlements;

    @Inject
    Payouts payouts;

    @Inject
    @ConfigProperty(name = "sandbox.callback.poll-ms", defaultValue = "500")
    long pollMs;

    private HttpClient client;
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicBoolean inRound = new AtomicBoolean();
    private volatile boolean failing;
    /** The last order id the company's own releases looked at (rounds never overlap: {@link #inRound}). */
    private long releasedUpTo;

    @PostConstruct
    void start() {
        // HTTP/1.1 as a company's notifier speaks it (no upgrade to HTTP/2 offered to the merchant); a
        // redirect is not followed: the notify URL is where the merchant said it listens.
        client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).followRedirects(HttpClient.Redirect.NEVER)
                .connectTimeout(SEND_TIMEOUT).build();
        timers.createIntervalTimer(pollMs, pollMs, new TimerConfig("sandbox callbacks", false));
        LOG.info(() -> "Callback sender started: a round every " + pollMs + " ms");
    }

    @Timeout
    void round() {
        // Not before the schema is there; and a round that overran its interval is not doubled.
        if (migrator.schemaVersion() == null || !inRound.compareAndSet(false, true)) {
            return;
        }
        try {
            decideRefunds();
            settle();
            payOut();
            sendDue();
            if (failing) {
                failing = false;
                LOG.info("Callback rounds work again");
            }
        } catch (RuntimeException e) {
            // Once at WARNING (a database away fails every round, twice a second), then quietly.
            LOG.log(failing ? Level.FINE : Level.WARNING, "Callback round failed; the next rounds try again", e);
            failing = true;
        } finally {
            inRound.set(false);
        }
    }

    /** Whether an answer acknowledges a callback: a 2xx whose body, stripped, is exactly {@code success}. */
    static boolean acknowledged(int status, String body) {
        return status >= 200 && status < 300 && body != null && body.strip().equals(ACKNOWLEDGEMENT);
    }

    private void decideRefunds() {
        for (long id : books.refundsToDecide(REFUNDS_PER_ROUND)) {
            try {
                books.decideRefund(id);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Refund row " + id + " could not be decided in this round", e);
            }
        }
    }

    private void settle() {
        for (long id : settlements.splitsToDecide(SPLITS_PER_ROUND)) {
            try {
                settlements.decideSplit(id);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Split row " + id + " could not be decided in this round", e);
            }
        }
        List<Long> due = settlements.ordersToRelease(releasedUpTo, RELEASES_PER_ROUND);
        // Page on through the candidates, and start over after the last page.
        releasedUpTo = due.size() < RELEASES_PER_ROUND ? 0 : due.get(due.size() - 1);
        for (long id : due) {
            try {
                settlements.releaseIfDue(id);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "Order row " + id + " could not be released in this round", e);
            }
        }
    }

    private void payOut() {
        for (long accountId : payouts.accountsToSettle(PAYOUT_ACCOUNTS_PER_ROUND)) {
            try {
                payouts.settleDue(accountId);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "The payouts of account row " + accountId + " could not be settled in this round", e);
            }
        }
    }

    private void sendDue() {
        int room = MAX_IN_FLIGHT - inFlight.get();
        if (room <= 0) {
            return;
        }
        for (Outbox.Due due : outbox.due(room)) {
            outbox.claim(due).ifPresent(this::send);
        }
    }

    private void send(Outbox.Claimed claimed) {
        inFlight.incrementAndGet();
        CompletableFuture<Answer> answer;
        try {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(claimed.url())).timeout(SEND_TIMEOUT)
                    .header("Content-Type", claimed.contentType())
                    .POST(HttpRequest.BodyPublishers.ofString(claimed.body(), StandardCharsets.UTF_8));
            claimed.headers().forEach(request::header);
            answer = client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
                    .orTimeout(SEND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
                    .handle((response, failure) -> response == null ? Answer.NONE
                            : new Answer(response.statusCode(), acknowledged(response.statusCode(), response.body())));
        } catch (IllegalArgumentException e) {
            // A URL this client cannot send to: no answer, as from a merchant that is not there.
            answer = CompletableFuture.completedFuture(Answer.NONE);
        }
        answer.thenAcceptAsync(a -> outbox.finish(claimed, a.status(), a.delivered()), executor)
                .whenComplete((done, failure) -> {
                    inFlight.decrementAndGet();
                    if (failure != null) {
                        // The claim's lease runs out and the callback is sent again.
                        LOG.log(Level.WARNING, "The result of " + claimed + " could not be recorded", failure);
                    }
                });
    }

    /** A merchant's answer: its status (null: none) and whether it acknowledged the callback. */
    record Answer(Integer status, boolean delivered) {

        static final Answer NONE = new Answer(null, false);
    }
}
