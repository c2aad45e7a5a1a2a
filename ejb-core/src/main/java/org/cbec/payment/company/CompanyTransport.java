package org.cbec.payment.company;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Inject;
import jakarta.ws.rs.ProcessingException;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.ClientBuilder;
import jakarta.ws.rs.client.Entity;
import jakarta.ws.rs.client.Invocation;
import jakarta.ws.rs.core.Response;
import java.net.SocketTimeoutException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * HTTP to one company: one JAX-RS client, created once with connect and read timeouts. Each
 * company has its own subclass so that Fault Tolerance keeps one circuit breaker and one bulkhead
 * per company, around every operation; the response signature is checked inside, so a company
 * that answers with bad signatures opens the circuit like one that does not answer.
 */
public abstract class CompanyTransport {

    @Inject
    @ConfigProperty(name = "company.connect-timeout-ms", defaultValue = "2000")
    long connectTimeoutMs;

    @Inject
    @ConfigProperty(name = "company.read-timeout-ms", defaultValue = "5000")
    long readTimeoutMs;

    private Client client;

    @PostConstruct
    void open() {
        client = ClientBuilder.newBuilder()
                .connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                .readTimeout(readTimeoutMs, TimeUnit.MILLISECONDS)
                .build();
    }

    @PreDestroy
    void shut() {
        client.close();
    }

    /**
     * Sends the call and returns a verified answer with a status below 500 (2xx success, 4xx a
     * business refusal for the adapter to read). Records every attempt; throws
     * {@link CompanyUnavailable} when there is no verified answer.
     */
    public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        long start = System.nanoTime();
        try {
            return send(call, verified, recorder, start);
        } finally {
            CompanyClock.add(System.nanoTime() - start);
        }
    }

    private HttpExchange send(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder, long start) {
        Response response;
        try {
            Invocation.Builder request = client.target(call.url()).request();
            call.headers().forEach(request::header);
            response = call.body() == null ? request.method(call.method())
                    : request.method(call.method(), Entity.entity(call.body(), call.contentType()));
        } catch (ProcessingException e) {
            String reason = e.getCause() instanceof SocketTimeoutException ? "timed out" : "gave no answer (" + rootName(e) + ")";
            recorder.record(new Exchange(call.operation(), call.redacted(), null, null, millisSince(start), reason),
                    ExchangeRecorder.Outcome.FAILED);
            throw new CompanyUnavailable("the company " + reason);
        }
        HttpExchange answer;
        try (response) {
            String body = response.hasEntity() ? response.readEntity(String.class) : "";
            Map<String, String> headers = new HashMap<>();
            response.getStringHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
            answer = new HttpExchange(response.getStatus(), headers, body, millisSince(start));
        } catch (ProcessingException e) {
            recorder.record(new Exchange(call.operation(), call.redacted(), response.getStatus(), null, millisSince(start),
                    "unreadable answer"), ExchangeRecorder.Outcome.FAILED);
            throw new CompanyUnavailable("the company's answer could not be read");
        }
        Exchange exchange = new Exchange(call.operation(), call.redacted(), answer.status(), call.storedAnswer().apply(answer.body()),
                answer.durationMs(), null);
        if (answer.status() >= 500) {
            recorder.record(exchange, ExchangeRecorder.Outcome.FAILED);
            throw new CompanyUnavailable("the company answered HTTP " + answer.status());
        }
        if (!verified.test(answer)) {
            recorder.record(exchange, ExchangeRecorder.Outcome.UNVERIFIED);
            throw new CompanyUnavailable("the company's answer did not carry a valid signature");
        }
        recorder.record(exchange, answer.status() < 300 ? ExchangeRecorder.Outcome.OK : ExchangeRecorder.Outcome.REFUSED);
        return answer;
    }

    private static long millisSince(long startNanos) {
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNanos);
    }

    private static String rootName(Throwable e) {
        Throwable t = e;
        while (t.getCause() != null && t.getCause() != t) {
            t = t.getCause();
        }
        return t.getClass().getSimpleName();
    }
}
