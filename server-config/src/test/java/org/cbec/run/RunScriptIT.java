package org.cbec.run;

import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.cbec.testing.Bursts;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.LogSecrets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README's run command, for real: {@code server-config/run} starts both WARs on Payara Micro,
 * with the file-based H2 database under DATA_DIR or, given DB_URL, on PostgreSQL (a private
 * cluster started by {@code server-config/postgres}); data written through the API is there after
 * a Ctrl-C and a second start.
 */
class RunScriptIT {

    private static final String ADMIN_PASSWORD = "run-it-admin-password";
    private static final String DEMO_API_KEY = "run-it-demo-broker-key-0123456789";
    private static final String DEMO_CA_KEY = "run-it-demo-checkout-key-0123456789";

    private final Path dataDir = Path.of("target", "run-it-data").toAbsolutePath();
    private final Path postgresDir = Path.of("target", "run-it-postgres").toAbsolutePath();
    private final Map<String, String> database = new HashMap<>();
    private Process server;

    @AfterEach
    void stop() throws Exception {
        if (server != null && server.isAlive()) {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        if (database.containsKey("DB_URL")) {
            script("postgres", "stop", postgresDir.toString());
        }
    }

    @Test
    void dataWrittenBeforeARestartIsThereAfterItOnTheEmbeddedH2Database() throws Exception {
        String schemaLine = restartScenario("h2");
        assertTrue(schemaLine.contains("H2") && schemaLine.contains(dataDir.resolve("db").toString()), schemaLine);
    }

    @Test
    void dataWrittenBeforeARestartIsThereAfterItOnPostgreSql() throws Exception {
        Scripts.deleteRecursively(postgresDir);
        for (String line : script("postgres", "start", postgresDir.toString(), String.valueOf(freePort()))) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2 && kv[0].startsWith("DB_")) {
                database.put(kv[0], kv[1]);
            }
        }
        assertEquals(3, database.size(), database.keySet()::toString);
        // Production-like: the sandbox companies are switched off, and then do not exist.
        database.put("SANDBOX_ENABLED", "false");
        String schemaLine = restartScenario("postgres");
        assertTrue(schemaLine.contains("PostgreSQL"), schemaLine);
        assertFalse(Files.readString(Path.of("target", "run-it-postgres-1.log")).contains(database.get("DB_PASSWORD")),
                "the database password is not logged");
    }

    @Test
    void everyPaymentAnsweredBeforeAKill9IsThereAfterTheRestart() throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = freePort();
        URI base = URI.create("http://localhost:" + port + "/");
        // The reconciliation takes over creates the killed server left half-done after 10 s, not 60 s.
        database.put("RECONCILIATION_STALE_CREATING_MS", "10000");
        database.put("RECONCILIATION_INTERVAL_MS", "2000");
        Path firstLog = start(port, "run-it-crash-1.log");
        awaitReady(base, firstLog);

        Map<String, String> answered = new java.util.concurrent.ConcurrentHashMap<>();
        Set<String> sent = java.util.concurrent.ConcurrentHashMap.newKeySet();
        java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
        java.util.concurrent.ExecutorService load = java.util.concurrent.Executors.newFixedThreadPool(8);
        String prefix = "crash" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        for (int t = 0; t < 8; t++) {
            int thread = t;
            load.submit(() -> {
                for (int n = 0; !killed.get(); n++) {
                    String ref = prefix + "t" + thread + "n" + n;
                    String method = n % 2 == 0 ? "alphapay" : "betapay";
                    sent.add(method + " " + ref);
                    try {
                        Reply r = create(base, method, ref);
                        if (r.status() == 200 && !killed.get()) {
                            answered.put(method + " " + ref, r.json().getString("payMessage"));
                        }
                    } catch (AssertionError | RuntimeException connectionLost) {
                        return;
                    }
                }
            });
        }
        Instant until = Instant.now().plusSeconds(30);
        while (answered.size() < 100 && Instant.now().isBefore(until)) {
            Thread.sleep(50);
        }
        assertTrue(answered.size() >= 20, "creates were answered under load: " + answered.size());
        new ProcessBuilder("kill", "-KILL", String.valueOf(server.pid())).inheritIO().start().waitFor();
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "kill -9 ended the server");
        killed.set(true);
        load.shutdown();
        assertTrue(load.awaitTermination(90, TimeUnit.SECONDS));
        Map<String, String> answeredBeforeTheKill = Map.copyOf(answered);

        Path secondLog = start(port, "run-it-crash-2.log");
        awaitReady(base, secondLog);
        for (Map.Entry<String, String> e : answeredBeforeTheKill.entrySet()) {
            String[] methodAndRef = e.getKey().split(" ");
            Reply q = get(base.resolve("broker/v1/payment/demo?order_ref=" + methodAndRef[1] + "&payment_method=" + methodAndRef[0]),
                    "app-api-key", DEMO_API_KEY);
            assertEquals(200, q.status(), () -> e.getKey() + " answered 200 before the kill: " + q);
            assertEquals("NOTPAY", q.json().getString("tradeState"), q::toString);
            // The merchant's identical create returns the stored payment: the same company reference.
            Reply again = create(base, methodAndRef[0], methodAndRef[1]);
            assertEquals(200, again.status(), again::toString);
            assertEquals(e.getValue(), again.json().getString("payMessage"), "the company reference survived for " + e.getKey());
        }
        // The creates in flight at the kill: each is either unknown to the broker (its row was never
        // committed) or, once the reconciliation took it over, a payment with its company reference.
        Instant settle = Instant.now().plusSeconds(90);
        Set<String> unsettled = new java.util.HashSet<>(sent);
        unsettled.removeAll(answeredBeforeTheKill.keySet());
        int inFlight = unsettled.size();
        while (!unsettled.isEmpty() && Instant.now().isBefore(settle)) {
            unsettled.removeIf(k -> {
                String[] methodAndRef = k.split(" ");
                Reply q = get(base.resolve("broker/v1/payment/demo?order_ref=" + methodAndRef[1] + "&payment_method=" + methodAndRef[0]),
                        "app-api-key", DEMO_API_KEY);
                return q.status() == 404 || q.status() == 200 && "NOTPAY".equals(q.json().getString("tradeState"));
            });
            Thread.sleep(1000);
        }
        assertEquals(Set.of(), unsettled, "every create in flight at the kill (" + inFlight + ") was settled by the reconciliation");
        for (String k : sent) {
            String[] methodAndRef = k.split(" ");
            Reply q = get(base.resolve("broker/v1/payment/demo?order_ref=" + methodAndRef[1] + "&payment_method=" + methodAndRef[0]),
                    "app-api-key", DEMO_API_KEY);
            if (q.status() == 200) {
                Reply again = create(base, methodAndRef[0], methodAndRef[1]);
                assertTrue(again.status() == 200 && again.json().getString("payMessage").startsWith(methodAndRef[0]),
                        () -> k + " has its company reference: " + again);
            }
        }
        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        for (Path log : new Path[] {firstLog, secondLog}) {
            assertEquals(List.of(), LogSecrets.findings(log, List.of(ADMIN_PASSWORD, DEMO_API_KEY, DEMO_CA_KEY)));
        }
    }

    @Test
    void onFiveHttpThreadsDuplicatesAreAnsweredAtOnceAndASlowBurstLeavesTheCircuitClosed() throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = freePort();
        URI base = URI.create("http://localhost:" + port + "/");
        // Payara Server's default pool size, which a fresh domain ran with in issue 12.
        database.put("HTTP_THREADS", "5");
        Path log = start(port, "run-it-threads.log");
        awaitReady(base, log);

        // 20 identical creates at once, the company taking 2 s to answer the one it gets: the others
        // are told at once that it is in progress (409), none holding a thread while it waits.
        String ref = "burst" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        assertEquals(200, Http.send("PUT", base.resolve("broker/sandbox/alphapay/demo/faults"), "{\"mode\":\"SLOW\",\"latencyMs\":2000,"
                + "\"orderRef\":\"" + ref + "\"}", "Content-Type", "application/json", "app-api-key", DEMO_API_KEY).status());
        List<Bursts.Caller> callers = Bursts.atOnce(20, i -> create(base, "alphapay", ref));
        Http.send("DELETE", base.resolve("broker/sandbox/alphapay/demo/faults"), null, "app-api-key", DEMO_API_KEY);
        for (Bursts.Caller c : callers) {
            assertTrue(c.first().status() == 200 || c.first().status() == 409, () -> "no 5xx: " + c.first());
            assertTrue(c.firstMillis() < 5000, () -> "answered within the company's read timeout (5 s): " + c);
            assertEquals(200, c.last().status(), c.last()::toString);
        }
        assertEquals(1, callers.stream().filter(c -> c.first().status() == 200).count(),
                () -> "one create reached the company; every duplicate was answered 409 before its 2 s were over: " + callers);
        assertEquals(1, callers.stream().map(c -> c.last().json().getString("payMessage")).distinct().count(), callers::toString);

        // 30 different creates of one merchant against a company answering in 1 s: on 5 request
        // threads they queue, but the company's side answers on its own listener, so no call times
        // out and the circuit stays closed for the next merchant.
        assertEquals(200, Http.send("PUT", base.resolve("broker/sandbox/alphapay/demo/faults"), "{\"mode\":\"SLOW\",\"latencyMs\":1000}",
                "Content-Type", "application/json", "app-api-key", DEMO_API_KEY).status());
        String prefix = "slow" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        List<Bursts.Caller> slow = Bursts.atOnce(30, i -> create(base, "alphapay", prefix + "n" + i));
        Http.send("DELETE", base.resolve("broker/sandbox/alphapay/demo/faults"), null, "app-api-key", DEMO_API_KEY);
        for (Bursts.Caller c : slow) {
            assertEquals(200, c.last().status(), () -> "the broker's own queue is not a company failure: " + c.last());
        }
        String other = "other-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + other + "\"}", "Authorization", admin()).status());
        Reply account = Http.send("POST", base.resolve("broker/sandbox/alphapay/accounts"), null, "Authorization", admin());
        assertEquals(201, account.status(), account::toString);
        assertEquals(200, Http.send("PUT", base.resolve("broker/admin/merchants/" + other + "/companies/alphapay"), account.body(),
                "Content-Type", "application/json", "Authorization", admin()).status());
        String otherKey = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + other + "\"]}", "Authorization", admin())
                .json().getString("key");
        Reply next = postJson(base.resolve("broker/v1/payment/" + other), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"next1\",\"actualAmount\":100,\"currency\":\"CNY\"}", "app-api-key", otherKey);
        assertEquals(200, next.status(), () -> "another merchant's create goes through: " + next);
        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
    }

    private static Reply create(URI base, String method, String ref) {
        return postJson(base.resolve("broker/v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":" + (100 + ref.length()) + ",\"currency\":\"CNY\"}",
                "app-api-key", DEMO_API_KEY);
    }

    /** Writes through both admin APIs, restarts, reads it back; returns the first schema log line. */
    private String restartScenario(String name) throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = freePort();
        URI base = URI.create("http://localhost:" + port + "/");

        Path firstLog = start(port, "run-it-" + name + "-1.log");
        awaitReady(base, firstLog);
        assertTrue(get(base.resolve("openapi")).body().contains("/v1/merchant/{merchant}"), "the broker API is documented");
        assertTrue(get(base.resolve("openapi")).body().contains("/enterprises/{enterpriseId}"), "the checkout API is documented");

        String merchant = "restart-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin()).status());
        Reply issued = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin());
        assertEquals(201, issued.status(), issued::toString);
        String key = issued.json().getString("key");
        String enterprise = "restart-e-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("checkout/admin/enterprises"),
                "{\"enterpriseId\":\"" + enterprise + "\",\"name\":\"重启测试\"}", "Authorization", admin()).status());
        Reply caIssued = postJson(base.resolve("checkout/admin/keys"), "{\"enterprises\":[\"" + enterprise + "\"]}", "Authorization", admin());
        String caKey = caIssued.json().getJsonObject("data").getString("key");

        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS), "Ctrl-C stops the server");

        Path secondLog = start(port, "run-it-" + name + "-2.log");
        awaitReady(base, secondLog);
        Reply mine = get(base.resolve("broker/v1/merchant/" + merchant), "app-api-key", key);
        assertEquals(200, mine.status(), mine::toString);
        assertEquals(merchant, mine.json().getString("merchant"));
        Reply theirs = get(base.resolve("checkout/enterprises/" + enterprise), "x-ca-key", caKey);
        assertEquals(200, theirs.status(), theirs::toString);
        assertEquals("重启测试", theirs.json().getJsonObject("data").getString("name"));
        assertEquals(409, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"demo\"}", "Authorization", admin()).status(),
                "demo provisioning ran twice and created the demo merchant once");

        Reply sandbox = postJson(base.resolve("broker/sandbox/alphapay/v3/pay/transactions/native"), "{}");
        if ("false".equals(database.get("SANDBOX_ENABLED"))) {
            assertEquals(404, sandbox.status(), sandbox::toString);
            assertEquals(404, sandbox.json().getInt("code"));
        } else {
            assertEquals(401, sandbox.status(), "the sandbox is on by default and refuses an unsigned request: " + sandbox);
        }

        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        for (Path log : new Path[] {firstLog, secondLog}) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            // The demo merchant's company accounts hold private keys: none may be logged either (LogSecrets looks for them).
            assertEquals(List.of(), LogSecrets.findings(text, log.getFileName().toString(),
                    List.of(key, caKey, ADMIN_PASSWORD, DEMO_API_KEY, DEMO_CA_KEY)));
        }
        // Both WARs start against one database: the first migrates, every later start finds it current.
        List<String> first = schemaLines(firstLog);
        assertEquals(2, first.size(), first::toString);
        assertTrue(first.get(0).matches(".*\\(([1-9][0-9]*) migration\\(s\\) applied now\\).*"), first.get(0));
        assertTrue(first.get(1).contains("(0 migration(s) applied now)"), first.get(1));
        assertTrue(schemaLines(secondLog).stream().allMatch(l -> l.contains("(0 migration(s) applied now)")));
        return first.get(0);
    }

    private static List<String> schemaLines(Path log) throws IOException {
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream().filter(l -> l.contains("Schema of ")).toList();
    }

    /** Runs a script of this module and returns what it printed. */
    private static List<String> script(String name, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(name));
        command.addAll(List.of(args));
        return Scripts.run(command, Map.of(), List.of(), Duration.ofMinutes(5));
    }

    private Path start(int port, String logName) throws IOException {
        Path log = Path.of("target", logName).toAbsolutePath();
        ProcessBuilder builder = new ProcessBuilder(new File("run").getAbsolutePath())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("HTTP_PORT", String.valueOf(port));
        builder.environment().put("SANDBOX_PORT", String.valueOf(freePort()));
        builder.environment().put("DATA_DIR", dataDir.toString());
        builder.environment().put("ADMIN_PASSWORD", ADMIN_PASSWORD);
        builder.environment().put("DEMO_API_KEY", DEMO_API_KEY);
        builder.environment().put("DEMO_CA_KEY", DEMO_CA_KEY);
        builder.environment().remove("DB_URL");
        builder.environment().putAll(database);
        server = builder.start();
        return log;
    }

    /** Ready means: readiness UP and both services answering their demo keys. */
    private void awaitReady(URI base, Path log) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the run script exited: " + Scripts.tail(log));
            try {
                if (get(base.resolve("health/ready")).status() == 200
                        && get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status() == 200
                        && get(base.resolve("checkout/merchants/demo"), "x-ca-key", DEMO_CA_KEY).status() == 200) {
                    return;
                }
            } catch (AssertionError notYetListening) {
                // connection refused while Micro boots
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("not ready within 4 minutes: " + Scripts.tail(log));
    }

    private static void interrupt(Process process) throws Exception {
        // What Ctrl-C sends; the script exec's java, so the pid is Payara Micro's.
        new ProcessBuilder("kill", "-INT", String.valueOf(process.pid())).inheritIO().start().waitFor();
    }

    private static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
