package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.json.Json;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.cbec.platform.identity.ResidentId;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
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
 * Bad input to every broker endpoint: at least 50 malformed requests each (see {@link Malformed}),
 * sent with the right credentials so that validation, not the 401, answers, plus a few without.
 * Every answer is a 4xx with the envelope and no stack trace or secret, and nothing stored for
 * the merchant of this test changes. The merchant is this test's own, with a paid and declared
 * payment that is not UNKNOWN, so the reconciliation timer leaves its rows alone.
 */
@ExtendWith(ArquillianExtension.class)
class BadInputIT {

    private static final String ADMIN = basic("admin", System.getenv("ADMIN_PASSWORD"));
    private static final String DEMO_KEY = System.getenv("DEMO_API_KEY");
    private static final String PAYER = "张三";
    private static final String PAYER_ID = "11010519491231002" + ResidentId.checkCharacter("11010519491231002");
    private static final int AMOUNT = 777;

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), BadInputIT.class);
    }

    @ArquillianResource
    URL base;

    /** The companies: company-sandbox, a deployment of its own reached over HTTP (its own sweep is in that module). */
    private static final SandboxClient SANDBOX = SandboxClient.fromEnvironment();

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Test
    void everyEndpointRefusesMalformedRequestsWithTheEnvelopeAndChangesNothing() throws Exception {
        String merchant = "bad-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", ADMIN).status());
        String key = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + merchant + "\"],\"label\":\"bad input\"}",
                "Authorization", ADMIN).json().getString("key");
        JsonObject account = SANDBOX.register(at(base, ""), ADMIN, merchant, "alphapay");
        String ref = "bad" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String tx = paidAndDeclared(merchant, key, ref);

        List<String> secrets = List.of(key, DEMO_KEY, System.getenv("ADMIN_PASSWORD"), PAYER_ID, PAYER_ID.substring(6, 14), "某某贸易有限公司",
                account.getString("merchantPrivateKey").split("\n")[2]);
        Map<String, List<String>> before = fingerprint(merchant);

        new Malformed.Sweep(URI.create(base.toString()), secrets).runAll("BadInputIT (broker)", endpoints(merchant, key, ref, tx, account));
        assertEquals(before, fingerprint(merchant), "stored data changed");
    }

    /** A new merchant with a key and an alphapay account at the sandbox: {merchant, key}. */
    private String[] merchantWithAlphapay() {
        String merchant = "lim-" + UUID.randomUUID().toString().substring(0, 8);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", ADMIN).status());
        String key = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + merchant + "\"],\"label\":\"limits\"}",
                "Authorization", ADMIN).json().getString("key");
        SANDBOX.register(at(base, ""), ADMIN, merchant, "alphapay");
        return new String[] {merchant, key};
    }

    private static JsonObjectBuilder payment(String ref) {
        return Json.createObjectBuilder().add("paymentMethod", "alphapay").add("paymentType", "NATIVE").add("orderRef", ref)
                .add("actualAmount", AMOUNT).add("currency", "CNY");
    }

    private static String newRef() {
        return "lim" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }

    private static JsonArrayBuilder productLines(int count, String name) {
        JsonArrayBuilder lines = Json.createArrayBuilder();
        for (int i = 0; i < count; i++) {
            lines.add(Json.createObjectBuilder().add("goodsName", name).add("goodsCategory", "c".repeat(64))
                    .add("goodsUnitPrice", Long.MAX_VALUE).add("goodsQuantity", Long.MAX_VALUE).add("merchantProductId", "p".repeat(32))
                    .add("paymentProductId", Long.MIN_VALUE));
        }
        return lines;
    }

    @Test
    void aCreateWithEveryTextAtItsDocumentedMaximumIsStored() throws Exception {
        String[] m = merchantWithAlphapay();
        String ref = newRef();
        String ip = "0000:0000:0000:0000:0000:ffff:255.255.255.255";
        JsonObject body = payment(ref).add("total", 1_000_000_000L).add("subsidyAmount", 1_000_000_000L).add("costPrice", 1_000_000_000L)
                .add("invoiceId", "i".repeat(64)).add("profitSharing", false).add("description", "\"测试\\".repeat(31) + "ddd")
                .add("attach", "\"".repeat(128)).add("timeExpire", "2030-01-01T00:00:00+08:00").add("goodsTag", "g".repeat(32))
                .add("merchantPayerId", "\\".repeat(128)).add("notifyUrl", "https://shop.example/" + "n".repeat(235))
                .add("successUrl", "https://shop.example/" + "s".repeat(235)).add("cancelUrl", "https://shop.example/" + "c".repeat(235))
                .add("spAppId", "a".repeat(64)).add("products", productLines(100, "\"茶叶\\".repeat(64))).build();
        Reply created = postJson(at(base, "v1/payment/" + m[0]), body.toString(), "app-api-key", m[1], "X-Real-Ip", ip, "Client-Id",
                "\"".repeat(128));
        assertEquals(200, created.status(), created::toString);
        List<String> stored = rows("SELECT request_json FROM payment WHERE merchant = ?", m[0]);
        assertEquals(1, stored.size());
        assertTrue(stored.get(0).length() > 16_000, "the whole request is kept: " + stored.get(0).length() + " characters");
    }

    @Test
    void moreProductLinesThanDocumentedAreRefusedNamingProducts() {
        String[] m = merchantWithAlphapay();
        for (int count : new int[] {101, 10_000}) {
            JsonArrayBuilder lines = Json.createArrayBuilder();
            for (int i = 0; i < count; i++) {
                lines.add(Json.createObjectBuilder().add("goodsQuantity", 1));
            }
            Reply r = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add("products", lines).build().toString(),
                    "app-api-key", m[1]);
            assertEquals(422, r.status(), r::toString);
            assertEquals("products", r.json().getString("field", null), r::toString);
        }
    }

    @Test
    void lineBreaksAndC1ControlsInFreeTextAreRefusedNamingTheField() throws Exception {
        String[] m = merchantWithAlphapay();
        for (String bad : List.of("a\r\nb", "a\nb", "a\u0085b", "a\u009bb")) {
            for (String field : List.of("description", "attach", "goodsTag", "payerId", "merchantPayerId", "invoiceId", "spAppId")) {
                Reply r = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add(field, bad).build().toString(), "app-api-key", m[1]);
                assertEquals(422, r.status(), field + ": " + r);
                assertEquals(field, r.json().getString("field", null), r::toString);
            }
            Reply line = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add("products", Json.createArrayBuilder()
                    .add(Json.createObjectBuilder().add("goodsName", bad))).build().toString(), "app-api-key", m[1]);
            assertEquals(422, line.status(), line::toString);
            assertEquals("products[0].goodsName", line.json().getString("field", null), line::toString);
            if (bad.contains("\u0085") || bad.contains("\u009b")) {
                // a header cannot carry CR or LF; a C1 control it can, as a Latin-1 byte
                Reply clientId = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).build().toString(), "app-api-key", m[1],
                        "Client-Id", bad);
                assertEquals(422, clientId.status(), clientId::toString);
                assertEquals("Client-Id", clientId.json().getString("field", null), clientId::toString);
            }
            Reply reason = postJson(at(base, "v1/refund/" + m[0]), "{\"orderRef\":\"nosuchorder0001\",\"refundRef\":\"r-1\",\"amount\":1,"
                    + "\"reason\":" + Json.createValue(bad) + "}", "app-api-key", m[1]);
            assertEquals(422, reason.status(), reason::toString);
            assertEquals("reason", reason.json().getString("field", null), reason::toString);
        }
        assertEquals(List.of(), rows("SELECT id FROM payment WHERE merchant = ?", m[0]), "nothing stored");
    }

    private void assertRefusedNaming(int status, String field, Reply r, String what) {
        assertEquals(status, r.status(), what + ": " + r);
        assertEquals(field, r.json().getString("field", null), what + ": " + r);
        assertTrue(!r.body().contains("Exception") && !r.body().contains("PSQL"), what + ": no trace: " + r);
    }

    private static String yesterday() {
        return java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).minusDays(1).toString();
    }

    /**
     * The admin API's text: the reconciliation's merchant and a resolution's note took a NUL to the
     * database (a 500 with PostgreSQL's words); the note, documented as several lines, takes line
     * breaks and tabs but no other control character. Every other admin text refuses NUL too.
     */
    @Test
    void controlCharactersInTheAdminApisTextAreRefusedNamingTheField() throws Exception {
        String[] m = merchantWithAlphapay();
        String admin = ADMIN;
        for (String bad : List.of("a\u0000b", "a\u001bb", "a\u0085b", "a\tb", "a\r\nb")) {
            String text = Json.createValue(bad).toString();
            assertRefusedNaming(422, "merchant", postJson(at(base, "admin/reconciliation"), "{\"paymentMethod\":\"alphapay\",\"billDate\":\""
                    + yesterday() + "\",\"merchant\":" + text + "}", "Authorization", admin), "reconciliation merchant " + text);
            Reply note = postJson(at(base, "admin/reconciliation/discrepancies/0/resolve"), "{\"note\":" + text + "}", "Authorization", admin);
            if (bad.contains("\t") || bad.contains("\n")) {
                assertEquals(404, note.status(), "a multi-line note passes, the discrepancy does not exist: " + note);
            } else {
                assertRefusedNaming(422, "note", note, "note " + text);
            }
            assertRefusedNaming(422, "name", postJson(at(base, "admin/merchants"), "{\"name\":" + text + "}", "Authorization", admin),
                    "merchant name " + text);
            assertRefusedNaming(422, "label", postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + m[0] + "\"],\"label\":" + text + "}",
                    "Authorization", admin), "key label " + text);
            assertRefusedNaming(422, "copName", send("PUT", at(base, "admin/customs-window"), "{\"copCode\":\"4401960BRK\",\"copName\":"
                    + text + ",\"dxpId\":\"DXP1\",\"keySerial\":\"01\",\"privateKey\":\"x\",\"windowKeySerial\":\"W1\","
                    + "\"windowPublicKey\":\"y\"}", "Content-Type", "application/json", "Authorization", admin), "window copName " + text);
            assertRefusedNaming(422, "holderName", send("PUT", at(base, "admin/merchants/" + m[0] + "/payout-accounts/alphapay"),
                    "{\"holderName\":" + text + ",\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\","
                    + "\"bankCountry\":\"GB\",\"currency\":\"GBP\"}", "Content-Type", "application/json", "Authorization", admin),
                    "holderName " + text);
        }
        assertEquals(List.of(), rows("SELECT id FROM payout_account WHERE merchant = ?", m[0]), "nothing stored");
    }

    /** A tab in what is sent to a company: the companies refuse it, so the broker does first, naming the field. */
    @Test
    void aTabInTextSentToACompanyIsRefusedNamingTheField() throws Exception {
        String[] m = merchantWithAlphapay();
        String tab = Json.createValue("a\tb").toString();
        assertRefusedNaming(422, "description", postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add("description", "a\tb").build()
                .toString(), "app-api-key", m[1]), "payment description");
        assertRefusedNaming(422, "reason", postJson(at(base, "v1/refund/" + m[0]), "{\"paymentMethod\":\"alphapay\",\"orderRef\":"
                + "\"nosuchorder0001\",\"refundRef\":\"r-1\",\"amount\":1,\"reason\":" + tab + "}", "app-api-key", m[1]), "refund reason");
        assertRefusedNaming(422, "description", postJson(at(base, "v1/payout/abroad/" + m[0]), "{\"paymentMethod\":\"alphapay\","
                + "\"payoutRef\":\"po-tab-1\",\"amount\":500,\"description\":" + tab + "}", "app-api-key", m[1]), "payout description");
        assertRefusedNaming(422, "name", postJson(at(base, "v1/settlement/receiver/" + m[0]), "{\"paymentMethod\":\"alphapay\","
                + "\"type\":\"MERCHANT\",\"account\":\"shop-0001\",\"name\":" + tab + ",\"relationType\":\"PARTNER\"}",
                "app-api-key", m[1]), "receiver name");
        assertRefusedNaming(422, "receivers[0].description", postJson(at(base, "v1/settlement/" + m[0]), "{\"paymentMethod\":\"alphapay\","
                + "\"orderRef\":\"nosuchorder0001\",\"settlementRef\":\"s-tab-1\",\"receivers\":[{\"account\":\"shop-0001\",\"amount\":1,"
                + "\"description\":" + tab + "}],\"finish\":false}", "app-api-key", m[1]), "split description");
        assertEquals(List.of(), rows("SELECT id FROM payment WHERE merchant = ?", m[0]), "nothing stored");
        assertEquals(List.of(), rows("SELECT id FROM payout WHERE merchant = ?", m[0]), "nothing stored");
    }

    /** An account abroad in a currency the company does not pay in: 422 naming currency, nothing registered. */
    @Test
    void anAccountAbroadInACurrencyTheCompanyDoesNotPayInIs422NamingCurrency() throws Exception {
        String[] m = merchantWithAlphapay();
        for (String currency : List.of("USD", "JPY", "EUR", "XAU")) {
            assertRefusedNaming(422, "currency", send("PUT", at(base, "admin/merchants/" + m[0] + "/payout-accounts/alphapay"),
                    "{\"holderName\":\"Harbour Tea Ltd\",\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\","
                    + "\"bankCountry\":\"GB\",\"currency\":\"" + currency + "\"}", "Content-Type", "application/json", "Authorization", ADMIN),
                    currency);
        }
        assertEquals(List.of(), rows("SELECT id FROM payout_account WHERE merchant = ?", m[0]), "nothing stored");
    }

    /** {@code "amount": null} is not an absent amount (everything available): 422 naming amount, no payout. */
    @Test
    void aPayoutWhoseAmountIsNullIsRefusedNamingAmount() throws Exception {
        String[] m = merchantWithAlphapay();
        Reply account = send("PUT", at(base, "admin/merchants/" + m[0] + "/payout-accounts/alphapay"), "{\"holderName\":\"Harbour Tea Ltd\","
                + "\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\",\"bankCountry\":\"GB\",\"currency\":\"GBP\"}",
                "Content-Type", "application/json", "Authorization", ADMIN);
        assertEquals(200, account.status(), account::toString);
        Reply r = postJson(at(base, "v1/payout/abroad/" + m[0]), "{\"paymentMethod\":\"alphapay\",\"payoutRef\":\"po-null-1\","
                + "\"amount\":null}", "app-api-key", m[1]);
        assertRefusedNaming(422, "amount", r, "amount null");
        assertTrue(r.json().getString("message").contains("null"), r::toString);
        assertEquals(List.of(), rows("SELECT id FROM payout WHERE merchant = ?", m[0]), "nothing stored");
    }

    /** A bill date before the days the companies keep bills: 422 naming it, no statement prepared, no company asked. */
    @Test
    void aBillDateBeforeTheDaysTheCompaniesKeepIsRefusedNamingIt() throws Exception {
        String[] m = merchantWithAlphapay();
        String old = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).minusDays(91).toString();
        for (String day : List.of("0001-01-01", "2000-01-01", old)) {
            assertRefusedNaming(422, "billDate", postJson(at(base, "v1/payout/bill/abroad/" + m[0]), "{\"paymentMethod\":\"alphapay\","
                    + "\"billDate\":\"" + day + "\"}", "app-api-key", m[1]), "statement of " + day);
            assertRefusedNaming(422, "billDate", postJson(at(base, "admin/reconciliation"), "{\"paymentMethod\":\"alphapay\",\"billDate\":\""
                    + day + "\",\"merchant\":\"" + m[0] + "\"}", "Authorization", ADMIN), "reconciliation of " + day);
            assertRefusedNaming(422, "bill_date", get(at(base, "v1/reconciliation/" + m[0] + "?payment_method=alphapay&bill_date=" + day),
                    "app-api-key", m[1]), "reconciliation result of " + day);
        }
        assertEquals(List.of(), rows("SELECT id FROM payout_bill WHERE merchant = ?", m[0]), "nothing stored");
        assertEquals(List.of(), rows("SELECT id FROM reconciliation_day WHERE merchant = ?", m[0]), "nothing stored");
    }

    /** A member the request type does not have is refused as a repeated one is: 400 naming it, in every body, admin ones too. */
    @Test
    void anUnknownMemberIsRefusedNamingItAndChangesNothing() throws Exception {
        String[] m = merchantWithAlphapay();
        Reply top = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add("amount", 5000).build().toString(), "app-api-key", m[1]);
        assertRefusedNaming(400, "amount", top, "unknown top-level member");
        assertTrue(top.json().getString("message").contains("amount"), top::toString);
        assertRefusedNaming(400, "goodsPrice", postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).add("products", Json.createArrayBuilder()
                .add(Json.createObjectBuilder().add("goodsQuantity", 1).add("goodsPrice", 5))).build().toString(), "app-api-key", m[1]),
                "unknown member of a product line");
        assertRefusedNaming(400, "refundAmount", postJson(at(base, "v1/refund/" + m[0]), "{\"paymentMethod\":\"alphapay\",\"orderRef\":"
                + "\"nosuchorder0001\",\"refundRef\":\"r-1\",\"refundAmount\":1}", "app-api-key", m[1]), "refund");
        assertRefusedNaming(400, "nme", postJson(at(base, "admin/merchants"), "{\"nme\":\"lim-typo\"}", "Authorization", ADMIN), "admin");
        assertEquals(List.of(), rows("SELECT id FROM payment WHERE merchant = ?", m[0]), "nothing stored");
        assertEquals(List.of(), rows("SELECT id FROM merchant WHERE name = ?", "lim-typo"), "nothing stored");
    }

    /**
     * A request line over the container's limit (8 KiB): Grizzly answers it before any application
     * code runs, so it cannot carry the envelope (docs/known-limitations.md); what the client gets is
     * a 4xx without a body that could leak anything, and the connection is not left hanging.
     */
    @Test
    void anOverlongQueryStringIsA4xxFromTheContainerWithoutATrace() {
        Malformed.RawReply reply = rawGet("v1/payment/demo?order_ref=" + "x".repeat(10 * 1024) + "&payment_method=alphapay");
        assertTrue(reply.status() >= 400 && reply.status() < 500, reply::text);
        assertTrue(!reply.text().contains("Exception") && !reply.text().contains(".java:"), reply::text);
        assertTrue(reply.closed(), "the connection ends after the refusal: " + reply.text());
        // within the limit, the application answers, with the envelope (raw: a client's HTTP/2 upgrade is not this test's)
        Malformed.RawReply under = rawGet("v1/payment/demo?order_ref=" + "x".repeat(4 * 1024) + "&payment_method=alphapay");
        assertEquals(422, under.status(), under::text);
        assertTrue(under.body().contains("\"field\":\"order_ref\""), under::text);
    }

    @Test
    void twoHostHeadersAreRefusedWithTheEnvelopeAndTheConnectionEnds() {
        Malformed.RawReply reply = Malformed.raw(URI.create(base.toString()), "GET " + base.getPath() + "v1/merchant/demo HTTP/1.1\r\n"
                + "Host: " + base.getHost() + "\r\nHost: evil.example\r\napp-api-key: " + DEMO_KEY + "\r\n\r\n",
                java.time.Duration.ofSeconds(10));
        assertEquals(400, reply.status(), reply::text);
        assertTrue(reply.body().contains("\"code\":400"), reply::text);
        assertTrue(reply.closed(), "the connection ends after the refusal: " + reply.text());
    }

    /**
     * A header name that is not a token (a space or a control character in it): the container
     * answers 400 itself and ends the connection, before the application (so without the
     * envelope). A line with no colon at all is not refused (docs/known-limitations.md).
     */
    @Test
    void aHeaderLineThatIsNotANameAColonAndAValueIsRefusedWithTheEnvelope() {
        for (String line : List.of("X Bad Name: 1", "X-Bad\u0001: 1")) {
            Malformed.RawReply reply = Malformed.raw(URI.create(base.toString()), "GET " + base.getPath() + "v1/merchant/demo HTTP/1.1\r\n"
                    + "Host: " + base.getHost() + "\r\n" + line + "\r\napp-api-key: " + DEMO_KEY + "\r\n\r\n",
                    java.time.Duration.ofSeconds(10));
            assertEquals(400, reply.status(), line + ": " + reply.text());
            assertTrue(reply.closed(), line + ": the connection ends after the refusal: " + reply.text());
        }
    }

    private Malformed.RawReply rawGet(String path) {
        return Malformed.raw(URI.create(base.toString()), "GET " + base.getPath() + path + " HTTP/1.1\r\nHost: " + base.getHost()
                + "\r\napp-api-key: " + DEMO_KEY + "\r\nConnection: close\r\n\r\n", java.time.Duration.ofSeconds(10));
    }

    @Test
    void theRealIpMustBeAnIpAddress() throws Exception {
        String[] m = merchantWithAlphapay();
        for (String bad : List.of("<b>203.0.113.7</b>", "203.0.113.7, 198.51.100.1", "example.com", "1".repeat(46),
                "0000:0000:0000:0000:0000:ffff:255.255.255.2550")) {
            Reply r = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).build().toString(), "app-api-key", m[1], "X-Real-Ip", bad);
            assertEquals(422, r.status(), bad + ": " + r);
            assertEquals("X-Real-Ip", r.json().getString("field", null), r::toString);
            assertTrue(!r.body().contains("<b>"), "the refused value is not echoed: " + r);
        }
        assertEquals(List.of(), rows("SELECT id FROM payment WHERE merchant = ?", m[0]), "nothing stored");
        Reply ok = postJson(at(base, "v1/payment/" + m[0]), payment(newRef()).build().toString(), "app-api-key", m[1], "X-Real-Ip", "2001:db8::7");
        assertEquals(200, ok.status(), ok::toString);
    }

    @Test
    void aRepeatedMemberIsRefusedNamingItAndChangesNothing() throws Exception {
        String[] m = merchantWithAlphapay();
        String ref = newRef();
        String create = payment(ref).build().toString();
        Reply twice = postJson(at(base, "v1/payment/" + m[0]), create.substring(0, create.length() - 1) + ",\"actualAmount\":5000}",
                "app-api-key", m[1]);
        assertEquals(400, twice.status(), twice::toString);
        assertEquals("actualAmount", twice.json().getString("field", null), twice::toString);
        Reply nested = postJson(at(base, "v1/payment/" + m[0]), payment(ref).build().toString().replaceFirst("}$",
                ",\"products\":[{\"goodsQuantity\":1,\"goodsQuantity\":2}]}"), "app-api-key", m[1]);
        assertEquals(400, nested.status(), nested::toString);
        assertEquals("goodsQuantity", nested.json().getString("field", null), nested::toString);
        Reply refund = postJson(at(base, "v1/refund/" + m[0]), "{\"orderRef\":\"" + ref + "\",\"refundRef\":\"r-1\",\"amount\":1,"
                + "\"amount\":5000}", "app-api-key", m[1]);
        assertEquals(400, refund.status(), refund::toString);
        assertEquals("amount", refund.json().getString("field", null), refund::toString);
        assertEquals(List.of(), rows("SELECT id FROM payment WHERE merchant = ?", m[0]), "nothing stored");
    }

    @Test
    void aRequestWithContentLengthAndChunkedEndsItsConnection() {
        Malformed.assertBothLengthsEndTheConnection(URI.create(base.toString()), "v1/payment/demo",
                "Content-Type: application/json\r\napp-api-key: " + DEMO_KEY + "\r\n", "{\"paymentMethod\":\"alphapay\"}", "ping");
    }

    @Test
    void aRefusalOfAStatusTheContainerHasNoPhraseForCarriesItsOwnPhraseAndItsEnvelope() {
        String body = Malformed.assertStatusLine(URI.create(base.toString()), "v1/payment/demo", "app-api-key: " + DEMO_KEY + "\r\n",
                payment("no spaces allowed").build().toString(), 422, "Unprocessable Content");
        assertTrue(body.contains("\"field\":\"orderRef\""), body);
    }

    /** Every operation of the broker, each described by a request it must refuse whatever field breaks. */
    private List<Endpoint> endpoints(String m, String key, String ref, String tx, JsonObject account) {
        String[] k = {"app-api-key", key};
        List<Endpoint> all = new ArrayList<>();
        // an existing orderRef with another amount: 422 orderRef once every field passes
        all.add(keyed(Malformed.endpoint("POST", "v1/payment/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT", "DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\",\"orderRef\":\"" + ref + "\",\"actualAmount\":" + (AMOUNT + 1)
                        + ",\"total\":" + (AMOUNT + 1) + ",\"subsidyAmount\":0,\"costPrice\":1,\"invoiceId\":\"inv-1\",\"currency\":\"CNY\","
                        + "\"profitSharing\":false,\"products\":[{\"goodsName\":\"茶叶\",\"goodsCategory\":\"tea\",\"goodsUnitPrice\":" + (AMOUNT + 1)
                        + ",\"goodsQuantity\":1,\"merchantProductId\":\"p1\",\"paymentProductId\":1}],\"description\":\"测试订单\","
                        + "\"attach\":\"a\",\"timeExpire\":\"2030-01-01T00:00:00+08:00\",\"goodsTag\":\"g\",\"merchantPayerId\":\"u1\","
                        + "\"notifyUrl\":\"https://shop.example/notify\",\"successUrl\":\"https://shop.example/ok\","
                        + "\"cancelUrl\":\"https://shop.example/cancel\"}")
                .badHeader("X-Real-Ip junk", "X-Real-Ip", "' OR 1=1 --").badHeader("X-Real-Ip huge", "X-Real-Ip", "1".repeat(4000))
                .badHeader("Client-Id huge", "Client-Id", "c".repeat(4000))));
        // an unknown order: 404 once the parameters pass
        all.add(keyed(Malformed.endpoint("GET", "v1/payment/{merchant}").path("merchant", m).query("order_ref", "nosuchorder0001")
                .query("payment_method", "alphapay").auth(k).wrongMethods("PUT", "DELETE")));
        all.add(keyed(Malformed.endpoint("POST", "v1/payment/close/{merchant}/{order_ref}").path("merchant", m)
                .path("order_ref", "nosuchorder0001").query("payment_method", "alphapay").auth(k).wrongMethods("GET", "PUT", "DELETE")));
        // a payMessage no payment of the merchant has
        all.add(keyed(Malformed.endpoint("POST", "v1/payment/invocation/{merchant}").path("merchant", m).auth(k)
                .wrongMethods("GET", "PUT", "DELETE").json("{\"paymentMethod\":\"alphapay\",\"paymentType\":\"JSAPI\","
                        + "\"payMessage\":\"prepay_nosuch_0001\",\"timeStamp\":\"1700000000\",\"nonceStr\":\"abc123\","
                        + "\"notifyUrl\":\"https://shop.example/notify\"}")));
        all.add(keyed(Malformed.endpoint("GET", "v1/customs/payment/{merchant}").path("merchant", m).query("customs", "GUANGZHOU_ZS")
                .query("order_no", "nosuchorder0001").query("transaction_id", "4200000001").query("sub_order_no", "S1")
                .query("sub_order_id", "1").query("payment_method", "alphapay").auth(k).wrongMethods("DELETE")));
        // ADD of the order already declared: 400 actionType once every field passes
        all.add(keyed(Malformed.endpoint("POST", "v1/customs/payment/{merchant}").path("merchant", m).auth(k).wrongMethods("DELETE")
                .json("{\"orderNo\":\"" + ref + "\",\"transactionId\":\"" + tx + "\",\"customs\":\"GUANGZHOU_ZS\",\"paymentMethod\":\"alphapay\","
                        + "\"mchCustomsNo\":\"C1\",\"certType\":\"IDCARD\",\"certId\":\"" + PAYER_ID + "\",\"name\":\"" + PAYER + "\",\"duty\":0,"
                        + "\"actionType\":\"ADD\",\"feeType\":\"CNY\",\"orderFee\":" + AMOUNT + "}")));
        all.add(keyed(Malformed.endpoint("PUT", "v1/customs/payment/{merchant}").path("merchant", m).auth(k).wrongMethods("DELETE")
                .json("{\"customs\":\"GUANGZHOU_ZS\",\"mchCustomsNo\":\"C1\",\"orderNo\":\"nosuchorder0001\",\"transactionId\":\"4200000001\","
                        + "\"subOrderNo\":\"S1\",\"subOrderId\":\"1\",\"paymentMethod\":\"alphapay\"}")));
        all.add(keyed(Malformed.endpoint("POST", "v1/customs/identification/{merchant}").path("merchant", m).auth(k)
                .wrongMethods("GET", "PUT", "DELETE").json("{\"orderNo\":\"nosuchorder0001\",\"transactionId\":\"4200000001\",\"subOrderNo\":\"S1\","
                        + "\"customs\":\"GUANGZHOU_ZS\",\"paymentMethod\":\"alphapay\",\"mchCustomsNo\":\"C1\",\"certType\":\"IDCARD\","
                        + "\"certId\":\"" + PAYER_ID + "\",\"certName\":\"" + PAYER + "\"}")));
        // declare-order of a payment nobody made: 422 transactionId once every field passes (nothing stored or sent)
        all.add(keyed(Malformed.endpoint("POST", "v1/customs/order/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT", "DELETE")
                .json("{\"platform\":\"platform_a\",\"platformCode\":\"4401960ABC\",\"orderNo\":\"nosuchorder0001\","
                        + "\"customs\":\"GUANGZHOU_ZS\",\"paymentMethod\":\"alphapay\",\"transactionId\":\"4200000001\",\"goodsValue\":900,"
                        + "\"freight\":100,\"discount\":0,\"taxTotal\":0,\"actualPaid\":1000,\"buyer\":{\"name\":\"" + PAYER + "\","
                        + "\"idType\":\"IDCARD\",\"idNumber\":\"" + PAYER_ID + "\",\"telephone\":\"13800000000\"},\"consignee\":{\"name\":\""
                        + PAYER + "\",\"telephone\":\"13800000000\",\"address\":\"1 Nanjing Road\"},\"goods\":[{\"itemNo\":\"SKU-1\","
                        + "\"itemName\":\"Tea\",\"quantity\":1,\"unit\":\"011\",\"price\":900,\"totalPrice\":900,\"country\":\"303\"}],"
                        + "\"actionType\":\"ADD\"}")));
        // query-order of an order never declared: 404 once the parameters pass
        all.add(keyed(Malformed.endpoint("GET", "v1/customs/order/{merchant}").path("merchant", m).query("customs", "GUANGZHOU_ZS")
                .query("order_no", "nosuchorder0001").auth(k).wrongMethods("PUT", "DELETE")));
        // a refund of more than was paid: 422 amount once every field passes
        all.add(keyed(Malformed.endpoint("POST", "v1/refund/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT", "DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"orderRef\":\"" + ref + "\",\"refundRef\":\"bad-refund-1\",\"amount\":"
                        + (AMOUNT + 1) + ",\"currency\":\"CNY\",\"reason\":\"退货\",\"notifyUrl\":\"https://shop.example/refunded\"}")));
        // a refund nobody asked for: 404 once the parameters pass
        all.add(keyed(Malformed.endpoint("GET", "v1/refund/{merchant}").path("merchant", m).query("payment_method", "alphapay")
                .query("order_ref", ref).optionalQuery("refund_ref", "nosuchrefund0001").auth(k).wrongMethods("PUT", "DELETE")));
        // settlement: a receiver at a company where the merchant has no account (422 paymentMethod), the
        // receivers there (422 payment_method), a receiver it never registered (404), a split to an
        // unregistered receiver (422), a release and a query of an order it does not have (404)
        all.add(keyed(Malformed.endpoint("POST", "v1/settlement/receiver/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT")
                .json("{\"paymentMethod\":\"betapay\",\"type\":\"MERCHANT\",\"account\":\"shop-0001@example.com\",\"name\":\"某某贸易有限公司\","
                        + "\"relationType\":\"CUSTOM\",\"customRelation\":\"合作伙伴\"}")));
        all.add(keyed(Malformed.endpoint("GET", "v1/settlement/receiver/{merchant}").path("merchant", m).query("payment_method", "betapay")
                .auth(k).wrongMethods("PUT")));
        all.add(keyed(Malformed.endpoint("DELETE", "v1/settlement/receiver/{merchant}").path("merchant", m)
                .query("payment_method", "alphapay").query("account", "nobody-0001").auth(k).wrongMethods("PUT")));
        all.add(keyed(Malformed.endpoint("POST", "v1/settlement/{merchant}").path("merchant", m).auth(k).wrongMethods("DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"orderRef\":\"" + ref + "\",\"settlementRef\":\"bad-split-1\",\"receivers\":"
                        + "[{\"account\":\"nobody-0001\",\"amount\":1,\"description\":\"分账\"}],\"finish\":false}")));
        all.add(keyed(Malformed.endpoint("PUT", "v1/settlement/{merchant}").path("merchant", m).auth(k).wrongMethods("DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"orderRef\":\"nosuchorder0001\",\"settlementRef\":\"bad-release-1\","
                        + "\"description\":\"解冻\"}")));
        all.add(keyed(Malformed.endpoint("GET", "v1/settlement/{merchant}").path("merchant", m).query("payment_method", "alphapay")
                .query("order_ref", "nosuchorder0001").optionalQuery("settlement_ref", "nosuchsplit0001").auth(k).wrongMethods("DELETE")));
        // payouts: one from a merchant with no account abroad (422 paymentMethod), a payout it never asked for (404)
        all.add(keyed(Malformed.endpoint("POST", "v1/payout/abroad/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT", "DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"payoutRef\":\"bad-payout-1\",\"amount\":500,\"description\":\"十一月货款\","
                        + "\"notifyUrl\":\"https://shop.example/paid-out\"}")));
        all.add(keyed(Malformed.endpoint("GET", "v1/payout/abroad/{merchant}").path("merchant", m).query("payment_method", "alphapay")
                .optionalQuery("payout_ref", "nosuchpayout0001").auth(k).wrongMethods("PUT", "DELETE")));
        // the statement of a payout the merchant never asked for (404), and a reconciliation that never ran (404)
        all.add(keyed(Malformed.endpoint("POST", "v1/payout/bill/abroad/{merchant}").path("merchant", m).auth(k).wrongMethods("PUT", "DELETE")
                .json("{\"paymentMethod\":\"alphapay\",\"payoutRef\":\"nosuchpayout0001\"}")));
        all.add(keyed(Malformed.endpoint("GET", "v1/payout/bill/abroad/{merchant}").path("merchant", m).query("payment_method", "alphapay")
                .query("payout_ref", "nosuchpayout0001").auth(k).wrongMethods("PUT", "DELETE")));
        all.add(keyed(Malformed.endpoint("GET", "v1/reconciliation/{merchant}").path("merchant", m).query("payment_method", "alphapay")
                .query("bill_date", "2020-01-01").auth(k).wrongMethods("POST", "PUT", "DELETE")));
        // the events of an order the merchant does not have, and an event it does not have: 404 once the parameters pass
        all.add(keyed(Malformed.endpoint("GET", "v1/events/{merchant}").path("merchant", m).query("order_ref", "nosuchorder0001")
                .auth(k).wrongMethods("PUT", "DELETE")));
        all.add(keyed(Malformed.endpoint("POST", "v1/events/{merchant}/{eventId}/redeliver").path("merchant", m)
                .path("eventId", "evt_00000000000000000000000000000000").auth(k).wrongMethods("GET", "PUT", "DELETE")));
        // a company's callback that is not signed by the company: 400 "failure" (the plain word the companies expect)
        all.add(Malformed.endpoint("POST", "notify/{paymentMethod}/{merchant}").path("paymentMethod", "alphapay").path("merchant", m)
                .plainRefusal("failure").wrongMethods("GET", "PUT", "DELETE")
                .json("{\"id\":\"EV-1\",\"create_time\":\"2026-11-25T20:00:00+08:00\",\"resource_type\":\"encrypt-resource\","
                        + "\"event_type\":\"TRANSACTION.SUCCESS\",\"summary\":\"paid\",\"resource\":{\"original_type\":\"transaction\","
                        + "\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"AAAA\",\"associated_data\":\"transaction\",\"nonce\":\"abcdefabcdef\"}}"));
        all.add(keyed(Malformed.endpoint("GET", "v1/merchant/{merchant}").path("merchant", m).auth(k).wrongMethods("POST", "PUT", "DELETE")));

        // the admin API: a name already registered, a key for a merchant nobody registered, a private key that is not one
        all.add(admin(Malformed.endpoint("POST", "admin/merchants").json("{\"name\":\"" + m + "\"}").wrongMethods("GET", "PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("POST", "admin/keys").json("{\"merchants\":[\"nobody-registered-this\"],\"label\":\"bad input\"}")
                .wrongMethods("GET", "PUT", "DELETE"), key));
        JsonObject brokenAccount = Json.createObjectBuilder(account).add("merchantPrivateKey", "not a key").build();
        all.add(admin(Malformed.endpoint("PUT", "admin/merchants/{merchant}/companies/{paymentMethod}").path("merchant", m)
                .path("paymentMethod", "alphapay").json(brokenAccount.toString()).wrongMethods("GET", "POST", "DELETE"), key));
        // an account abroad of a merchant nobody registered (404), and one the merchant never registered (404)
        all.add(admin(Malformed.endpoint("PUT", "admin/merchants/{merchant}/payout-accounts/{paymentMethod}")
                .path("merchant", "nobody-registered-this").path("paymentMethod", "alphapay").wrongMethods("POST", "DELETE")
                .json("{\"holderName\":\"Harbour Tea Ltd\",\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\","
                        + "\"bankCountry\":\"GB\",\"currency\":\"GBP\"}"), key));
        all.add(admin(Malformed.endpoint("GET", "admin/merchants/{merchant}/payout-accounts/{paymentMethod}").path("merchant", m)
                .path("paymentMethod", "alphapay").wrongMethods("POST", "DELETE"), key));
        // a reconciliation of a day that has not begun (422), every merchant's of it (422), a discrepancy nobody found (404)
        all.add(admin(Malformed.endpoint("POST", "admin/reconciliation").json("{\"paymentMethod\":\"alphapay\",\"billDate\":\"2999-01-01\","
                + "\"merchant\":\"" + m + "\"}").wrongMethods("PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("GET", "admin/reconciliation").query("payment_method", "alphapay").query("bill_date", "2999-01-01")
                .wrongMethods("PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("POST", "admin/reconciliation/discrepancies/{id}/resolve").path("id", "0")
                .json("{\"note\":\"checked with the company\"}").wrongMethods("GET", "PUT", "DELETE"), key));
        // a webhook secret for a merchant nobody registered: 404
        all.add(admin(Malformed.endpoint("POST", "admin/merchants/{merchant}/webhook-secret").path("merchant", "nobody-registered-this")
                .wrongMethods("GET", "PUT", "DELETE"), key));
        all.add(admin(Malformed.endpoint("DELETE", "admin/keys/{keyId}").path("keyId", "k_nosuchkey0001").wrongMethods("GET", "POST", "PUT"), key));

        // the load-comparison endpoint, open to anyone, answers GET only: every other request to it,
        // with whatever body and content type, is refused (405, 406, 415) with the envelope
        all.add(Malformed.endpoint("POST", "ping").json("{\"probe\":1,\"text\":\"x\"}").wrongMethods("PUT", "DELETE"));
        return all;
    }

    private static Endpoint keyed(Endpoint e) {
        return e.badAuth("no key").badAuth("wrong key", "app-api-key", "cbk_wrong").badAuth("another merchant's key", "app-api-key", DEMO_KEY);
    }

    private static Endpoint admin(Endpoint e, String merchantKey) {
        return e.auth("Authorization", ADMIN).badAuth("no credentials").badAuth("wrong password", "Authorization", basic("admin", "wrong"))
                .badAuth("a merchant key", "app-api-key", merchantKey);
    }

    /** Creates, pays (as 张三) and declares a payment of the merchant; waits until customs report SUCCESS. */
    private String paidAndDeclared(String merchant, String key, String ref) throws InterruptedException {
        Reply created = postJson(at(base, "v1/payment/" + merchant), "{\"paymentMethod\":\"alphapay\",\"paymentType\":\"NATIVE\",\"orderRef\":\""
                + ref + "\",\"actualAmount\":" + AMOUNT + ",\"currency\":\"CNY\",\"description\":\"测试订单\"}", "app-api-key", key);
        assertEquals(200, created.status(), created::toString);
        Reply paid = SANDBOX.pay("alphapay", merchant, ref, "{\"payerName\":\"" + PAYER + "\",\"payerIdNumber\":\"" + PAYER_ID + "\"}");
        assertEquals(200, paid.status(), paid::toString);
        JsonObject q = get(at(base, "v1/payment/" + merchant + "?order_ref=" + ref + "&payment_method=alphapay"), "app-api-key", key).json();
        assertEquals("SUCCESS", q.getString("tradeState"));
        String tx = q.getString("transactionId");
        Reply declared = postJson(at(base, "v1/customs/payment/" + merchant), "{\"orderNo\":\"" + ref + "\",\"transactionId\":\"" + tx
                + "\",\"paymentMethod\":\"alphapay\",\"certId\":\"" + PAYER_ID + "\",\"name\":\"" + PAYER + "\",\"mchCustomsNo\":\"C1\"}",
                "app-api-key", key);
        assertEquals(200, declared.status(), declared::toString);
        Instant deadline = Instant.now().plusSeconds(15);
        String state = "";
        while (!state.equals("SUCCESS") && Instant.now().isBefore(deadline)) {
            Thread.sleep(500);
            state = get(at(base, "v1/customs/payment/" + merchant + "?order_no=" + ref), "app-api-key", key).json()
                    .getJsonArray("orders").getJsonObject(0).getString("state");
        }
        assertEquals("SUCCESS", state, "customs settled the declaration");
        return tx;
    }

    /** Every column of every row this test's merchant owns, and of the tables any admin request could touch. */
    private Map<String, List<String>> fingerprint(String merchant) throws Exception {
        Map<String, List<String>> rows = new LinkedHashMap<>();
        rows.put("payment", rows("SELECT * FROM payment WHERE merchant = ? ORDER BY id", merchant));
        rows.put("refund", rows("SELECT * FROM refund WHERE merchant = ? ORDER BY id", merchant));
        rows.put("merchant_event", rows("SELECT * FROM merchant_event WHERE merchant = ? ORDER BY id", merchant));
        rows.put("webhook_secret", rows("SELECT * FROM webhook_secret ORDER BY id", null));
        rows.put("payment_event", rows("SELECT e.* FROM payment_event e JOIN payment p ON p.id = e.payment_id WHERE p.merchant = ?"
                + " ORDER BY e.id", merchant));
        rows.put("settlement", rows("SELECT * FROM settlement WHERE merchant = ? ORDER BY id", merchant));
        rows.put("settlement_receiver", rows("SELECT * FROM settlement_receiver WHERE merchant = ? ORDER BY id", merchant));
        rows.put("declaration", rows("SELECT * FROM declaration WHERE merchant = ? ORDER BY id", merchant));
        rows.put("payout", rows("SELECT * FROM payout WHERE merchant = ? ORDER BY id", merchant));
        rows.put("payout_account", rows("SELECT * FROM payout_account ORDER BY id", null));
        rows.put("balance_entry", rows("SELECT * FROM balance_entry WHERE merchant = ? ORDER BY id", merchant));
        rows.put("payout_bill", rows("SELECT * FROM payout_bill WHERE merchant = ? ORDER BY id", merchant));
        rows.put("reconciliation_day", rows("SELECT * FROM reconciliation_day WHERE merchant = ? ORDER BY id", merchant));
        rows.put("discrepancy", rows("SELECT * FROM discrepancy ORDER BY id", null));
        rows.put("company_credential", rows("SELECT * FROM company_credential ORDER BY id", null));
        rows.put("merchant", rows("SELECT * FROM merchant ORDER BY id", null));
        rows.put("api_key", rows("SELECT * FROM api_key ORDER BY id", null));
        rows.put("api_key_grant", rows("SELECT * FROM api_key_grant ORDER BY id", null));
        assertEquals(1, rows.get("payment").size());
        assertEquals(1, rows.get("declaration").size());
        return rows;
    }

    private List<String> rows(String sql, String param) throws Exception {
        return Tables.rows(dataSource, sql, param);
    }
}
