package org.cbec.broker.rest.load;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.ws.rs.container.AsyncResponse;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyClock;
import org.cbec.platform.error.SaturatedException;
import org.cbec.web.RequestIds;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Where a request that calls a company does its work, so that no request thread waits for a
 * company: each company has a lane, a pool of at most {@code company.<paymentMethod>.in-flight}
 * threads (COMPANY_ALPHAPAY_IN_FLIGHT, …; {@value #DEFAULT_IN_FLIGHT} by default), and the
 * resource hands the whole operation to it (the intent committed, the company called with every
 * Fault Tolerance protection, the outcome committed) and returns; the HTTP thread serves other
 * requests meanwhile and the answer is written when the lane's thread resumes the request. A lane
 * that is full refuses at once with {@code 503}, {@code Retry-After} and the envelope, before
 * anything is stored; the other company's lane and the requests that call no company are not
 * affected. A request whose payment method is no company's (a bad one) is answered on its own
 * thread, as before: it is refused before any company is called.
 * <p>
 * The lane's threads block on the company call: they come from the server's
 * {@code ManagedThreadFactory}, so that transactions, the application's class loader and naming
 * work on them as on a request thread, and the existing company transports (their timeouts,
 * retries, circuit breaker and bulkhead) run on them unchanged. Why a thread per call rather than
 * a non-blocking client, and what a call in flight costs: docs/operating/capacity.md.
 */
@ApplicationScoped
public class CompanyLanes {

    private static final Logger LOG = Logger.getLogger(CompanyLanes.class.getName());
    public static final int DEFAULT_IN_FLIGHT = 128;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    Instance<RequestContextController> requestContexts;

    @Inject
    Companies companies;

    private final Map<String, ThreadPoolExecutor> lanes = new TreeMap<>();
    private final Map<String, Long> fullSince = new ConcurrentHashMap<>();

    @PostConstruct
    void open() {
        Config config = ConfigProvider.getConfig();
        for (String method : companies.methods()) {
            int limit = config.getOptionalValue("company." + method + ".in-flight", Integer.class).orElse(DEFAULT_IN_FLIGHT);
            if (limit < 1) {
                throw new IllegalArgumentException("company." + method + ".in-flight must be at least 1: " + limit);
            }
            // No queue: a call either has a thread at once or is refused. Idle threads end after a minute.
            ThreadPoolExecutor lane = new ThreadPoolExecutor(limit, limit, 60, TimeUnit.SECONDS, new SynchronousQueue<>(), threads,
                    new ThreadPoolExecutor.AbortPolicy());
            lane.allowCoreThreadTimeOut(true);
            lanes.put(method, lane);
        }
        LOG.info(() -> "Company lanes (calls in flight per company): " + limits());
    }

    @PreDestroy
    void close() {
        lanes.values().forEach(ThreadPoolExecutor::shutdown);
        for (ThreadPoolExecutor lane : lanes.values()) {
            try {
                lane.awaitTermination(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /** Each company's in-flight limit. */
    public Map<String, Integer> limits() {
        Map<String, Integer> limits = new TreeMap<>();
        lanes.forEach((method, lane) -> limits.put(method, lane.getMaximumPoolSize()));
        return limits;
    }

    /** The calls each company's lane has in flight now. */
    public Map<String, Integer> inFlight() {
        Map<String, Integer> active = new TreeMap<>();
        lanes.forEach((method, lane) -> active.put(method, lane.getActiveCount()));
        return active;
    }

    /**
     * Does {@code work} in the lane of {@code paymentMethod}'s company and answers the request with
     * its result, or with what it threw (the exception mappers write it, as for a request served on
     * its own thread). {@code action} is the operation's wording for a refusal ("failure while making
     * the payment"). Without a lane for {@code paymentMethod} the work is done here and now.
     */
    public void answer(String paymentMethod, String action, AsyncResponse async, Supplier<?> work) {
        String requestId = RequestIds.current();
        Runnable task = () -> resume(async, requestId, work);
        ThreadPoolExecutor lane = paymentMethod == null ? null : lanes.get(paymentMethod);
        if (lane == null) {
            task.run();
            return;
        }
        try {
            lane.execute(task);
        } catch (RejectedExecutionException full) {
            refused(paymentMethod, lane.getMaximumPoolSize());
            async.resume(new SaturatedException(action, "too many calls to " + paymentMethod
                    + " in progress on this server; not taken in, nothing is stored; send the same request again shortly"));
        }
    }

    /**
     * The work and the answer on the lane's thread, inside a CDI request context of its own (the
     * request's is bound to the HTTP thread; the request-scoped beans the work sets, such as
     * {@code NotAsked}, are read by the response filters that run within {@code resume}), with the
     * request's id in the thread's name for the log, and with the company time counted on this
     * thread ({@link CompanyClock}).
     */
    private static void resume(AsyncResponse async, String requestId, Supplier<?> work, RequestContextController context) {
        boolean activated = context != null && context.activate();
        try (RequestIds.Scope logged = requestId == null ? () -> { } : RequestIds.onThisThread(requestId)) {
            // The company time the answer's Server-Timing reports is this thread's, from here.
            CompanyClock.reset();
            Object result;
            try {
                result = work.get();
            } catch (RuntimeException | Error failed) {
                async.resume(failed);
                return;
            }
            async.resume(result);
        } finally {
            if (activated) {
                context.deactivate();
            }
        }
    }

    private void resume(AsyncResponse async, String requestId, Supplier<?> work) {
        RequestContextController context = requestContexts.get();
        try {
            resume(async, requestId, work, context);
        } finally {
            requestContexts.destroy(context);
        }
    }

    /** One line per ten seconds of a company's lane refusing, not one per refused request. */
    private void refused(String paymentMethod, int limit) {
        long now = System.nanoTime();
        Long since = fullSince.get(paymentMethod);
        if (since == null || now - since > 10_000_000_000L) {
            fullSince.put(paymentMethod, now);
            LOG.warning(() -> paymentMethod + "'s lane is full: " + limit + " calls in flight; refusing with 503");
        }
    }
}
