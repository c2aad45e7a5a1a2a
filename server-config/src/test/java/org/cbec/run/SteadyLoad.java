package org.cbec.run;

import java.net.URI;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;

/**
 * A bounded, steady load on one address, as merchants and shops keep sending while an operator
 * works: a few threads, each in turn creating a payment (alphapay and betapay by turns), querying
 * it, and creating a cart, then pausing, each request over HTTP/1.1. Every request is
 * recorded with when it was sent and ended and what came back; nothing is retried.
 */
final class SteadyLoad implements AutoCloseable {

    /** One request as the client saw it: an HTTP status, or the exception that ended it (status 0). */
    record Request(String what, Instant sent, Instant ended, int status, String failure) {

        boolean failed() {
            return status == 0 || status >= 500;
        }
    }

    /**
     * Each thread's pause after a round of three requests: steady, not as fast as the machine goes
     * (on 2 cores a closed loop without it left the instances' starts 3 times slower).
     */
    private static final long PAUSE_MS = 400;

    private final URI base;
    private final String merchant;
    private final String key;
    private final String platformMerchant;
    private final String caKey;
    private final ExecutorService threads;
    private final AtomicBoolean stop = new AtomicBoolean();
    private final String prefix = "sl" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
    /** Every request, in the order they ended. */
    final Queue<Request> requests = new ConcurrentLinkedQueue<>();
    /** The creates sent, as "method ref". */
    final Map<String, Instant> creates = new ConcurrentHashMap<>();
    /** The creates answered 200: "method ref" to the company's payMessage. */
    final Map<String, String> answered = new ConcurrentHashMap<>();

    SteadyLoad(URI base, String merchant, String key, String platformMerchant, String caKey, int threadCount) {
        this.base = base;
        this.merchant = merchant;
        this.key = key;
        this.platformMerchant = platformMerchant;
        this.caKey = caKey;
        this.threads = Executors.newFixedThreadPool(threadCount);
        for (int t = 0; t < threadCount; t++) {
            int thread = t;
            threads.submit(() -> run(thread));
        }
    }

    private void run(int thread) {
        for (int n = 0; !stop.get(); n++) {
            String method = (thread + n) % 2 == 0 ? "alphapay" : "betapay";
            String ref = prefix + "t" + thread + "n" + n;
            creates.put(method + " " + ref, Instant.now());
            Reply created = send("create " + method + " " + ref, () -> Http.sendHttp11("POST", base.resolve("broker/v1/payment/" + merchant),
                    "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\",\"orderRef\":\"" + ref
                            + "\",\"actualAmount\":1234,\"currency\":\"CNY\"}", "Content-Type", "application/json", "app-api-key", key));
            if (created != null && created.status() == 200) {
                answered.put(method + " " + ref, created.json().getString("payMessage"));
                send("query " + method + " " + ref, () -> Http.sendHttp11("GET", base.resolve("broker/v1/payment/" + merchant
                        + "?order_ref=" + ref + "&payment_method=" + method), null, "app-api-key", key));
            }
            send("cart", () -> Http.sendHttp11("POST", base.resolve("checkout/carts/platform_c/" + platformMerchant),
                    "{\"merchantSiteUrl\":\"https://shop.example\",\"cart\":{\"userId\":\"u" + thread + "\",\"products\":[{\"productId\":"
                            + "\"p1\",\"quantity\":1,\"price\":9.99,\"currency\":\"GBP\"}]}}",
                    "Content-Type", "application/json", "x-ca-key", caKey));
            try {
                Thread.sleep(PAUSE_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private Reply send(String what, java.util.function.Supplier<Reply> call) {
        Instant sent = Instant.now();
        try {
            Reply r = call.get();
            requests.add(new Request(what, sent, Instant.now(), r.status(), r.status() >= 500 ? r.body() : null));
            return r;
        } catch (AssertionError | RuntimeException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            requests.add(new Request(what, sent, Instant.now(), 0, e.getMessage() + ": " + cause));
            return null;
        }
    }

    /** The requests that failed: a 5xx, or no answer. */
    List<Request> failures() {
        return requests.stream().filter(Request::failed).toList();
    }

    long count(String what) {
        return requests.stream().filter(r -> r.what().startsWith(what) && !r.failed()).count();
    }

    @Override
    public void close() throws InterruptedException {
        stop.set(true);
        threads.shutdown();
        if (!threads.awaitTermination(120, TimeUnit.SECONDS)) {
            throw new AssertionError("the load's requests did not end within 120 s");
        }
    }
}
