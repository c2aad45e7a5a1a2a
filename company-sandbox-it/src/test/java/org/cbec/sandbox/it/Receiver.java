package org.cbec.sandbox.it;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.cbec.sandbox.it.Http.Reply;

/**
 * A merchant's notify endpoint, as a test plays it: the JDK's HttpServer on 127.0.0.1 and a free
 * port, answering a script of answers in turn (the last one from then on), and keeping every
 * request it received exactly as it came.
 */
final class Receiver implements AutoCloseable {

    /** What the merchant answers. */
    record Answer(int status, String body) {
    }

    static final Answer SUCCESS = new Answer(200, "success");

    /** A request as received: when, method, path, headers (lower-case names) and the body's text. */
    record Received(Instant at, String method, String path, Map<String, String> headers, String body) {

        String header(String name) {
            return headers.get(name.toLowerCase(Locale.ROOT));
        }

        /** As an answer, so that SandboxMerchant's verification of answers checks its signature. */
        Reply asReply() {
            return new Reply(200, headers, body);
        }
    }

    private final HttpServer server;
    private final List<Answer> script;
    private final AtomicInteger next = new AtomicInteger();
    private final List<Received> received = new CopyOnWriteArrayList<>();

    private Receiver(List<Answer> script) {
        this.script = List.copyOf(script);
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        server.createContext("/", this::handle);
        server.start();
    }

    /** A receiver answering these in turn, then the last one for every further request. */
    static Receiver answering(Answer... script) {
        return new Receiver(List.of(script));
    }

    URI url(String path) {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + path);
    }

    List<Received> received() {
        return new ArrayList<>(received);
    }

    List<Received> receivedAt(String path) {
        return received.stream().filter(r -> r.path().equals(path)).toList();
    }

    private void handle(HttpExchange exchange) throws IOException {
        Instant at = Instant.now();
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readAllBytes();
        }
        Map<String, String> headers = new LinkedHashMap<>();
        exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(Locale.ROOT), v.get(0)));
        received.add(new Received(at, exchange.getRequestMethod(), exchange.getRequestURI().getRawPath(), headers,
                new String(body, StandardCharsets.UTF_8)));
        Answer answer = script.get(Math.min(next.getAndIncrement(), script.size() - 1));
        byte[] out = answer.body().getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", "text/plain; charset=utf-8");
        exchange.sendResponseHeaders(answer.status(), out.length == 0 ? -1 : out.length);
        try (OutputStream os = exchange.getResponseBody()) {
            os.write(out);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
