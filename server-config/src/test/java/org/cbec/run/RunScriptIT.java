package org.cbec.run;

import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
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
import jakarta.json.JsonObject;
import org.cbec.testing.Await;
import org.cbec.testing.Bursts;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.LogSecrets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The README's run command, for real: {@code server-config/run} starts both WARs on Payara Micro,
 * with its embedded PostgreSQL under DATA_DIR (the default) or, given DB_URL, on another PostgreSQL
 * (a private cluster started by {@code server-config/postgres}); data written through the API is
 * there after a Ctrl-C and a second start, and every payment answered before a kill -9 of the
 * server and its database is there after the restart.
 */
class RunScriptIT {

    private static final String ADMIN_PASSWORD = "run-it-admin-password";
    private static final String DEMO_API_KEY = "run-it-demo-broker-key-0123456789";
    private static final String DEMO_CA_KEY = "run-it-demo-checkout-key-0123456789";

    private final Path dataDir = Path.of("target", "run-it-data").toAbsolutePath();
    private final Path postgresDir = Path.of("target", "run-it-postgres").toAbsolutePath();
    private final Map<String, String> database = new HashMap<>();
    private Process server;
    /** The HTTPS port of every start of this test (one at a time). */
    private final int httpsPort = Scripts.freePort();
    /** The sandbox's own listener of the latest start. */
    private int sandboxPort;

    @AfterEach
    void stop() throws Exception {
        if (server != null && server.isAlive()) {
            server.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        // A run ended by force (a failed test) leaves its embedded PostgreSQL to stop by itself: the
        // next test, which starts afresh in the same DATA_DIR, waits for it to be gone.
        Path pid = dataDir.resolve("pgdata").resolve("postmaster.pid");
        for (int i = 0; i < 600 && Files.exists(pid); i++) {
            Thread.sleep(100);
        }
        if (database.containsKey("DB_URL")) {
            script("postgres", "stop", postgresDir.toString());
        }
    }

    @Test
    void dataWrittenBeforeARestartIsThereAfterItOnTheEmbeddedPostgreSql() throws Exception {
        // A low rate limit for this run only (the defaults are generous): restartScenario meets it.
        database.put("API_RATE_LIMIT_PER_SECOND", "5");
        database.put("API_RATE_LIMIT_BURST", "20");
        String schemaLine = restartScenario("embedded");
        assertTrue(schemaLine.contains("PostgreSQL") && schemaLine.contains("jdbc:postgresql://127.0.0.1:"), schemaLine);
        assertTrue(Files.isRegularFile(dataDir.resolve("pgdata").resolve("PG_VERSION")), "the run's own cluster, under DATA_DIR");
    }

    /**
     * One start for what a single node's settings show, each part as it would be on its own: with
     * an admin port (ADMIN_PORT) and Payara Server's default of five HTTP threads (HTTP_THREADS).
     */
    @Test
    void aSingleNodeWithAnAdminPortOnFiveHttpThreads() throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = Scripts.freePort();
        int adminPort = Scripts.freePort();
        database.put("ADMIN_PORT", String.valueOf(adminPort));
        // Payara Server's default pool size, which a fresh domain runs with.
        database.put("HTTP_THREADS", "5");
        URI base = URI.create("http://localhost:" + port + "/");
        URI admin = URI.create("http://localhost:" + adminPort + "/");
        Path log = start(port, "run-it-single-node.log");
        awaitReady(base, log); // the demo merchant's company accounts: registered by the script through the admin port
        listensOnItsPortsOnlyOnLoopbackAndNoAnswerNamesTheServer(base, admin, log);
        onFiveHttpThreadsDuplicatesAreAnsweredAtOnceAndASlowBurstLeavesTheCircuitClosed(base, admin);
        theAdminApisAndMetricsAnswerOnTheAdminPortAloneAndThePublicApiNotThere(base, admin, log);
        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
    }

    private void theAdminApisAndMetricsAnswerOnTheAdminPortAloneAndThePublicApiNotThere(URI base, URI admin, Path log) throws Exception {
        String merchant = "adm-" + UUID.randomUUID().toString().substring(0, 8);
        Reply publicAdmin = postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin());
        assertEquals(404, publicAdmin.status(), publicAdmin::toString);
        assertEquals(404, publicAdmin.json().getInt("code"));
        assertEquals(404, postJson(base.resolve("checkout/admin/enterprises"), "{\"enterpriseId\":\"" + merchant + "\",\"name\":\"E\"}",
                "Authorization", admin()).status());

        assertEquals(201, postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin()).status());
        assertEquals(201, postJson(admin.resolve("checkout/admin/enterprises"), "{\"enterpriseId\":\"" + merchant + "\",\"name\":\"E\"}",
                "Authorization", admin()).status());

        assertEquals(404, get(admin.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status(), "no public API on the admin port");
        assertEquals(404, get(admin.resolve("checkout/merchants/demo"), "x-ca-key", DEMO_CA_KEY).status());
        assertEquals(404, get(admin.resolve("broker/openapi")).status());
        assertEquals(200, get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status());

        Reply metrics = get(admin.resolve("metrics"));
        assertEquals(200, metrics.status(), "Payara's /metrics on the admin port");
        assertTrue(metrics.body().contains("money_requests_attention"), "with the broker's series");
        assertEquals(404, get(base.resolve("metrics")).status(), "no /metrics on the public HTTP port");
        assertEquals(404, overHttps(URI.create("https://localhost:" + httpsPort + "/metrics")).status(), "nor on HTTPS");

        brokerGuessesLockTheCheckoutsAdminLoginToo(admin);
        theSandboxHasAnAdminPasswordOfItsOwn(base, admin, log);
    }

    /**
     * The broker's and the checkout's admin logins share one throttle (two WARs, one password):
     * failures spent at the broker count at the checkout, whose next wrong guess is locked (429),
     * and the lock holds the right password too until Retry-After has passed.
     */
    private static void brokerGuessesLockTheCheckoutsAdminLoginToo(URI admin) throws InterruptedException {
        String enterprise = "{\"enterpriseId\":\"lock-" + UUID.randomUUID().toString().substring(0, 8) + "\",\"name\":\"E\"}";
        // a success first: earlier failures from this address are forgotten
        assertEquals(201, postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"lock-" + UUID.randomUUID().toString()
                .substring(0, 8) + "\"}", "Authorization", admin()).status());
        for (int i = 1; i < 5; i++) {
            Reply refused = postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"x1\"}", "Authorization", basic("admin", "guess-" + i));
            assertEquals(401, refused.status(), refused::toString);
        }
        Reply locked = postJson(admin.resolve("checkout/admin/enterprises"), enterprise, "Authorization", basic("admin", "guess-last"));
        assertEquals(429, locked.status(), "the fifth wrong guess in a row, at the other service: " + locked);
        assertEquals(429, locked.json().getInt("code"));
        long retryAfter = Long.parseLong(locked.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 30, locked::toString);
        Reply stillLocked = postJson(admin.resolve("checkout/admin/enterprises"), enterprise, "Authorization", admin());
        assertEquals(429, stillLocked.status(), "the lock holds the right password too: " + stillLocked);
        assertEquals(429, postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"x1\"}", "Authorization", admin()).status(),
                "and at the broker");
        Thread.sleep(retryAfter * 1000 + 200);
        assertEquals(201, postJson(admin.resolve("checkout/admin/enterprises"), enterprise, "Authorization", admin()).status());
    }

    /**
     * With no SANDBOX_ADMIN_PASSWORD the run script draws the sandbox's admin password and keeps it
     * under DATA_DIR, readable by this user only, printing where and never what; it opens the
     * sandbox's admin API and nothing else, and the broker's does not open the sandbox's.
     */
    private void theSandboxHasAnAdminPasswordOfItsOwn(URI base, URI admin, Path log) throws IOException {
        Path file = dataDir.resolve("sandbox-admin.password");
        assertEquals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"), Files.getPosixFilePermissions(file));
        String password = sandboxPassword();
        assertTrue(password.length() >= 24, "drawn, not empty");
        String text = Files.readString(log, StandardCharsets.UTF_8);
        assertTrue(text.contains("run: the sandbox's admin password (user admin) is in " + file), "one line says where it is");
        assertFalse(text.contains(password), "the password itself is never printed");
        URI terms = base.resolve("sandbox/alphapay/payout-terms");
        assertEquals(200, get(terms, "Authorization", basic("admin", password)).status());
        assertEquals(401, get(terms, "Authorization", admin()).status(), "the broker's admin password does not open the sandbox");
        Reply other = postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"x1\"}", "Authorization", basic("admin", password));
        assertEquals(401, other.status(), "the sandbox's admin password does not open the broker: " + other);
        assertEquals(200, get(terms, "Authorization", basic("admin", password)).status());
    }

    @Test
    void dataWrittenBeforeARestartIsThereAfterItOnPostgreSql() throws Exception {
        Scripts.deleteRecursively(postgresDir);
        for (String line : script("postgres", "start", postgresDir.toString(), String.valueOf(Scripts.freePort()))) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2 && kv[0].startsWith("DB_")) {
                database.put(kv[0], kv[1]);
            }
        }
        assertEquals(3, database.size(), database.keySet()::toString);
        // Production-like: no sandbox in the server; the companies are elsewhere: the two-process
        // setup of docs/companies/sandbox.md, server-config/sandbox alone in its own JVM, with its
        // own data and its own admin password, which the second start then drives through both companies.
        Path sandboxDir = Path.of("target", "run-it-sandbox").toAbsolutePath();
        Scripts.deleteRecursively(sandboxDir);
        String sandboxPassword = "run-it-sandbox-password";
        Map<String, String> urls = new HashMap<>();
        for (String line : Scripts.run(List.of("sandbox", "start", sandboxDir.toString()), Map.of("SANDBOX_PORT", String.valueOf(Scripts.freePort()),
                "SANDBOX_ADMIN_PASSWORD", sandboxPassword), List.of("DB_URL"), Duration.ofMinutes(5))) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2 && kv[0].endsWith("_URL")) {
                urls.put(kv[0], kv[1]);
            }
        }
        try {
            database.put("SANDBOX", "off");
            database.put("ALPHAPAY_URL", urls.get("ALPHAPAY_URL"));
            database.put("BETAPAY_URL", urls.get("BETAPAY_URL"));
            SandboxClient sandbox = new SandboxClient(URI.create(urls.get("SANDBOX_URL")), sandboxPassword);
            beforeTheLastStop = base -> theBrokerWorksAgainstTheSandboxRunningApart(base, sandbox, urls.get("SANDBOX_URL"));
            String schemaLine = restartScenario("postgres");
            assertTrue(schemaLine.contains("PostgreSQL"), schemaLine);
            assertFalse(Files.readString(Path.of("target", "run-it-postgres-1.log")).contains(database.get("DB_PASSWORD")),
                    "the database password is not logged");
        } finally {
            Scripts.run(List.of("sandbox", "stop", sandboxDir.toString()), Map.of(), List.of(), Duration.ofMinutes(2));
        }
    }

    /** What restartScenario does last on its second start, before Ctrl-C (nothing unless a test says). */
    private ThrowingConsumer beforeTheLastStop = base -> { };

    @FunctionalInterface
    private interface ThrowingConsumer {
        void accept(URI base) throws Exception;
    }

    private void listensOnItsPortsOnlyOnLoopbackAndNoAnswerNamesTheServer(URI base, URI admin, Path log) throws Exception {
        int port = base.getPort();
        int adminPort = admin.getPort();
        List<String> exposed = new java.util.ArrayList<>();
        // HTTP, HTTPS, the admin port and the sandbox's listener, nothing else: no data grid
        // (Hazelcast's 6900) on any interface.
        List<Scripts.Listening> sockets = Scripts.listening(server.pid());
        if (!sockets.stream().map(l -> l.protocol() + " " + l.port()).collect(java.util.stream.Collectors.toSet())
                .equals(Set.of("tcp " + port, "tcp " + httpsPort, "tcp " + adminPort, "tcp " + sandboxPort))) {
            exposed.add("the server listens on " + sockets + ", not on TCP " + List.of(port, httpsPort, adminPort, sandboxPort) + " only");
        }
        // On loopback only, unless BIND_ADDRESS opens it.
        sockets.stream().filter(l -> !List.of("127.0.0.1", "[::ffff:127.0.0.1]").contains(l.address()))
                .forEach(l -> exposed.add("the server listens on " + l.address() + ":" + l.port() + ", not on loopback"));
        // Payara's own endpoints and error pages as well as the applications' answers.
        List<String> requests = new java.util.ArrayList<>();
        for (String root : List.of(base.toString(), "https://localhost:" + httpsPort + "/")) {
            for (String path : List.of("health", "health/ready", "metrics", "no-such-path", "broker/v1/merchant/demo", "checkout/no-such-path")) {
                requests.add(root + path);
            }
            requests.add("DELETE " + root + "health");
        }
        requests.add(admin + "metrics");
        requests.add(admin + "no-such-path");
        requests.add(admin + "broker/admin/no-such-path");
        requests.add("http://localhost:" + sandboxPort + "/sandbox/no-such-path");
        requests.add("http://localhost:" + sandboxPort + "/health");
        exposed.addAll(Scripts.selfDescriptions(httpsClient(), requests));
        assertEquals(List.of(), exposed);
        // One merchant-event poller in the JVM, though both WARs hold a copy of the broker's beans.
        Thread.sleep(3_000);
        assertEquals(1, Files.readAllLines(log).stream().filter(l -> l.contains("Merchant events delivered ")).count(),
                "one delivery poller on the node");
    }

    @Test
    void everyPaymentAnsweredBeforeAKill9OfTheServerAndItsEmbeddedPostgreSqlIsThereAfterTheRestart() throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = Scripts.freePort();
        URI base = URI.create("http://localhost:" + port + "/");
        // The run's default store, its embedded PostgreSQL, on a port of this test's.
        int pgPort = Scripts.freePort();
        database.put("EMBEDDED_PG_PORT", String.valueOf(pgPort));
        // The reconciliation takes over creates the killed server left half-done after 10 s, not 60 s.
        database.put("RECONCILIATION_STALE_CREATING_MS", "10000");
        database.put("RECONCILIATION_INTERVAL_MS", "2000");
        Path firstLog = start(port, "run-it-crash-1.log");
        awaitReady(base, firstLog);

        Map<String, String> answered = new java.util.concurrent.ConcurrentHashMap<>();
        Set<String> sent = java.util.concurrent.ConcurrentHashMap.newKeySet();
        // What the load threads saw, counted rather than swallowed: every answer before the kill, and
        // how each thread ended (a lost connection at the kill is the only way to end).
        Map<String, Integer> seen = new java.util.concurrent.ConcurrentHashMap<>();
        java.util.concurrent.atomic.AtomicBoolean killed = new java.util.concurrent.atomic.AtomicBoolean();
        // Set just before the kill is sent: a connection lost from then on was lost to the kill.
        java.util.concurrent.atomic.AtomicBoolean killing = new java.util.concurrent.atomic.AtomicBoolean();
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
                        seen.merge("HTTP " + r.status(), 1, Integer::sum);
                        if (r.status() == 200) {
                            answered.put(method + " " + ref, r.json().getString("payMessage"));
                        }
                    } catch (AssertionError | RuntimeException connectionLost) {
                        seen.merge(killing.get() ? "connection lost at the kill" : "connection lost before the kill: " + connectionLost,
                                1, Integer::sum);
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
        // From here on the company stalls every create for 4 s (under the 5-s read timeout), so
        // that some creates are certainly in flight at the kill: the intent stored, no outcome. The
        // kill comes once the company's log shows one of them received and not yet answered.
        SandboxClient sandbox = new SandboxClient(base.resolve("sandbox/"), sandboxPassword());
        for (String method : List.of("alphapay", "betapay")) {
            assertEquals(200, sandbox.fault(method, "demo", "{\"mode\":\"SLOW\",\"latencyMs\":4000}").status());
        }
        Set<String> held = new java.util.HashSet<>();
        Instant heldBy = Instant.now().plusSeconds(60);
        while (held.isEmpty() && Instant.now().isBefore(heldBy)) {
            for (String k : Set.copyOf(sent)) {
                String[] methodAndRef = k.split(" ");
                if (!answered.containsKey(k) && sandbox.requestStatuses(methodAndRef[0], "demo", "create", methodAndRef[1]).contains(null)) {
                    held.add(k);
                }
            }
        }
        assertFalse(held.isEmpty(), "a create reached the stalled company");
        killing.set(true);
        // The server and its database die at once, as when the machine's processes are killed:
        // PostgreSQL recovers from its write-ahead log at the next start.
        String postmaster = Files.readAllLines(dataDir.resolve("pgdata/postmaster.pid")).get(0).trim();
        new ProcessBuilder("kill", "-KILL", String.valueOf(server.pid()), postmaster).inheritIO().start().waitFor();
        assertTrue(server.waitFor(30, TimeUnit.SECONDS), "kill -9 ended the server");
        Instant killedAt = Instant.now();
        killed.set(true);
        load.shutdown();
        assertTrue(load.awaitTermination(90, TimeUnit.SECONDS));
        Map<String, String> answeredBeforeTheKill = Map.copyOf(answered);
        held.removeAll(answeredBeforeTheKill.keySet());
        assertFalse(held.isEmpty(), "a create was held at the company when the server was killed");
        System.out.println("RunScriptIT crash: the load threads saw " + seen);
        assertEquals(Set.of("HTTP 200", "connection lost at the kill"), seen.keySet(), "every create before the kill was answered 200: " + seen);

        Path secondLog = start(port, "run-it-crash-2.log");
        awaitReady(base, secondLog);
        // The merchant's identical create of a payment answered before the kill returns the stored
        // payment, with the same company reference. (No request of any kind touches the creates that
        // were in flight at the kill: only the reconciliation may resolve those.)
        for (Map.Entry<String, String> e : answeredBeforeTheKill.entrySet()) {
            String[] methodAndRef = e.getKey().split(" ");
            Reply again = create(base, methodAndRef[0], methodAndRef[1]);
            assertEquals(200, again.status(), () -> e.getKey() + " answered 200 before the kill: " + again);
            assertEquals(e.getValue(), again.json().getString("payMessage"), "the company reference survived for " + e.getKey());
        }
        // The reconciliation takes the in-flight creates over once they are stale (10 s here) and
        // runs every 2 s; wait until it has been quiet for three runs after that, by its log alone.
        awaitReconciliationQuiet(secondLog, Instant.now().plusSeconds(14));
        String recovered = Files.readString(dataDir.resolve("postgres.log"), StandardCharsets.UTF_8);
        assertTrue(recovered.contains("database system was interrupted") && recovered.contains("redo done"),
                "the embedded PostgreSQL was killed and recovered from its log at the restart");

        // What the broker stored, read from its embedded PostgreSQL (with the password the run drew).
        Set<String> inFlight = new java.util.HashSet<>(sent);
        inFlight.removeAll(answeredBeforeTheKill.keySet());
        String reconciled = Files.readString(secondLog, StandardCharsets.UTF_8);
        int kept = 0;
        int settledAfter = 0;
        try (java.sql.Connection c = java.sql.DriverManager.getConnection("jdbc:postgresql://127.0.0.1:" + pgPort + "/cbec", "cbec",
                Files.readString(dataDir.resolve("pgdata.password")).trim())) {
            for (Map.Entry<String, String> e : answeredBeforeTheKill.entrySet()) {
                String[] methodAndRef = e.getKey().split(" ");
                assertEquals(List.of("NOTPAY " + e.getValue()), stored(c, methodAndRef[0], methodAndRef[1]), e.getKey());
            }
            for (String k : inFlight) {
                String[] methodAndRef = k.split(" ");
                List<String> row = stored(c, methodAndRef[0], methodAndRef[1]);
                if (!row.isEmpty()) {
                    kept++;
                    assertTrue(row.get(0).startsWith("NOTPAY " + methodAndRef[0]), () -> k + " in flight at the kill is settled: " + row);
                    // Either the broker had settled it before the kill (its answer was lost with the
                    // connection), or, after the restart, the reconciliation did: nobody else asked.
                    if (!updatedAt(c, methodAndRef[0], methodAndRef[1]).isBefore(killedAt)) {
                        settledAfter++;
                        assertTrue(0 < Scripts.paymentsEndedByTheJanitor(reconciled, "demo", methodAndRef[0], methodAndRef[1]),
                                k + " was settled after the kill by the reconciliation's janitor (no client asked about it)");
                    }
                }
            }
            // The creates held at the company at the kill had their intent stored and no outcome:
            // each is there, and was settled after the restart, by the reconciliation alone.
            for (String k : held) {
                String[] methodAndRef = k.split(" ");
                assertEquals(1, stored(c, methodAndRef[0], methodAndRef[1]).size(), k + " held at the kill is stored");
                assertFalse(updatedAt(c, methodAndRef[0], methodAndRef[1]).isBefore(killedAt), k + " was settled after the kill");
                assertTrue(0 < Scripts.paymentsEndedByTheJanitor(reconciled, "demo", methodAndRef[0], methodAndRef[1]),
                        k + " was settled by the reconciliation's janitor");
            }
        }
        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        System.out.println("RunScriptIT crash: " + answeredBeforeTheKill.size() + " answered before the kill, " + held.size()
                + " held at the company at the kill, " + inFlight.size()
                + " in flight (" + kept + " stored and settled, " + settledAfter + " of them by the reconciliation after the restart; the"
                + " others never stored)");
        for (Path log : new Path[] {firstLog, secondLog}) {
            assertEquals(List.of(), LogSecrets.findings(log, List.of(ADMIN_PASSWORD, DEMO_API_KEY, DEMO_CA_KEY)));
        }
    }

    /**
     * A refund, a split, a release and a payout at each company, all four held by the company (a
     * sandbox running apart, as a real company is) when the broker and its embedded PostgreSQL are
     * killed; the company then does them all. After the restart nobody asks about them: the
     * janitor finds each held (SENDING) by its dead sender, asks the company, and ends it once as the
     * company says (its log line), none of them sent twice; then the merchant sees each final, and
     * the broker's balance agrees with the company's books bucket by bucket. The companies'
     * callbacks are lost (their notify URL leads nowhere), so only the broker's own asking ends
     * anything. In the same run, another merchant's payment nobody queries is found paid by the
     * reconciliation's poll of unpaid payments, and its event, whose first attempt the merchant's
     * receiver answered 500, waits for its retry at the kill: after the restart it arrives once
     * more, with the same webhook-id, and is DELIVERED.
     */
    @Test
    void moneyRequestsHeldAtTheCompanyAtAKill9EachEndOnceAsTheCompanySaysAfterTheRestart() throws Exception {
        Scripts.deleteRecursively(dataDir);
        Path sandboxDir = Path.of("target", "run-it-kill-sandbox").toAbsolutePath();
        Scripts.deleteRecursively(sandboxDir);
        String sandboxPassword = "run-it-kill-sandbox-password";
        Map<String, String> urls = new HashMap<>();
        for (String line : Scripts.run(List.of("sandbox", "start", sandboxDir.toString()), Map.of("SANDBOX_PORT", String.valueOf(Scripts.freePort()),
                "SANDBOX_ADMIN_PASSWORD", sandboxPassword), List.of("DB_URL"), Duration.ofMinutes(5))) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2 && kv[0].endsWith("_URL")) {
                urls.put(kv[0], kv[1]);
            }
        }
        // The other merchant's receiver of events: its first answer 500, then 204.
        com.sun.net.httpserver.HttpServer receiver = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        List<String> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.atomic.AtomicInteger answers = new java.util.concurrent.atomic.AtomicInteger();
        receiver.createContext("/events", exchange -> {
            exchange.getRequestBody().readAllBytes();
            ids.add(exchange.getRequestHeaders().getFirst("webhook-id"));
            exchange.sendResponseHeaders(answers.getAndIncrement() == 0 ? 500 : 204, -1);
            exchange.close();
        });
        try {
            int port = Scripts.freePort();
            URI base = URI.create("http://localhost:" + port + "/");
            database.put("EMBEDDED_PG_PORT", String.valueOf(Scripts.freePort()));
            database.put("SANDBOX", "off");
            database.put("ALPHAPAY_URL", urls.get("ALPHAPAY_URL"));
            database.put("BETAPAY_URL", urls.get("BETAPAY_URL"));
            // A request held (SENDING) by a dead sender is the janitor's after 10 s (not 60 s), asked about every 2 to 4 s.
            database.put("RECONCILIATION_STALE_CREATING_MS", "10000");
            database.put("RECONCILIATION_INTERVAL_MS", "2000");
            database.put("DISPATCH_BACKOFF_BASE_MS", "1000");
            database.put("DISPATCH_BACKOFF_MAX_MS", "4000");
            // The companies' callbacks are lost and nobody queries the event's payment: the broker
            // learns of it from the reconciliation's poll of unpaid payments, 3 s old.
            database.put("BROKER_PUBLIC_URL", "http://127.0.0.1:9");
            database.put("RECONCILIATION_FIRST_POLL_MS", "3000");
            // An event's first retry comes 20 to 30 s after its failed attempt (base 25 s, +-20 %): time to kill.
            database.put("WEBHOOK_RETRY_BASE_MS", "25000");
            receiver.start();
            Path firstLog = start(port, "run-it-money-kill-1.log");
            awaitReady(base, firstLog);
            SandboxClient sandbox = new SandboxClient(URI.create(urls.get("SANDBOX_URL")), sandboxPassword);
            String merchant = "kill-" + UUID.randomUUID().toString().substring(0, 8);
            assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin())
                    .status());
            String key = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin())
                    .json().getString("key");
            Map<String, Map<String, String>> refs = new HashMap<>();
            for (String method : List.of("alphapay", "betapay")) {
                sandbox.register(base.resolve("broker/"), admin(), merchant, method);
                Reply account = Http.send("PUT", base.resolve("broker/admin/merchants/" + merchant + "/payout-accounts/" + method),
                        "{\"holderName\":\"Harbour Tea Ltd\",\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\","
                        + "\"bankCountry\":\"GB\",\"currency\":\"GBP\"}", "Content-Type", "application/json", "Authorization", admin());
                assertEquals(200, account.status(), account::toString);
                Reply splitReceiver = postJson(base.resolve("broker/v1/settlement/receiver/" + merchant), "{\"paymentMethod\":\"" + method
                        + "\",\"type\":\"MERCHANT\",\"account\":\"rcv-kill\",\"name\":\"测试分账商户\",\"relationType\":\"PARTNER\"}",
                        "app-api-key", key);
                assertEquals(200, splitReceiver.status(), splitReceiver::toString);
                Map<String, String> r = new HashMap<>();
                r.put("refund", paidHere(base, sandbox, merchant, key, method, 10_000, true));
                r.put("split", paidHere(base, sandbox, merchant, key, method, 10_000, true));
                r.put("release", paidHere(base, sandbox, merchant, key, method, 5_000, true));
                r.put("available", paidHere(base, sandbox, merchant, key, method, 20_000, false));
                r.put("payout", "po" + UUID.randomUUID().toString().replace("-", "").substring(0, 12));
                refs.put(method, r);
            }
            // Another merchant's payment is paid at the company, its callback lost: the broker learns of it
            // by its poll (before the company holds anything: the held requests' timeouts open the
            // companies' circuits, which would keep the poll from asking), and its event's first
            // attempt fails; its retry is still to come at the kill.
            String shop = "evt-" + UUID.randomUUID().toString().substring(0, 8);
            assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + shop + "\"}", "Authorization", admin())
                    .status());
            String shopKey = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + shop + "\"]}", "Authorization", admin())
                    .json().getString("key");
            sandbox.register(base.resolve("broker/"), admin(), shop, "betapay");
            assertEquals(201, Http.send("POST", base.resolve("broker/admin/merchants/" + shop + "/webhook-secret"), null,
                    "Authorization", admin()).status());
            String unqueried = "kill" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            Reply created = postJson(base.resolve("broker/v1/payment/" + shop), "{\"paymentMethod\":\"betapay\",\"paymentType\":\"NATIVE\","
                    + "\"orderRef\":\"" + unqueried + "\",\"actualAmount\":2599,\"currency\":\"CNY\",\"notifyUrl\":\"http://127.0.0.1:"
                    + receiver.getAddress().getPort() + "/events\"}", "app-api-key", shopKey);
            assertEquals(200, created.status(), created::toString);
            assertEquals(200, sandbox.pay("betapay", shop, unqueried).status());
            Await.awaitTrue(() -> !ids.isEmpty(), "the event's first attempt");
            assertEquals(1, ids.size(), "the first attempt came and was answered 500");
            assertTrue(sandbox.requests("betapay", shop, "query", unqueried) >= 1, "the broker asked the company (the poll)");
            Reply callbacks = get(URI.create(urls.get("SANDBOX_URL")).resolve("betapay/" + shop + "/orders/" + unqueried + "/callbacks"),
                    "Authorization", Http.basic("admin", sandboxPassword));
            assertEquals("PENDING", callbacks.json().getJsonArray("callbacks").getJsonObject(0).getString("state"),
                    () -> "the company's callback never arrived: " + callbacks);
            // The kill comes once the broker has stored the failed attempt (the receiver's 500 reaches
            // the test before the broker's commit): the event is then waiting for its retry.
            Await.awaitTrue(() -> {
                Reply seen = get(base.resolve("broker/v1/events/" + shop + "?order_ref=" + unqueried), "app-api-key", shopKey);
                return seen.status() == 200 && !seen.json().getJsonArray("events").isEmpty() && seen.json().getJsonArray("events")
                        .getJsonObject(0).getJsonArray("attempts").stream().map(a -> a.asJsonObject().getInt("httpStatus")).toList()
                        .equals(List.of(500));
            }, "the failed attempt stored before the kill");
            // From here on the company holds every request of the account, and does it only once it lets go.
            for (String method : List.of("alphapay", "betapay")) {
                assertEquals(200, sandbox.fault(method, merchant, "{\"mode\":\"HOLD\",\"latencyMs\":120000}").status());
            }
            java.util.concurrent.ExecutorService clients = java.util.concurrent.Executors.newFixedThreadPool(8);
            for (String method : List.of("alphapay", "betapay")) {
                Map<String, String> r = refs.get(method);
                String kind = "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"";
                clients.submit(() -> postJson(base.resolve("broker/v1/refund/" + merchant), kind + r.get("refund")
                        + "\",\"refundRef\":\"k-" + r.get("refund") + "\",\"amount\":3000}", "app-api-key", key));
                clients.submit(() -> postJson(base.resolve("broker/v1/settlement/" + merchant), kind + r.get("split")
                        + "\",\"settlementRef\":\"k-" + r.get("split") + "\",\"receivers\":[{\"account\":\"rcv-kill\",\"amount\":2000,"
                        + "\"description\":\"分账\"}]}", "app-api-key", key));
                clients.submit(() -> Http.send("PUT", base.resolve("broker/v1/settlement/" + merchant), kind + r.get("release")
                        + "\",\"settlementRef\":\"k-" + r.get("release") + "\",\"description\":\"余额解冻\"}", "Content-Type", "application/json",
                        "app-api-key", key));
                clients.submit(() -> postJson(base.resolve("broker/v1/payout/abroad/" + merchant), "{\"paymentMethod\":\"" + method
                        + "\",\"payoutRef\":\"" + r.get("payout") + "\",\"amount\":15000}", "app-api-key", key));
            }
            // The kill comes once the company holds all eight: each received there, none answered.
            Map<String, String> orderOf = Map.of("refund", "refund", "split", "split", "release", "release", "payout", "payout");
            Instant heldBy = Instant.now().plusSeconds(60);
            List<String> notYet = new java.util.ArrayList<>(List.of("all"));
            while (!notYet.isEmpty() && Instant.now().isBefore(heldBy)) {
                notYet.clear();
                for (String method : List.of("alphapay", "betapay")) {
                    for (String kind : orderOf.keySet()) {
                        if (!sandbox.requestStatuses(method, merchant, kind, refs.get(method).get(kind)).contains(null)) {
                            notYet.add(method + " " + kind);
                        }
                    }
                }
                Thread.sleep(200);
            }
            assertEquals(List.of(), notYet, "every request held at the company");

            String postmaster = Files.readAllLines(dataDir.resolve("pgdata/postmaster.pid")).get(0).trim();
            new ProcessBuilder("kill", "-KILL", String.valueOf(server.pid()), postmaster).inheritIO().start().waitFor();
            assertTrue(server.waitFor(30, TimeUnit.SECONDS), "kill -9 ended the server");
            clients.shutdownNow();
            assertEquals(1, ids.size(), "no attempt of the event between the failure and the kill");
            // The company lets go: it does each held request and answers a broker that is gone.
            for (String method : List.of("alphapay", "betapay")) {
                assertEquals(200, sandbox.clearFaults(method, merchant).status());
                for (String kind : orderOf.keySet()) {
                    String ref = refs.get(method).get(kind);
                    Await.awaitTrue(() -> !sandbox.requestStatuses(method, merchant, kind, ref).contains(null), method + " " + kind + " done");
                }
            }

            Path secondLog = start(port, "run-it-money-kill-2.log");
            awaitReady(base, secondLog);
            // Nobody asks about them, and no callback comes: the janitor ends each (its line names the merchant's reference).
            for (String method : List.of("alphapay", "betapay")) {
                Map<String, String> r = refs.get(method);
                for (String kind : orderOf.keySet()) {
                    String ref = kind.equals("payout") ? r.get(kind) : "k-" + r.get(kind);
                    awaitLine(secondLog, "Money request ", " " + merchant + " " + method + " " + ref + " ended: ");
                }
            }
            for (String method : List.of("alphapay", "betapay")) {
                Map<String, String> r = refs.get(method);
                String query = "?payment_method=" + method + "&order_ref=";
                awaitState(base.resolve("broker/v1/refund/" + merchant + query + r.get("refund") + "&refund_ref=k-" + r.get("refund")), key,
                        "SUCCESS", method + " refund", secondLog);
                awaitState(base.resolve("broker/v1/settlement/" + merchant + query + r.get("split") + "&settlement_ref=k-" + r.get("split")),
                        key, "FINISHED", method + " split", secondLog);
                awaitState(base.resolve("broker/v1/settlement/" + merchant + query + r.get("release") + "&settlement_ref=k-"
                        + r.get("release")), key, "FINISHED", method + " release", secondLog);
                awaitState(base.resolve("broker/v1/payout/abroad/" + merchant + "?payment_method=" + method + "&payout_ref=" + r.get("payout")),
                        key, "PAID", method + " payout", secondLog);
                for (String kind : orderOf.keySet()) {
                    assertEquals(1, sandbox.requests(method, merchant, kind, r.get(kind)), method + " " + kind + ": sent once, never again");
                }
                JsonObject[] last = new JsonObject[2];
                Await.awaitTrue(() -> {
                    last[0] = get(base.resolve("broker/v1/payout/abroad/" + merchant + "?payment_method=" + method), "app-api-key", key)
                            .json().getJsonObject("balance");
                    last[1] = sandbox.funds(method, merchant);
                    return List.of("available", "held", "inTransit", "paidOut").stream()
                            .allMatch(b -> last[0].getJsonNumber(b).longValue() == last[1].getJsonNumber(b).longValue());
                }, method + ": the broker's balance and the company's books agree");
                assertEquals(15_000, last[0].getJsonNumber("paidOut").longValue(), method + ": " + last[0]);
            }
            // The event waiting for its retry at the kill arrives once more, with the same webhook-id, and is delivered.
            Await.awaitTrue(() -> ids.size() >= 2, "the event sent again after the restart");
            assertEquals(ids.get(0), ids.get(1), "with the same webhook-id");
            Reply listed = get(base.resolve("broker/v1/events/" + shop + "?order_ref=" + unqueried), "app-api-key", shopKey);
            jakarta.json.JsonObject event = listed.json().getJsonArray("events").getJsonObject(0);
            assertEquals("DELIVERED", event.getString("state"), listed::toString);
            assertEquals(List.of(500, 204), event.getJsonArray("attempts").stream().map(a -> a.asJsonObject().getInt("httpStatus")).toList());
            assertEquals(2, ids.size(), "delivered once: nothing sent after the 2xx");
            String log = Files.readString(secondLog, StandardCharsets.UTF_8);
            assertFalse(log.contains("needs attention"), "nothing left to an operator");
            interrupt(server);
            assertTrue(server.waitFor(60, TimeUnit.SECONDS));
            for (Path l : new Path[] {firstLog, secondLog}) {
                assertEquals(List.of(), LogSecrets.findings(l, List.of(ADMIN_PASSWORD, DEMO_API_KEY, DEMO_CA_KEY, key, shopKey)));
            }
        } finally {
            receiver.stop(0);
            Scripts.run(List.of("sandbox", "stop", sandboxDir.toString()), Map.of(), List.of(), Duration.ofMinutes(2));
        }
    }

    /** A payment of the merchant's, paid at the sandbox and seen SUCCESS here: its orderRef. */
    private static String paidHere(URI base, SandboxClient sandbox, String merchant, String key, String method, long amount, boolean held) {
        String ref = "kp" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        Reply created = postJson(base.resolve("broker/v1/payment/" + merchant), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":"
                + "\"NATIVE\",\"orderRef\":\"" + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"CNY\",\"profitSharing\":" + held
                + "}", "app-api-key", key);
        assertEquals(200, created.status(), created::toString);
        assertEquals(200, sandbox.pay(method, merchant, ref).status());
        Reply q = get(base.resolve("broker/v1/payment/" + merchant + "?order_ref=" + ref + "&payment_method=" + method), "app-api-key", key);
        assertEquals("SUCCESS", q.json().getString("tradeState"), q::toString);
        return ref;
    }

    /** Waits up to two minutes for a line of the server's log holding both parts. */
    private void awaitLine(Path log, String start, String part) throws Exception {
        Instant deadline = Instant.now().plusSeconds(120);
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the server stopped: " + Scripts.tail(log));
            if (Files.readAllLines(log, StandardCharsets.UTF_8).stream().anyMatch(l -> l.contains(start) && l.contains(part))) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError("no line \"" + start + "…" + part + "\" within two minutes: " + Scripts.tail(log));
    }

    /** Waits up to two minutes for {@code uri}'s {@code state}, asking as the merchant would (its own query may end it too). */
    private void awaitState(URI uri, String key, String state, String what, Path log) throws Exception {
        Instant deadline = Instant.now().plusSeconds(120);
        String seen = null;
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the server stopped: " + Scripts.tail(log));
            Reply r = get(uri, "app-api-key", key);
            seen = r.status() + " " + r.body();
            if (r.status() == 200 && state.equals(r.json().getString("state"))) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new AssertionError(what + " not " + state + " within two minutes: " + seen);
    }

    private void onFiveHttpThreadsDuplicatesAreAnsweredAtOnceAndASlowBurstLeavesTheCircuitClosed(URI base, URI admin) throws Exception {
        // 20 identical creates at once, the company taking 2 s to answer the one it gets: the others
        // are told at once that it is in progress (409), none holding a thread while it waits.
        String ref = "burst" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
        SandboxClient sandbox = new SandboxClient(base.resolve("sandbox/"), sandboxPassword());
        assertEquals(200, sandbox.fault("alphapay", "demo", "{\"mode\":\"SLOW\",\"latencyMs\":2000,\"orderRef\":\"" + ref + "\"}").status());
        List<Bursts.Caller> callers = Bursts.atOnce(20, i -> create(base, "alphapay", ref));
        sandbox.clearFaults("alphapay", "demo");
        for (Bursts.Caller c : callers) {
            // No 5xx: the one create that reached the company got its answer within the read timeout
            // (the company's 2 s), however long it queued on the 5 threads (not asserted: a time).
            assertTrue(c.first().status() == 200 || c.first().status() == 409, () -> "no 5xx: " + c.first());
            assertEquals(200, c.last().status(), c.last()::toString);
        }
        assertEquals(1, callers.stream().filter(c -> c.first().status() == 200).count(),
                () -> "one create reached the company; every duplicate was answered 409 before its 2 s were over: " + callers);
        for (Bursts.Caller c : callers) {
            if (c.first().status() == 409) {
                // What docs/api/payments.md promises the client: the envelope naming the field, and when to retry.
                assertEquals(409, c.first().json().getInt("code"), c.first()::toString);
                assertEquals("orderRef", c.first().json().getString("field"), c.first()::toString);
                assertTrue(c.first().json().getString("message").contains("is in progress at the company"), c.first()::toString);
                assertEquals("1", c.first().header("Retry-After"), c.first()::toString);
            }
        }
        assertEquals(1, callers.stream().map(c -> c.last().json().getString("payMessage")).distinct().count(), callers::toString);

        // 30 different creates of one merchant against a company answering in 1 s: on 5 request
        // threads they queue, but the company's side answers on its own listener, so no call times
        // out and the circuit stays closed for the next merchant.
        assertEquals(200, sandbox.fault("alphapay", "demo", "{\"mode\":\"SLOW\",\"latencyMs\":1000}").status());
        String prefix = "slow" + UUID.randomUUID().toString().replace("-", "").substring(0, 8);
        List<Bursts.Caller> slow = Bursts.atOnce(30, i -> create(base, "alphapay", prefix + "n" + i));
        sandbox.clearFaults("alphapay", "demo");
        for (Bursts.Caller c : slow) {
            assertEquals(200, c.last().status(), () -> "the broker's own queue is not a company failure: " + c.last());
        }
        String other = "other-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(admin.resolve("broker/admin/merchants"), "{\"name\":\"" + other + "\"}", "Authorization", admin()).status());
        sandbox.register(admin.resolve("broker/"), admin(), other, "alphapay");
        String otherKey = postJson(admin.resolve("broker/admin/keys"), "{\"merchants\":[\"" + other + "\"]}", "Authorization", admin())
                .json().getString("key");
        Reply next = postJson(base.resolve("broker/v1/payment/" + other), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"next1\",\"actualAmount\":100,\"currency\":\"CNY\"}", "app-api-key", otherKey);
        assertEquals(200, next.status(), () -> "another merchant's create goes through: " + next);
    }

    /**
     * The broker run with SANDBOX=off against company-sandbox running apart (server-config/sandbox):
     * a new merchant's accounts opened there and registered, and create, pay, query, declare,
     * query, and create, close, query CLOSED through both companies; the broker's key means
     * nothing to the company's helpers.
     */
    private void theBrokerWorksAgainstTheSandboxRunningApart(URI base, SandboxClient sandbox, String sandboxUrl) throws Exception {
        assertEquals(404, get(base.resolve("sandbox/alphapay/v3/pay/transactions/native")).status(), "no sandbox in the broker's server");
        String merchant = "two-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(base.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin()).status());
        String key = postJson(base.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin())
                .json().getString("key");
        for (String method : List.of("alphapay", "betapay")) {
            sandbox.register(base.resolve("broker/"), admin(), merchant, method);
            String paid = "tp" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            assertEquals(200, payment(base, merchant, key, method, paid).status());
            assertEquals(200, sandbox.pay(method, merchant, paid, "{\"payerName\":\"张三\",\"payerIdNumber\":\"11010519491231002X\"}").status());
            Reply queried = get(base.resolve("broker/v1/payment/" + merchant + "?order_ref=" + paid + "&payment_method=" + method),
                    "app-api-key", key);
            assertEquals("SUCCESS", queried.json().getString("tradeState"), queried::toString);
            Reply declared = postJson(base.resolve("broker/v1/customs/payment/" + merchant), "{\"orderNo\":\"" + paid
                    + "\",\"transactionId\":\"" + queried.json().getString("transactionId") + "\",\"paymentMethod\":\"" + method
                    + "\",\"certId\":\"11010519491231002X\",\"name\":\"张三\"}", "app-api-key", key);
            assertEquals(200, declared.status(), declared::toString);
            assertEquals("SAME", declared.json().getString("certCheckResult"), declared::toString);
            Reply declaration = get(base.resolve("broker/v1/customs/payment/" + merchant + "?order_no=" + paid), "app-api-key", key);
            assertEquals(200, declaration.status(), declaration::toString);
            assertEquals(1, declaration.json().getJsonArray("orders").size(), declaration::toString);

            String closed = "tc" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            assertEquals(200, payment(base, merchant, key, method, closed).status());
            Reply close = Http.send("POST", base.resolve("broker/v1/payment/close/" + merchant + "/" + closed + "?payment_method=" + method),
                    null, "app-api-key", key);
            assertEquals(200, close.status(), close::toString);
            assertEquals("CLOSED", get(base.resolve("broker/v1/payment/" + merchant + "?order_ref=" + closed + "&payment_method=" + method),
                    "app-api-key", key).json().getString("tradeState"));
            assertEquals(1, sandbox.requests(method, merchant, "close", closed), "the close reached the company");
        }
        // The broker's key means nothing to the company: its helpers want the sandbox's own admin.
        assertEquals(401, Http.send("POST", URI.create(sandboxUrl + "alphapay/" + merchant + "/payments/x/pay"), null,
                "app-api-key", key).status());
    }

    /**
     * The embedded demo, after a restart, with nothing done by hand: merchant demo's accounts at both
     * sandboxes (opened by the run script under the name demo) create, invoke, pay through the
     * helper, query, declare, query the declaration, and close another payment.
     */
    private void demoFlow(URI base) throws IOException {
        SandboxClient sandbox = new SandboxClient(base.resolve("sandbox/"), sandboxPassword());
        for (String method : List.of("alphapay", "betapay")) {
            String ref = "demo" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            Reply created = postJson(base.resolve("broker/v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"APP\","
                    + "\"orderRef\":\"" + ref + "\",\"actualAmount\":2599,\"currency\":\"CNY\"}", "app-api-key", DEMO_API_KEY);
            assertEquals(200, created.status(), created::toString);
            Reply invoked = postJson(base.resolve("broker/v1/payment/invocation/demo"), "{\"paymentMethod\":\"" + method
                    + "\",\"paymentType\":\"APP\",\"payMessage\":\"" + created.json().getString("payMessage") + "\"}", "app-api-key", DEMO_API_KEY);
            assertEquals(200, invoked.status(), invoked::toString);
            assertEquals(200, sandbox.pay(method, "demo", ref, "{\"payerName\":\"张三\",\"payerIdNumber\":\"11010519491231002X\"}").status());
            Reply queried = get(base.resolve("broker/v1/payment/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", DEMO_API_KEY);
            assertEquals("SUCCESS", queried.json().getString("tradeState"), queried::toString);
            Reply declared = postJson(base.resolve("broker/v1/customs/payment/demo"), "{\"orderNo\":\"" + ref + "\",\"transactionId\":\""
                    + queried.json().getString("transactionId") + "\",\"paymentMethod\":\"" + method + "\"}", "app-api-key", DEMO_API_KEY);
            assertEquals(200, declared.status(), declared::toString);
            assertEquals(200, get(base.resolve("broker/v1/customs/payment/demo?order_no=" + ref), "app-api-key", DEMO_API_KEY).status());
            String other = "demo" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
            assertEquals(200, payment(base, "demo", DEMO_API_KEY, method, other).status());
            assertEquals(200, Http.send("POST", base.resolve("broker/v1/payment/close/demo/" + other + "?payment_method=" + method), null,
                    "app-api-key", DEMO_API_KEY).status());
        }
    }

    /**
     * The generated TypeScript clients (typescript-fetch, from both API documents, compiled by the
     * build under tsc --strict) drive this run from Node (src/test/ts/drive.ts), each service behind a
     * Prism validating proxy with its own document: the demo merchant's alphapay payment, paid at the
     * sandbox and queried until SUCCESS, and a refund of it queried until final; an enterprise
     * registered through the checkout's admin API, its cart with the payment's URL, the pay redirect,
     * the shipping form confirmed, the payment reported. Prism finds no answer or request against the
     * documents: no sl-violations header (the drive checks each answer) and nothing in its logs.
     */
    private void generatedTypeScriptClientsDriveBothServicesThroughPrismWithoutAViolation(URI base) throws Exception {
        String id = UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        String ref = "ts" + id;
        String refundRef = "r-ts" + id;
        String enterprise = "ts-" + id;
        long started = System.nanoTime();
        Path documents = Path.of("..").toAbsolutePath().normalize();
        // The documents' server is the service's context path: the proxies forward to it, and the
        // drive's clients reach the operations at the proxies' roots, with the documents' paths.
        try (Scripts.Prism broker = Scripts.Prism.start(documents.resolve("broker-war/src/main/resources/org/cbec/broker/rest/openapi.yaml"),
                        URI.create("http://127.0.0.1:" + base.getPort() + "/broker"), Path.of("target", "run-it-prism-broker.log"));
                Scripts.Prism checkout = Scripts.Prism.start(documents.resolve("checkout-war/src/main/resources/org/cbec/checkout/rest/openapi.yaml"),
                        URI.create("http://127.0.0.1:" + base.getPort() + "/checkout"), Path.of("target", "run-it-prism-checkout.log"))) {
            Map<String, String> env = Map.of(
                    "BROKER_URL", broker.url().toString(),
                    "CHECKOUT_URL", checkout.url().toString(),
                    "CHECKOUT_DIRECT_URL", "http://127.0.0.1:" + base.getPort() + "/checkout",
                    "SANDBOX_URL", "http://127.0.0.1:" + base.getPort() + "/sandbox",
                    "MERCHANT", "demo",
                    "BROKER_KEY", DEMO_API_KEY,
                    "ADMIN_PASSWORD", ADMIN_PASSWORD,
                    "SANDBOX_ADMIN_PASSWORD", sandboxPassword());
            Scripts.Ended drive = Scripts.runToEnd(List.of("node", Path.of("target", "ts", "js", "src", "test", "ts", "drive.js").toString(),
                    ref, refundRef, enterprise), env, List.of(), Duration.ofMinutes(3));
            System.out.println("RunScriptIT drive.ts:\n" + drive.output());
            assertEquals(0, drive.exit(), drive::output);
            String out = drive.output();
            assertTrue(out.contains("enterprise " + enterprise + " registered, key issued"), out);
            assertTrue(out.lines().anyMatch(l -> l.startsWith("payment " + ref + " SUCCESS ")), out);
            assertTrue(out.contains("refund " + refundRef + " of " + ref + " SUCCESS 599 CNY"), out);
            assertTrue(out.lines().anyMatch(l -> l.matches("cart ct_[0-9a-f]+ payment reported: received")), out);
            assertTrue(out.lines().anyMatch(l -> l.matches("no violation reported by Prism in [1-9][0-9]* answers")), out);
            // Through the proxies indeed, and nothing found there.
            assertTrue(broker.requests() >= 4, () -> Scripts.tail(broker.log()));
            assertTrue(checkout.requests() >= 6, () -> Scripts.tail(checkout.log()));
            assertEquals(List.of(), broker.findings());
            assertEquals(List.of(), checkout.findings());
        }
        System.out.println("RunScriptIT: Prism and the drive took " + (System.nanoTime() - started) / 1_000_000 + " ms");
        // What the drive did, as the broker has it.
        Reply refunds = get(base.resolve("broker/v1/refund/demo?order_ref=" + ref), "app-api-key", DEMO_API_KEY);
        assertEquals(599, refunds.json().getJsonNumber("refundedTotal").longValue(), refunds::toString);
    }

    private static Reply payment(URI base, String merchant, String key, String method, String ref) {
        return postJson(base.resolve("broker/v1/payment/" + merchant), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":2599,\"currency\":\"CNY\"}", "app-api-key", key);
    }

    private static Instant updatedAt(java.sql.Connection c, String method, String ref) throws java.sql.SQLException {
        try (java.sql.PreparedStatement s = c.prepareStatement(
                "SELECT updated_at FROM payment WHERE merchant = 'demo' AND payment_method = ? AND order_ref = ?")) {
            s.setString(1, method);
            s.setString(2, ref);
            java.sql.ResultSet rs = s.executeQuery();
            rs.next();
            return rs.getObject(1, java.time.OffsetDateTime.class).toInstant();
        }
    }

    /** The stored state and company reference of the payment ("NOTPAY alphapay://…"), or nothing. */
    private static List<String> stored(java.sql.Connection c, String method, String ref) throws java.sql.SQLException {
        try (java.sql.PreparedStatement s = c.prepareStatement(
                "SELECT trade_state, pay_message FROM payment WHERE merchant = 'demo' AND payment_method = ? AND order_ref = ?")) {
            s.setString(1, method);
            s.setString(2, ref);
            java.sql.ResultSet rs = s.executeQuery();
            List<String> rows = new java.util.ArrayList<>();
            while (rs.next()) {
                rows.add(rs.getString(1) + " " + rs.getString(2));
            }
            return rows;
        }
    }

    /**
     * Waits, by the server's log only, until the reconciliation's janitor has ended nothing for three
     * of its 2 s runs after {@code notBefore} (the point from which stale creates are its to take).
     */
    private void awaitReconciliationQuiet(Path log, Instant notBefore) throws Exception {
        Instant deadline = Instant.now().plusSeconds(180);
        int lines = -1;
        Instant lastChange = Instant.now();
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the server stopped: " + Scripts.tail(log));
            int now = (int) Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains("Money request ")).count();
            if (now != lines) {
                lines = now;
                lastChange = Instant.now();
            }
            if (Instant.now().isAfter(notBefore) && Duration.between(lastChange, Instant.now()).toSeconds() >= 6) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the reconciliation did not settle within 3 minutes: " + Scripts.tail(log));
    }

    private static Reply create(URI base, String method, String ref) {
        return postJson(base.resolve("broker/v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":" + (100 + ref.length()) + ",\"currency\":\"CNY\"}",
                "app-api-key", DEMO_API_KEY);
    }

    /** Writes through both admin APIs, restarts, reads it back; returns the first schema log line. */
    private String restartScenario(String name) throws Exception {
        Scripts.deleteRecursively(dataDir);
        int port = Scripts.freePort();
        URI base = URI.create("http://localhost:" + port + "/");

        Path firstLog = start(port, "run-it-" + name + "-1.log");
        awaitReady(base, firstLog);
        assertTrue(get(base.resolve("broker/openapi")).body().contains("/v1/merchant/{merchant}"), "the broker API is documented");
        assertTrue(get(base.resolve("checkout/openapi")).body().contains("/enterprises/{enterpriseId}"), "the checkout API is documented");
        assertEquals(403, get(base.resolve("openapi")).status(), "Payara's merged document is off");

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

        if (database.containsKey("API_RATE_LIMIT_PER_SECOND")) {
            rateLimitedPerKey(base, merchant, key, enterprise, caKey);
        }
        // HTTPS beside HTTP, with the certificate the script made under DATA_DIR (and kept across the restart).
        Reply secure = overHttps(URI.create("https://localhost:" + httpsPort + "/health/ready"));
        assertEquals(200, secure.status(), secure::toString);
        // The key-encryption key the script drew is under DATA_DIR, readable by its owner only; the
        // second start read it again (the demo merchant's sealed accounts still sign, demoFlow below).
        assertEquals(java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"),
                Files.getPosixFilePermissions(dataDir.resolve("credentials.key")));

        Reply sandbox = postJson(base.resolve("sandbox/alphapay/v3/pay/transactions/native"), "{}");
        if ("off".equals(database.get("SANDBOX"))) {
            assertEquals(404, sandbox.status(), "SANDBOX=off deploys no sandbox: " + sandbox);
            beforeTheLastStop.accept(base);
        } else {
            assertEquals(401, sandbox.status(), "the sandbox is on by default and refuses an unsigned request: " + sandbox);
            demoFlow(base);
            generatedTypeScriptClientsDriveBothServicesThroughPrismWithoutAViolation(base);
        }

        interrupt(server);
        assertTrue(server.waitFor(60, TimeUnit.SECONDS));
        for (Path log : new Path[] {firstLog, secondLog}) {
            String text = Files.readString(log, StandardCharsets.UTF_8);
            // The demo merchant's company accounts hold private keys: none may be logged either (LogSecrets looks for them).
            assertEquals(List.of(), LogSecrets.findings(text, log.getFileName().toString(),
                    java.util.stream.Stream.of(key, caKey, ADMIN_PASSWORD, sandboxPassword(), DEMO_API_KEY, DEMO_CA_KEY)
                            .filter(java.util.Objects::nonNull).toList()));
        }
        // Both WARs start against one database: the first migrates, every later start finds it current.
        List<String> first = schemaLines(firstLog);
        assertEquals(2, first.size(), first::toString);
        assertTrue(first.get(0).matches(".*\\(([1-9][0-9]*) migration\\(s\\) applied now\\).*"), first.get(0));
        assertTrue(first.get(1).contains("(0 migration(s) applied now)"), first.get(1));
        List<String> second = schemaLines(secondLog);
        assertEquals(2, second.size(), "both WARs of the second start report their schema: " + second);
        assertTrue(second.stream().allMatch(l -> l.contains("(0 migration(s) applied now)")), second::toString);
        return first.get(0);
    }

    /**
     * Beyond its allowance a key gets 429 with its service's envelope and Retry-After, and another
     * key is not slowed by it (the limit is per key, on each node).
     */
    private static void rateLimitedPerKey(URI base, String merchant, String key, String enterprise, String caKey) throws Exception {
        // At once: one after another, 60 took longer than the 8 s in which bursts of 20 at 5 a second
        // let 60 through, beside the other suites, and none was limited.
        List<Reply> replies = Bursts.atOnce(60, i -> get(base.resolve("broker/v1/merchant/" + merchant), "app-api-key", key)).stream()
                .map(Bursts.Caller::first).toList();
        Reply limited = replies.stream().filter(r -> r.status() == 429).findFirst().orElse(null);
        for (Reply r : replies) {
            assertTrue(r.status() == 200 || r.status() == 429, r::toString);
        }
        assertNotNull(limited, "60 requests at once meet a limit of 5 per second (bursts of 20)");
        assertEquals(429, limited.json().getInt("code"));
        assertTrue(limited.json().getString("message").contains("per key"), limited::toString);
        assertTrue(Integer.parseInt(limited.header("Retry-After")) >= 1, limited::toString);
        assertEquals(200, get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status(), "another key is not limited");

        Reply checkout = Bursts.atOnce(60, i -> get(base.resolve("checkout/enterprises/" + enterprise), "x-ca-key", caKey)).stream()
                .map(Bursts.Caller::first)
                .filter(r -> r.status() == 429).findFirst().orElse(null);
        assertNotNull(checkout, "the checkout service limits its keys too");
        assertEquals(429, checkout.json().getInt("code"));
        assertTrue(checkout.json().getString("message").contains("per key"), "in the checkout envelope: " + checkout);
        assertNotNull(checkout.header("Retry-After"));
    }

    /** A GET over HTTPS, trusting only the certificate the run script made under DATA_DIR. */
    private Reply overHttps(URI uri) throws Exception {
        java.net.http.HttpResponse<String> response = org.cbec.testing.ApiChecks.check(httpsClient().send(java.net.http.HttpRequest.newBuilder(uri)
                .timeout(Duration.ofSeconds(30)).build(), java.net.http.HttpResponse.BodyHandlers.ofString()), null);
        return new Reply(response.statusCode(), response.headers(), response.body());
    }

    /** A client that trusts only the certificate the run script made under DATA_DIR (for HTTP too). */
    private java.net.http.HttpClient httpsClient() throws Exception {
        Path tls = dataDir.resolve("tls");
        java.security.KeyStore store = java.security.KeyStore.getInstance("PKCS12");
        char[] password = Files.readString(tls.resolve("keystore.password")).toCharArray();
        try (java.io.InputStream in = Files.newInputStream(tls.resolve("keystore.p12"))) {
            store.load(in, password);
        }
        java.security.KeyStore trust = java.security.KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        trust.setCertificateEntry("cbec", store.getCertificate("cbec"));
        javax.net.ssl.TrustManagerFactory tmf = javax.net.ssl.TrustManagerFactory.getInstance(javax.net.ssl.TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        javax.net.ssl.SSLContext ssl = javax.net.ssl.SSLContext.getInstance("TLS");
        ssl.init(null, tmf.getTrustManagers(), null);
        return java.net.http.HttpClient.newBuilder().sslContext(ssl).connectTimeout(Duration.ofSeconds(10)).build();
    }

    private static List<String> schemaLines(Path log) throws IOException {
        // The broker's and the checkout's SchemaMigrator (the sandbox migrates a database of its own).
        return Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .filter(l -> l.contains("org.cbec.platform.schema.SchemaMigrator") && l.contains("Schema of ")).toList();
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
        builder.environment().put("HTTPS_PORT", String.valueOf(httpsPort));
        sandboxPort = Scripts.freePort();
        builder.environment().put("SANDBOX_PORT", String.valueOf(sandboxPort));
        builder.environment().put("DATA_DIR", dataDir.toString());
        builder.environment().put("ADMIN_PASSWORD", ADMIN_PASSWORD);
        builder.environment().put("DEMO_API_KEY", DEMO_API_KEY);
        builder.environment().put("DEMO_CA_KEY", DEMO_CA_KEY);
        builder.environment().remove("DB_URL");
        // The script's own key-encryption key and sandbox admin password (drawn under DATA_DIR), not the test suites'.
        builder.environment().remove("CREDENTIALS_KEY");
        builder.environment().remove("SANDBOX_ADMIN_PASSWORD");
        builder.environment().putAll(database);
        server = builder.start();
        return log;
    }

    /**
     * Ready means: readiness UP, both services answering their demo keys, and with the sandbox the
     * demo merchant's accounts at both companies registered (the script does it once ready).
     */
    private void awaitReady(URI base, Path log) throws Exception {
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (Instant.now().isBefore(deadline)) {
            assertTrue(server.isAlive(), () -> "the run script exited: " + Scripts.tail(log));
            try {
                if (get(base.resolve("health/ready")).status() == 200
                        && get(base.resolve("broker/v1/merchant/demo"), "app-api-key", DEMO_API_KEY).status() == 200
                        && get(base.resolve("checkout/merchants/demo"), "x-ca-key", DEMO_CA_KEY).status() == 200) {
                    if (!"off".equals(database.get("SANDBOX"))) {
                        Scripts.awaitCompanyAccounts(base, "demo", DEMO_API_KEY);
                    }
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

    /** The sandbox's admin password that the run script drew and keeps under DATA_DIR (none with SANDBOX=off: null). */
    private String sandboxPassword() throws IOException {
        Path file = dataDir.resolve("sandbox-admin.password");
        return Files.exists(file) ? Files.readString(file).strip() : null;
    }
}
