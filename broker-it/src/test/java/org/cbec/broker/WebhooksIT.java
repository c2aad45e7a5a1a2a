package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.assertNotAuthenticated;
import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.cbec.testing.Await.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import jakarta.annotation.Resource;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.File;
import java.io.IOException;
import java.io.StringReader;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import javax.sql.DataSource;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.webhook.control.EventLedger;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Merchant events as a merchant's receiver sees them: a small HTTP server in the test, answering as
 * each test tells it, checks every delivery's Standard Webhooks signature with the secret the admin
 * API handed out, by the rule itself (HMAC-SHA256 over {@code id.timestamp.body}), not with the
 * broker's code.
 */
@ExtendWith(ArquillianExtension.class)
@org.junit.jupiter.api.TestMethodOrder(org.junit.jupiter.api.MethodOrderer.OrderAnnotation.class)
class WebhooksIT {

    private static final String ADMIN = basic("admin", System.getenv("ADMIN_PASSWORD"));

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), WebhooksIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    private static final SandboxClient SANDBOX = SandboxClient.fromEnvironment();

    /** One merchant for the class, with its key, its company accounts and its webhook secret. */
    private static String merchant;
    private static String key;
    private static String secret;
    private static String apiV3Key;
    private static Receiver receiver;

    /** A delivery as the receiver got it. */
    record Delivery(String path, Map<String, String> headers, String body) {

        JsonObject json() {
            return Json.createReader(new StringReader(body)).readObject();
        }
    }

    /** Answers each path with the statuses queued for it (then 200), and keeps what it got. */
    static final class Receiver {
        final HttpServer server;
        final List<Delivery> got = new CopyOnWriteArrayList<>();
        final Map<String, Deque<Integer>> answers = new ConcurrentHashMap<>();

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
            server.createContext("/", exchange -> {
                String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                Map<String, String> headers = new ConcurrentHashMap<>();
                exchange.getRequestHeaders().forEach((k, v) -> headers.put(k.toLowerCase(java.util.Locale.ROOT), v.get(0)));
                String path = exchange.getRequestURI().getPath();
                got.add(new Delivery(path, headers, body));
                Deque<Integer> queued = answers.get(path);
                Integer status = queued == null ? null : queued.poll();
                exchange.sendResponseHeaders(status == null ? 200 : status, -1);
                exchange.close();
            });
            server.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        List<Delivery> at(String path) {
            return got.stream().filter(d -> d.path().equals(path)).toList();
        }
    }

    @BeforeEach
    void aMerchantWithAKeyCompanyAccountsAndAWebhookSecret() throws IOException {
        if (merchant != null) {
            return;
        }
        receiver = new Receiver();
        merchant = "wh-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", ADMIN).status());
        key = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + merchant + "\"],\"label\":\"webhooks\"}", "Authorization", ADMIN)
                .json().getString("key");
        apiV3Key = SANDBOX.register(at(base, ""), ADMIN, merchant, "alphapay").getString("apiV3Key");
        SANDBOX.register(at(base, ""), ADMIN, merchant, "betapay");
        Reply issued = send("POST", at(base, "admin/merchants/" + merchant + "/webhook-secret"), null, "Authorization", ADMIN);
        assertEquals(201, issued.status(), issued::toString);
        assertEquals("no-store", issued.header("Cache-Control"));
        secret = issued.json().getString("secret");
        assertTrue(secret.startsWith("whsec_"), secret);
    }

    @AfterAll
    static void stopTheReceiver() {
        if (receiver != null) {
            receiver.server.stop(0);
        }
    }

    @Test
    void aPaidPaymentIsAnnouncedToItsNotifyUrlSignedWithTheMerchantsSecret() throws Exception {
        for (String method : List.of("alphapay", "betapay")) {
            String path = "/paid-" + method;
            String ref = paid(method, 2_599, receiver.url(path));
            awaitTrue(() -> receiver.at(path).size() == 1, method + ": the receiver got the event");
            Delivery d = receiver.at(path).get(0);
            assertSigned(d);
            JsonObject event = d.json();
            assertEquals(d.headers().get("webhook-id"), event.getString("id"));
            assertEquals("payment.succeeded", event.getString("type"));
            assertEquals(merchant, event.getString("merchant"));
            JsonObject data = event.getJsonObject("data");
            assertEquals(ref, data.getString("orderRef"));
            assertEquals("SUCCESS", data.getString("tradeState"));
            assertEquals(2_599, data.getJsonNumber("actualAmount").longValue());
            assertEquals(queryPayment(method, ref).getString("transactionId"), data.getString("transactionId"),
                    "the data is what QueryPayment answers");
            JsonObject listed = events(ref).getValuesAs(JsonObject.class).stream()
                    .filter(e -> e.getString("id").equals(event.getString("id"))).findFirst().orElseThrow();
            assertEquals(event.getString("createdAt"), listed.getString("createdAt"),
                    "the same instant, written alike, in the delivery and in the list");
            assertTrue(event.getString("createdAt").matches("\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00"), event::toString);
        }
    }

    @Test
    void aReceiverThatFailsTwiceGetsThreeAttemptsWithTheSameIdThenTheEventIsDelivered() throws Exception {
        String path = "/flaky";
        receiver.answers.put(path, new ArrayDeque<>(List.of(500, 500)));
        String ref = paid("betapay", 100, receiver.url(path));
        awaitTrue(() -> "DELIVERED".equals(events(ref).getJsonObject(0).getString("state")), "delivered after two failures");
        List<Delivery> attempts = receiver.at(path);
        assertEquals(3, attempts.size(), "three attempts");
        assertEquals(1, attempts.stream().map(a -> a.headers().get("webhook-id")).distinct().count(), "one webhook-id");
        attempts.forEach(WebhooksIT::assertSigned);
        JsonObject e = events(ref).getJsonObject(0);
        assertEquals(List.of(500, 500, 200), e.getJsonArray("attempts").stream()
                .map(a -> a.asJsonObject().getInt("httpStatus")).toList());
        assertEquals(JsonValue.NULL, e.get("nextAttemptAt"), "nothing more to send");
    }

    @Test
    void aRefundIsAnnouncedAsARefundAndAsARefundedPaymentAndAnEventCanBeSentAgain() throws Exception {
        String paymentPath = "/payment-r";
        String refundPath = "/refund-r";
        String ref = paid("betapay", 1_000, receiver.url(paymentPath));
        Reply refunded = postJson(at(base, "v1/refund/" + merchant), "{\"paymentMethod\":\"betapay\",\"orderRef\":\"" + ref
                + "\",\"refundRef\":\"wh-" + ref + "\",\"amount\":400,\"notifyUrl\":\"" + receiver.url(refundPath) + "\"}", "app-api-key", key);
        assertEquals(200, refunded.status(), refunded::toString);
        awaitTrue(() -> receiver.at(refundPath).size() == 1 && receiver.at(paymentPath).size() == 2, "the refund's events arrived");
        JsonObject refund = receiver.at(refundPath).get(0).json();
        assertEquals("refund.succeeded", refund.getString("type"));
        assertEquals("wh-" + ref, refund.getJsonObject("data").getString("refundRef"));
        assertEquals(400, refund.getJsonObject("data").getJsonNumber("amount").longValue());
        JsonObject payment = receiver.at(paymentPath).get(1).json();
        assertEquals("payment.refunded", payment.getString("type"));
        assertEquals("REFUND", payment.getJsonObject("data").getString("tradeState"));
        assertEquals("partly refunded: 400 of 1000 CNY", payment.getJsonObject("data").getString("tradeStateDesc"));

        List<String> types = events(ref).stream().map(v -> v.asJsonObject().getString("type")).toList();
        assertEquals(List.of("payment.succeeded", "refund.succeeded", "payment.refunded"), types);
        String first = events(ref).getJsonObject(0).getString("id");
        Reply again = send("POST", at(base, "v1/events/" + merchant + "/" + first + "/redeliver"), null, "app-api-key", key);
        assertEquals(202, again.status(), again::toString);
        awaitTrue(() -> receiver.at(paymentPath).size() == 3, "sent again");
        Delivery resent = receiver.at(paymentPath).get(2);
        assertEquals(first, resent.headers().get("webhook-id"), "the same webhook-id");
        assertSigned(resent);
        assertEquals(404, send("POST", at(base, "v1/events/" + merchant + "/evt_nosuch/redeliver"), null, "app-api-key", key).status());
        assertNotAuthenticated(get(at(base, "v1/events/" + merchant + "?order_ref=" + ref), "app-api-key", System.getenv("DEMO_API_KEY")));
        assertNotAuthenticated(send("POST", at(base, "v1/events/" + merchant + "/" + first + "/redeliver"), null));
    }

    @Test
    void aPaymentPaidAtTheCompanyIsAnnouncedWithNoQueryByAnyone() throws Exception {
        for (String method : List.of("alphapay", "betapay")) {
            String path = "/unqueried-" + method;
            String ref = created(method, 1_500, receiver.url(path));
            assertEquals(200, SANDBOX.pay(method, merchant, ref).status());
            awaitTrue(() -> receiver.at(path).size() == 1, method + ": the company's callback made the event");
            Delivery d = receiver.at(path).get(0);
            assertSigned(d);
            assertEquals("payment.succeeded", d.json().getString("type"));
            assertEquals("SUCCESS", d.json().getJsonObject("data").getString("tradeState"));
            assertEquals(0, SANDBOX.requests(method, merchant, "query", ref), method + ": nobody asked the company");
            // The company records its callback answered once the broker's answer is back, which may be
            // after the broker's own event reached the merchant.
            awaitTrue(() -> "DELIVERED".equals(callbacks(method, ref).getJsonObject(0).getString("state")),
                    method + ": the company's callback answered: " + callbacks(method, ref).getJsonObject(0));
        }
    }

    @Test
    void theSameGenuineCallbackTwiceMakesOneEvent() throws Exception {
        String path = "/twice";
        String ref = created("alphapay", 700, receiver.url(path));
        assertEquals(200, SANDBOX.pay("alphapay", merchant, ref).status());
        awaitTrue(() -> receiver.at(path).size() == 1, "the first callback made the event");
        Reply resent = send("POST", SANDBOX.base().resolve("alphapay/" + merchant + "/orders/" + ref + "/callbacks/resend"), null,
                "Authorization", basic("admin", System.getenv("SANDBOX_ADMIN_PASSWORD")));
        assertEquals(200, resent.status(), resent::toString);
        awaitTrue(() -> "DELIVERED".equals(callbacks("alphapay", ref).getJsonObject(0).getString("state"))
                && callbacks("alphapay", ref).getJsonObject(0).getInt("attempts") == 2, "the company sent it again and the broker took it");
        assertEquals(1, events(ref).size(), "one event");
        assertEquals(1, receiver.at(path).size(), "one delivery");
    }

    @Test
    void anAlphapayRefundIsAnnouncedWhenTheCompanyFinishesIt() throws Exception {
        String paymentPath = "/payment-a";
        String refundPath = "/refund-a";
        String ref = paid("alphapay", 900, receiver.url(paymentPath));
        Reply refunded = postJson(at(base, "v1/refund/" + merchant), "{\"paymentMethod\":\"alphapay\",\"orderRef\":\"" + ref
                + "\",\"refundRef\":\"wa-" + ref + "\",\"amount\":900,\"notifyUrl\":\"" + receiver.url(refundPath) + "\"}", "app-api-key", key);
        assertEquals("PROCESSING", refunded.json().getString("state"), refunded::toString);
        awaitTrue(() -> receiver.at(refundPath).size() == 1, "the company's refund callback made the event");
        JsonObject event = receiver.at(refundPath).get(0).json();
        assertEquals("refund.succeeded", event.getString("type"));
        assertEquals("SUCCESS", event.getJsonObject("data").getString("state"));
        assertTrue(event.getJsonObject("data").getString("successTime").endsWith("+08:00"), event::toString);
        awaitTrue(() -> receiver.at(paymentPath).stream().anyMatch(x -> x.json().getString("type").equals("payment.refunded")),
                "and the payment's");
    }

    @Test
    void aGenuineCallbackThatDoesNotDecryptIsRefusedUntilTheRightKeyIsRegistered() throws Exception {
        // Another merchant whose alphapay account is registered with a wrong API v3 key: the
        // company's callbacks are signed by it but do not decrypt.
        String other = "wk-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + other + "\"}", "Authorization", ADMIN).status());
        String otherKey = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + other + "\"]}", "Authorization", ADMIN).json().getString("key");
        JsonObject account = SANDBOX.register(at(base, ""), ADMIN, other, "alphapay");
        URI registration = at(base, "admin/merchants/" + other + "/companies/alphapay");
        String wrong = Json.createObjectBuilder(account).add("apiV3Key", "WrongKey0123456789abcdefghijklmn").build().toString();
        assertEquals(200, send("PUT", registration, wrong, "Content-Type", "application/json", "Authorization", ADMIN).status());
        assertEquals(201, send("POST", at(base, "admin/merchants/" + other + "/webhook-secret"), null, "Authorization", ADMIN).status());
        String path = "/undecryptable";
        String ref = "wk" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        assertEquals(200, postJson(at(base, "v1/payment/" + other), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":300,\"currency\":\"CNY\",\"notifyUrl\":\"" + receiver.url(path) + "\"}",
                "app-api-key", otherKey).status());
        assertEquals(200, SANDBOX.pay("alphapay", other, ref).status());
        java.util.function.Supplier<JsonObject> callback = () -> get(SANDBOX.base().resolve("alphapay/" + other + "/orders/" + ref + "/callbacks"),
                "Authorization", basic("admin", System.getenv("SANDBOX_ADMIN_PASSWORD"))).json().getJsonArray("callbacks").getJsonObject(0);
        awaitTrue(() -> callback.get().getInt("attempts") >= 2, "the company sent it and sent it again");
        assertEquals("PENDING", callback.get().getString("state"));
        assertEquals(400, callback.get().getInt("lastStatus"), "refused: failure");
        Reply listed = get(at(base, "v1/events/" + other + "?order_ref=" + ref), "app-api-key", otherKey);
        assertEquals(0, listed.json().getJsonArray("events").size(), "nothing changed: no event");
        assertEquals(0, receiver.at(path).size());

        assertEquals(200, send("PUT", registration, account.toString(), "Content-Type", "application/json", "Authorization", ADMIN).status());
        awaitTrue(() -> receiver.at(path).size() == 1, "with the right key the company's next attempt is taken");
        assertEquals("payment.succeeded", receiver.at(path).get(0).json().getString("type"));
        assertEquals("DELIVERED", callback.get().getString("state"));
    }

    @Test
    void callbacksNotSignedByTheCompanyAreRefusedAndChangeNothing() throws Exception {
        String path = "/forged";
        String ref = "wh" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        assertEquals(200, postJson(at(base, "v1/payment/" + merchant), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":100,\"currency\":\"CNY\",\"notifyUrl\":\"" + receiver.url(path) + "\"}",
                "app-api-key", key).status());
        long now = System.currentTimeMillis() / 1000;
        String envelope = "{\"id\":\"EV-forged\",\"create_time\":\"2026-11-25T20:00:00+08:00\",\"resource_type\":\"encrypt-resource\","
                + "\"event_type\":\"TRANSACTION.SUCCESS\",\"summary\":\"paid\",\"resource\":{\"original_type\":\"transaction\","
                + "\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"AAAA\",\"associated_data\":\"transaction\",\"nonce\":\"abcdefabcdef\"}}";
        URI alphapay = at(base, "notify/alphapay/" + merchant);
        List<Reply> refused = List.of(
                send("POST", alphapay, envelope, "Content-Type", "application/json"),
                send("POST", alphapay, envelope, "Content-Type", "application/json", "Alphapay-Timestamp", String.valueOf(now),
                        "Alphapay-Nonce", "n1", "Alphapay-Signature", Base64.getEncoder().encodeToString(new byte[256]), "Alphapay-Serial", "x"),
                send("POST", at(base, "notify/betapay/" + merchant), "notify_time=2026-11-25+20%3A00%3A00&out_trade_no=" + ref
                        + "&trade_status=TRADE_SUCCESS&total_amount=1.00&sign=AAAA&sign_type=RSA2", "Content-Type", "application/x-www-form-urlencoded"),
                send("POST", at(base, "notify/gammapay/" + merchant), envelope, "Content-Type", "application/json"),
                send("POST", at(base, "notify/alphapay/nobody-" + merchant), envelope, "Content-Type", "application/json"));
        for (Reply r : refused) {
            assertEquals(400, r.status(), r::toString);
            assertEquals("failure", r.body().strip(), "answered as the companies expect");
        }
        assertEquals("NOTPAY", queryPayment("alphapay", ref).getString("tradeState"), "nothing changed");
        assertEquals(List.of(), events(ref).stream().toList(), "no event");
        assertEquals(0, receiver.at(path).size());
    }

    // ---- secrets at rest ----------------------------------------------------------------------------

    @Test
    @org.junit.jupiter.api.Order(1) // before the reseal test rewrites this merchant's row
    void theWebhookSecretIsStoredSealedAndItsTextIsNowhereInTheDatabaseFile() throws Exception {
        String text = secret.substring("whsec_".length());
        String stored = storedSecret(merchant);
        assertTrue(stored.startsWith("A256GCM:it2:"), () -> "sealed under the newest key, it2, not "
                + (KeyRing.isSealed(stored) ? "under " + KeyRing.keyIdOf(stored) : "in the clear"));
        assertFalse(stored.contains(text), "no secret text in the table");
        // The database's own files, as a copy of them would hold them: the module's PostgreSQL
        // cluster (PGDATA_DIR, beside DATA_DIR), after a checkpoint has written every page out.
        java.nio.file.Path files = java.nio.file.Path.of(System.getenv("PGDATA_DIR"));
        try (Connection c = dataSource.getConnection(); java.sql.Statement s = c.createStatement()) {
            s.execute("CHECKPOINT");
        }
        assertTrue(filesHold(files, stored), "the sealed secret is written to the files under " + files);
        assertFalse(filesHold(files, text), "the secret's text is in no file under " + files);
        String path = "/sealed";
        paid("alphapay", 100, receiver.url(path));
        awaitTrue(() -> receiver.at(path).size() == 1, "delivered");
        assertSigned(receiver.at(path).get(0));
    }

    @Test
    void aSecretUnderTheOlderKeyStillSignsAndTheResealSealsItAndAClearOneUnderTheNewestKey() throws Exception {
        // As stored by earlier versions: this merchant's secret under it1, another's in the clear.
        KeyRing it1 = KeyRing.parse(System.getenv("CREDENTIALS_KEY").split(",")[0]);
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("UPDATE webhook_secret SET secret = ? WHERE merchant = ?")) {
            s.setString(1, it1.seal(secret, EventLedger.context(merchant)));
            s.setString(2, merchant);
            assertEquals(1, s.executeUpdate());
        }
        String other = "whc-" + UUID.randomUUID().toString().substring(0, 8);
        String clear = org.cbec.webhook.control.WebhookSignature.newSecret();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("INSERT INTO webhook_secret (id, merchant, secret, created_at) VALUES (?, ?, ?, ?)")) {
            s.setLong(1, -Math.abs(UUID.randomUUID().getMostSignificantBits() % 1_000_000_000L) - 1);
            s.setString(2, other);
            s.setString(3, clear);
            s.setObject(4, OffsetDateTime.now(ZoneOffset.UTC));
            assertEquals(1, s.executeUpdate());
        }
        String before = "/older-key";
        paid("betapay", 100, receiver.url(before));
        awaitTrue(() -> receiver.at(before).size() == 1, "delivered with the secret under it1");
        assertSigned(receiver.at(before).get(0));

        Reply resealed = postJson(at(base, "admin/credentials/reseal"), "", "Authorization", ADMIN);
        assertEquals(200, resealed.status(), resealed::toString);
        assertEquals("it2", resealed.json().getString("keyId"));
        assertTrue(resealed.json().getInt("rewritten") >= 2, resealed::toString);
        assertTrue(storedSecret(merchant).startsWith("A256GCM:it2:"));
        assertTrue(storedSecret(other).startsWith("A256GCM:it2:"), "the clear secret is sealed");
        assertFalse(storedSecret(other).contains(clear.substring("whsec_".length())));

        String after = "/resealed";
        paid("betapay", 100, receiver.url(after));
        awaitTrue(() -> receiver.at(after).size() == 1, "delivered with the resealed secret");
        assertSigned(receiver.at(after).get(0));
    }

    // ---- isolation -----------------------------------------------------------------------------------

    /** A receiver that takes every connection and never answers. */
    static final class Silent implements AutoCloseable {
        final java.net.ServerSocket socket;
        final List<java.net.Socket> held = new CopyOnWriteArrayList<>();

        Silent() throws IOException {
            socket = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress());
            Thread t = new Thread(() -> {
                while (!socket.isClosed()) {
                    try {
                        held.add(socket.accept());
                    } catch (IOException closed) {
                        return;
                    }
                }
            }, "silent-receiver");
            t.setDaemon(true);
            t.start();
        }

        String url() {
            return "http://127.0.0.1:" + socket.getLocalPort() + "/never";
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (java.net.Socket s : held) {
                s.close();
            }
        }
    }

    /** The server's log records while it is installed (the test runs inside the server). */
    static final class LogRecords extends java.util.logging.Handler implements AutoCloseable {
        final List<java.util.logging.LogRecord> records = new CopyOnWriteArrayList<>();

        LogRecords() {
            java.util.logging.Logger.getLogger("").addHandler(this);
        }

        @Override
        public void publish(java.util.logging.LogRecord r) {
            records.add(r);
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
            java.util.logging.Logger.getLogger("").removeHandler(this);
        }

        List<java.util.logging.LogRecord> from(String loggerPrefix) {
            return records.stream().filter(r -> r.getLoggerName() != null && r.getLoggerName().startsWith(loggerPrefix)).toList();
        }
    }

    @Test
    void thirtyUndeliverableEventsOfOneMerchantDelayNoOtherMerchantAndEachAttemptIsOneShortLogLine() throws Exception {
        String poison = "wp-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + poison + "\"}", "Authorization", ADMIN).status());
        assertEquals(201, send("POST", at(base, "admin/merchants/" + poison + "/webhook-secret"), null, "Authorization", ADMIN).status());
        Reply refused = postJson(at(base, "v1/payment/" + merchant), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"whport" + UUID.randomUUID().toString().substring(0, 8) + "\",\"actualAmount\":100,\"currency\":\"CNY\","
                + "\"notifyUrl\":\"http://127.0.0.1:99999/p\"}", "app-api-key", key);
        assertEquals(422, refused.status(), "a notifyUrl no client can send to is refused where it is given: " + refused);
        assertEquals("notifyUrl", refused.json().getString("field"), refused::toString);
        OffsetDateTime from = OffsetDateTime.now(ZoneOffset.UTC);
        try (Silent silent = new Silent(); LogRecords log = new LogRecords()) {
            // 15 events to a port no client can connect to (stored before such a notifyUrl was refused
            // where it is given), and 15 to a receiver that never answers: each attempt there lasts 10 s.
            List<String> unreachable = new java.util.ArrayList<>();
            List<String> hanging = new java.util.ArrayList<>();
            // The unreachable ones are due first: the merchant's events go one at a time, so its
            // silent receiver delays its own later events, as it may, and no other merchant's.
            OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
            for (int i = 0; i < 15; i++) {
                unreachable.add(storedEvent(poison, "http://127.0.0.1:99999/p", now.minusMinutes(1)));
                hanging.add(storedEvent(poison, silent.url(), now));
            }
            Thread.sleep(1_500); // a poll has found them
            String path = "/not-delayed";
            String ref = paid("alphapay", 700, receiver.url(path));
            long paidAt = System.nanoTime();
            awaitTrue(() -> receiver.at(path).size() == 1, "another merchant's event is delivered");
            long millis = (System.nanoTime() - paidAt) / 1_000_000;
            // Behind the poisoned merchant's queue it would wait for a silent receiver's attempt (10 s); polls are 0.5 s
            // apart, and the bound leaves room for a loaded machine.
            assertTrue(millis < 8_000, "delivered " + millis + " ms after the payment, before a silent receiver's attempt of 10 s ends");
            // The receiver has the event; the broker records it delivered once the answer is read.
            awaitTrue(() -> "DELIVERED".equals(events(ref).getJsonObject(0).getString("state")), "the event recorded DELIVERED");

            awaitTrue(() -> unreachable.stream().allMatch(id -> "FAILED".equals(stored(id, "state"))), "each unreachable event FAILED");
            for (String id : unreachable) {
                assertEquals("1", stored(id, "attempts"), "failed after its one attempt: the port is no port");
            }
            awaitTrue(() -> hanging.stream().anyMatch(id -> !"0".equals(stored(id, "attempts"))), "a silent receiver's attempt ends");
            cancelAll(poison);
            Thread.sleep(500); // an attempt that was on its way is recorded

            int attempts = 0;
            try (Connection c = dataSource.getConnection(); PreparedStatement q = c.prepareStatement(
                    "SELECT COUNT(*) FROM merchant_event_attempt WHERE attempted_at >= ?")) {
                q.setObject(1, from);
                ResultSet rs = q.executeQuery();
                rs.next();
                attempts = rs.getInt(1);
            }
            List<java.util.logging.LogRecord> thrown = log.records.stream().filter(r -> r.getThrown() != null).toList();
            assertEquals(List.of(), thrown.stream().map(r -> r.getLoggerName() + ": " + r.getThrown()).toList(), "no stack trace");
            List<java.util.logging.LogRecord> lines = log.from("org.cbec.webhook");
            assertTrue(lines.size() <= attempts, lines.size() + " webhook log lines for " + attempts + " attempts");
            for (java.util.logging.LogRecord r : lines) {
                String line = new java.util.logging.SimpleFormatter().formatMessage(r);
                assertTrue(line.length() <= 300 && !line.contains("\n"), "a short line: " + line);
            }
        } finally {
            cancelAll(poison);
        }
    }

    @Test
    void twoClaimantsOfTheSameDueEventsTakeEachEventOnceAndNeitherFails() throws Exception {
        String other = "wc-" + UUID.randomUUID().toString().substring(0, 8);
        List<String> ids = new java.util.ArrayList<>();
        // Not due before the claimants run: the server's own poller leaves them alone.
        OffsetDateTime later = OffsetDateTime.now(ZoneOffset.UTC).plusHours(1);
        for (int i = 0; i < 40; i++) {
            ids.add(storedEvent(other, "http://127.0.0.1:1/n", later));
        }
        EventLedger ledger = (EventLedger) new javax.naming.InitialContext().lookup("java:module/EventLedger");
        try (LogRecords log = new LogRecords()) {
            java.util.concurrent.ExecutorService two = java.util.concurrent.Executors.newFixedThreadPool(2);
            java.util.concurrent.CountDownLatch go = new java.util.concurrent.CountDownLatch(1);
            List<java.util.concurrent.Future<List<String>>> claims = new java.util.ArrayList<>();
            for (int t = 0; t < 2; t++) {
                claims.add(two.submit(() -> {
                    go.await();
                    List<String> mine = new java.util.ArrayList<>();
                    for (int round = 0; round < 20; round++) {
                        OffsetDateTime now = later.plusSeconds(1);
                        ledger.claim(other, now, now.plusHours(1), 3).forEach(d -> mine.add(d.id()));
                    }
                    return mine;
                }));
            }
            go.countDown();
            List<String> first = claims.get(0).get();
            List<String> second = claims.get(1).get();
            two.shutdown();
            assertEquals(40, first.size() + second.size(), "every event claimed: " + first.size() + " + " + second.size());
            assertEquals(new java.util.HashSet<>(ids), new java.util.HashSet<>(first) {{ addAll(second); }}, "each once");
            assertTrue(java.util.Collections.disjoint(first, second), "never by both");
            assertEquals(List.of(), log.records.stream().filter(r -> r.getLevel().intValue() >= java.util.logging.Level.WARNING.intValue())
                    .map(r -> r.getLoggerName() + ": " + r.getMessage()).toList(), "the race writes nothing to the log");
        } finally {
            cancelAll(other);
        }
    }

    /** An event stored as the outbox stores one, due now. */
    private String storedEvent(String of, String target) throws Exception {
        return storedEvent(of, target, OffsetDateTime.now(ZoneOffset.UTC));
    }

    private String storedEvent(String of, String target, OffsetDateTime due) throws Exception {
        String id = "evt_" + UUID.randomUUID().toString().replace("-", "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("INSERT INTO merchant_event"
                + " (id, merchant, payment_id, refund_id, type, body, target_url, state, attempts, next_attempt_at, created_at, version)"
                + " VALUES (?, ?, NULL, NULL, 'payment.succeeded', ?, ?, 'PENDING', 0, ?, ?, 0)")) {
            s.setString(1, id);
            s.setString(2, of);
            s.setString(3, "{\"id\":\"" + id + "\",\"type\":\"payment.succeeded\",\"merchant\":\"" + of + "\",\"data\":{}}");
            s.setString(4, target);
            s.setObject(5, due);
            s.setObject(6, OffsetDateTime.now(ZoneOffset.UTC));
            s.executeUpdate();
        }
        return id;
    }

    private String stored(String id, String column) {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT " + column + " FROM merchant_event WHERE id = ?")) {
            s.setString(1, id);
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next(), id);
            return rs.getString(1);
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** The test's clean-up: no more attempts for the merchant's events. */
    private void cancelAll(String of) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                "UPDATE merchant_event SET state = 'CANCELLED', next_attempt_at = NULL WHERE merchant = ? AND state = 'PENDING'")) {
            s.setString(1, of);
            s.executeUpdate();
        }
    }

    // ---- cancelling -----------------------------------------------------------------------------------

    @Test
    void aMerchantCancelsTheRetriesOfAnEventItsReceiverKeepsRefusing() throws Exception {
        String path = "/down";
        receiver.answers.put(path, new ArrayDeque<>(java.util.Collections.nCopies(50, 503)));
        String ref = paid("betapay", 100, receiver.url(path));
        awaitTrue(() -> receiver.at(path).size() >= 1, "a first attempt");
        String id = events(ref).getJsonObject(0).getString("id");

        assertNotAuthenticated(send("POST", at(base, "v1/events/" + merchant + "/" + id + "/cancel"), null, "app-api-key",
                System.getenv("DEMO_API_KEY")));
        assertEquals(404, send("POST", at(base, "v1/events/demo/" + id + "/cancel"), null, "app-api-key",
                System.getenv("DEMO_API_KEY")).status(), "not the demo merchant's event");
        assertEquals(404, send("POST", at(base, "v1/events/" + merchant + "/evt_nosuch/cancel"), null, "app-api-key", key).status());

        Reply cancelled = send("POST", at(base, "v1/events/" + merchant + "/" + id + "/cancel"), null, "app-api-key", key);
        assertEquals(200, cancelled.status(), cancelled::toString);
        assertEquals("CANCELLED", cancelled.json().getJsonObject("event").getString("state"));
        assertEquals(JsonValue.NULL, cancelled.json().getJsonObject("event").get("nextAttemptAt"));
        Thread.sleep(500); // an attempt on its way when cancelled still ends
        int attempts = receiver.at(path).size();
        Thread.sleep(8_000); // retries come after 0.5, 1, 2, 4 s here
        assertEquals(attempts, receiver.at(path).size(), "no attempt after the cancellation");
        JsonObject listed = events(ref).getJsonObject(0);
        assertEquals("CANCELLED", listed.getString("state"));
        assertEquals(attempts, listed.getJsonArray("attempts").size(), "the listing shows every attempt made");
        assertEquals(200, send("POST", at(base, "v1/events/" + merchant + "/" + id + "/cancel"), null, "app-api-key", key).status(),
                "safe to repeat");

        String ok = "/answered";
        String delivered = paid("betapay", 100, receiver.url(ok));
        awaitTrue(() -> "DELIVERED".equals(events(delivered).getJsonObject(0).getString("state")), "delivered");
        Reply late = send("POST", at(base, "v1/events/" + merchant + "/" + events(delivered).getJsonObject(0).getString("id") + "/cancel"),
                null, "app-api-key", key);
        assertEquals(409, late.status(), late::toString);
        assertEquals("eventId", late.json().getString("field"), late::toString);
    }

    @Test
    @org.junit.jupiter.api.Order(Integer.MAX_VALUE)
    void neitherTheWebhookSecretNorTheApiV3KeyIsInTheServersLog() throws Exception {
        java.nio.file.Path log = java.nio.file.Path.of(System.getenv("CBEC_SERVER_LOG"));
        List<java.nio.file.Path> files;
        try (var listed = java.nio.file.Files.list(log.getParent())) {
            files = listed.filter(p -> p.getFileName().toString().startsWith(log.getFileName().toString())
                    && !p.getFileName().toString().endsWith(".lck")).toList();
        }
        assertTrue(!files.isEmpty(), "the server log exists");
        for (java.nio.file.Path file : files) {
            assertEquals(List.of(), org.cbec.testing.LogSecrets.findings(file, List.of(secret, apiV3Key)), file.toString());
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /** The merchant's newest stored webhook secret, as a database client reads it. */
    private String storedSecret(String of) throws Exception {
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("SELECT secret FROM webhook_secret WHERE merchant = ? ORDER BY created_at DESC")) {
            s.setString(1, of);
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next(), "a secret of " + of);
            return rs.getString(1);
        }
    }

    private static boolean filesHold(java.nio.file.Path dir, String text) throws java.io.IOException {
        try (var files = Files.walk(dir)) {
            // Files PostgreSQL removes meanwhile (temporary ones) are not the table's.
            return files.filter(Files::isRegularFile).anyMatch(f -> Files.exists(f) && fileHolds(f, text));
        }
    }

    private static boolean fileHolds(java.nio.file.Path file, String text) {
        try {
            byte[] bytes = Files.readAllBytes(file);
            byte[] wanted = text.getBytes(StandardCharsets.US_ASCII);
            outer:
            for (int i = 0; i + wanted.length <= bytes.length; i++) {
                for (int j = 0; j < wanted.length; j++) {
                    if (bytes[i + j] != wanted[j]) {
                        continue outer;
                    }
                }
                return true;
            }
            return false;
        } catch (java.nio.file.NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /** The Standard Webhooks rule: some {@code v1,} signature is the HMAC-SHA256 of id.timestamp.body with the secret's bytes. */
    private static void assertSigned(Delivery d) {
        String id = d.headers().get("webhook-id");
        String timestamp = d.headers().get("webhook-timestamp");
        long age = System.currentTimeMillis() / 1000 - Long.parseLong(timestamp);
        assertTrue(age >= -5 && age < 300, "a fresh timestamp: " + timestamp);
        String expected;
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            expected = "v1," + Base64.getEncoder().encodeToString(mac.doFinal((id + "." + timestamp + "." + d.body())
                    .getBytes(StandardCharsets.UTF_8)));
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
        assertTrue(List.of(d.headers().get("webhook-signature").split(" ")).contains(expected),
                () -> "signed with the merchant's secret: " + d.headers());
        assertTrue(d.headers().get("content-type").startsWith("application/json"), d.headers()::toString);
    }

    private String paid(String method, long amount, String notifyUrl) {
        String ref = "wh" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        Reply created = postJson(at(base, "v1/payment/" + merchant), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"CNY\",\"notifyUrl\":\"" + notifyUrl + "\"}",
                "app-api-key", key);
        assertEquals(200, created.status(), created::toString);
        assertEquals(200, SANDBOX.pay(method, merchant, ref).status());
        assertEquals("SUCCESS", queryPayment(method, ref).getString("tradeState"));
        return ref;
    }

    /** A payment created and not queried by anyone. */
    private String created(String method, long amount, String notifyUrl) {
        String ref = "wh" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        Reply created = postJson(at(base, "v1/payment/" + merchant), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"CNY\",\"notifyUrl\":\"" + notifyUrl + "\"}",
                "app-api-key", key);
        assertEquals(200, created.status(), created::toString);
        return ref;
    }

    /** The callbacks the company wrote for the order, as its admin API shows them. */
    private static jakarta.json.JsonArray callbacks(String method, String ref) {
        Reply r = get(SANDBOX.base().resolve(method + "/" + merchant + "/orders/" + ref + "/callbacks"), "Authorization",
                basic("admin", System.getenv("SANDBOX_ADMIN_PASSWORD")));
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("callbacks");
    }

    private JsonObject queryPayment(String method, String ref) {
        Reply q = get(at(base, "v1/payment/" + merchant + "?order_ref=" + ref + "&payment_method=" + method), "app-api-key", key);
        assertEquals(200, q.status(), q::toString);
        return q.json();
    }

    private jakarta.json.JsonArray events(String ref) {
        Reply r = get(at(base, "v1/events/" + merchant + "?order_ref=" + ref), "app-api-key", key);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("events");
    }

}
