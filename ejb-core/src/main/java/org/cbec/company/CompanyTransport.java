package org.cbec.company;

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
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * HTTP to one company: one JAX-RS client, created once with connect and read timeouts. Each
 * company has its own subclass so that Fault Tolerance keeps one circuit breaker and one bulkhead
 * per company, around every operation. The response signature is checked inside, with the
 * merchant's account's company key: an answer that fails it is {@link UnverifiedAnswer}, which does
 * not count towards the circuit (one merchant's wrong key must not stop the company's other
 * merchants); no answer, or a 5xx, does, and each such failure is one short log line naming the
 * company, the operation and the failure ({@link CompanyCalls#failed}).
 */
public abstract class CompanyTransport {

    /**
     * Each company's bulkhead: the calls to it one node has in progress at once. Larger than the
     * calls the broker's requests make to it at once (the company's lane in the broker's web module,
     * {@code company.<paymentMethod>.in-flight}, 128 by default, each request calling a company at
     * most once at a time), with room for the scheduled work's calls (reconciliation, polls, bills),
     * so that a flood of requests to one company is refused by its lane (503, nothing stored) before
     * the company's bulkhead is full. Overridden per company with MicroProfile Config
     * ({@code <transport class>/exchange/Bulkhead/value}); whoever lowers it below the lane gets
     * queries answered from what is stored, and other operations refused with 503.
     */
    public static final int CALLS_IN_PROGRESS = 256;

    /** Each company's bill downloads one node has in progress at once (the bill reconciliation runs one at a time; an operator's run adds one). */
    public static final int DOWNLOADS_IN_PROGRESS = 4;

    /**
     * The call that sends nothing and answers {@code null}: {@link FaultToleranceWarmUp} makes it
     * once per company as the application starts, through the transport's Fault Tolerance.
     */
    public static final HttpCall WARM_UP = new HttpCall("warm-up", "GET", "", Map.of(), null, null, "");

    @Inject
    @ConfigProperty(name = "company.connect-timeout-ms", defaultValue = "2000")
    long connectTimeoutMs;

    @Inject
    @ConfigProperty(name = "company.read-timeout-ms", defaultValue = "5000")
    long readTimeoutMs;

    /** A company's answer is read up to this size; a larger one is not read on (no answer is that large). */
    @Inject
    @ConfigProperty(name = "company.max-answer-bytes", defaultValue = "1048576")
    int maxAnswerBytes;

    /** A bill file's download is read up to this size; a larger one is not read on (its own limit, not an answer's). */
    @Inject
    @ConfigProperty(name = "bills.download.max-bytes", defaultValue = "1073741824")
    long maxDownloadBytes;

    /** A bill file's download is given up once it has taken this long in all. */
    @Inject
    @ConfigProperty(name = "bills.download.max-ms", defaultValue = "600000")
    long maxDownloadMs;

    /** A bill file's download is given up when no byte of it comes for this long. */
    @Inject
    @ConfigProperty(name = "bills.download.read-timeout-ms", defaultValue = "60000")
    long downloadReadTimeoutMs;

    @Inject
    CompanyCalls calls;

    private Client client;
    private Client downloads;

    /** The company's {@code paymentMethod} name, for the metrics. */
    protected abstract String company();

    @PostConstruct
    void open() {
        client = ClientBuilder.newBuilder()
                .connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                .readTimeout(readTimeoutMs, TimeUnit.MILLISECONDS)
                .build();
        downloads = ClientBuilder.newBuilder()
                .connectTimeout(connectTimeoutMs, TimeUnit.MILLISECONDS)
                .readTimeout(downloadReadTimeoutMs, TimeUnit.MILLISECONDS)
                .build();
    }

    @PreDestroy
    void shut() {
        client.close();
        downloads.close();
    }

    /**
     * Sends the call and returns a verified answer with a status below 500 (2xx success, 4xx a
     * business refusal for the adapter to read). Records every attempt; throws
     * {@link CompanyUnavailable} when there is no verified answer.
     */
    public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        if (call == WARM_UP) {
            return null;
        }
        long start = System.nanoTime();
        try {
            return send(call, null, verified, recorder, start);
        } finally {
            CompanyClock.add(System.nanoTime() - start);
        }
    }

    /**
     * Sends a bill file's download: a successful (2xx) answer's body is streamed into {@code file},
     * never held in memory, within the downloads' own limits ({@code bills.download.max-bytes},
     * {@code bills.download.max-ms}, and {@code bills.download.read-timeout-ms} without a byte), and
     * returned with an empty body once it is all there, for {@code verified} to check the file; any
     * other answer is read and checked as {@link #exchange} reads it. Exceeding a limit is no answer.
     */
    public HttpExchange download(HttpCall call, Path file, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        long start = System.nanoTime();
        try {
            return send(call, file, verified, recorder, start);
        } finally {
            CompanyClock.add(System.nanoTime() - start);
        }
    }

    private HttpExchange send(HttpCall call, Path file, Predicate<HttpExchange> verified, ExchangeRecorder recorder, long start) {
        Response response;
        // While the company thinks this thread uses no core: its work permit, if it holds one, is lent back.
        try (CompanyWait.Scope waiting = CompanyWait.away()) {
            Invocation.Builder request = (file == null ? client : downloads).target(call.url()).request();
            call.headers().forEach(request::header);
            response = call.body() == null ? request.method(call.method())
                    : request.method(call.method(), Entity.entity(call.body(), call.contentType()));
        } catch (ProcessingException e) {
            String reason = e.getCause() instanceof SocketTimeoutException ? "timed out" : "gave no answer (" + rootName(e) + ")";
            record(recorder, new Exchange(call.operation(), call.redacted(), null, null, millisSince(start), reason),
                    ExchangeRecorder.Outcome.FAILED);
            throw failed(call, "the company " + reason);
        }
        HttpExchange answer;
        try (response) {
            if (file != null && response.getStatus() < 300) {
                String limit = saved(response, file, start);
                if (limit != null) {
                    record(recorder, new Exchange(call.operation(), call.redacted(), response.getStatus(), null, millisSince(start), limit),
                            ExchangeRecorder.Outcome.FAILED);
                    throw failed(call, "the company's file " + limit + "; not read on");
                }
                Map<String, String> headers = new HashMap<>();
                response.getStringHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
                answer = new HttpExchange(response.getStatus(), headers, "", millisSince(start), new byte[0]);
                return checked(call, verified, recorder, answer);
            }
            byte[] bytes = response.hasEntity() ? bounded(response) : new byte[0];
            if (bytes == null) {
                record(recorder, new Exchange(call.operation(), call.redacted(), response.getStatus(), null, millisSince(start),
                        "answer larger than " + maxAnswerBytes + " bytes"), ExchangeRecorder.Outcome.FAILED);
                throw failed(call, "the company's answer was larger than " + maxAnswerBytes + " bytes; not read");
            }
            Map<String, String> headers = new HashMap<>();
            response.getStringHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
            answer = new HttpExchange(response.getStatus(), headers, text(bytes, charset(response)), millisSince(start), bytes);
        } catch (ProcessingException e) {
            record(recorder, new Exchange(call.operation(), call.redacted(), response.getStatus(), null, millisSince(start),
                    "unreadable answer"), ExchangeRecorder.Outcome.FAILED);
            throw failed(call, "the company's answer could not be read");
        }
        return checked(call, verified, recorder, answer);
    }

    private HttpExchange checked(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder, HttpExchange answer) {
        Exchange exchange = new Exchange(call.operation(), call.redacted(), answer.status(), call.stored(answer), answer.durationMs(),
                null);
        if (answer.status() >= 500) {
            record(recorder, exchange, ExchangeRecorder.Outcome.FAILED);
            throw failed(call, "the company answered HTTP " + answer.status());
        }
        if (!verified.test(answer)) {
            record(recorder, exchange, ExchangeRecorder.Outcome.UNVERIFIED);
            throw new UnverifiedAnswer("the company's answer did not carry a valid signature");
        }
        record(recorder, exchange, answer.status() < 300 ? ExchangeRecorder.Outcome.OK : ExchangeRecorder.Outcome.REFUSED);
        return answer;
    }

    /**
     * Streams the answer's body into {@code file}; null when it is all there, else which limit it
     * passed (the file then holds part of it, and the caller deletes it).
     */
    private String saved(Response response, Path file, long start) {
        byte[] buffer = new byte[64 * 1024];
        long total = 0;
        try (java.io.InputStream in = response.readEntity(java.io.InputStream.class);
                java.io.OutputStream out = java.nio.file.Files.newOutputStream(file)) {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                total += n;
                if (total > maxDownloadBytes) {
                    return "was larger than " + maxDownloadBytes + " bytes";
                }
                if (millisSince(start) > maxDownloadMs) {
                    return "took longer than " + maxDownloadMs + " ms";
                }
                out.write(buffer, 0, n);
            }
            return null;
        } catch (java.io.IOException e) {
            throw new ProcessingException(e);
        }
    }

    /** The answer's bytes, or null when there are more than {@code company.max-answer-bytes}. */
    private byte[] bounded(Response response) {
        try (java.io.InputStream in = response.readEntity(java.io.InputStream.class)) {
            return readBoundedBytes(in, maxAnswerBytes);
        } catch (java.io.IOException e) {
            throw new ProcessingException(e);
        }
    }

    private static String charset(Response response) {
        return response.getMediaType() == null ? null : response.getMediaType().getParameters().get("charset");
    }

    /**
     * At most {@code max} bytes of {@code in} as text in {@code charset} (UTF-8 when null or
     * unknown), or null when there are more: no more than {@code max + 1} bytes are read.
     */
    static String readBounded(java.io.InputStream in, int max, String charset) throws java.io.IOException {
        byte[] bytes = readBoundedBytes(in, max);
        return bytes == null ? null : text(bytes, charset);
    }

    /** At most {@code max} bytes of {@code in}, or null when there are more: no more than {@code max + 1} bytes are read. */
    static byte[] readBoundedBytes(java.io.InputStream in, int max) throws java.io.IOException {
        byte[] bytes = in.readNBytes(max + 1);
        return bytes.length > max ? null : bytes;
    }

    /** A failure that counts towards the company's circuit: logged in one line ({@link CompanyCalls#failed}), then thrown. */
    private CompanyUnavailable failed(HttpCall call, String reason) {
        calls.failed(company(), call.operation(), reason);
        return new CompanyUnavailable(reason);
    }

    /** The bytes as text in {@code charset}, UTF-8 (which every company answer is) when null or unknown. */
    private static String text(byte[] bytes, String charset) {
        java.nio.charset.Charset decoding = java.nio.charset.StandardCharsets.UTF_8;
        if (charset != null) {
            try {
                decoding = java.nio.charset.Charset.forName(charset);
            } catch (IllegalArgumentException unknown) {
                // An unknown charset name: read as UTF-8, which every company answer is.
            }
        }
        return new String(bytes, decoding);
    }

    private void record(ExchangeRecorder recorder, Exchange exchange, ExchangeRecorder.Outcome outcome) {
        calls.sent(company(), exchange.operation(), outcome, exchange.durationMs());
        recorder.record(exchange, outcome);
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
