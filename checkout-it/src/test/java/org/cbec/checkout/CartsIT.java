package org.cbec.checkout;

import static org.cbec.testing.ApiAssertions.assertNotAuthenticated;
import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.File;
import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import javax.sql.DataSource;
import org.cbec.cart.boundary.ExchangeRates;
import org.cbec.platform.identity.ResidentId;
import org.cbec.testing.Http;
import org.cbec.testing.Malformed;
import org.cbec.testing.Tables;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Carts end to end, inside the server: platform carts of both shapes on all six platforms,
 * enterprise carts with every rule of spec 2.4–2.5, the rate locked on each cart (served by an
 * ECB-format stub on localhost), and the payment and declaration reports with their lifecycle.
 */
@ExtendWith(ArquillianExtension.class)
class CartsIT {

    private static final String KEY = System.getenv("DEMO_CA_KEY");
    private static final String ADMIN = basic("admin", System.getenv("ADMIN_PASSWORD"));
    static final String ID = "11010519491231002X";

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/checkout.war"), CartsIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Inject
    ExchangeRates rates;

    // ---- platform carts ------------------------------------------------------------------------

    @Test
    void bothCartShapesAreAcceptedOnAllSixPlatforms() {
        for (String platform : List.of("platform_a", "platform_b", "platform_c", "platform_d", "platform_e", "platform_f")) {
            for (String cart : List.of(shapeOne(2, 2925, 1, 1500), shapeTwo("GBP", "19.99", 2))) {
                Reply reply = postJson(at(base, "carts/" + platform + "/demo"), platformBody(cart), "x-ca-key", KEY);
                assertEquals(200, reply.status(), () -> platform + ": " + reply);
                JsonObject data = reply.json().getJsonObject("data");
                assertTrue(data.getString("cartId").matches("ct_[0-9a-f]{32}"), data.toString());
                assertTrue(data.getJsonNumber("exchangeRate").bigDecimalValue().signum() > 0);
            }
        }
    }

    @Test
    void platformCartRulesAre400NamingTheField() {
        Map<String, String[]> cases = new LinkedHashMap<>();
        cases.put("unknown platform", new String[] {"carts/platform_z/demo", platformBody(shapeOne(1, 100, 0, 0)), "platform"});
        cases.put("neither shape", new String[] {"carts/platform_a/demo", platformBody("{\"currency\":\"GBP\"}"), "cart"});
        cases.put("both shapes", new String[] {"carts/platform_a/demo",
                platformBody("{\"currency\":\"GBP\",\"items\":[],\"products\":[]}"), "cart"});
        cases.put("item count", new String[] {"carts/platform_a/demo",
                platformBody(shapeOne(2, 100, 1, 100).replace("\"item_count\":3", "\"item_count\":4")), "cart.item_count"});
        cases.put("total price", new String[] {"carts/platform_a/demo",
                platformBody(shapeOne(2, 100, 1, 100).replace("\"total_price\":300", "\"total_price\":301")), "cart.total_price"});
        cases.put("zero quantity", new String[] {"carts/platform_a/demo", platformBody(shapeOne(0, 100, 1, 100)), "cart.items[0].quantity"});
        cases.put("quantity as text", new String[] {"carts/platform_a/demo",
                platformBody(shapeOne(2, 100, 1, 100).replaceFirst("\"quantity\":2", "\"quantity\":\"2\"")), "cart.items[0].quantity"});
        cases.put("currency", new String[] {"carts/platform_a/demo", platformBody(shapeOne(1, 100, 1, 100).replace("GBP", "XYZ")), "cart.currency"});
        cases.put("mixed currencies", new String[] {"carts/platform_b/demo", platformBody("{\"userId\":\"u1\",\"products\":["
                + product("GBP", "1.00", 1) + "," + product("USD", "1.00", 1) + "]}"), "cart.products[1].currency"});
        cases.put("negative price", new String[] {"carts/platform_b/demo", platformBody(shapeTwo("GBP", "-1.00", 1)), "cart.products[0].price"});
        cases.put("site url", new String[] {"carts/platform_a/demo",
                "{\"merchantSiteUrl\":\"shop\",\"cart\":" + shapeOne(1, 100, 0, 0) + "}", "merchantSiteUrl"});
        cases.put("no cart", new String[] {"carts/platform_a/demo", "{\"merchantSiteUrl\":\"https://shop.example\"}", "cart"});
        cases.put("amounts beyond a long", new String[] {"carts/platform_a/demo", platformBody("{\"currency\":\"GBP\",\"item_count\":1000000000000,"
                + "\"total_price\":1,\"items\":[{\"id\":1,\"quantity\":1000000000000,\"price\":1000000000000}]}"), "cart"});
        // A cart within the documented limits is stored whatever its size (the column holds the
        // body limit): BadInputIT stores one at every documented maximum and refuses one line too many.
        long before = count("SELECT COUNT(*) FROM cart", null);
        cases.forEach((what, c) -> {
            Reply reply = postJson(at(base, c[0]), c[1], "x-ca-key", KEY);
            assertEquals(400, reply.status(), () -> what + ": " + reply);
            assertEquals(c[2], reply.json().getJsonObject("data").getString("field"), what);
        });
        assertEquals(before, count("SELECT COUNT(*) FROM cart", null), "no refused cart is stored");
    }

    @Test
    void integralValuedNumbersAndIdsUpToTwoToTheFiftyThirdMinusOneAreAcceptedAndAFractionIsNot() {
        String cart = "{\"currency\":\"GBP\",\"item_count\":2,\"total_price\":5850,\"items\":[{\"id\":1,\"quantity\":2.0,"
                + "\"variant_id\":9007199254740991,\"title\":\"茶叶\",\"price\":2925,\"grams\":0.0}]}";
        Reply accepted = postJson(at(base, "carts/platform_a/demo"), platformBody(cart), "x-ca-key", KEY);
        assertEquals(200, accepted.status(), accepted::toString);
        assertTrue(accepted.json().getJsonObject("data").getString("cartId").matches("ct_[0-9a-f]{32}"));

        long before = count("SELECT COUNT(*) FROM cart", null);
        Reply refused = postJson(at(base, "carts/platform_a/demo"), platformBody(cart.replace("\"quantity\":2.0", "\"quantity\":1.5")),
                "x-ca-key", KEY);
        assertEquals(400, refused.status(), refused::toString);
        assertEquals("cart.items[0].quantity", refused.json().getJsonObject("data").getString("field"));
        assertEquals(before, count("SELECT COUNT(*) FROM cart", null), "the refused cart is not stored");
    }

    // ---- enterprise carts ----------------------------------------------------------------------

    @Test
    void everyEnterpriseCartRuleIs400NamingTheField() {
        assertEquals(200, enterpriseCart(enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00")).status());
        assertEquals(200, enterpriseCart(enterprise("CNY", "100.00", 2, "0", "0", "0").replace("张三", "阿依古丽·买买提")).status(),
                "a minority name with a middle dot is accepted");
        Map<String, String[]> cases = new LinkedHashMap<>();
        String ok = enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00");
        assertTrue(ok.contains("\"totalToPay\":201.00") && ok.contains("\"totalPriceBeforeShippingTaxAndDiscount\":200.00"),
                "200.00 − 2.00 product discount − 10.00 + 5.00 tax + 8.00 shipping");
        cases.put("payer name", new String[] {ok.replace("\"name\":\"张三\"", "\"name\":\"Zhang San\""), "cart.user.payer.name"});
        cases.put("receiver name", new String[] {ok.replace("\"name\":\"李四\"", "\"name\":\"Li4\""), "cart.user.shippingAddress.receiver.name"});
        cases.put("national id", new String[] {ok.replace(ID, "110105194912310021"), "cart.user.payer.nationalId"});
        cases.put("lower-case x", new String[] {ok.replace(ID, ID.toLowerCase()), "cart.user.payer.nationalId"});
        cases.put("phone", new String[] {ok.replace("+8613812345678", "12345"), "cart.user.payer.phoneNumber"});
        cases.put("postcode", new String[] {ok.replace("100020", "10002"), "cart.user.shippingAddress.postcode"});
        cases.put("city", new String[] {ok.replace("\"city\":\"北京市\"", "\"city\":\"Beijing\""), "cart.user.shippingAddress.city"});
        cases.put("street", new String[] {ok.replace("建国路88号", "<script>"), "cart.user.shippingAddress.streetAddress"});
        cases.put("payment type", new String[] {ok.replace("alphapay", "cashpay"), "cart.paymentType"});
        cases.put("currency", new String[] {ok.replace("\"currency\":\"CNY\"", "\"currency\":\"USD\""), "cart.currency"});
        cases.put("subtotal", new String[] {ok.replace("\"totalPriceBeforeShippingTaxAndDiscount\":200.00", "\"totalPriceBeforeShippingTaxAndDiscount\":200.01"),
                "cart.totalPriceBeforeShippingTaxAndDiscount"});
        cases.put("total to pay", new String[] {ok.replaceAll("\"totalToPay\":[0-9.]+", "\"totalToPay\":201.01"), "cart.totalToPay"});
        cases.put("cap in CNY", new String[] {enterprise("CNY", "2500.01", 2, "0", "0", "0"), "cart.totalPriceBeforeShippingTaxAndDiscount"});
        cases.put("cap in GBP at the locked rate", new String[] {enterprise("GBP", "300.00", 2, "0", "0", "0"),
                "cart.totalPriceBeforeShippingTaxAndDiscount"});
        cases.put("cancel url", new String[] {ok.replace("https://shop.example/cancel", "cancel"), "cancelUrl"});
        cases.forEach((what, body) -> {
            Reply reply = enterpriseCart(body[0]);
            assertEquals(400, reply.status(), () -> what + ": " + reply);
            assertEquals(body[1], reply.json().getJsonObject("data").getString("field"), what);
            assertFalse(reply.body().contains(ID.substring(6, 14)), "no identity number in a refusal");
        });
        assertEquals(200, enterpriseCart(enterprise("CNY", "2500.00", 2, "0", "0", "0")).status(), "5,000 RMB is allowed");
    }

    @Test
    void theRateIsLockedOnTheCartAndTheLastGoodRateSurvivesTheSourceGoingDown() throws Exception {
        HttpServer ecb = ecbStub("0.80000", "7.20000");
        try {
            assertTrue(rates.refresh(), "the stub's rates are fetched");
            String first = postJson(at(base, "carts/platform_a/demo"), platformBody(shapeTwo("GBP", "10.00", 1)), "x-ca-key", KEY)
                    .json().getJsonObject("data").getString("cartId");
            assertEquals(new BigDecimal("9.000000"), rateOf(first));
            ecb.stop(0);
            ecb = ecbStub("0.80000", "8.00000");
            assertTrue(rates.refresh());
            JsonObject second = postJson(at(base, "carts/platform_a/demo"), platformBody(shapeTwo("GBP", "10.00", 1)), "x-ca-key", KEY)
                    .json().getJsonObject("data");
            assertEquals(new BigDecimal("10.000000"), second.getJsonNumber("exchangeRate").bigDecimalValue().setScale(6));
            assertEquals(new BigDecimal("9.000000"), rateOf(first), "the first cart keeps the rate it was created with");
            assertEquals(9000, count("SELECT total_cny_fen FROM cart WHERE cart_id = ?", first), "GBP 10.00 at 9.000000");
        } finally {
            ecb.stop(0);
        }
        assertFalse(rates.refresh(), "the source is down");
        assertEquals(new BigDecimal("10.000000"), rates.current().rate(), "the last good rate is kept");
        assertEquals("ECB", rates.current().source());
    }

    // ---- payment and declaration reports -------------------------------------------------------

    @Test
    void anEnterpriseCartIsPaidThenDeclaredAndEachReportCountsOnce() {
        String cart = newEnterpriseCart();
        assertEquals(400, declaration(cart).status(), "no declaration before the payment");
        assertEquals(400, payment(cart, "success").status(), "no payment before there is a payment URL");
        assertEquals(200, setPaymentUrl(cart).status());
        Reply paid = payment(cart, "success");
        assertEquals(200, paid.status(), paid::toString);
        Reply again = payment(cart, "failed");
        assertEquals(409, again.status(), again::toString);
        assertEquals(409, again.json().getInt("code"));
        assertEquals(409, setPaymentUrl(cart).status(), "the payment URL is final once paid");
        assertEquals(200, declaration(cart).status());
        assertEquals(409, declaration(cart).status());
        assertEquals("DECLARED", text("SELECT status FROM cart WHERE cart_id = ?", cart));
    }

    @Test
    void aFailedPaymentIsRecordedAndTheCartIsNotDeclared() {
        String cart = newEnterpriseCart();
        assertEquals(200, setPaymentUrl(cart).status());
        assertEquals(200, payment(cart, "failed").status());
        assertEquals("PAYMENT_FAILED", text("SELECT status FROM cart WHERE cart_id = ?", cart));
        assertEquals("card declined", text("SELECT fail_reason FROM cart WHERE cart_id = ?", cart));
        assertEquals(400, declaration(cart).status());
    }

    @Test
    void paymentStatusRulesAre400NamingTheField() {
        String cart = newEnterpriseCart();
        assertEquals(200, setPaymentUrl(cart).status());
        Map<String, String> cases = new LinkedHashMap<>();
        cases.put(paymentBody(cart, "success").replace("2026-11-20T10:15:30+08:00", "yesterday"), "paidAt");
        cases.put(paymentBody(cart, "pending"), "status");
        cases.put(paymentBody(cart, "success").replace("\"paymentPayId\":\"pay-1\",", ""), "paymentPayId");
        cases.forEach((body, field) -> {
            Reply reply = postJson(at(base, "payment/complete/enterprise/demo-enterprise"), body, "x-ca-key", KEY);
            assertEquals(400, reply.status(), reply::toString);
            assertEquals(field, reply.json().getJsonObject("data").getString("field"));
        });
        assertEquals("PAYMENT_URL_SET", text("SELECT status FROM cart WHERE cart_id = ?", cart));
    }

    @Test
    void fiftyConcurrentPaymentReportsOnOneCartRecordExactlyOne() throws Exception {
        String cart = newEnterpriseCart();
        assertEquals(200, setPaymentUrl(cart).status());
        ExecutorService pool = Executors.newFixedThreadPool(50);
        try {
            List<Future<Reply>> replies = new ArrayList<>();
            for (int i = 0; i < 50; i++) {
                replies.add(pool.submit((Callable<Reply>) () -> payment(cart, "success")));
            }
            int ok = 0;
            int conflicts = 0;
            for (Future<Reply> r : replies) {
                int status = r.get().status();
                ok += status == 200 ? 1 : 0;
                conflicts += status == 409 ? 1 : 0;
            }
            assertEquals(1, ok);
            assertEquals(49, conflicts);
        } finally {
            pool.shutdownNow();
        }
    }

    // ---- ready for payment: the redirect and the shipping form's API -------------------------------

    @Test
    void readyForPaymentRedirectsToAShippingFormThatSendsTheBuyerToPay() throws Exception {
        String cart = newEnterpriseCart();
        URI pay = at(base, "carts/" + cart + "/enterprise/demo-enterprise/pay");
        assertEquals(409, Http.get(pay, "x-ca-key", KEY).status(), "no payment URL yet");
        assertEquals(200, setPaymentUrl(cart).status());
        Reply redirect = Http.get(pay, "x-ca-key", KEY);
        assertEquals(301, redirect.status(), redirect::toString);
        assertEquals("no-store", redirect.header("Cache-Control"));
        URI form = URI.create(redirect.header("Location"));
        Reply proxied = Http.get(pay, "x-ca-key", KEY, "X-Forwarded-Proto", "https", "X-Forwarded-Host", "shop.example");
        assertTrue(proxied.header("Location").startsWith("https://shop.example/checkout/shipping-form/" + cart + "?token="),
                () -> "behind a TLS proxy the link is the proxy's https one: " + proxied.header("Location"));
        // A host the operator did not allow (CHECKOUT_ALLOWED_HOSTS here: localhost and shop.example)
        // gets no link carrying the form's token, whether the request or a proxy header names it.
        for (String[] header : List.of(new String[] {"X-Forwarded-Host", "evil.example"}, new String[] {"Host", "evil.example:8080"})) {
            Malformed.RawReply refused = Malformed.raw(URI.create(base.toString()), "GET " + pay.getRawPath() + " HTTP/1.1\r\n"
                    + ("Host".equals(header[0]) ? "" : "Host: " + base.getHost() + ":" + base.getPort() + "\r\n")
                    + header[0] + ": " + header[1] + "\r\nx-ca-key: " + KEY + "\r\nConnection: close\r\n\r\n", java.time.Duration.ofSeconds(10));
            assertEquals(400, refused.status(), refused::text);
            assertTrue(refused.body().contains("\"field\":\"Host\""), refused::text);
            assertTrue(!refused.text().contains("token=") && !refused.text().toLowerCase(java.util.Locale.ROOT).contains("\r\nlocation:"),
                    refused::text);
        }
        assertTrue(form.getPath().endsWith("/checkout/shipping-form/" + cart), form.toString());
        assertTrue(form.getQuery().startsWith("token="), form.toString());

        Reply page = Http.get(form);
        assertEquals(200, page.status());
        assertTrue(page.header("Content-Type").startsWith("text/html"));
        assertTrue(page.body().contains("确认收货信息") && page.body().contains("Confirm shipping details"));
        assertFalse(page.body().matches("(?s).*<(script|link)[^>]+(src|href)=\"https?://.*"), "no third-party CDN");
        String policy = page.header("Content-Security-Policy");
        assertFalse(policy.contains("unsafe-inline"), policy);
        assertTrue(policy.contains("frame-ancestors 'none'") && policy.contains("script-src 'self'"), policy);
        assertFalse(page.body().matches("(?s).*<(script|style)>.*"), "no inline script or style for the policy to allow");
        for (String asset : List.of("form.js", "form.css")) {
            Reply file = Http.get(URI.create(form.toString().replaceFirst("/shipping-form/[^?]*\\?.*", "/shipping-form-assets/" + asset)));
            assertEquals(200, file.status(), asset + ": " + file);
        }
        assertEquals(404, Http.get(at(base, "shipping-form-assets/web.xml")).status(), "nothing else is served");

        URI data = URI.create(form.toString().replace("/" + cart + "?", "/" + cart + "/data?"));
        Reply shown = Http.get(data);
        assertEquals(200, shown.status(), shown::toString);
        JsonObject d = shown.json().getJsonObject("data");
        assertEquals(ResidentId.mask(ID), d.getJsonObject("payer").getString("nationalId"));
        assertFalse(shown.body().contains(ID), "the identity number is shown masked only");
        assertEquals(new BigDecimal("201.00"), d.getJsonNumber("totalToPay").bigDecimalValue());
        assertTrue(d.getJsonNumber("totalToPayCny").bigDecimalValue().signum() > 0);
        assertEquals("建国路88号", d.getJsonObject("shippingAddress").getString("streetAddress"));

        URI confirm = URI.create(form.toString().replace("/" + cart + "?", "/" + cart + "/confirm?"));
        String address = "{\"receiver\":{\"name\":\"李四\",\"phoneNumber\":\"13912345678\"},\"streetAddress\":\"建国路99号\","
                + "\"district\":\"朝阳区\",\"province\":\"北京市\",\"city\":\"北京市\",\"country\":\"中国\",\"postcode\":\"100020\"}";
        Reply badName = postJson(confirm, "{\"consent\":true,\"shippingAddress\":" + address.replace("李四", "Li Si") + "}");
        assertEquals(400, badName.status(), badName::toString);
        assertEquals("shippingAddress.receiver.name", badName.json().getJsonObject("data").getString("field"));
        Reply noConsent = postJson(confirm, "{\"shippingAddress\":" + address + "}");
        assertEquals("consent", noConsent.json().getJsonObject("data").getString("field"));
        Reply confirmed = postJson(confirm, "{\"consent\":true,\"shippingAddress\":" + address + "}");
        assertEquals(200, confirmed.status(), confirmed::toString);
        assertEquals("https://pay.example/c/" + cart, confirmed.json().getJsonObject("data").getString("paymentUrl"));
        String storedAddress = text("SELECT confirmed_address FROM cart WHERE cart_id = ?", cart);
        assertTrue(storedAddress.contains("建国路99号"));
        assertFalse(storedAddress.contains("13912345678"), "the receiver's phone number is stored sealed");
        JsonObject again = Http.get(data).json().getJsonObject("data");
        assertEquals("13912345678", again.getJsonObject("shippingAddress").getJsonObject("receiver").getString("phoneNumber"),
                "and shown to the buyer as confirmed");
        assertEquals("+8613812345678", again.getJsonObject("payer").getString("phoneNumber"));

        assertEquals(404, Http.get(URI.create(data.toString().replace("token=", "token=1"))).status(), "a forged token opens nothing");
        String other = newEnterpriseCart();
        assertEquals(404, Http.get(URI.create(data.toString().replace(cart, other))).status(), "a token opens its own cart only");
    }

    // ---- request ids ---------------------------------------------------------------------------------

    @Test
    void everyAnswerCarriesARequestIdAndTheServersLogLinesForTheRequestCarryIt() {
        String id = "it-" + UUID.randomUUID();
        Reply created = postJson(at(base, "carts/enterprise/demo-enterprise/merchants/m1"), enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00"),
                "x-ca-key", KEY, "X-Request-Id", id);
        assertEquals(200, created.status(), created::toString);
        assertEquals(id, created.header("X-Request-Id"));
        String cart = created.json().getJsonObject("data").getString("cartId");
        assertTrue(org.cbec.testing.ServerLog.lines().stream().anyMatch(l -> l.contains("Cart created: " + cart) && l.contains("req=" + id)),
                "the business log line of the request carries its id");
        Reply refused = postJson(at(base, "carts/enterprise/demo-enterprise/merchants/m1"), "{}");
        assertEquals(401, refused.status());
        assertTrue(refused.header("X-Request-Id").matches("[0-9a-f-]{36}"), "a new id when the caller sent none");
    }

    // ---- personal data at rest -------------------------------------------------------------------

    @Test
    void storedCartsHoldNoFullIdentityOrPhoneNumberAndAResealKeepsOlderCartsUsable() throws Exception {
        String cart = newEnterpriseCart();
        String json = text("SELECT cart_json FROM cart WHERE cart_id = ?", cart);
        assertFalse(json.contains(ID), "no full national ID number");
        assertTrue(json.contains(ResidentId.mask(ID)), "it is kept masked");
        assertFalse(json.contains("13812345678") || json.contains("13912345678"), "no phone number in the clear");
        assertTrue(json.contains("A256GCM:it2:"), "they are sealed under the newest key");

        // A cart as stored before this change (the body as the client sent it): the admin call masks
        // and seals it, and its shipping form still shows the phone number.
        String sent = jakarta.json.Json.createReader(new java.io.StringReader(enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00")))
                .readObject().toString();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement("UPDATE cart SET cart_json = ? WHERE cart_id = ?")) {
            s.setString(1, sent);
            s.setString(2, cart);
            assertEquals(1, s.executeUpdate());
        }
        Reply resealed = postJson(at(base, "admin/carts/reseal"), "", "Authorization", ADMIN);
        assertEquals(200, resealed.status(), resealed::toString);
        assertEquals("it2", resealed.json().getJsonObject("data").getString("keyId"));
        assertTrue(resealed.json().getJsonObject("data").getInt("rewritten") >= 1, resealed::toString);
        assertFalse(text("SELECT cart_json FROM cart WHERE cart_id = ?", cart).contains(ID));
        assertEquals(401, postJson(at(base, "admin/carts/reseal"), "").status(), "an admin call");

        // Every cart in the table, read directly: no valid 18-character resident ID number, no
        // mainland mobile number outside a sealed value.
        java.util.regex.Pattern idLike = java.util.regex.Pattern.compile("(?<![0-9])[0-9]{17}[0-9X](?![0-9])");
        java.util.regex.Pattern mobile = java.util.regex.Pattern.compile("(?<![0-9])1[3-9][0-9]{9}(?![0-9])");
        int rows = 0;
        try (Connection c = dataSource.getConnection();
                ResultSet rs = c.createStatement().executeQuery("SELECT cart_json, confirmed_address FROM cart")) {
            while (rs.next()) {
                rows++;
                for (String stored : new String[] {rs.getString(1), rs.getString(2)}) {
                    if (stored == null) {
                        continue;
                    }
                    assertTrue(idLike.matcher(stored).results().noneMatch(m -> ResidentId.valid(m.group())), "a full ID number is stored");
                    assertFalse(mobile.matcher(stored).find(), "a phone number is stored in the clear");
                }
            }
        }
        assertTrue(rows > 1);
    }

    // ---- access ----------------------------------------------------------------------------------

    @Test
    void anotherEnterprisesCartIsUnknownAndEveryOperationNeedsTheKey() {
        String cart = newEnterpriseCart();
        String other = "e-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/enterprises"), "{\"enterpriseId\":\"" + other + "\",\"name\":\"其他\"}", "Authorization", ADMIN).status());
        String otherKey = postJson(at(base, "admin/keys"), "{\"enterprises\":[\"" + other + "\"]}", "Authorization", ADMIN)
                .json().getJsonObject("data").getString("key");
        Reply notTheirs = send("PUT", at(base, "carts/" + cart + "/enterprise/" + other), "{\"paymentUrl\":\"https://pay.example/x\"}",
                "Content-Type", "application/json", "x-ca-key", otherKey);
        assertEquals(404, notTheirs.status(), notTheirs::toString);
        assertEquals(404, postJson(at(base, "payment/complete/enterprise/" + other), paymentBody(cart, "success"), "x-ca-key", otherKey).status());
        assertEquals(404, postJson(at(base, "declarations/enterprise/" + other), declarationBody(cart), "x-ca-key", otherKey).status());
        assertEquals(404, Http.get(at(base, "carts/" + cart + "/enterprise/" + other + "/pay"), "x-ca-key", otherKey).status());
        for (String[] key : new String[][] {{}, {"x-ca-key", "cck_wrong"}, {"x-ca-key", otherKey}}) {
            assertNotAuthenticated(postJson(at(base, "carts/platform_a/demo"), platformBody(shapeOne(1, 100, 0, 0)), key));
            assertNotAuthenticated(postJson(at(base, "carts/enterprise/demo-enterprise/merchants/m1"), enterprise("CNY", "1.00", 1, "0", "0", "0"), key));
            assertNotAuthenticated(send("PUT", at(base, "carts/" + cart + "/enterprise/demo-enterprise"), "{}", withJson(key)));
            assertNotAuthenticated(postJson(at(base, "payment/complete/enterprise/demo-enterprise"), paymentBody(cart, "success"), key));
            assertNotAuthenticated(postJson(at(base, "declarations/enterprise/demo-enterprise"), declarationBody(cart), key));
            assertNotAuthenticated(Http.get(at(base, "carts/" + cart + "/enterprise/demo-enterprise/pay"), key));
        }
        assertEquals("CREATED", text("SELECT status FROM cart WHERE cart_id = ?", cart), "nothing changed");
    }

    // ---- helpers -------------------------------------------------------------------------------

    private static String[] withJson(String[] key) {
        String[] all = new String[key.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/json";
        System.arraycopy(key, 0, all, 2, key.length);
        return all;
    }

    private String newEnterpriseCart() {
        Reply created = enterpriseCart(enterprise("CNY", "100.00", 2, "10.00", "5.00", "8.00"));
        assertEquals(200, created.status(), created::toString);
        return created.json().getJsonObject("data").getString("cartId");
    }

    private Reply enterpriseCart(String body) {
        return postJson(at(base, "carts/enterprise/demo-enterprise/merchants/m1"), body, "x-ca-key", KEY);
    }

    private Reply setPaymentUrl(String cart) {
        return send("PUT", at(base, "carts/" + cart + "/enterprise/demo-enterprise"), "{\"paymentUrl\":\"https://pay.example/c/" + cart + "\"}",
                "Content-Type", "application/json", "x-ca-key", KEY);
    }

    private Reply payment(String cart, String status) {
        return postJson(at(base, "payment/complete/enterprise/demo-enterprise"), paymentBody(cart, status), "x-ca-key", KEY);
    }

    private Reply declaration(String cart) {
        return postJson(at(base, "declarations/enterprise/demo-enterprise"), declarationBody(cart), "x-ca-key", KEY);
    }

    private static String paymentBody(String cart, String status) {
        return "{\"cartId\":\"" + cart + "\",\"enterpriseOrderId\":\"eo-1\",\"initialRequest\":\"https://pay.example/req\","
                + "\"initialResponse\":\"https://pay.example/resp\",\"paymentPayId\":\"pay-1\",\"paidAt\":\"2026-11-20T10:15:30+08:00\","
                + "\"status\":\"" + status + "\"" + (status.equals("failed") ? ",\"failReason\":\"card declined\"" : "") + "}";
    }

    private static String declarationBody(String cart) {
        return "{\"cartId\":\"" + cart + "\",\"status\":\"SUBMITTED\",\"payTransactionId\":\"4200000001\"}";
    }

    private static String platformBody(String cart) {
        return "{\"merchantSiteUrl\":\"https://demo.platform.example\",\"subdomain\":true,\"cart\":" + cart + "}";
    }

    /** Shape 1: integer minor units, two lines. */
    private static String shapeOne(int q1, long p1, int q2, long p2) {
        String items = "{\"id\":1,\"quantity\":" + q1 + ",\"variant_id\":11,\"title\":\"茶叶\",\"price\":" + p1 + ",\"grams\":250}";
        if (q2 > 0) {
            items += ",{\"id\":2,\"quantity\":" + q2 + ",\"variant_id\":21,\"title\":\"Tea cup\",\"price\":" + p2 + ",\"grams\":100}";
        }
        return "{\"currency\":\"GBP\",\"item_count\":" + (q1 + q2) + ",\"total_price\":" + (q1 * p1 + q2 * p2) + ",\"items\":[" + items + "]}";
    }

    private static String shapeTwo(String currency, String price, int quantity) {
        return "{\"userId\":\"u-1\",\"products\":[" + product(currency, price, quantity) + "]}";
    }

    private static String product(String currency, String price, int quantity) {
        return "{\"productId\":\"p1\",\"quantity\":" + quantity + ",\"grossWeight\":0.3,\"taxRate\":0.091,\"nameEn\":\"Tea\","
                + "\"skuNumber\":\"SKU1\",\"barcode\":\"690000000001\",\"price\":" + price + ",\"currency\":\"" + currency + "\"}";
    }

    /** An enterprise cart of two equal lines; totals computed as the spec defines them. */
    static String enterprise(String currency, String price, int quantity, String discount, String tax, String shipping) {
        return enterprise(currency, price, quantity, discount, tax, shipping, "https://shop.example/cancel");
    }

    static String enterprise(String currency, String price, int quantity, String discount, String tax, String shipping,
            String cancelUrl) {
        BigDecimal before = new BigDecimal(price).multiply(BigDecimal.valueOf(quantity));
        BigDecimal toPay = before.subtract(new BigDecimal("2.00").min(before)).subtract(new BigDecimal(discount))
                .add(new BigDecimal(tax)).add(new BigDecimal(shipping));
        String productDiscount = before.compareTo(new BigDecimal("2.00")) >= 0 ? "2.00" : before.toPlainString();
        return "{\"cancelUrl\":\"" + cancelUrl + "\",\"cart\":{"
                + "\"user\":{\"platformUserId\":\"pu-1\",\"payer\":{\"nationalId\":\"" + ID + "\",\"name\":\"张三\",\"phoneNumber\":\"+8613812345678\"},"
                + "\"shippingAddress\":{\"receiver\":{\"name\":\"李四\",\"phoneNumber\":\"13912345678\"},\"streetAddress\":\"建国路88号\","
                + "\"district\":\"朝阳区\",\"province\":\"北京市\",\"city\":\"北京市\",\"country\":\"中国\",\"postcode\":\"100020\"}},"
                + "\"paymentType\":\"alphapay\",\"products\":[{\"productId\":\"p1\",\"skuNumber\":\"S1\",\"barcode\":\"690\",\"quantity\":" + quantity
                + ",\"priceBeforeTax\":" + price + ",\"discount\":" + productDiscount + ",\"taxRate\":0.091}],"
                + "\"totalPriceBeforeShippingTaxAndDiscount\":" + before.setScale(2).toPlainString() + ",\"currency\":\"" + currency + "\","
                + "\"tax\":" + tax + ",\"shipping\":" + shipping + ",\"discount\":" + discount + ",\"totalToPay\":" + toPay.setScale(2).toPlainString() + "}}";
    }

    private static HttpServer ecbStub(String gbp, String cny) throws java.io.IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("localhost", URI.create(System.getenv("RATES_ECB_URL")).getPort()), 0);
        byte[] xml = ("<?xml version=\"1.0\" encoding=\"UTF-8\"?><gesmes:Envelope xmlns:gesmes=\"http://www.gesmes.org/xml/2002-08-01\""
                + " xmlns=\"http://www.ecb.int/vocabulary/2002-08-01/eurofxref\"><gesmes:subject>Reference rates</gesmes:subject>"
                + "<Cube><Cube time=\"2026-11-20\"><Cube currency=\"USD\" rate=\"1.0500\"/><Cube currency=\"GBP\" rate=\"" + gbp + "\"/>"
                + "<Cube currency=\"CNY\" rate=\"" + cny + "\"/></Cube></Cube></gesmes:Envelope>").getBytes(StandardCharsets.UTF_8);
        server.createContext("/eurofxref-daily.xml", exchange -> {
            exchange.getResponseHeaders().add("Content-Type", "text/xml");
            exchange.sendResponseHeaders(200, xml.length);
            exchange.getResponseBody().write(xml);
            exchange.close();
        });
        server.start();
        return server;
    }

    private BigDecimal rateOf(String cartId) throws Exception {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement("SELECT exchange_rate FROM cart WHERE cart_id = ?")) {
            s.setString(1, cartId);
            ResultSet rs = s.executeQuery();
            rs.next();
            return rs.getBigDecimal(1).setScale(6);
        }
    }

    private String text(String sql, String param) {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setString(1, param);
            ResultSet rs = s.executeQuery();
            return rs.next() ? rs.getString(1) : null;
        } catch (java.sql.SQLException e) {
            throw new AssertionError(e);
        }
    }

    private long count(String sql, String param) {
        return Tables.count(dataSource, sql, param);
    }
}
