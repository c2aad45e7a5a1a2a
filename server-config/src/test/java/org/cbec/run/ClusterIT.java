package org.cbec.run;

import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cbec.testing.Bursts;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.LogSecrets;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.Tables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * Two Payara Micro nodes of one cluster against one PostgreSQL, started by
 * {@code server-config/cluster}: both serve every operation, duplicates split across them make one
 * payment, and the payment reconciliation runs on one node at a time, moving to the other when
 * that node stops.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterIT {

    private static final Path DIR = Path.of("target", "cluster-it").toAbsolutePath();
    private static final String ADMIN_PASSWORD = "cluster-it-admin-password";
    private static final String SANDBOX_ADMIN_PASSWORD = "cluster-it-sandbox-admin-password";
    private static final String KEY = "cluster-it-demo-broker-key-0123456789";
    private static final String CA_KEY = "cluster-it-demo-checkout-key-0123456789";
    private static final String PAYER = "张三";
    private static final String PAYER_ID = "11010519491231002X";
    private static final Pattern HOLDER = Pattern.compile("Payment reconciliation every \\d+ ms, as (\\S+) when it holds the lease");
    private static final Map<String, String> env = new HashMap<>();
    private static URI[] nodes;

    @BeforeAll
    static void start() throws Exception {
        Scripts.deleteRecursively(DIR);
        env.put("NODE1_PORT", "18081");
        env.put("NODE2_PORT", "18082");
        env.put("CLUSTER_PG_PORT", "25498");
        env.put("CLUSTER_NAME", "cbec-it-" + UUID.randomUUID().toString().substring(0, 8));
        env.put("ADMIN_PASSWORD", ADMIN_PASSWORD);
        env.put("SANDBOX_ADMIN_PASSWORD", SANDBOX_ADMIN_PASSWORD);
        env.put("DEMO_API_KEY", KEY);
        env.put("DEMO_CA_KEY", CA_KEY);
        env.put("RECONCILIATION_INTERVAL_MS", "2000");
        env.put("BILLS_INTERVAL_MS", "3000");
        env.put("BILLS_DUE_HOUR", "0");
        Map<String, String> printed = new HashMap<>();
        for (String line : cluster("start")) {
            String[] kv = line.split("=", 2);
            if (kv.length == 2) {
                printed.put(kv[0], kv[1]);
            }
        }
        nodes = new URI[] {URI.create(printed.get("NODE1_URL")), URI.create(printed.get("NODE2_URL"))};
        env.putAll(printed);
        for (URI node : nodes) {
            Scripts.awaitCompanyAccounts(node, "demo", KEY);
        }
    }

    @AfterAll
    static void stop() throws Exception {
        cluster("stop");
        for (int i = 1; i <= 2; i++) {
            assertEquals(List.of(), LogSecrets.findings(log(i), List.of(ADMIN_PASSWORD, KEY, CA_KEY, env.getOrDefault("DB_PASSWORD", ""))),
                    "node " + i + "'s log holds no secret");
        }
    }

    @Test
    @Order(1)
    void theTwoNodesFormOneDataGrid() throws Exception {
        for (int i = 1; i <= 2; i++) {
            String log = Files.readString(log(i), StandardCharsets.UTF_8);
            assertTrue(log.contains("DG Size: 2") || log.contains("Members {size:2"), "node " + i + " sees both members of the data grid");
            assertEquals(200, get(nodes[i - 1].resolve("health/ready")).status(), "node " + i + " is ready on the shared database");
        }
    }

    @Test
    @Order(1)
    void eachNodeListensOnItsHttpPortsAndOnTheDataGridOnlyOnTheInterfaceItWasGiven() throws Exception {
        for (int i = 1; i <= 2; i++) {
            int http = nodes[i - 1].getPort();
            long pid = Long.parseLong(Files.readString(DIR.resolve("node" + i + ".pid")).trim());
            List<Scripts.Listening> sockets = Scripts.listening(pid);
            // HTTP, HTTPS (HTTP + 363) and the sandbox's listener (HTTP + 10) on any interface, as a
            // single node; beside them the data grid's one port, on the loopback interface only.
            Set<Integer> served = Set.of(http, http + 363, http + 10);
            List<Scripts.Listening> grid = sockets.stream().filter(l -> !served.contains(l.port())).toList();
            assertEquals(served, sockets.stream().map(Scripts.Listening::port).filter(served::contains)
                    .collect(java.util.stream.Collectors.toSet()), "node " + i + ": " + sockets);
            assertEquals(1, grid.size(), "node " + i + " listens on one data grid port besides: " + sockets);
            // 127.0.0.1, or the same address as Java's dual-stack socket shows it (IPv4-mapped).
            assertTrue(Set.of("tcp 127.0.0.1", "tcp [::ffff:127.0.0.1]").contains(grid.get(0).protocol() + " " + grid.get(0).address()),
                    "node " + i + "'s data grid port is bound to the loopback interface only: " + sockets);
        }
    }

    @Test
    @Order(2)
    void bothNodesServeEveryOperation() {
        for (int i = 0; i < 2; i++) {
            URI a = nodes[i];
            URI b = nodes[1 - i];
            // broker admin and keys
            String merchant = "cl-" + UUID.randomUUID().toString().substring(0, 8);
            assertEquals(201, postJson(a.resolve("broker/admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin()).status());
            Reply key = postJson(b.resolve("broker/admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin());
            assertEquals(201, key.status(), key::toString);
            assertEquals(200, get(a.resolve("broker/v1/merchant/" + merchant), "app-api-key", key.json().getString("key")).status());

            // a payment: create, invoke, pay, query, close refused, declare, query the declaration
            String ref = ref();
            Reply created = create(a, "alphapay", "APP", ref);
            assertEquals(200, created.status(), created::toString);
            Reply invoked = postJson(b.resolve("broker/v1/payment/invocation/demo"), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"APP\","
                    + "\"payMessage\":\"" + created.json().getString("payMessage") + "\"}", "app-api-key", KEY);
            assertEquals(200, invoked.status(), invoked::toString);
            assertEquals(200, sandbox(a).pay("alphapay", "demo", ref, "{\"payerName\":\"" + PAYER + "\",\"payerIdNumber\":\"" + PAYER_ID
                    + "\"}").status());
            JsonObject paid = query(b, "alphapay", ref);
            assertEquals("SUCCESS", paid.getString("tradeState"), paid::toString);
            assertEquals(422, send("POST", a.resolve("broker/v1/payment/close/demo/" + ref + "?payment_method=alphapay"), null,
                    "app-api-key", KEY).status(), "a paid payment is not closed");
            Reply declared = postJson(b.resolve("broker/v1/customs/payment/demo"), "{\"orderNo\":\"" + ref + "\",\"transactionId\":\""
                    + paid.getString("transactionId") + "\",\"paymentMethod\":\"alphapay\",\"duty\":100}", "app-api-key", KEY);
            assertEquals(200, declared.status(), declared::toString);
            Reply declaration = get(a.resolve("broker/v1/customs/payment/demo?order_no=" + ref + "&payment_method=alphapay"), "app-api-key", KEY);
            assertEquals(200, declaration.status(), declaration::toString);

            // another payment: created on one node, closed on the other
            String other = ref();
            assertEquals(200, create(b, "betapay", "NATIVE", other).status());
            assertEquals(200, send("POST", a.resolve("broker/v1/payment/close/demo/" + other + "?payment_method=betapay"), null,
                    "app-api-key", KEY).status());
            assertEquals("CLOSED", query(b, "betapay", other).getString("tradeState"));

            // checkout: a platform cart, and an enterprise cart through payment and declaration
            Reply platformCart = postJson(a.resolve("checkout/carts/platform_c/demo"), "{\"merchantSiteUrl\":\"https://shop.example\","
                    + "\"cart\":{\"userId\":\"u1\",\"products\":[{\"productId\":\"p1\",\"quantity\":2,\"price\":9.99,\"currency\":\"GBP\"}]}}",
                    "x-ca-key", CA_KEY);
            assertEquals(200, platformCart.status(), platformCart::toString);
            Reply enterpriseCart = postJson(b.resolve("checkout/carts/enterprise/demo-enterprise/merchants/m1"), enterpriseCart(), "x-ca-key", CA_KEY);
            assertEquals(200, enterpriseCart.status(), enterpriseCart::toString);
            String cart = enterpriseCart.json().getJsonObject("data").getString("cartId");
            assertEquals(200, send("PUT", a.resolve("checkout/carts/" + cart + "/enterprise/demo-enterprise"),
                    "{\"paymentUrl\":\"https://pay.example/c/" + cart + "\"}", "Content-Type", "application/json", "x-ca-key", CA_KEY).status());
            Reply pay = get(b.resolve("checkout/carts/" + cart + "/enterprise/demo-enterprise/pay"), "x-ca-key", CA_KEY);
            assertEquals(301, pay.status(), pay::toString);
            // The buyer's browser may reach either node: the form's link works on the other one too.
            URI link = URI.create(pay.header("Location"));
            Reply form = get(a.resolve(link.getRawPath().substring(1) + "/data?" + link.getRawQuery()));
            assertEquals(200, form.status(), form::toString);
            String paymentReport = "{\"cartId\":\"" + cart + "\",\"enterpriseOrderId\":\"eo-1\",\"initialRequest\":\"https://pay.example/req\","
                    + "\"initialResponse\":\"https://pay.example/resp\",\"paymentPayId\":\"pay-1\",\"paidAt\":\"2026-11-20T10:15:30+08:00\","
                    + "\"status\":\"success\"}";
            assertEquals(200, postJson(a.resolve("checkout/payment/complete/enterprise/demo-enterprise"), paymentReport, "x-ca-key", CA_KEY).status());
            assertEquals(409, postJson(b.resolve("checkout/payment/complete/enterprise/demo-enterprise"), paymentReport, "x-ca-key", CA_KEY).status(),
                    "the other node knows the payment was reported");
            assertEquals(200, postJson(b.resolve("checkout/declarations/enterprise/demo-enterprise"),
                    "{\"cartId\":\"" + cart + "\",\"status\":\"SUBMITTED\",\"payTransactionId\":\"4200000001\"}", "x-ca-key", CA_KEY).status());
        }
    }

    @Test
    @Order(3)
    void concurrentDuplicateCreatesSplitAcrossTheNodesMakeOnePayment() throws Exception {
        String ref = ref();
        Set<String> payMessages = new HashSet<>();
        for (Bursts.Caller c : Bursts.atOnce(20, i -> create(nodes[i % 2], "betapay", "NATIVE", ref))) {
            assertTrue(c.first().status() == 200 || c.first().status() == 409, c::toString);
            assertEquals(200, c.last().status(), c.last()::toString);
            payMessages.add(c.last().json().getString("payMessage"));
        }
        assertEquals(1, payMessages.size(), "every caller on either node got the same payment");
        assertEquals(1, count("SELECT COUNT(*) FROM payment WHERE merchant = 'demo' AND order_ref = ?", ref));
        assertEquals(1, sandbox(nodes[0]).requests("betapay", "demo", "create", ref), "the company received one create");
        assertEquals(1, count("SELECT COUNT(*) FROM payment_event e JOIN payment p ON p.id = e.payment_id"
                + " WHERE p.order_ref = ? AND e.operation = 'create'", ref), "the company was asked once");
    }

    @Test
    @Order(4)
    void aKeyRevokedOnOneNodeIsRefusedThereAtOnceAndOnTheOtherWithinTenSeconds() throws Exception {
        Reply issued = postJson(nodes[0].resolve("broker/admin/keys"), "{\"merchants\":[\"demo\"]}", "Authorization", admin());
        assertEquals(201, issued.status(), issued::toString);
        String key = issued.json().getString("key");
        URI profile = URI.create("broker/v1/merchant/demo");
        for (URI node : nodes) {
            // used on both nodes, so that each keeps it in memory as live
            assertEquals(200, get(node.resolve(profile), "app-api-key", key).status());
            assertEquals(200, get(node.resolve(profile), "app-api-key", key).status());
        }
        assertEquals(200, send("DELETE", nodes[0].resolve("broker/admin/keys/" + issued.json().getString("keyId")), null,
                "Authorization", admin()).status());
        long revokedAt = System.nanoTime();
        assertEquals(401, get(nodes[0].resolve(profile), "app-api-key", key).status(), "refused at once on the node that revoked it");
        // The other node kept the key as live from before the revocation, for 10 s at most: a
        // request sent 10 s after the revocation's answer must be refused, however slow the
        // machine (no upper bound on the clock to race: only "not before").
        long wait = TimeUnit.SECONDS.toNanos(10) - (System.nanoTime() - revokedAt);
        if (wait > 0) {
            TimeUnit.NANOSECONDS.sleep(wait);
        }
        Reply other = get(nodes[1].resolve(profile), "app-api-key", key);
        assertEquals(401, other.status(), () -> "refused on the other node 10 s after the revocation: " + other);
        assertEquals(401, get(nodes[0].resolve(profile), "app-api-key", key).status());
    }

    @Test
    @Order(5)
    void eachEventIsDeliveredOnceWhileBothNodesDeliver() throws Exception {
        // Both nodes poll for due events; every event must reach the receiver once, whichever node sends it.
        com.sun.net.httpserver.HttpServer receiver = com.sun.net.httpserver.HttpServer.create(
                new java.net.InetSocketAddress("127.0.0.1", 0), 0);
        Map<String, Integer> received = new java.util.concurrent.ConcurrentHashMap<>();
        receiver.createContext("/events", exchange -> {
            exchange.getRequestBody().readAllBytes();
            received.merge(exchange.getRequestHeaders().getFirst("webhook-id"), 1, Integer::sum);
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        receiver.start();
        try {
            assertEquals(201, Http.send("POST", nodes[0].resolve("broker/admin/merchants/demo/webhook-secret"), null,
                    "Authorization", admin()).status());
            List<String> refs = new java.util.ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String ref = ref();
                refs.add(ref);
                URI node = nodes[i % 2];
                Reply created = postJson(node.resolve("broker/v1/payment/demo"), "{\"paymentMethod\":\"betapay\",\"paymentType\":\"NATIVE\","
                        + "\"orderRef\":\"" + ref + "\",\"actualAmount\":1999,\"currency\":\"CNY\",\"notifyUrl\":\"http://127.0.0.1:"
                        + receiver.getAddress().getPort() + "/events\"}", "app-api-key", KEY);
                assertEquals(200, created.status(), created::toString);
                assertEquals(200, sandbox(node).pay("betapay", "demo", ref).status());
                // Queried on both nodes at once: each may see the change; one event is made.
                Bursts.atOnce(2, n -> get(nodes[n].resolve("broker/v1/payment/demo?order_ref=" + ref + "&payment_method=betapay"),
                        "app-api-key", KEY));
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (received.size() < 20 && System.nanoTime() < deadline) {
                Thread.sleep(250);
            }
            assertEquals(20, received.size(), () -> "one event per payment: " + received);
            // A delivery is marked DELIVERED after the receiver's answer, in the sender's next transaction: waited for.
            String delivered = "SELECT COUNT(*) FROM merchant_event WHERE merchant = ? AND state = 'DELIVERED'"
                    + " AND type = 'payment.succeeded' AND payment_id IN (SELECT id FROM payment WHERE order_ref LIKE 'cl%')";
            while (count(delivered, "demo") < 20 && System.nanoTime() < deadline + TimeUnit.SECONDS.toNanos(10)) {
                Thread.sleep(250);
            }
            assertEquals(20, count(delivered, "demo"));
            // Delivered: nothing more is due; every event reached the receiver exactly once.
            assertEquals(Set.of(1), new HashSet<>(received.values()), () -> "delivered once each: " + received);
            for (String ref : refs) {
                assertEquals(1, count("SELECT COUNT(*) FROM merchant_event e JOIN payment p ON p.id = e.payment_id WHERE p.order_ref = ?",
                        ref), ref + " made one event");
            }
        } finally {
            receiver.stop(0);
        }
    }

    @Test
    @Order(6)
    void theBillReconciliationRunsOnOneNodeOfTwoAndCatchesUpTheDaysNobodyRan() throws Exception {
        // The demo merchant's accounts as if opened three days ago: the days since were never reconciled.
        try (Connection c = database(); PreparedStatement s = c.prepareStatement(
                "UPDATE company_credential SET created_at = created_at - INTERVAL '3 days' WHERE merchant = 'demo'")) {
            assertEquals(2, s.executeUpdate(), "demo's accounts at both companies");
        }
        java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8));
        String days = "merchant = 'demo' AND bill_date BETWEEN DATE '" + today.minusDays(3) + "' AND DATE '" + today.minusDays(1) + "'";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && count("SELECT COUNT(*) FROM reconciliation_day WHERE " + days
                + " AND state IN ('DONE', 'AWAITING')", null) < 6) {
            Thread.sleep(500);
        }
        assertEquals(6, count("SELECT COUNT(*) FROM reconciliation_day WHERE " + days + " AND state IN ('DONE', 'AWAITING')"
                + "", null), "three days at each company caught up");
        assertEquals(6, count("SELECT COUNT(*) FROM reconciliation_day WHERE " + days + " AND attempts = 1", null),
                "each day run once");
        String holder;
        try (Connection c = database(); PreparedStatement s = c.prepareStatement("SELECT DISTINCT run_by FROM reconciliation_day WHERE "
                + days)) {
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next());
            holder = rs.getString(1);
            assertTrue(!rs.next(), "one node ran every day");
        }
        long[] lines = new long[2];
        for (int i = 1; i <= 2; i++) {
            lines[i - 1] = Files.readAllLines(log(i), StandardCharsets.UTF_8).stream().filter(l -> l.contains("Bills of demo at ")).count();
        }
        assertTrue(lines[0] == 0 ^ lines[1] == 0, "the runs are in one node's log only: " + java.util.Arrays.toString(lines));
        int ran = lines[0] > 0 ? 1 : 2;
        assertTrue(Files.readString(log(ran), StandardCharsets.UTF_8).contains("Bill reconciliation every 3000 ms, as " + holder),
                "the node that ran them holds " + holder);
        Reply day = get(nodes[2 - ran].resolve("broker/v1/reconciliation/demo?payment_method=alphapay&bill_date=" + today.minusDays(2)),
                "app-api-key", KEY);
        assertEquals(200, day.status(), day::toString);
        assertEquals(0, day.json().getJsonArray("discrepancies").size(), day::toString);
    }

    @Test
    @Order(7)
    void theReconciliationRunsOnExactlyOneNodeAtATimeAndMovesWhenItStops() throws Exception {
        Map<String, Integer> nodeOf = new HashMap<>();
        for (int i = 1; i <= 2; i++) {
            Matcher m = HOLDER.matcher(Files.readString(log(i), StandardCharsets.UTF_8));
            while (m.find()) {
                nodeOf.put(m.group(1), i);
            }
        }
        assertEquals(4, nodeOf.size(), "each WAR on each node has the timer: " + nodeOf);

        // Payments left UNKNOWN on both nodes are each resolved once, by one node: the lease's
        // holder. (Which node holds it is read from the lease, not sampled against a clock: the
        // lease moves only when its holder misses three intervals, which a stalled machine may do.)
        List<String> refs = new ArrayList<>();
        for (int n = 0; n < 2; n++) {
            for (int i = 0; i < 2; i++) {
                refs.add(unknownPayment(nodes[n]));
            }
        }
        awaitResolved(refs);
        int holderNode = nodeOf.get(leaseHolder());
        for (String ref : refs) {
            awaitLogged(holderNode, ref);
            assertEquals(1, reconciledIn(1, ref) + reconciledIn(2, ref), ref + " reconciled exactly once, on one node");
            assertEquals(1, reconciledIn(holderNode, ref), ref + " reconciled by the lease holder's node " + holderNode);
        }

        // The holder's node stops as `cluster stop` stops it (SIGTERM: SIGINT may be ignored by a node
        // whose caller ignored it): the other takes the lease and resolves what is left from then on.
        long pid = Long.parseLong(Files.readString(DIR.resolve("node" + holderNode + ".pid")).trim());
        new ProcessBuilder("kill", "-TERM", String.valueOf(pid)).inheritIO().start().waitFor();
        ProcessHandle.of(pid).ifPresent(p -> p.onExit().orTimeout(60, TimeUnit.SECONDS).join());
        int survivor = 3 - holderNode;
        String late = unknownPayment(nodes[survivor - 1]);
        awaitResolved(List.of(late));
        assertEquals(1, awaitLogged(survivor, late), "the surviving node took over the reconciliation");
        assertEquals(survivor, nodeOf.get(leaseHolder()));
    }

    @Test
    @Order(8)
    void daysMissedWhileNoNodeRanAreCaughtUpAfterARestart() throws Exception {
        // The node the last test left running stops too: nobody runs the bill reconciliation.
        for (int i = 1; i <= 2; i++) {
            Scripts.run(List.of("cluster", "stop-node", DIR.toString(), String.valueOf(i)), env, List.of("DB_URL"),
                    java.time.Duration.ofMinutes(2));
        }
        // Meanwhile two more days of the demo merchant's accounts went by, unreconciled.
        try (Connection c = database(); PreparedStatement s = c.prepareStatement(
                "UPDATE company_credential SET created_at = created_at - INTERVAL '2 days' WHERE merchant = 'demo'")) {
            assertEquals(2, s.executeUpdate());
        }
        java.time.LocalDate today = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8));
        String missed = "merchant = 'demo' AND bill_date BETWEEN DATE '" + today.minusDays(5) + "' AND DATE '" + today.minusDays(4) + "'";
        assertEquals(0, count("SELECT COUNT(*) FROM reconciliation_day WHERE " + missed, null), "nobody ran them");

        Scripts.run(List.of("cluster", "start-node", DIR.toString(), "1"), env, List.of("DB_URL"), java.time.Duration.ofMinutes(6));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline && count("SELECT COUNT(*) FROM reconciliation_day WHERE " + missed
                + " AND state IN ('DONE', 'AWAITING')", null) < 4) {
            Thread.sleep(500);
        }
        assertEquals(4, count("SELECT COUNT(*) FROM reconciliation_day WHERE " + missed + " AND state IN ('DONE', 'AWAITING')", null),
                () -> "the two missed days at each company, caught up after the restart: " + days(missed) + "\n" + billLines(1));
        // Each reconciled once: one result line per day. (Its attempts may count a bill the company
        // did not give at the first try, in time, right after the start: a failed attempt is no run.)
        String log = Files.readString(log(1), StandardCharsets.UTF_8);
        for (String method : List.of("alphapay", "betapay")) {
            for (java.time.LocalDate d = today.minusDays(5); !d.isAfter(today.minusDays(4)); d = d.plusDays(1)) {
                String day = method + " for " + d;
                Matcher result = Pattern.compile("Bills of demo at " + day + ": (DONE|AWAITING), ").matcher(log);
                int results = 0;
                while (result.find()) {
                    results++;
                }
                assertEquals(1, results, () -> day + " reconciled once: " + days(missed) + "\n" + billLines(1));
            }
        }
        Matcher holder = Pattern.compile("Bill reconciliation every 3000 ms, as (\\S+) when it holds the lease")
                .matcher(Files.readString(log(1), StandardCharsets.UTF_8));
        Set<String> restarted = new HashSet<>();
        while (holder.find()) {
            restarted.add(holder.group(1));
        }
        try (Connection c = database(); PreparedStatement s = c.prepareStatement("SELECT DISTINCT run_by FROM reconciliation_day WHERE "
                + missed)) {
            ResultSet rs = s.executeQuery();
            assertTrue(rs.next());
            assertTrue(restarted.contains(rs.getString(1)), "run by the restarted node: " + rs.getString(1) + " " + restarted);
        }
        String before = "merchant = 'demo' AND bill_date BETWEEN DATE '" + today.minusDays(3) + "' AND DATE '" + today.minusDays(1) + "'";
        assertEquals(6, count("SELECT COUNT(*) FROM reconciliation_day WHERE " + before + " AND attempts = 1", null),
                "the days done before are not run again");
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /**
     * The sandbox served by that node (each node runs company-sandbox beside the broker, both on one
     * sandbox schema of the shared PostgreSQL; faults are per sandbox, and each node's broker calls its own).
     */
    private static SandboxClient sandbox(URI node) {
        return new SandboxClient(node.resolve("sandbox/"), SANDBOX_ADMIN_PASSWORD);
    }

    /** A payment the company failed to create (fault on that node's sandbox): UNKNOWN. */
    private static String unknownPayment(URI node) {
        String ref = ref();
        assertEquals(200, sandbox(node).fault("betapay", "demo", "{\"mode\":\"ERROR\",\"status\":503,\"orderRef\":\"" + ref
                + "\",\"count\":1}").status());
        Reply r = create(node, "betapay", "NATIVE", ref);
        assertEquals(500, r.status(), r::toString);
        assertEquals(1, count("SELECT COUNT(*) FROM payment WHERE order_ref = ? AND trade_state = 'UNKNOWN'", ref));
        return ref;
    }

    private static void awaitResolved(List<String> refs) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline
                && refs.stream().anyMatch(r -> count("SELECT COUNT(*) FROM payment WHERE order_ref = ? AND trade_state = 'NOTPAY'", r) == 0)) {
            Thread.sleep(500);
        }
        for (String r : refs) {
            assertEquals(1, count("SELECT COUNT(*) FROM payment WHERE order_ref = ? AND trade_state = 'NOTPAY'", r), r + " resolved");
        }
    }

    /**
     * How many times the node's log says the janitor ended the payment, once it says so at least
     * once or 10 s have passed: Payara's file handler writes a record after the transaction that
     * the test sees in the database, so the line may come a moment after the row.
     */
    private static long awaitLogged(int node, String ref) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long n = reconciledIn(node, ref);
        while (n == 0 && System.nanoTime() < deadline) {
            Thread.sleep(200);
            n = reconciledIn(node, ref);
        }
        return n;
    }

    private static long reconciledIn(int node, String ref) throws Exception {
        return Scripts.paymentsEndedByTheJanitor(Files.readString(log(node), StandardCharsets.UTF_8), "demo", "betapay", ref);
    }

    private static String leaseHolder() throws Exception {
        try (Connection c = database(); PreparedStatement s = c.prepareStatement(
                "SELECT holder FROM scheduler_lease WHERE name = 'payment-reconciliation'")) {
            ResultSet rs = s.executeQuery();
            rs.next();
            return rs.getString(1);
        }
    }

    private static long count(String sql, String param) {
        try (Connection c = database()) {
            return Tables.count(c, sql, param);
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    /** The days' records, one per line (for a failure's message). */
    private static String days(String where) {
        StringBuilder out = new StringBuilder();
        try (Connection c = database(); PreparedStatement s = c.prepareStatement("SELECT payment_method, bill_date, state, attempts,"
                + " run_by, last_error FROM reconciliation_day WHERE " + where + " ORDER BY 1, 2")) {
            ResultSet rs = s.executeQuery();
            while (rs.next()) {
                out.append('\n').append(rs.getString(1)).append(' ').append(rs.getString(2)).append(' ').append(rs.getString(3))
                        .append(" attempts ").append(rs.getInt(4)).append(" by ").append(rs.getString(5)).append(": ").append(rs.getString(6));
            }
        } catch (java.sql.SQLException e) {
            out.append(e);
        }
        return out.length() == 0 ? "no records" : out.toString();
    }

    /** The node's log lines of the bill reconciliation (for a failure's message). */
    private static String billLines(int node) {
        try {
            return String.join("\n", Files.readAllLines(log(node), StandardCharsets.UTF_8).stream()
                    .filter(l -> l.contains("Bills of ") || l.contains("Bill reconciliation") || l.contains("deployed in")).toList());
        } catch (java.io.IOException e) {
            return e.toString();
        }
    }

    private static Connection database() throws java.sql.SQLException {
        return DriverManager.getConnection(env.get("DB_URL"), env.get("DB_USER"), env.get("DB_PASSWORD"));
    }

    private static Reply create(URI node, String method, String type, String ref) {
        return postJson(node.resolve("broker/v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"" + type
                + "\",\"orderRef\":\"" + ref + "\",\"actualAmount\":1999,\"currency\":\"CNY\"}", "app-api-key", KEY);
    }

    private static JsonObject query(URI node, String method, String ref) {
        Reply r = get(node.resolve("broker/v1/payment/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    private static String enterpriseCart() {
        return "{\"cancelUrl\":\"https://shop.example/cancel\",\"cart\":{"
                + "\"user\":{\"platformUserId\":\"pu-1\",\"payer\":{\"nationalId\":\"" + PAYER_ID + "\",\"name\":\"张三\","
                + "\"phoneNumber\":\"+8613812345678\"},\"shippingAddress\":{\"receiver\":{\"name\":\"李四\",\"phoneNumber\":\"13912345678\"},"
                + "\"streetAddress\":\"建国路88号\",\"district\":\"朝阳区\",\"province\":\"北京市\",\"city\":\"北京市\",\"country\":\"中国\","
                + "\"postcode\":\"100020\"}},\"paymentType\":\"alphapay\",\"products\":[{\"productId\":\"p1\",\"skuNumber\":\"S1\","
                + "\"barcode\":\"690\",\"quantity\":1,\"priceBeforeTax\":100.00,\"discount\":2.00,\"taxRate\":0.091}],"
                + "\"totalPriceBeforeShippingTaxAndDiscount\":100.00,\"currency\":\"CNY\",\"tax\":5.00,\"shipping\":8.00,\"discount\":10.00,"
                + "\"totalToPay\":101.00}}";
    }

    private static String ref() {
        return "cl" + UUID.randomUUID().toString().replace("-", "").substring(0, 14);
    }

    private static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    private static Path log(int node) {
        return DIR.resolve("node" + node + ".log");
    }

    private static List<String> cluster(String command) throws Exception {
        return Scripts.run(List.of("cluster", command, DIR.toString()), env, List.of("DB_URL"), java.time.Duration.ofMinutes(12));
    }
}
