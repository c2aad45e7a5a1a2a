package org.cbec.checkout;

import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.Malformed;
import org.cbec.testing.Tables;
import org.cbec.testing.Malformed.Endpoint;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad input to every checkout endpoint: at least 50 malformed requests each (see {@link Malformed}),
 * with the right key so that validation answers, plus a few without. Every answer is a 4xx with
 * the envelope, no stack trace and no identity number, and nothing stored for this test's own
 * enterprise and platform merchant changes.
 */
@ExtendWith(ArquillianExtension.class)
class BadInputIT {

    private static final String ADMIN = basic("admin", System.getenv("ADMIN_PASSWORD"));
    private static final String DEMO_KEY = System.getenv("DEMO_CA_KEY");
    private static final String ID = "11010519491231002X";

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/checkout.war"), BadInputIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Test
    void everyEndpointRefusesMalformedRequestsWithTheEnvelopeAndChangesNothing() throws Exception {
        String suffix = UUID.randomUUID().toString().substring(0, 8);
        String enterprise = "bad-e-" + suffix;
        String platformMerchant = "bad-pm-" + suffix;
        assertEquals(201, postJson(at(base, "admin/enterprises"), "{\"enterpriseId\":\"" + enterprise + "\",\"name\":\"坏输入\"}",
                "Authorization", ADMIN).status());
        assertEquals(201, postJson(at(base, "admin/platform-merchants"), "{\"merchantId\":\"" + platformMerchant + "\"}",
                "Authorization", ADMIN).status());
        String key = postJson(at(base, "admin/keys"), "{\"enterprises\":[\"" + enterprise + "\"],\"platformMerchants\":[\""
                + platformMerchant + "\"],\"label\":\"bad input\"}", "Authorization", ADMIN).json().getJsonObject("data").getString("key");

        // a cart paid after its shipping form link was issued, and a cart paid and declared
        String paid = newCart(enterprise, key);
        assertEquals(200, setPaymentUrl(enterprise, key, paid).status());
        Reply redirect = Http.get(at(base, "carts/" + paid + "/enterprise/" + enterprise + "/pay"), "x-ca-key", key);
        assertEquals(301, redirect.status(), redirect::toString);
        String token = URI.create(redirect.header("Location")).getQuery().substring("token=".length());
        assertEquals(200, postJson(at(base, "payment/complete/enterprise/" + enterprise), paymentBody(paid), "x-ca-key", key).status());
        String declared = newCart(enterprise, key);
        assertEquals(200, setPaymentUrl(enterprise, key, declared).status());
        assertEquals(200, postJson(at(base, "payment/complete/enterprise/" + enterprise), paymentBody(declared), "x-ca-key", key).status());
        assertEquals(200, postJson(at(base, "declarations/enterprise/" + enterprise), declarationBody(declared), "x-ca-key", key).status());
        assertEquals(200, postJson(at(base, "carts/platform_a/" + platformMerchant), platformCart(2001 - 1), "x-ca-key", key).status());

        List<String> secrets = List.of(key, DEMO_KEY, System.getenv("ADMIN_PASSWORD"), ID, ID.substring(6, 14));
        Map<String, List<String>> before = fingerprint(enterprise, platformMerchant);

        new Malformed.Sweep(URI.create(base.toString()), secrets).runAll("BadInputIT (checkout)",
                endpoints(enterprise, platformMerchant, key, paid, declared, token));
        assertEquals(before, fingerprint(enterprise, platformMerchant), "stored data changed");
    }

    /** A new platform merchant and a key for it: {merchant, key}. */
    private String[] platformMerchant() {
        String merchant = "lim-pm-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/platform-merchants"), "{\"merchantId\":\"" + merchant + "\"}", "Authorization", ADMIN).status());
        String key = postJson(at(base, "admin/keys"), "{\"platformMerchants\":[\"" + merchant + "\"],\"label\":\"limits\"}",
                "Authorization", ADMIN).json().getJsonObject("data").getString("key");
        return new String[] {merchant, key};
    }

    /** Shape 1 with {@code count} lines of one item each at price 1, the line's members given as JSON text after {@code "id":1,}. */
    private static String shapeOne(int count, String lineMembers) {
        StringBuilder items = new StringBuilder();
        for (int i = 0; i < count; i++) {
            items.append(i == 0 ? "" : ",").append("{\"id\":1,\"quantity\":1,\"price\":1").append(lineMembers).append('}');
        }
        return "{\"merchantSiteUrl\":\"https://shop.example\",\"cart\":{\"currency\":\"GBP\",\"item_count\":" + count
                + ",\"total_price\":" + count + ",\"items\":[" + items + "]}}";
    }

    private static String quoted(String text) {
        return jakarta.json.Json.createValue(text).toString();
    }

    private static String field(Reply r) {
        JsonObject data = r.json().getJsonObject("data");
        return data == null ? null : data.getString("field", null);
    }

    @Test
    void aCartWithEveryTextAtItsDocumentedMaximumIsStoredUpToTheBodyLimit() throws Exception {
        String[] m = platformMerchant();
        String line = ",\"key\":" + quoted("\"".repeat(200)) + ",\"title\":" + quoted("t".repeat(500)) + ",\"sku\":" + quoted("s".repeat(100))
                + ",\"product_title\":" + quoted("\\".repeat(500)) + ",\"vendor\":" + quoted("v".repeat(200))
                + ",\"variant_id\":9007199254740991,\"grams\":1000000000000,\"image\":" + quoted("https://shop.example/" + "i".repeat(2027));
        String body = shapeOne(200, line);
        assertTrue(body.length() > 600_000 && body.length() < 1_048_576, body.length() + " bytes");
        Reply r = postJson(at(base, "carts/platform_a/" + m[0]), body, "x-ca-key", m[1]);
        assertEquals(200, r.status(), r::toString);
        List<String> stored = rows("SELECT cart_json FROM cart WHERE merchant_id = ?", m[0]);
        assertEquals(1, stored.size());
        assertTrue(stored.get(0).length() > 60_000, stored.get(0).length() + " characters kept");
    }

    @Test
    void moreLinesThanDocumentedAreRefusedNamingThem() throws Exception {
        String[] m = platformMerchant();
        Reply r = postJson(at(base, "carts/platform_a/" + m[0]), shapeOne(501, ""), "x-ca-key", m[1]);
        assertEquals(400, r.status(), r::toString);
        assertEquals("cart.items", field(r), r::toString);
        Reply longKey = postJson(at(base, "carts/platform_a/" + m[0]), shapeOne(1, ",\"vendor\":" + quoted("v".repeat(201))), "x-ca-key", m[1]);
        assertEquals(400, longKey.status(), longKey::toString);
        assertEquals("cart.items[0].vendor", field(longKey), longKey::toString);
        assertEquals(List.of(), rows("SELECT id FROM cart WHERE merchant_id = ?", m[0]), "nothing stored");
    }

    @Test
    void lineBreaksAndC1ControlsInCartTextsAreRefusedNamingTheField() throws Exception {
        String[] m = platformMerchant();
        for (String bad : List.of("a\r\nb", "a\nb", "a\u0085b", "a\u009bb")) {
            for (String member : List.of("title", "sku", "key", "product_title", "vendor")) {
                Reply r = postJson(at(base, "carts/platform_a/" + m[0]), shapeOne(1, ",\"" + member + "\":" + quoted(bad)), "x-ca-key", m[1]);
                assertEquals(400, r.status(), member + ": " + r);
                assertEquals("cart.items[0]." + member, field(r), r::toString);
            }
        }
        assertEquals(List.of(), rows("SELECT id FROM cart WHERE merchant_id = ?", m[0]), "nothing stored");
    }

    @Test
    void aRepeatedMemberIsRefusedNamingItInCartsAndInOtherBodies() throws Exception {
        String[] m = platformMerchant();
        String cart = shapeOne(1, "").replace("\"total_price\":1,", "\"total_price\":1,\"total_price\":5000,");
        Reply r = postJson(at(base, "carts/platform_a/" + m[0]), cart, "x-ca-key", m[1]);
        assertEquals(400, r.status(), r::toString);
        assertEquals("total_price", field(r), r::toString);
        Reply nested = postJson(at(base, "carts/platform_a/" + m[0]), shapeOne(1, ",\"sku\":\"a\",\"sku\":\"b\""), "x-ca-key", m[1]);
        assertEquals(400, nested.status(), nested::toString);
        assertEquals("sku", field(nested), nested::toString);
        assertEquals(List.of(), rows("SELECT id FROM cart WHERE merchant_id = ?", m[0]), "nothing stored");
        Reply bound = postJson(at(base, "admin/platform-merchants"), "{\"merchantId\":\"x-" + m[0] + "\",\"merchantId\":\"y-" + m[0] + "\"}",
                "Authorization", ADMIN);
        assertEquals(400, bound.status(), bound::toString);
        assertEquals("merchantId", field(bound), bound::toString);
    }

    @Test
    void aRequestWithContentLengthAndChunkedEndsItsConnection() {
        Malformed.assertBothLengthsEndTheConnection(URI.create(base.toString()), "carts/platform_a/nobody",
                "Content-Type: application/json\r\nx-ca-key: " + DEMO_KEY + "\r\n", shapeOne(1, ""), "nosuchpath");
    }

    /** Every operation of the checkout, each described by a request it must refuse whatever field breaks. */
    private List<Endpoint> endpoints(String e, String pm, String key, String paid, String declared, String token) {
        String[] k = {"x-ca-key", key};
        List<Endpoint> all = new ArrayList<>();
        // total_price one more than the lines add up to: 400 cart.total_price once every other field passes
        all.add(keyed(Malformed.endpoint("POST", "carts/{platform}/{merchantId}").path("platform", "platform_a").path("merchantId", pm)
                .auth(k).wrongMethods("GET", "PUT", "DELETE").json(platformCart(2001))));
        // totalToPay one fen off
        all.add(keyed(Malformed.endpoint("POST", "carts/enterprise/{enterpriseId}/merchants/{merchantId}").path("enterpriseId", e)
                .path("merchantId", "m1").auth(k).wrongMethods("GET", "PUT", "DELETE")
                .json(enterpriseCart("CNY", "100.00", 2, "10.00", "5.00", "8.00").replace("\"totalToPay\":201.00", "\"totalToPay\":201.01"))));
        // a cart already paid: the payment URL is final (409), its payment already reported (409), its form's confirmation too late (409)
        all.add(keyed(Malformed.endpoint("PUT", "carts/{cartId}/enterprise/{enterpriseId}").path("cartId", paid).path("enterpriseId", e)
                .auth(k).wrongMethods("GET", "POST", "DELETE").json("{\"paymentUrl\":\"https://pay.example/c/" + paid + "\"}")));
        all.add(keyed(Malformed.endpoint("GET", "carts/{cartId}/enterprise/{enterpriseId}/pay").path("cartId", paid).path("enterpriseId", e)
                .auth(k).wrongMethods("POST", "PUT", "DELETE")));
        all.add(keyed(Malformed.endpoint("POST", "payment/complete/enterprise/{enterpriseId}").path("enterpriseId", e).auth(k)
                .wrongMethods("GET", "PUT", "DELETE").json(paymentBody(paid).replace("}", ",\"failReason\":\"none\"}"))));
        all.add(keyed(Malformed.endpoint("POST", "declarations/enterprise/{enterpriseId}").path("enterpriseId", e).auth(k)
                .wrongMethods("GET", "PUT", "DELETE").json(declarationBody(declared))));
        // the buyer's form: a token that is not one (404); the confirmation of a cart already paid (409)
        all.add(Malformed.endpoint("GET", "shipping-form/{cartId}/data").path("cartId", paid).query("token", "1." + "0".repeat(64))
                .wrongMethods("POST", "PUT", "DELETE"));
        all.add(Malformed.endpoint("POST", "shipping-form/{cartId}/confirm").path("cartId", paid).query("token", token)
                .wrongMethods("GET", "PUT", "DELETE").json("{\"consent\":true,\"shippingAddress\":{\"receiver\":{\"name\":\"李四\","
                        + "\"phoneNumber\":\"13912345678\"},\"streetAddress\":\"建国路99号\",\"district\":\"朝阳区\",\"province\":\"北京市\","
                        + "\"city\":\"北京市\",\"country\":\"中国\",\"postcode\":\"100020\"}}"));
        all.add(keyed(Malformed.endpoint("GET", "enterprises/{enterpriseId}").path("enterpriseId", e).auth(k)
                .wrongMethods("POST", "PUT", "DELETE").badHeader("unknown gateway stage", "x-ca-stage", "PROD")));
        all.add(keyed(Malformed.endpoint("GET", "merchants/{merchantId}").path("merchantId", pm).auth(k)
                .wrongMethods("POST", "PUT", "DELETE").badHeader("unknown gateway stage", "x-ca-stage", "' OR 1=1 --")));
        // the admin API: ids already registered, a key for an enterprise nobody registered, a key id that does not exist
        all.add(admin(Malformed.endpoint("POST", "admin/enterprises").json("{\"enterpriseId\":\"" + e + "\",\"name\":\"坏输入\"}")
                .wrongMethods("GET", "PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("POST", "admin/platform-merchants").json("{\"merchantId\":\"" + pm + "\"}")
                .wrongMethods("GET", "PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("POST", "admin/keys").json("{\"enterprises\":[\"nobody-registered-this\"],"
                + "\"platformMerchants\":[\"nobody-registered-either\"],\"label\":\"bad input\"}").wrongMethods("GET", "PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("DELETE", "admin/keys/{keyId}").path("keyId", "k_nosuchkey0001").wrongMethods("GET", "POST", "PUT"),
                key));
        return all;
    }

    private static Endpoint keyed(Endpoint e) {
        return e.badAuth("no key").badAuth("wrong key", "x-ca-key", "cck_wrong").badAuth("another party's key", "x-ca-key", DEMO_KEY);
    }

    private static Endpoint admin(Endpoint e, String partyKey) {
        return e.auth("Authorization", ADMIN).badAuth("no credentials").badAuth("wrong password", "Authorization", basic("admin", "wrong"))
                .badAuth("a party's key", "x-ca-key", partyKey);
    }

    private String newCart(String enterprise, String key) {
        Reply created = postJson(at(base, "carts/enterprise/" + enterprise + "/merchants/m1"),
                enterpriseCart("CNY", "100.00", 2, "10.00", "5.00", "8.00"), "x-ca-key", key);
        assertEquals(200, created.status(), created::toString);
        return created.json().getJsonObject("data").getString("cartId");
    }

    private Reply setPaymentUrl(String enterprise, String key, String cart) {
        return send("PUT", at(base, "carts/" + cart + "/enterprise/" + enterprise), "{\"paymentUrl\":\"https://pay.example/c/" + cart + "\"}",
                "Content-Type", "application/json", "x-ca-key", key);
    }

    private static String paymentBody(String cart) {
        return "{\"cartId\":\"" + cart + "\",\"enterpriseOrderId\":\"eo-1\",\"initialRequest\":\"https://pay.example/req\","
                + "\"initialResponse\":\"https://pay.example/resp\",\"paymentPayId\":\"pay-1\",\"paidAt\":\"2026-11-20T10:15:30+08:00\","
                + "\"status\":\"success\"}";
    }

    private static String declarationBody(String cart) {
        return "{\"cartId\":\"" + cart + "\",\"status\":\"SUBMITTED\",\"payTransactionId\":\"4200000001\"}";
    }

    /** An enterprise cart of two equal lines, the totals computed as the spec defines them (2.00 of product discount). */
    private static String enterpriseCart(String currency, String price, int quantity, String discount, String tax, String shipping) {
        java.math.BigDecimal before = new java.math.BigDecimal(price).multiply(java.math.BigDecimal.valueOf(quantity));
        java.math.BigDecimal toPay = before.subtract(new java.math.BigDecimal("2.00")).subtract(new java.math.BigDecimal(discount))
                .add(new java.math.BigDecimal(tax)).add(new java.math.BigDecimal(shipping));
        return "{\"cancelUrl\":\"https://shop.example/cancel\",\"cart\":{"
                + "\"user\":{\"platformUserId\":\"pu-1\",\"payer\":{\"nationalId\":\"" + ID + "\",\"name\":\"张三\",\"phoneNumber\":\"+8613812345678\"},"
                + "\"shippingAddress\":{\"receiver\":{\"name\":\"李四\",\"phoneNumber\":\"13912345678\"},\"streetAddress\":\"建国路88号\","
                + "\"district\":\"朝阳区\",\"province\":\"北京市\",\"city\":\"北京市\",\"country\":\"中国\",\"postcode\":\"100020\"}},"
                + "\"paymentType\":\"alphapay\",\"products\":[{\"productId\":\"p1\",\"skuNumber\":\"S1\",\"barcode\":\"690\",\"quantity\":" + quantity
                + ",\"priceBeforeTax\":" + price + ",\"discount\":2.00,\"taxRate\":0.091,\"imageUrl\":\"https://shop.example/p1.png\"}],"
                + "\"totalPriceBeforeShippingTaxAndDiscount\":" + before.setScale(2).toPlainString() + ",\"currency\":\"" + currency + "\","
                + "\"tax\":" + tax + ",\"shipping\":" + shipping + ",\"discount\":" + discount + ",\"totalToPay\":" + toPay.setScale(2).toPlainString() + "}}";
    }

    /** Shape 1, one line of 2 × 1000 pence; {@code totalPrice} 2000 is right. */
    private static String platformCart(long totalPrice) {
        return "{\"merchantSiteUrl\":\"https://shop.example\",\"subdomain\":true,\"cart\":{\"currency\":\"GBP\",\"item_count\":2,"
                + "\"total_price\":" + totalPrice + ",\"total_weight\":500,\"items\":[{\"id\":1,\"quantity\":2,\"variant_id\":11,"
                + "\"title\":\"茶叶\",\"price\":1000,\"grams\":250,\"sku\":\"S1\",\"image\":\"https://shop.example/i.png\"}]}}";
    }

    /** Every column of every row this test's parties own, and of the tables any admin request could touch. */
    private Map<String, List<String>> fingerprint(String enterprise, String platformMerchant) throws Exception {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        rows.put("enterprise carts", rows("SELECT * FROM cart WHERE enterprise_id = ? ORDER BY id", enterprise));
        rows.put("platform carts", rows("SELECT * FROM cart WHERE merchant_id = ? ORDER BY id", platformMerchant));
        rows.put("enterprise", rows("SELECT * FROM enterprise ORDER BY id", null));
        rows.put("platform_merchant", rows("SELECT * FROM platform_merchant ORDER BY id", null));
        rows.put("api_key", rows("SELECT * FROM api_key ORDER BY id", null));
        rows.put("api_key_grant", rows("SELECT * FROM api_key_grant ORDER BY id", null));
        assertEquals(2, rows.get("enterprise carts").size());
        assertEquals(1, rows.get("platform carts").size());
        return rows;
    }

    private List<String> rows(String sql, String param) throws Exception {
        return Tables.rows(dataSource, sql, param);
    }
}
