package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.cbec.platform.identity.ResidentId;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.Tables;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Customs declarations end to end through both sandbox companies, inside the server so that each
 * test can also check what the broker stored. Each test pays its own order first; the payer is
 * 张三 with a valid resident ID, which the sandbox company remembers for its certCheckResult.
 */
@ExtendWith(ArquillianExtension.class)
class CustomsIT {

    private static final String KEY = System.getenv("DEMO_API_KEY");
    private static final String PAYER = "张三";
    /** Ends in X, so the upper-case rule is exercised too. */
    private static final String PAYER_ID = withCheck("11010519491231002");
    private static final String OTHER_ID = withCheck("44030619850315123");

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), CustomsIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    record Paid(String method, String orderNo, String transactionId) {
    }

    /** The companies: company-sandbox, a deployment of its own reached over HTTP. */
    private static final SandboxClient SANDBOX = SandboxClient.fromEnvironment();

    @BeforeEach
    void theDemoMerchantHasItsCompanyAccounts() {
        SANDBOX.registerOnce(at(base, ""), basic("admin", System.getenv("ADMIN_PASSWORD")), "demo");
    }

    // ---- declare, query, progress --------------------------------------------------------------

    @Test
    void aDeclarationGoesFromProcessingToSuccessForBothCompanies() throws Exception {
        for (String method : List.of("alphapay", "betapay")) {
            Paid p = paid(method, 10_000);
            Reply declared = declare(p, "\"certId\":\"" + PAYER_ID + "\",\"name\":\"" + PAYER + "\",\"mchCustomsNo\":\"C123\"");
            assertEquals(200, declared.status(), () -> method + ": " + declared);
            JsonObject d = declared.json();
            assertEquals("PROCESSING", d.getString("state"), method);
            assertEquals("SAME", d.getString("certCheckResult"), method);
            assertEquals(p.transactionId(), d.getString("transactionId"));
            assertTrue(d.getString("modifyTime").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,9})?\\+08:00"),
                    "Beijing time with its seconds: " + d.getString("modifyTime"));
            assertFalse(d.getString("customsMessage").isBlank(), "the company's original message is returned");
            assertFalse(d.getString("verifyDepartmentTradeId").isBlank());

            assertEquals("PROCESSING", orders(p).getJsonObject(0).getString("state"), method);
            JsonObject settled = awaitState(p, "SUCCESS");
            assertEquals("GUANGZHOU_ZS", settled.getString("customs"));
            assertEquals("C123", settled.getString("mchCustomsNo"));
        }
    }

    @Test
    void theCompanyReportsADifferentIdentityWhenTheDeclaredPayerIsNotThePayer() {
        Paid p = paid("betapay", 500);
        Reply declared = declare(p, "\"certId\":\"" + OTHER_ID + "\",\"name\":\"" + PAYER + "\"");
        assertEquals(200, declared.status(), declared::toString);
        assertEquals("DIFFERENT", declared.json().getString("certCheckResult"));
    }

    @Test
    void aSplitOrderIsDeclaredAsSubOrdersThatNeverAddUpToMoreThanWasPaid() {
        for (String method : List.of("alphapay", "betapay")) {
            Paid p = paid(method, 10_000);
            assertEquals(200, declare(p, split("A1", 6000, 5000, 1000)).status(), method);
            assertEquals(200, declare(p, split("B2", 4000, 3000, 1000)).status(), method);
            Reply tooMuch = declare(p, split("C3", 1, 1, 0));
            assertEquals(400, tooMuch.status(), tooMuch::toString);
            assertEquals("orderFee", tooMuch.json().getString("field"));
            JsonArray orders = orders(p);
            assertEquals(2, orders.size(), method + ": " + orders);
            assertEquals("A1", orders.getJsonObject(0).getString("subOrderNo"));
            assertEquals(6000, orders.getJsonObject(0).getInt("orderFee"));
            assertEquals("B2", orders.getJsonObject(1).getString("subOrderNo"));
            assertEquals(2, count("SELECT COUNT(*) FROM declaration WHERE order_no = ?", p.orderNo()));
        }
    }

    @Test
    void anOrderIsNotAddedTwiceButModified() {
        Paid p = paid("alphapay", 2_000);
        assertEquals(200, declare(p, "\"duty\":100").status());
        Reply again = declare(p, "\"duty\":100");
        assertEquals(400, again.status(), again::toString);
        assertEquals("actionType", again.json().getString("field"));
        Reply modified = declare(p, "\"duty\":250,\"actionType\":\"MODIFY\"");
        assertEquals(200, modified.status(), modified::toString);
        assertEquals(250, orders(p).getJsonObject(0).getInt("duty"));
        Paid undeclared = paid("alphapay", 100);
        Reply nothingToModify = declare(undeclared, "\"actionType\":\"MODIFY\"");
        assertEquals(400, nothingToModify.status());
        assertEquals("actionType", nothingToModify.json().getString("field"));
    }

    @Test
    void aDeclarationIsRedeclaredFromSuccessButNotWhileProcessing() throws Exception {
        for (String method : List.of("alphapay", "betapay")) {
            Paid p = paid(method, 3_000);
            assertEquals(200, declare(p, "\"mchCustomsNo\":\"C9\"").status());
            Reply early = redeclare(p);
            assertEquals(400, early.status(), () -> method + " redeclared while PROCESSING: " + early);
            assertEquals("orderNo", early.json().getString("field"));
            awaitState(p, "SUCCESS");
            Reply redeclared = redeclare(p);
            assertEquals(200, redeclared.status(), redeclared::toString);
            assertEquals("PROCESSING", redeclared.json().getString("state"));
        }
    }

    @Test
    void customsAnswersFailWithAnExplanationAndExceptAllowsARedeclaration() {
        Paid p = paid("betapay", 800);
        assertEquals(200, declare(p, "\"mchCustomsNo\":\"C7\"").status());
        assertEquals(200, customsAnswers(p, "FAIL", "商品编码不符").status());
        JsonObject failed = orders(p).getJsonObject(0);
        assertEquals("FAIL", failed.getString("state"));
        assertEquals("商品编码不符", failed.getString("explanation"));
        assertEquals(400, redeclare(p).status(), "FAIL is not redeclared");
        assertEquals(200, customsAnswers(p, "EXCEPT", "customs interface abnormal").status());
        assertEquals(200, redeclare(p).status());
    }

    // ---- identity upload -----------------------------------------------------------------------

    @Test
    void thePayersIdentityIsUploadedToAlphapayAndRefusedForBetapay() {
        Paid p = paid("alphapay", 1_000);
        Reply same = identify(p, PAYER_ID, PAYER);
        assertEquals(200, same.status(), same::toString);
        assertEquals("SAME", same.json().getString("certCheckResult"));
        assertFalse(same.body().contains(PAYER_ID), "the identity number comes back masked");
        assertEquals(ResidentId.mask(PAYER_ID), same.json().getString("certId"));
        assertEquals("DIFFERENT", identify(p, PAYER_ID, "李四").json().getString("certCheckResult"));

        Paid b = paid("betapay", 1_000);
        Reply refused = identify(b, PAYER_ID, PAYER);
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("paymentMethod", refused.json().getString("field"));
    }

    @Test
    void identityNumbersAreStoredOnlyEncryptedOrMasked() throws Exception {
        for (String method : List.of("alphapay", "betapay")) {
            Paid p = paid(method, 900);
            assertEquals(200, declare(p, "\"certId\":\"" + PAYER_ID + "\",\"name\":\"" + PAYER + "\"").status());
            try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(
                    "SELECT e.request, e.operation FROM payment_event e JOIN payment p ON p.id = e.payment_id WHERE p.order_ref = ?")) {
                s.setString(1, p.orderNo());
                ResultSet rs = s.executeQuery();
                boolean declared = false;
                while (rs.next()) {
                    assertFalse(rs.getString(1).contains(PAYER_ID), method + " stored an identity number in clear");
                    declared |= rs.getString(2).equals("customs-declare");
                }
                assertTrue(declared, "the declaration exchange is stored");
            }
        }
    }

    // ---- refusals ------------------------------------------------------------------------------

    @Test
    void everyValidationRuleIs400NamingTheFieldAndChangesNothing() throws Exception {
        Paid p = paid("alphapay", 5_000);
        assertEquals(200, declare(p, split("S1", 1000, 800, 200)).status());
        long version = count("SELECT version FROM declaration WHERE order_no = ?", p.orderNo());
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put("\"customs\":\"BEIJING\"", "customs");
        cases.put("\"feeType\":\"USD\"", "feeType");
        cases.put("\"actionType\":\"DELETE\"", "actionType");
        cases.put("\"certType\":\"PASSPORT\"", "certType");
        cases.put("\"certId\":\"" + PAYER_ID.substring(0, 17) + (PAYER_ID.charAt(17) == '0' ? '1' : '0') + "\"", "certId");
        cases.put("\"certId\":\"11010519490231002X\"", "certId");
        cases.put("\"certId\":\"" + PAYER_ID.toLowerCase() + "\"", "certId");
        cases.put("\"certId\":\"1101051949123100\"", "certId");
        cases.put("\"certId\":\"" + withCheck("99010519491231002") + "\"", "certId");
        cases.put("\"name\":\"Zhang San\"", "name");
        cases.put("\"name\":\"·张三\"", "name");
        cases.put("\"duty\":-1", "duty");
        cases.put("\"subOrderNo\":\"S2\",\"orderFee\":100,\"transportFee\":50,\"productFee\":50", "feeType");
        cases.put("\"subOrderNo\":\"S2\",\"feeType\":\"CNY\",\"transportFee\":50,\"productFee\":50", "orderFee");
        cases.put("\"subOrderNo\":\"S2\",\"feeType\":\"CNY\",\"orderFee\":100,\"productFee\":50", "transportFee");
        cases.put("\"subOrderNo\":\"S2\",\"feeType\":\"CNY\",\"orderFee\":100,\"transportFee\":50", "productFee");
        cases.put("\"subOrderNo\":\"S2\",\"feeType\":\"CNY\",\"orderFee\":100,\"transportFee\":50,\"productFee\":40", "orderFee");
        cases.put("\"subOrderNo\":\"S-2\",\"feeType\":\"CNY\",\"orderFee\":100,\"transportFee\":50,\"productFee\":50", "subOrderNo");
        cases.put("\"subOrderNo\":\"S1\",\"feeType\":\"CNY\",\"orderFee\":6000,\"transportFee\":5000,\"productFee\":1000,\"actionType\":\"MODIFY\"", "orderFee");
        cases.put("\"paymentMethod\":\"cashpay\"", "paymentMethod");
        cases.forEach((fields, field) -> {
            Reply reply = declare(p, fields);
            assertEquals(400, reply.status(), () -> fields + " -> " + reply);
            assertEquals(field, reply.json().getString("field"), fields);
            assertFalse(reply.body().contains(PAYER_ID.substring(6, 14)), "no identity data in the refusal");
        });
        Reply badOrderNo = postJson(customsUri(), "{\"orderNo\":\"A-1\",\"transactionId\":\"" + p.transactionId() + "\"}", "app-api-key", KEY);
        assertEquals("orderNo", badOrderNo.json().getString("field"));
        Reply noMchCustomsNo = send("PUT", customsUri(), "{\"orderNo\":\"" + p.orderNo() + "\"}", "Content-Type", "application/json",
                "app-api-key", KEY);
        assertEquals(400, noMchCustomsNo.status());
        assertEquals("mchCustomsNo", noMchCustomsNo.json().getString("field"));
        Reply noName = identify(p, PAYER_ID, null);
        assertEquals("certName", noName.json().getString("field"));
        assertEquals(version, count("SELECT version FROM declaration WHERE order_no = ?", p.orderNo()), "the stored declaration is unchanged");
        assertEquals(1, count("SELECT COUNT(*) FROM declaration WHERE order_no = ?", p.orderNo()));
    }

    @Test
    void anUnknownOrUnpaidPaymentOrAnotherTransactionIs400() {
        Reply unknown = postJson(customsUri(), "{\"orderNo\":\"nosuchorder1\",\"transactionId\":\"4200\"}", "app-api-key", KEY);
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals("orderNo", unknown.json().getString("field"));

        String ref = ref();
        assertEquals(200, createPayment("alphapay", ref, 100).status());
        Reply unpaid = postJson(customsUri(), "{\"orderNo\":\"" + ref + "\",\"transactionId\":\"4200\"}", "app-api-key", KEY);
        assertEquals(400, unpaid.status(), unpaid::toString);
        assertEquals("orderNo", unpaid.json().getString("field"));

        Paid p = paid("alphapay", 100);
        Reply other = postJson(customsUri(), "{\"orderNo\":\"" + p.orderNo() + "\",\"transactionId\":\"4200999\"}", "app-api-key", KEY);
        assertEquals("transactionId", other.json().getString("field"));
        Reply overpaid = declare(p, "\"orderFee\":101");
        assertEquals("orderFee", overpaid.json().getString("field"));
        assertEquals(0, count("SELECT COUNT(*) FROM declaration WHERE order_no = ?", p.orderNo()));
    }

    // ---- company failures ----------------------------------------------------------------------

    @Test
    void aFailingCompanyGets500TheCircuitOpensWith503AndNothingIsLost() throws Exception {
        Paid p = paid("alphapay", 700);
        SANDBOX.assertCircuitClosed("alphapay", "demo", ref -> createPayment("alphapay", ref, 100));
        assertEquals(200, SANDBOX.fault("alphapay", "demo", "{\"mode\":\"ERROR\",\"status\":503}").status());
        boolean opened = false;
        int reached = 0; // declarations the broker sent, each answered 503 by the faulted company
        try {
            for (int i = 0; i < 8 && !opened; i++) {
                Reply r = declare(p, "\"mchCustomsNo\":\"C1\"");
                assertEquals("failure while declaring the payment", r.json().getString("message"));
                opened = r.json().getString("errors").contains("circuit breaker is open");
                // Sent and failed: 500; refused unsent by the open circuit: 503, to send again after Retry-After.
                assertEquals(opened ? 503 : 500, r.status(), r::toString);
                if (opened) {
                    assertEquals("5", r.header("Retry-After"), r::toString);
                }
                reached += opened ? 0 : 1;
            }
        } finally {
            SANDBOX.clearFaults("alphapay", "demo");
        }
        assertTrue(opened, "the circuit opened");
        assertEquals(1, count("SELECT COUNT(*) FROM declaration WHERE order_no = ? AND state = 'UNDECLARED'", p.orderNo()),
                "the declaration is kept, not yet with customs");
        // Sent again until the circuit lets it through (it refuses unsent while open), then customs has it.
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        Reply later = declare(p, "\"mchCustomsNo\":\"C1\"");
        while (later.status() == 503 && later.json().getString("errors").contains("circuit breaker is open") && System.nanoTime() < deadline) {
            Thread.sleep(250);
            later = declare(p, "\"mchCustomsNo\":\"C1\"");
        }
        Reply sent = later;
        assertEquals(200, sent.status(), () -> "an ADD of a declaration that never reached customs is sent: " + sent);
        assertEquals("PROCESSING", sent.json().getString("state"));
        // By the company's own log: the refused ones while open never reached it, and the kept
        // declaration reached it once after the circuit closed, and was accepted.
        java.util.List<Integer> statuses = SANDBOX.requestStatuses("alphapay", "demo", "customs-declare", p.orderNo());
        java.util.List<Integer> expected = new java.util.ArrayList<>(java.util.Collections.nCopies(reached, 503));
        expected.add(200);
        assertEquals(expected, statuses, "what the company received of this declaration, oldest first");
    }

    // ---- helpers -------------------------------------------------------------------------------

    @Test
    void everyCustomsOperationRefusesAMissingWrongOrAnotherMerchantsKey() {
        String other = "cm-" + UUID.randomUUID().toString().substring(0, 8);
        String admin = Http.basic("admin", System.getenv("ADMIN_PASSWORD"));
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + other + "\"}", "Authorization", admin).status());
        String otherKey = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + other + "\"]}", "Authorization", admin).json().getString("key");
        Paid p = paid("alphapay", 500);
        assertEquals(200, declare(p, "\"duty\":10").status());
        long version = count("SELECT version FROM declaration WHERE order_no = ?", p.orderNo());
        String body = "{\"orderNo\":\"" + p.orderNo() + "\",\"transactionId\":\"" + p.transactionId() + "\",\"paymentMethod\":\"alphapay\","
                + "\"mchCustomsNo\":\"C9\",\"certId\":\"" + PAYER_ID + "\",\"certName\":\"" + PAYER + "\"}";
        for (String[] key : new String[][] {{}, {"app-api-key", "cbk_wrong"}, {"app-api-key", otherKey}}) {
            List<Reply> replies = List.of(
                    postJson(customsUri(), body, key),
                    get(at(base, "v1/customs/payment/demo?order_no=" + p.orderNo() + "&payment_method=alphapay"), key),
                    send("PUT", customsUri(), body, withJson(key)),
                    postJson(at(base, "v1/customs/identification/demo"), body, key));
            for (Reply r : replies) {
                org.cbec.testing.ApiAssertions.assertNotAuthenticated(r);
                assertFalse(r.body().contains(PAYER_ID), "no identity number in a refusal");
            }
        }
        assertEquals(version, count("SELECT version FROM declaration WHERE order_no = ?", p.orderNo()), "nothing changed");
    }

    private static String[] withJson(String[] key) {
        String[] headers = java.util.Arrays.copyOf(key, key.length + 2);
        headers[key.length] = "Content-Type";
        headers[key.length + 1] = "application/json";
        return headers;
    }

    private Paid paid(String method, long amount) {
        String ref = ref();
        assertEquals(200, createPayment(method, ref, amount).status());
        Reply paid = SANDBOX.pay(method, "demo", ref, "{\"payerName\":\"" + PAYER + "\",\"payerIdNumber\":\"" + PAYER_ID + "\"}");
        assertEquals(200, paid.status(), paid::toString);
        JsonObject q = get(at(base, "v1/payment/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", KEY).json();
        assertEquals("SUCCESS", q.getString("tradeState"));
        return new Paid(method, ref, q.getString("transactionId"));
    }

    private Reply createPayment(String method, String ref, long amount) {
        return postJson(at(base, "v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\",\"orderRef\":\""
                + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"CNY\"}", "app-api-key", KEY);
    }

    private Reply declare(Paid p, String fields) {
        return postJson(customsUri(), "{\"orderNo\":\"" + p.orderNo() + "\",\"transactionId\":\"" + p.transactionId()
                + "\",\"paymentMethod\":\"" + p.method() + "\"" + (fields.isEmpty() ? "" : "," + fields) + "}", "app-api-key", KEY);
    }

    private Reply redeclare(Paid p) {
        return send("PUT", customsUri(), "{\"orderNo\":\"" + p.orderNo() + "\",\"transactionId\":\"" + p.transactionId()
                + "\",\"mchCustomsNo\":\"C9\"}", "Content-Type", "application/json", "app-api-key", KEY);
    }

    private Reply identify(Paid p, String certId, String certName) {
        return postJson(at(base, "v1/customs/identification/demo"), "{\"orderNo\":\"" + p.orderNo() + "\",\"transactionId\":\""
                + p.transactionId() + "\",\"certId\":\"" + certId + "\"" + (certName == null ? "" : ",\"certName\":\"" + certName + "\"")
                + "}", "app-api-key", KEY);
    }

    private Reply customsAnswers(Paid p, String state, String explanation) {
        return SANDBOX.settle(p.method(), "demo", p.orderNo(), "{\"state\":\"" + state + "\",\"explanation\":\"" + explanation + "\"}");
    }

    private JsonArray orders(Paid p) {
        Reply r = get(at(base, "v1/customs/payment/demo?order_no=" + p.orderNo() + "&payment_method=" + p.method()), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("orders");
    }

    private JsonObject awaitState(Paid p, String state) throws InterruptedException {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        JsonObject current = orders(p).getJsonObject(0);
        while (!current.getString("state").equals(state) && Instant.now().isBefore(deadline)) {
            Thread.sleep(300);
            current = orders(p).getJsonObject(0);
        }
        assertEquals(state, current.getString("state"), current::toString);
        return current;
    }

    private static String split(String sub, long orderFee, long productFee, long transportFee) {
        return "\"subOrderNo\":\"" + sub + "\",\"feeType\":\"CNY\",\"orderFee\":" + orderFee + ",\"productFee\":" + productFee
                + ",\"transportFee\":" + transportFee;
    }

    private URI customsUri() {
        return at(base, "v1/customs/payment/demo");
    }

    private long count(String sql, String param) {
        return Tables.count(dataSource, sql, param);
    }

    private static String withCheck(String first17) {
        return first17 + ResidentId.checkCharacter(first17);
    }

    private static String ref() {
        return "cu" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }
}
