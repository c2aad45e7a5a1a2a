package org.cbec.testing.apicheck;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Executors;
import org.cbec.testing.ApiChecks;

/**
 * A forwarding proxy on the loopback address for a client the tests do not write themselves (the
 * Java client openapi-generator makes from a document): every call it forwards to the service is
 * held to the served document as {@link org.cbec.testing.Http}'s are. The service's answer is
 * passed back unchanged; a mismatch is answered instead with status 599 and the findings, so that
 * the client fails where the call was made.
 */
public final class ValidatingProxy {

    /** Headers the JDK's client sets itself and refuses to be given. */
    private static final Set<String> RESTRICTED = Set.of("connection", "content-length", "expect", "host", "upgrade", "transfer-encoding");

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).followRedirects(HttpClient.Redirect.NEVER).build();

    private ValidatingProxy() {
    }

    /**
     * Starts a proxy for the service at {@code serviceBase} ({@code http://host:port/broker/}) and
     * answers the base URL a client uses instead (the same path, on the proxy's port). It runs until
     * the test JVM ends.
     */
    public static String to(String serviceBase) throws IOException {
        URI target = URI.create(serviceBase);
        System.setProperty("sun.net.httpserver.nodelay", "true");
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 16);
        server.setExecutor(Executors.newFixedThreadPool(4, r -> {
            Thread t = new Thread(r, "validating-proxy");
            t.setDaemon(true);
            return t;
        }));
        server.createContext("/", exchange -> forward(target, exchange));
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + target.getRawPath();
    }

    private static void forward(URI target, HttpExchange exchange) throws IOException {
        byte[] answer;
        int status;
        List<String[]> headers = new ArrayList<>();
        try {
            URI uri = URI.create(target.getScheme() + "://" + target.getRawAuthority() + exchange.getRequestURI().toString());
            byte[] body = exchange.getRequestBody().readAllBytes();
            HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(60))
                    .method(exchange.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody()
                            : HttpRequest.BodyPublishers.ofByteArray(body));
            List<String> sent = new ArrayList<>();
            exchange.getRequestHeaders().forEach((name, values) -> {
                if (!RESTRICTED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                    values.forEach(v -> {
                        request.header(name, v);
                        sent.add(name);
                        sent.add(v);
                    });
                }
            });
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
            try {
                ApiChecks.check(new ApiChecks.Exchange(exchange.getRequestMethod(), uri, sent,
                        body.length == 0 ? null : new String(body, StandardCharsets.UTF_8), response.statusCode(),
                        response.headers().map(), response.body()));
                status = response.statusCode();
                answer = response.body().getBytes(StandardCharsets.UTF_8);
                response.headers().map().forEach((name, values) -> {
                    if (!name.startsWith(":") && !RESTRICTED.contains(name.toLowerCase(java.util.Locale.ROOT))) {
                        values.forEach(v -> headers.add(new String[] {name, v}));
                    }
                });
            } catch (AssertionError mismatch) {
                status = 599;
                answer = String.valueOf(mismatch.getMessage()).getBytes(StandardCharsets.UTF_8);
                headers.add(new String[] {"Content-Type", "text/plain; charset=UTF-8"});
            }
        } catch (IOException | RuntimeException | InterruptedException e) {
            status = 599;
            answer = ("the validating proxy could not forward the call: " + e).getBytes(StandardCharsets.UTF_8);
            headers.add(new String[] {"Content-Type", "text/plain; charset=UTF-8"});
        }
        headers.forEach(h -> exchange.getResponseHeaders().add(h[0], h[1]));
        exchange.sendResponseHeaders(status, answer.length == 0 ? -1 : answer.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(answer);
        }
    }
}
