package org.cbec.testing.apicheck;

import com.sun.net.httpserver.HttpServer;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.Executors;
import org.cbec.testing.ApiChecks.Exchange;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The checker the in-container tests post their exchanges to ({@link org.cbec.testing.ApiChecks}):
 * started once per test JVM, before the first test class, on the loopback address and port of
 * {@code API_CHECK_URL} (set by failsafe; where it is not set, nothing starts). Registered by
 * JUnit's extension auto-detection (META-INF/services), as SecretsNotLogged is.
 */
public final class ApiCheckServer implements BeforeAllCallback {

    private static HttpServer server;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        start();
    }

    static synchronized void start() throws IOException {
        String url = System.getenv("API_CHECK_URL");
        if (server != null || url == null || url.isBlank()) {
            return;
        }
        // Without TCP_NODELAY the JDK's server writes its head and body in two packets, and the
        // caller's delayed ACK holds each answer about 40 ms (measured: 47 ms a call, 5 ms with it;
        // the bad-input sweeps make thousands). Read when the first server is made; failsafe sets it too.
        System.setProperty("sun.net.httpserver.nodelay", "true");
        URI at = URI.create(url);
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", at.getPort()), 64);
        server.setExecutor(Executors.newFixedThreadPool(8, r -> {
            Thread t = new Thread(r, "api-check");
            t.setDaemon(true);
            return t;
        }));
        server.createContext(at.getPath(), exchange -> {
            byte[] answer;
            int status;
            try (JsonReader reader = Json.createReader(new InputStreamReader(exchange.getRequestBody(), StandardCharsets.UTF_8))) {
                List<String> problems = ApiCheck.problems(Exchange.fromJson(reader.readObject()));
                JsonArrayBuilder all = Json.createArrayBuilder();
                problems.forEach(all::add);
                answer = all.build().toString().getBytes(StandardCharsets.UTF_8);
                status = 200;
            } catch (RuntimeException | AssertionError e) {
                answer = String.valueOf(e).getBytes(StandardCharsets.UTF_8);
                status = 500;
            }
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            exchange.sendResponseHeaders(status, answer.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(answer);
            }
        });
        server.start();
    }
}
