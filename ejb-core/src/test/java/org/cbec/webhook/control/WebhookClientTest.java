package org.cbec.webhook.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Receivers on 127.0.0.1 and 127.0.0.2, one port: which one a delivery reaches shows where it connected. */
class WebhookClientTest {

    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor();
    private final WebhookClient client = new WebhookClient(Duration.ofSeconds(2), Duration.ofSeconds(1), deadlines);
    private final List<String> first = new CopyOnWriteArrayList<>();
    private final List<String> second = new CopyOnWriteArrayList<>();
    private HttpServer one;
    private HttpServer two;
    private int port;

    @BeforeEach
    void twoReceiversOnOnePort() throws IOException {
        one = receiver(new InetSocketAddress("127.0.0.1", 0), first);
        port = one.getAddress().getPort();
        two = receiver(new InetSocketAddress("127.0.0.2", port), second);
    }

    @AfterEach
    void stop() {
        one.stop(0);
        two.stop(0);
        deadlines.shutdownNow();
    }

    @Test
    void aNameThatAnswersAnotherAddressTheSecondTimeIsConnectedToTheCheckedAddressOnly() throws Exception {
        AtomicInteger lookups = new AtomicInteger();
        Targets.Lookup rebinding = host -> new InetAddress[] {
            InetAddress.getByName(lookups.incrementAndGet() == 1 ? "127.0.0.1" : "127.0.0.2")};
        URI url = URI.create("http://hooks.rebind.test:" + port + "/hook");
        Targets.Checked checked = Targets.check(url, true, rebinding);

        WebhookClient.Answer answer = client.post(checked, url, Map.of("webhook-id", "evt_1"), "{\"id\":\"evt_1\"}");

        assertEquals(200, answer.status(), answer::toString);
        assertEquals(List.of("POST /hook host=hooks.rebind.test:" + port + " id=evt_1 type=application/json body={\"id\":\"evt_1\"}"), first);
        assertEquals(List.of(), second, "the second answer is never connected to");
        assertEquals(1, lookups.get(), "the name was resolved once, by the check");
    }

    @Test
    void anotherHostThanTheCheckedOneIsNotConnectedTo() throws Exception {
        Targets.Checked checked = Targets.check(URI.create("http://checked.test:" + port + "/hook"), true,
                host -> new InetAddress[] {InetAddress.getByName("127.0.0.1")});
        WebhookClient.Answer answer = client.post(checked, URI.create("http://other.test:" + port + "/hook"), Map.of(), "{}");
        assertNull(answer.status());
        assertTrue(answer.error().startsWith("no answer"), answer.error());
        assertEquals(List.of(), first);
    }

    @Test
    void aRedirectIsAnsweredAsItsStatusAndNotFollowed() throws Exception {
        one.createContext("/moved", exchange -> {
            first.add("moved");
            exchange.getResponseHeaders().add("Location", "http://127.0.0.1:" + port + "/hook");
            exchange.sendResponseHeaders(302, -1);
            exchange.close();
        });
        URI url = URI.create("http://127.0.0.1:" + port + "/moved");
        WebhookClient.Answer answer = client.post(Targets.check(url, true, Targets.SYSTEM), url, Map.of(), "{}");
        assertEquals(302, answer.status());
        assertEquals(List.of("moved"), first, "the Location was not requested");
    }

    @Test
    void aReceiverThatDoesNotAnswerInTimeIsNoAnswer() throws Exception {
        one.createContext("/slow", exchange -> {
            try {
                Thread.sleep(3_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        URI url = URI.create("http://127.0.0.1:" + port + "/slow");
        long start = System.nanoTime();
        WebhookClient.Answer answer = client.post(Targets.check(url, true, Targets.SYSTEM), url, Map.of(), "{}");
        assertEquals("no answer within 1 s", answer.error());
        assertTrue(System.nanoTime() - start < 2_500_000_000L, "cut at the attempt timeout");
    }

    private static HttpServer receiver(InetSocketAddress at, List<String> got) throws IOException {
        HttpServer server = HttpServer.create(at, 0);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/hook", exchange -> {
            String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            got.add(exchange.getRequestMethod() + " " + exchange.getRequestURI().getPath() + " host=" + exchange.getRequestHeaders().getFirst("Host")
                    + " id=" + exchange.getRequestHeaders().getFirst("webhook-id") + " type=" + exchange.getRequestHeaders().getFirst("Content-Type")
                    + " body=" + body);
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        server.start();
        return server;
    }
}
