package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.File;
import java.net.URL;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.cbec.platform.identity.ResidentId;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.Tables;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Declare-order and query-order end to end: a payment made and declared to customs at a sandbox
 * company (which forwards its payment document to the sandbox's single window), then its order
 * declared by the broker to the window, signed, and followed by query until customs decides. The
 * broker is registered at the window as its transmitting enterprise once per run.
 */
@ExtendWith(ArquillianExtension.class)
class CustomsOrdersIT {

    private static final String KEY = System.getenv("DEMO_API_KEY");
    private static final String PLATFORM_CODE = "4401960ABC";
    private static final String PAYER = "张三";
    private static final String PAYER_ID = withCheck("11010519491231002");
    private static final String OTHER_ID = withCheck("44030619850315123");
    private static final SandboxClient SANDBOX = SandboxClient.fromEnvironment();

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), CustomsOrdersIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    record Paid(String method, String orderRef, String transactionId, long fen) {
    }

    @BeforeEach
    void theDemoMerchantHasItsAccountsAndTheBrokerIsRegisteredAtTheWindow() {
        String admin = basic("admin", System.getenv("ADMIN_PASSWORD"));
        SANDBOX.registerOnce(at(base, ""), admin, "demo");
        SANDBOX.registerWindowOnce(at(base, ""), admin);
    }

    @Test
    @Tag("postgresql-server")
    void aPaidPaymentDeclaredItsOrderDeclaredAndAWaybillArrangedIsReleasedWithEveryReceiptAtBothCompanies() {
        for (String method : List.of("alphapay", "betapay")) {
            Paid p = paid(method, 22_210);
            declarePayment(p, PAYER_ID, PAYER);
            String orderNo = orderNo();
            Reply declared = declareOrder(order(p, orderNo, b -> { }));
            assertEquals(200, declared.status(), () -> method + ": " + declared);
            JsonObject d = declared.json();
            assertEquals("ACCEPTED", d.getString("state"), d::toString);
            assertEquals("2", d.getString("windowStatus"));
            assertEquals("RECEIVED", d.getJsonObject("documents").getString("order"));
            assertEquals(method, d.getString("paymentMethod"));

            JsonObject stored = awaitState(orderNo, "STORED");
            assertEquals("MATCHED", stored.getJsonObject("documents").getString("payment"), stored::toString);
            assertEquals("MISSING", stored.getJsonObject("documents").getString("waybill"));

            assertEquals(201, SANDBOX.waybill(PLATFORM_CODE, orderNo, "SF" + orderNo).status());
            JsonObject released = awaitState(orderNo, "RELEASED");
            assertEquals(List.of("2", "120", "120", "800"), statuses(released), released::toString);
            assertEquals(json("{\"order\":\"RECEIVED\",\"payment\":\"MATCHED\",\"paymentField\":null,\"waybill\":\"MATCHED\"}"),
                    released.getJsonObject("documents"));
            JsonArray receipts = released.getJsonArray("receipts");
            assertTrue(receipts.getJsonObject(3).getString("at").endsWith("+08:00"), receipts::toString);
            assertEquals(List.of("customs.order.released"), eventTypes(p, "customs.order."), "the merchant is told once");
            assertEquals(List.of(200), SANDBOX.windowRequests("order-declare", orderNo), "sent once");
        }
    }

    @Test
    void eachMismatchIsRefusedNamingItsFieldAndNothingReachesTheWindow() {
        Paid p = paid("alphapay", 5_000);
        declarePayment(p, PAYER_ID, PAYER);
        String orderNo = orderNo();
        record Case(String field, Consumer<JsonObjectBuilder> change) {
        }
        List<Case> cases = List.of(
                new Case("transactionId", b -> b.add("transactionId", "4200000000000000000000000001")),
                new Case("actualPaid", b -> b.add("actualPaid", 5_001).add("freight", 501)),
                new Case("actualPaid", b -> b.add("actualPaid", 4_999)),
                new Case("goodsValue", b -> b.add("goodsValue", 4_400).add("freight", 600)),
                new Case("buyer.idNumber", b -> b.add("buyer", buyer(PAYER, OTHER_ID))),
                new Case("buyer.name", b -> b.add("buyer", buyer("李四", PAYER_ID))),
                new Case("paymentMethod", b -> b.add("paymentMethod", "gammapay")));
        for (Case c : cases) {
            Reply r = declareOrder(order(p, orderNo, c.change()));
            assertEquals(422, r.status(), () -> c.field() + ": " + r);
            assertEquals(c.field(), r.json().getString("field"), r::toString);
            assertFalse(r.body().contains(OTHER_ID) || r.body().contains(PAYER_ID), "no identity in an answer");
        }
        assertEquals(List.of(), SANDBOX.windowRequests("order-declare", orderNo), "nothing was sent to the window");
        assertEquals(0, Tables.count(dataSource, "SELECT COUNT(*) FROM order_declaration WHERE order_no = ?", orderNo));
        String sealed = one("SELECT payer_identity FROM declaration WHERE order_no = ?", p.orderRef());
        assertTrue(sealed.startsWith("A256GCM:") && !sealed.contains(PAYER_ID), "the declared identity is stored sealed");
    }

    @Test
    void anOrderDeclaredBeforeItsPaymentIsMatchedOnceThePaymentArrives() {
        Paid p = paid("betapay", 3_000);
        String orderNo = orderNo();
        assertEquals(201, SANDBOX.waybill(PLATFORM_CODE, orderNo, "SF" + orderNo).status());
        Reply declared = declareOrder(order(p, orderNo, b -> { }));
        assertEquals(200, declared.status(), declared::toString);
        JsonObject waiting = awaitState(orderNo, "STORED");
        assertEquals("MISSING", waiting.getJsonObject("documents").getString("payment"), waiting::toString);

        declarePayment(p, PAYER_ID, PAYER);
        JsonObject released = awaitState(orderNo, "RELEASED");
        assertEquals(List.of("2", "120", "120", "800"), statuses(released), released::toString);
        String body = one("SELECT sealed_body FROM order_declaration WHERE order_no = ?", orderNo);
        assertTrue(body.startsWith("A256GCM:") && !body.contains(PAYER_ID) && !body.contains("13800000000"), "the order is stored sealed");
    }

    @Test
    void anOrderTheWindowReturnsEndsReturnedWithTheReasonAndAnEventAndTheSameOrderAgainIsTheStoredOne() {
        Paid p = paid("alphapay", 2_000);
        declarePayment(p, PAYER_ID, PAYER);
        String orderNo = orderNo();
        assertEquals(200, SANDBOX.arrangeReturn(PLATFORM_CODE, orderNo, "the goods are not allowed in").status());
        JsonObject body = order(p, orderNo, b -> { });
        assertEquals(200, declareOrder(body).status());
        JsonObject returned = awaitState(orderNo, "RETURNED");
        assertEquals("100", returned.getString("windowStatus"));
        assertTrue(returned.getString("windowInfo").startsWith("the goods are not allowed in;"), returned::toString);
        assertEquals(List.of("customs.order.returned"), eventTypes(p, "customs.order."));

        Reply again = declareOrder(body);
        assertEquals(200, again.status(), "the same order again is the declaration stored");
        assertEquals("RETURNED", again.json().getString("state"));
        Reply other = declareOrder(order(p, orderNo, b -> b.add("consignee", Json.createObjectBuilder().add("name", "王五")
                .add("telephone", "13900000000").add("address", "2 Nanjing Road, Shanghai"))));
        assertEquals(422, other.status(), "another body under the same number is a change only with MODIFY");
        assertEquals("orderNo", other.json().getString("field"));
        assertEquals(List.of(200), SANDBOX.windowRequests("order-declare", orderNo));
    }

    @Test
    void anAnswerLostOnTheWayFromTheWindowIsSettledOnceByTheQuery() {
        Paid p = paid("betapay", 1_500);
        declarePayment(p, PAYER_ID, PAYER);
        String orderNo = orderNo();
        assertEquals(200, SANDBOX.windowFault("{\"mode\":\"TIMEOUT\",\"kind\":\"order-declare\",\"count\":1}").status());
        try {
            Reply lost = declareOrder(order(p, orderNo, b -> { }));
            assertEquals(500, lost.status(), lost::toString);
            // The window works once its stall is over, after the broker gave up: wait for it, so that the query finds its work done.
            Instant deadline = Instant.now().plus(Duration.ofSeconds(30));
            while (!SANDBOX.windowRequests("order-declare", orderNo).equals(List.of(200)) && Instant.now().isBefore(deadline)) {
                sleep(200);
            }
            Reply unknown = get(at(base, "v1/customs/order/demo?customs=GUANGZHOU_ZS&order_no=" + orderNo), "app-api-key", KEY);
            assertEquals(200, unknown.status(), unknown::toString);
            assertEquals("ACCEPTED", unknown.json().getString("state"), "the window's word, by its query: " + unknown);
        } finally {
            SANDBOX.clearWindowFaults();
        }
        assertEquals(1, SANDBOX.windowRequests("order-declare", orderNo).size(), "sent once, never again");
        assertEquals(1, Tables.count(dataSource, "SELECT COUNT(*) FROM money_request WHERE kind = 'ORDER' AND merchant_ref = ?", orderNo));
    }

    @Test
    void aQueryOfAnOrderNeverDeclaredIs404AndBadParametersAre422() {
        Reply none = get(at(base, "v1/customs/order/demo?customs=GUANGZHOU_ZS&order_no=NEVER" + orderNo()), "app-api-key", KEY);
        assertEquals(404, none.status(), none::toString);
        Reply office = get(at(base, "v1/customs/order/demo?customs=ATLANTIS&order_no=X1"), "app-api-key", KEY);
        assertEquals(422, office.status());
        assertEquals("customs", office.json().getString("field"));
        Reply noKey = get(at(base, "v1/customs/order/demo?order_no=X1"));
        assertEquals(401, noKey.status());
    }

    @Test
    void theBrokersRegistrationAtTheWindowIsShownWithoutItsKeyAndTheKeyIsStoredSealed() {
        Reply shown = get(at(base, "admin/customs-window"), "Authorization", basic("admin", System.getenv("ADMIN_PASSWORD")));
        assertEquals(200, shown.status(), shown::toString);
        assertEquals(SandboxClient.BROKER_COP_CODE, shown.json().getString("copCode"));
        assertFalse(shown.body().contains("PRIVATE KEY") || shown.json().containsKey("privateKey"), "no key answered");
        String sealed = one("SELECT sealed_private_key FROM window_account WHERE id = 1", null);
        assertTrue(sealed.startsWith("A256GCM:") && !sealed.contains("PRIVATE KEY"), "the key is stored sealed");
        Reply anonymous = get(at(base, "admin/customs-window"));
        assertEquals(401, anonymous.status());
    }

    // ---- helpers ---------------------------------------------------------------------------------

    private Paid paid(String method, long fen) {
        String ref = "co" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        Reply created = postJson(at(base, "v1/payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\",\"orderRef\":\""
                + ref + "\",\"actualAmount\":" + fen + ",\"currency\":\"CNY\"}", "app-api-key", KEY);
        assertEquals(200, created.status(), created::toString);
        Reply paid = SANDBOX.pay(method, "demo", ref, "{\"payerName\":\"" + PAYER + "\",\"payerIdNumber\":\"" + PAYER_ID + "\"}");
        assertEquals(200, paid.status(), paid::toString);
        JsonObject q = get(at(base, "v1/payment/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", KEY).json();
        assertEquals("SUCCESS", q.getString("tradeState"));
        return new Paid(method, ref, q.getString("transactionId"), fen);
    }

    /** PostCustomsPayment with the payer's identity: the company forwards its payment document to the window. */
    private void declarePayment(Paid p, String certId, String name) {
        Reply r = postJson(at(base, "v1/customs/payment/demo"), "{\"orderNo\":\"" + p.orderRef() + "\",\"transactionId\":\"" + p.transactionId()
                + "\",\"paymentMethod\":\"" + p.method() + "\",\"certId\":\"" + certId + "\",\"name\":\"" + name + "\"}", "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
    }

    /** The order of the payment: goods 90% of what was paid in one line, the rest freight; {@code change} alters it. */
    private static JsonObject order(Paid p, String orderNo, Consumer<JsonObjectBuilder> change) {
        long goods = p.fen() * 9 / 10;
        JsonObjectBuilder b = Json.createObjectBuilder().add("platform", "platform_a").add("platformCode", PLATFORM_CODE).add("orderNo", orderNo)
                .add("paymentMethod", p.method()).add("transactionId", p.transactionId()).add("goodsValue", goods)
                .add("freight", p.fen() - goods).add("discount", 0).add("taxTotal", 0).add("actualPaid", p.fen())
                .add("buyer", buyer(PAYER, PAYER_ID))
                .add("consignee", Json.createObjectBuilder().add("name", PAYER).add("telephone", "13800000000").add("address", "1 Nanjing Road, Shanghai"))
                .add("goods", Json.createArrayBuilder().add(Json.createObjectBuilder().add("itemNo", "SKU-1").add("itemName", "Tea")
                        .add("quantity", 1).add("unit", "011").add("price", goods).add("totalPrice", goods).add("country", "303")));
        change.accept(b);
        return b.build();
    }

    private static JsonObjectBuilder buyer(String name, String idNumber) {
        return Json.createObjectBuilder().add("name", name).add("idNumber", idNumber).add("telephone", "13800000000");
    }

    private Reply declareOrder(JsonObject body) {
        return postJson(at(base, "v1/customs/order/demo"), body.toString(), "app-api-key", KEY);
    }

    private JsonObject awaitState(String orderNo, String state) {
        Instant deadline = Instant.now().plus(Duration.ofSeconds(60));
        JsonObject current = null;
        while (Instant.now().isBefore(deadline)) {
            Reply r = get(at(base, "v1/customs/order/demo?customs=GUANGZHOU_ZS&order_no=" + orderNo), "app-api-key", KEY);
            assertEquals(200, r.status(), r::toString);
            current = r.json();
            if (current.getString("state").equals(state)) {
                return current;
            }
            sleep(300);
        }
        throw new AssertionError("order " + orderNo + " never reached " + state + ": " + current);
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    private static List<String> statuses(JsonObject order) {
        return order.getJsonArray("receipts").stream().map(v -> v.asJsonObject().getString("status")).toList();
    }

    private List<String> eventTypes(Paid p, String prefix) {
        Reply r = get(at(base, "v1/events/demo?order_ref=" + p.orderRef() + "&payment_method=" + p.method()), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("events").stream().map(v -> v.asJsonObject().getString("type")).filter(t -> t.startsWith(prefix)).toList();
    }

    private String one(String sql, String param) {
        try {
            List<String> rows = Tables.rows(dataSource, sql, param);
            assertEquals(1, rows.size(), sql);
            String row = rows.get(0); // "column=value "
            return row.substring(row.indexOf('=') + 1).strip();
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    private static JsonObject json(String text) {
        try (var reader = Json.createReader(new java.io.StringReader(text))) {
            return reader.readObject();
        }
    }

    private static String orderNo() {
        return "PO" + UUID.randomUUID().toString().replace("-", "").substring(0, 20).toUpperCase(java.util.Locale.ROOT);
    }

    private static String withCheck(String first17) {
        return first17 + ResidentId.checkCharacter(first17);
    }
}
