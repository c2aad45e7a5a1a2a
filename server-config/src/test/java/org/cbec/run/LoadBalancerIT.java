package org.cbec.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The HAProxy configuration a deployment group runs ({@code haproxy-config}), run by HAProxy in front
 * of two stand-in instances. Each stand-in answers a request only when it is the first on its
 * connection: a later request on a connection it kept is dropped unanswered, as the connection of
 * an instance that has just died is. (ServerSmokeIT kills a real instance under load; there, which
 * request meets such a connection is a matter of timing.)
 */
class LoadBalancerIT {

    @Test
    void requestsOnOneKeptClientConnectionAreEachAnsweredThoughAnInstanceDropsTheConnectionsItKept() throws Exception {
        if (Scripts.runToEnd(List.of("sh", "-c", "command -v haproxy"), Map.of(), List.of(), Duration.ofSeconds(10)).exit() != 0) {
            Scripts.run(List.of("debian-install", "LoadBalancerIT", "haproxy"), Map.of(), List.of(), Duration.ofMinutes(10));
        }
        int portBase = portBase();
        Path dir = Files.createTempDirectory("cbec-haproxy");
        List<StandIn> instances = List.of(new StandIn(portBase + 180), new StandIn(portBase + 280));
        Path config = dir.resolve("haproxy.cfg");
        Files.writeString(config, String.join("\n", Scripts.run(List.of("haproxy-config", dir.resolve("admin.sock").toString()),
                Map.of("PORT_BASE", String.valueOf(portBase), "INSTANCES", "2"), List.of(), Duration.ofSeconds(10))) + "\n");
        Process haproxy = new ProcessBuilder("haproxy", "-db", "-f", config.toString()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("haproxy.log").toFile()).start();
        try {
            // Up in HAProxy after two passed checks, a second apart.
            Instant upBy = Instant.now().plusSeconds(20);
            while (instances.stream().anyMatch(i -> i.checks.get() < 3) && Instant.now().isBefore(upBy)) {
                Thread.sleep(100);
            }
            assertTrue(instances.stream().allMatch(i -> i.checks.get() >= 3), () -> "HAProxy checked both: " + Scripts.tail(dir.resolve("haproxy.log")));
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();
            List<String> answers = new ArrayList<>();
            for (int n = 0; n < 20; n++) {
                HttpRequest create = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + (portBase + 80) + "/broker/v1/payment/m1"))
                        .timeout(Duration.ofSeconds(10)).header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString("{\"orderRef\":\"o" + n + "\"}")).build();
                try {
                    HttpResponse<String> answer = client.send(create, HttpResponse.BodyHandlers.ofString());
                    answers.add(answer.statusCode() + " " + answer.body());
                } catch (IOException lost) {
                    answers.add("no answer: " + lost.getMessage());
                }
            }
            assertEquals(List.of(), answers.stream().filter(a -> !a.startsWith("200 ")).toList(), "every POST answered: " + answers);
            assertTrue(instances.stream().allMatch(i -> i.served.get() > 0), "both instances served: " + answers);
            assertEquals(20, instances.stream().mapToInt(i -> i.served.get()).sum(), "each POST reached an instance once");
        } finally {
            haproxy.destroy();
            haproxy.waitFor();
            instances.forEach(StandIn::close);
            Scripts.deleteRecursively(dir);
        }
    }

    /** A port base whose client ports (+ 80, + 81) and instances' ports (+ 180, + 181, + 280, + 281) are free. */
    private static int portBase() {
        for (int tries = 0; tries < 50; tries++) {
            int base = Scripts.freePort() - 80;
            if (List.of(81, 180, 181, 280, 281).stream().allMatch(offset -> Scripts.free(base + offset))) {
                return base;
            }
        }
        throw new AssertionError("no free port base");
    }

    /**
     * An instance as HAProxy sees it over HTTP/1.1: {@code /health/ready} answers 200; any other
     * request is answered 200, keeping the connection, when it is the first on its connection, and
     * dropped with the connection when it is not.
     */
    private static final class StandIn implements AutoCloseable {
        final AtomicInteger checks = new AtomicInteger();
        final AtomicInteger served = new AtomicInteger();
        private final ServerSocket listener;

        StandIn(int port) throws IOException {
            listener = new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
            Thread accepting = new Thread(() -> {
                while (!listener.isClosed()) {
                    try {
                        Socket connection = listener.accept();
                        Thread serving = new Thread(() -> serve(connection));
                        serving.setDaemon(true);
                        serving.start();
                    } catch (IOException closed) {
                        return;
                    }
                }
            });
            accepting.setDaemon(true);
            accepting.start();
        }

        private void serve(Socket connection) {
            try (connection; InputStream in = new BufferedInputStream(connection.getInputStream());
                    OutputStream out = connection.getOutputStream()) {
                for (int onThisConnection = 1;; onThisConnection++) {
                    String head = head(in);
                    if (head == null) {
                        return;
                    }
                    int length = head.lines().filter(l -> l.toLowerCase().startsWith("content-length:"))
                            .mapToInt(l -> Integer.parseInt(l.substring(15).trim())).findFirst().orElse(0);
                    in.readNBytes(length);
                    if (head.startsWith("GET /health/ready ")) {
                        checks.incrementAndGet();
                        out.write("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nUP".getBytes(StandardCharsets.US_ASCII));
                        return;
                    }
                    if (onThisConnection > 1) {
                        return;
                    }
                    served.incrementAndGet();
                    out.write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}".getBytes(StandardCharsets.US_ASCII));
                    out.flush();
                }
            } catch (IOException gone) {
                // HAProxy closed the connection.
            }
        }

        /** The request line and headers, or null at the connection's end. */
        private static String head(InputStream in) throws IOException {
            StringBuilder head = new StringBuilder();
            int c;
            while ((c = in.read()) != -1) {
                head.append((char) c);
                if (head.length() >= 4 && head.substring(head.length() - 4).equals("\r\n\r\n")) {
                    return head.toString();
                }
            }
            return null;
        }

        @Override
        public void close() {
            try {
                listener.close();
            } catch (IOException ignored) {
                // Closed already.
            }
        }
    }
}
