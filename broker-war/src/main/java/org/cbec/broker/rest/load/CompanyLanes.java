package org.cbec.broker.rest.load;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.event.Observes;
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
import org.cbec.company.CompanyWait;
import org.cbec.platform.error.SaturatedException;
import org.cbec.web.RequestIds;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.Tag;

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
 * retries, circuit breaker and bulkhead) run on them unchanged. Their work outside the company
 * call uses the cores a few operations at a time ({@link CpuPermits}, {@code company.lanes.cpu-permits},
 * {@value #CPU_PERMITS_PER_CORE} per core by default), first come first served: past saturation an
 * operation taken in waits its turn rather than share a core with a hundred others, and the lane,
 * full of operations waiting, refuses the next ones. Why a thread per call rather than
 * a non-blocking client, and what a call in flight costs: docs/operating/capacity.md. Each lane's
 * calls in progress are the gauge {@code company_calls_in_flight{company}} at {@code /metrics}.
 */
@ApplicationScoped
public class CompanyLanes {

    private static final Logger LOG = Logger.getLogger(CompanyLanes.class.getName());
    public static final int DEFAULT_IN_FLIGHT = 128;
    /** The lanes' work using the cores at once, per core, unless {@code company.lanes.cpu-permits} says. */
    public static final int CPU_PERMITS_PER_CORE = 4;

    @Resource
    ManagedThreadFactory threads;

    @Inject
    Instance<RequestContextController> requestContexts;

    @Inject
    Companies companies;

    @Inject
    MetricRegistry metrics;

    private final Map<String, ThreadPoolExecutor> lanes = new TreeMap<>();
    private CpuPermits cpu;
    /** Per company: one line per ten seconds of its lane refusing, not one per refused request. */
    private final Map<String, RareWarning> full = new ConcurrentHashMap<>();

    @PostConstruct
    void open() {
        Config config = ConfigProvider.getConfig();
        cpu = new CpuPermits(config.getOptionalValue("company.lanes.cpu-permits", Integer.class)
                .orElse(CPU_PERMITS_PER_CORE * Runtime.getRuntime().availableProcessors()));
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
            metrics.gauge(Metadata.builder().withName("company_calls_in_flight")
                    .withDescription("Calls to the company in progress on this server, out of its in-flight limit").build(),
                    lane, ThreadPoolExecutor::getActiveCount, new Tag("company", method));
        }
        LOG.info(() -> "Company lanes (calls in flight per company): " + limits() + "; their work on the cores at once: " + cpu.limit());
    }

    /**
     * Observing the application's start makes the container create this bean then: the lanes open,
     * and their gauges are registered, before the first company call rather than at it.
     */
    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        // nothing more: open() has run
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

    /**
     * Does {@code work} in the lane of {@code paymentMethod}'s company and answers the request with
     * its result, or with what it threw (the exception mappers write it, as for a request served on
     * its own thread). {@code action} is the operation's wording for a refusal ("failure while making
     * the payment"). Without a lane for {@code paymentMethod} the work is done here and now.
     */
    public void answer(String paymentMethod, String action, AsyncResponse async, Supplier<?> work) {
        ThreadPoolExecutor lane = paymentMethod == null ? null : lanes.get(paymentMethod);
        if (lane == null) {
            // No company's: the work refuses it, here, before any company is called.
            resume(async, work);
            return;
        }
        String requestId = RequestIds.current();
        try {
            lane.execute(() -> onLane(async, requestId, work));
        } catch (RejectedExecutionException refused) {
            full.computeIfAbsent(paymentMethod, m -> new RareWarning(LOG)).warn(
                    () -> paymentMethod + "'s lane is full: " + lane.getMaximumPoolSize() + " calls in flight; refusing with 503");
            async.resume(new SaturatedException(action, "too many calls to " + paymentMethod
                    + " in progress on this server; not taken in, nothing is stored; send the same request again shortly"));
        }
    }

    /**
     * The work and the answer on the lane's thread, inside a CDI request context of its own (the
     * request's is bound to the HTTP thread; the request-scoped beans the work sets, such as
     * {@code NotAsked}, are read by the response filters that run within {@code resume}), with the
     * request's id in the thread's name for the log, and with the company time counted on this
     * thread ({@link CompanyClock}). The work holds one of the lanes' {@link CpuPermits}, waited for in
     * turn, and lends it back while its company thinks.
     */
    private void onLane(AsyncResponse async, String requestId, Supplier<?> work) {
        try (CompanyWait.Scope working = cpu.work()) {
            RequestContextController context = requestContexts.get();
            boolean activated = context.activate();
            try (RequestIds.Scope logged = requestId == null ? () -> { } : RequestIds.onThisThread(requestId)) {
                // The company time the answer's Server-Timing reports is this thread's, from here.
                CompanyClock.reset();
                resume(async, work);
            } finally {
                if (activated) {
                    context.deactivate();
                }
                requestContexts.destroy(context);
            }
        }
    }

    /** Answers the request with what the work returned, or with what it threw (the exception mappers write it). */
    private static void resume(AsyncResponse async, Supplier<?> work) {
        Object result;
        try {
            result = work.get();
        } catch (RuntimeException | Error failed) {
            async.resume(failed);
            return;
        }
        async.resume(result);
    }
}
