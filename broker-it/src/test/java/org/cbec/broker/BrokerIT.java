package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.assertEnvelope;
import static org.cbec.testing.ApiAssertions.assertNotAuthenticated;
import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.ApiAssertions.atRoot;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.Grant;
import org.cbec.access.IssuedKey;
import org.cbec.access.boundary.Parties;
import org.cbec.access.control.KeyMaterial;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.PaymentView;
import org.cbec.company.OrderStatus;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.schema.SchemaMigrator;
import org.cbec.testing.Http;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.arquillian.SharedDeployment;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The broker WAR as built, on Payara Micro with the module's PostgreSQL: one deployment for the
 * whole class. Tests marked {@code @RunAsClient} call the API over HTTP as an integrator would; the
 * others run inside the server and look at the database itself.
 */
@ExtendWith(ArquillianExtension.class)
class BrokerIT {

    private static final String ADMIN_PASSWORD = System.getenv("ADMIN_PASSWORD");
    private static final String DEMO_API_KEY = System.getenv("DEMO_API_KEY");
    /** Failed admin logins from one address before the lock (admin.login.max-failures, 5 by default). */
    private static final int ADMIN_LOGIN_MAX_FAILURES = 5;

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), BrokerIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Inject
    SchemaMigrator migrator;

    @Inject
    ApiKeys apiKeys;

    @Inject
    Parties parties;

    @Inject
    PaymentLedger ledger;

    // ---- inside the server -------------------------------------------------------------------

    @Test
    void migrationsAreAppliedToTheConfiguredDatabase() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            assertEquals("PostgreSQL", c.getMetaData().getDatabaseProductName(), "the database the run was configured with");
            String url = c.getMetaData().getURL();
            assertTrue(url.startsWith(System.getenv("DB_URL")), url);
            ResultSet rs = s.executeQuery("SELECT \"version\", \"success\" FROM \"flyway_schema_history\""
                    + " WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"");
            String newest = null;
            int applied = 0;
            while (rs.next()) {
                assertTrue(rs.getBoolean(2), "migration " + rs.getString(1) + " succeeded");
                newest = rs.getString(1);
                applied++;
            }
            assertTrue(applied >= 4, "V1 to V4 at least: " + applied);
            assertEquals(newest, migrator.schemaVersion(), "the migrator reports the newest applied version");
            // The sandbox companies keep their data apart (company-sandbox): none of it here.
            rs = s.executeQuery("SELECT table_name FROM information_schema.tables WHERE LOWER(table_schema) IN ('public', current_schema())"
                    + " AND LOWER(table_name) LIKE 'sandbox%'");
            assertFalse(rs.next(), "a sandbox table in the broker's database");
        }
    }

    @Test
    void theEntitiesAreWovenSoThatReadOnlyLookupsAndLazyFieldsWork() {
        // EclipseLink weaves the entities as the container loads them (dynamic weaving); a woven
        // class carries its marker interface. Without weaving, change tracking falls back to
        // comparing copies of every object read, the cost the read-only hints avoid.
        for (Class<?> entity : List.of(org.cbec.payment.entity.Payment.class, org.cbec.access.entity.ApiKey.class,
                org.cbec.payment.entity.CompanyCredential.class)) {
            assertTrue(java.util.Arrays.stream(entity.getInterfaces()).anyMatch(i -> i.getName().startsWith("org.eclipse.persistence.internal.weaving.")),
                    entity.getName() + " is woven: " + java.util.Arrays.toString(entity.getInterfaces()));
        }
    }

    @Test
    void moneyZonedTimestampsAndChineseTextRoundTripUnchanged() {
        String ref = "rt" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
        String request = "{\"description\":\"测试·订单 — ünïcödé 𠀀\"}";
        CreatePayment create = new CreatePayment("alphapay", "NATIVE", ref, 999_999_999L, 1_000_000_000L, null, null, null, "GBP",
                null, "测试·订单", null, null, null, null, null, null, null, null, null, null, null, null);
        long id = ledger.open("demo", create, request).id();
        OffsetDateTime paidAt = OffsetDateTime.parse("2026-11-21T23:59:59.123456+08:00");
        ledger.observed(id, new OrderStatus(TradeState.SUCCESS, "支付成功 · 已到账", "4200000000001", "NATIVE",
                "OTHERS", 1_000_000_000L, "GBP", 9_172_854_000L, "CNY", paidAt), List.of());
        PaymentView stored = ledger.find("demo", "alphapay", ref).orElseThrow();
        assertEquals(999_999_999L, stored.actualAmount());
        assertEquals(1_000_000_000L, stored.total());
        assertEquals(9_172_854_000L, stored.payerTotal());
        // The instant, to the microsecond; the offset is not stored (PostgreSQL keeps instants), and
        // every time is answered in Beijing time (BeijingTime), which gives back the +08:00 here.
        assertEquals(paidAt.toInstant(), stored.paidAt().toInstant(), paidAt + " stored as " + stored.paidAt());
        assertEquals("2026-11-21T23:59:59+08:00", org.cbec.platform.time.BeijingTime.format(stored.paidAt()));
        assertEquals("2026-11-21T16:00:00+08:00", org.cbec.platform.time.BeijingTime.format(OffsetDateTime.parse("2026-11-21T08:00Z")),
                "with the seconds even when they are zero");
        assertEquals("支付成功 · 已到账", stored.tradeStateDesc());
        assertEquals(request, ledger.requestJson(id));
    }

    @Test
    void anIssuedKeyIsStoredOnlyAsItsHash() throws Exception {
        String merchant = "hash-" + UUID.randomUUID().toString().substring(0, 8);
        parties.registerMerchant(merchant);
        IssuedKey issued = apiKeys.issue(ApiService.BROKER, List.of(new Grant(GrantSubject.MERCHANT, merchant)), "hash test");
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            ResultSet rs = s.executeQuery("SELECT * FROM api_key");
            ResultSetMetaData meta = rs.getMetaData();
            boolean found = false;
            while (rs.next()) {
                for (int i = 1; i <= meta.getColumnCount(); i++) {
                    assertFalse(String.valueOf(rs.getObject(i)).contains(issued.key()), "key text stored in " + meta.getColumnName(i));
                }
                found |= KeyMaterial.hash(issued.key()).equals(rs.getString("secret_hash"));
            }
            assertTrue(found, "the key's SHA-256 is stored");
        }
    }

    // ---- API keys, as a client sees them ------------------------------------------------------

    @Test
    @RunAsClient
    void aMissingKeyGets401WithTheEnvelope() {
        assertNotAuthenticated(get(uri("v1/merchant/demo")));
    }

    @Test
    @RunAsClient
    void anUnknownKeyGets401() {
        assertNotAuthenticated(get(uri("v1/merchant/demo"), "app-api-key", "cbk_not-a-key"));
    }

    @Test
    @RunAsClient
    void theDemoKeyIsAcceptedForTheDemoMerchant() {
        Reply reply = get(uri("v1/merchant/demo"), "app-api-key", DEMO_API_KEY);
        assertEquals(200, reply.status(), reply::toString);
        assertEquals("demo", reply.json().getString("merchant"));
        assertEquals(200, reply.json().getInt("code"));
        assertTrue(reply.json().getString("registeredAt").matches(BEIJING_SECONDS), reply::toString);
    }

    /** Every time an answer carries: Beijing time, to the whole second. */
    private static final String BEIJING_SECONDS = "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\+08:00";

    @Test
    @RunAsClient
    void theLegacyQueryParameterIsAccepted() {
        assertEquals(200, get(uri("v1/merchant/demo?app-api-key=" + DEMO_API_KEY)).status());
    }

    @Test
    @RunAsClient
    void aKeyIsAcceptedForItsMerchantAndRefusedForAnother() {
        String mine = registerMerchant();
        String other = registerMerchant();
        String key = issueKey(mine).getString("key");
        assertEquals(200, get(uri("v1/merchant/" + mine), "app-api-key", key).status());
        assertNotAuthenticated(get(uri("v1/merchant/" + other), "app-api-key", key));
        assertNotAuthenticated(get(uri("v1/merchant/demo"), "app-api-key", key));
    }

    @Test
    @RunAsClient
    void aRevokedKeyGets401() {
        String merchant = registerMerchant();
        JsonObject issued = issueKey(merchant);
        String key = issued.getString("key");
        assertEquals(200, get(uri("v1/merchant/" + merchant), "app-api-key", key).status());
        Reply revoked = send("DELETE", uri("admin/keys/" + issued.getString("keyId")), null, "Authorization", admin());
        assertEquals(200, revoked.status(), revoked::toString);
        assertNotAuthenticated(get(uri("v1/merchant/" + merchant), "app-api-key", key));
    }

    @Test
    @RunAsClient
    void aKeyOfAMerchantStillBeingRegisteredIsRefusedForAnUnregisteredOne() {
        Reply reply = postJson(uri("admin/keys"), "{\"merchants\":[\"nobody-registered-this\"]}", "Authorization", admin());
        assertEquals(422, reply.status(), reply::toString);
        assertEquals("merchants", reply.json().getString("field"));
    }

    // ---- the admin API ------------------------------------------------------------------------

    @Test
    @RunAsClient
    void theAdminApiRefusesAMissingOrWrongPassword() {
        Reply none = postJson(uri("admin/merchants"), "{\"name\":\"x1\"}");
        assertNotAuthenticated(none);
        assertTrue(none.header("WWW-Authenticate").startsWith("Basic"), none.header("WWW-Authenticate"));
        assertNotAuthenticated(postJson(uri("admin/merchants"), "{\"name\":\"x1\"}", "Authorization", basic("admin", "wrong")));
        assertNotAuthenticated(postJson(uri("admin/merchants"), "{\"name\":\"x1\"}", "Authorization", basic("root", ADMIN_PASSWORD)));
        assertNotAuthenticated(postJson(uri("admin/merchants"), "{\"name\":\"x1\"}", "app-api-key", DEMO_API_KEY));
    }

    @Test
    @RunAsClient
    void repeatedWrongAdminPasswordsAreAnswered429WithRetryAfterThenTheAdministratorGetsInAfterIt() throws InterruptedException {
        String body = "{\"name\":\"lock-" + UUID.randomUUID().toString().substring(0, 8) + "\"}";
        registerMerchant(); // a success first: earlier tests' failures from this address are forgotten
        for (int i = 1; i < ADMIN_LOGIN_MAX_FAILURES; i++) {
            assertNotAuthenticated(postJson(uri("admin/merchants"), body, "Authorization", basic("admin", "guess-" + i)));
        }
        Reply locked = postJson(uri("admin/merchants"), body, "Authorization", basic("admin", "guess-last"));
        assertEnvelope(429, locked);
        long retryAfter = Long.parseLong(locked.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 30, locked::toString);
        Reply stillLocked = postJson(uri("admin/merchants"), body, "Authorization", admin());
        assertEnvelope(429, stillLocked);
        Thread.sleep(retryAfter * 1000 + 200);
        assertEquals(201, postJson(uri("admin/merchants"), body, "Authorization", admin()).status());
    }

    @Test
    @RunAsClient
    void anIssuedKeyIsShownOnceAndNotCached() {
        String merchant = registerMerchant();
        Reply reply = postJson(uri("admin/keys"), "{\"merchants\":[\"" + merchant + "\"],\"label\":\"ci\"}", "Authorization", admin());
        assertEquals(201, reply.status(), reply::toString);
        assertEquals("no-store", reply.header("Cache-Control"));
        String key = reply.json().getString("key");
        assertTrue(key.startsWith("cbk_") && key.length() >= 40, "random key of at least 128 bits");
    }

    @Test
    @RunAsClient
    void registeringAMerchantTwiceIsAConflict() {
        String merchant = registerMerchant();
        Reply again = postJson(uri("admin/merchants"), "{\"name\":\"" + merchant + "\"}", "Authorization", admin());
        assertEquals(409, again.status(), again::toString);
        assertEquals("name", again.json().getString("field"));
    }

    @Test
    @RunAsClient
    void anInvalidMerchantNameIsRefusedNamingTheField() {
        Reply reply = postJson(uri("admin/merchants"), "{\"name\":\"../etc\"}", "Authorization", admin());
        assertEquals(422, reply.status(), reply::toString);
        assertEquals("name", reply.json().getString("field"));
    }

    // ---- refusals of the HTTP layer -----------------------------------------------------------

    @Test
    @RunAsClient
    void anUnknownPathGets404WithTheEnvelope() {
        assertEnvelope(404, get(uri("v1/no-such-thing/demo"), "app-api-key", DEMO_API_KEY));
        assertEnvelope(404, get(uri("")));
    }

    @Test
    @RunAsClient
    void aWrongMethodGets405WithTheEnvelope() {
        Reply reply = send("DELETE", uri("v1/merchant/demo"), null, "app-api-key", DEMO_API_KEY);
        assertEnvelope(405, reply);
        assertNotNull(reply.header("Allow"));
    }

    @Test
    @RunAsClient
    void malformedJsonGets400WithTheEnvelope() {
        assertEnvelope(400, postJson(uri("admin/merchants"), "{\"name\":", "Authorization", admin()));
        assertEnvelope(400, postJson(uri("admin/merchants"), "[1,2", "Authorization", admin()));
    }

    @Test
    @RunAsClient
    void aWrongContentTypeGets415WithTheEnvelope() {
        assertEnvelope(415, send("POST", uri("admin/merchants"), "name=x", "Content-Type", "text/plain", "Authorization", admin()));
    }

    // ---- limits ---------------------------------------------------------------------------------

    @Test
    @RunAsClient
    void aBodyOverOneMebibyteIsRefusedWith413AndTheEnvelopeBeforeItIsParsed() {
        URI create = at(base, "v1/payment/demo");
        for (boolean chunked : new boolean[] {false, true}) {
            long started = System.nanoTime();
            // Two MiB that are not JSON: parsed, they would be a 400; refused before, they are a 413.
            Reply r = org.cbec.testing.Http.postLarge(create, 2 * 1024 * 1024, 'x', chunked, "app-api-key", System.getenv("DEMO_API_KEY"));
            long ms = (System.nanoTime() - started) / 1_000_000;
            System.out.println("2 MiB body, " + (chunked ? "chunked" : "with Content-Length") + ": HTTP " + r.status() + " in " + ms + " ms");
            assertEquals(413, r.status(), r::toString);
            assertEquals(413, r.json().getInt("code"));
            assertTrue(r.json().getString("message").contains("1048576 bytes"), r::toString);
            assertNotNull(r.header("X-Request-Id"));
        }
        // Just under the limit, the body is read and judged as usual.
        Reply under = org.cbec.testing.Http.postLarge(create, 1024 * 1024, 'x', false, "app-api-key", System.getenv("DEMO_API_KEY"));
        assertEquals(400, under.status(), () -> "read and refused as malformed JSON: " + under);
    }

    // ---- health and documentation -------------------------------------------------------------

    @Test
    @RunAsClient
    void readinessCoversTheDatabaseAndEachCompanysCircuitAndSaysNothingOfWhereTheDatabaseIs() {
        Reply reply = get(root("health/ready"));
        assertEquals(200, reply.status(), reply::toString);
        assertEquals("UP", reply.json().getString("status"));
        java.util.Map<String, JsonObject> checks = new java.util.HashMap<>();
        reply.json().getJsonArray("checks").getValuesAs(JsonObject.class).forEach(c -> checks.put(c.getString("name"), c));
        assertEquals("UP", checks.get("database").getString("status"), reply::toString);
        JsonObject companies = checks.get("payment-companies").getJsonObject("data");
        for (String company : List.of("alphapay", "betapay")) {
            assertTrue(List.of("open", "closed").contains(companies.getString(company + ".circuit")), companies::toString);
        }
        String body = reply.body().toLowerCase(java.util.Locale.ROOT);
        for (String hidden : List.of("jdbc", "postgres", "localhost", "127.0.0.1", "version", "it-data")) {
            assertFalse(body.contains(hidden), () -> hidden + " in the readiness answer: " + reply.body());
        }
    }

    /** The broker's own document describes its API; Payara's merged /openapi at the server root is off. */
    @Test
    @RunAsClient
    void theBrokersOwnApiDocumentDescribesItsApiAndPayarasMergedOneIsOff() {
        Reply reply = get(uri("openapi"));
        assertEquals(200, reply.status());
        assertTrue(reply.body().contains("/v1/merchant/{merchant}"), reply.body());
        assertTrue(reply.body().contains("/v1/refund/{merchant}"), "the refunds are documented");
        for (String shape : List.of("RefundRequest", "RefundResult", "RefundListResult", "settlementAmount", "refundedTotal")) {
            assertTrue(reply.body().contains(shape), () -> shape + " is documented");
        }
        assertTrue(reply.body().contains("app-api-key"), "the key scheme is documented");
        assertFalse(reply.body().contains("/enterprises/{enterpriseId}"), "the checkout is not in the broker's document");
        Reply merged = get(root("openapi"));
        assertEquals(403, merged.status(), "Payara's OpenAPI service is off: " + merged.body());
    }

    // ---- helpers ------------------------------------------------------------------------------

    private URI uri(String path) {
        return at(base, path);
    }

    private URI root(String path) {
        return atRoot(base, path);
    }

    private static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    private String registerMerchant() {
        String name = "m-" + UUID.randomUUID().toString().substring(0, 12);
        Reply reply = postJson(uri("admin/merchants"), "{\"name\":\"" + name + "\"}", "Authorization", admin());
        assertEquals(201, reply.status(), reply::toString);
        assertTrue(reply.json().getString("createdAt").matches(BEIJING_SECONDS), reply::toString);
        return name;
    }

    private JsonObject issueKey(String merchant) {
        Reply reply = postJson(uri("admin/keys"), "{\"merchants\":[\"" + merchant + "\"]}", "Authorization", admin());
        assertEquals(201, reply.status(), reply::toString);
        return reply.json();
    }

    // ---- the API document, as a client and a reader see it ----------------------------------------

    /**
     * {@code /broker/openapi} validates with swagger-parser (YAML and JSON alike), and the Java client
     * openapi-generator makes from it creates and queries a payment, sending only what the spec shows.
     */
    @Test
    @RunAsClient
    void theServedApiDocumentValidatesAndAClientGeneratedFromItCreatesAndQueriesAPayment() throws Exception {
        int operations = org.cbec.testing.apidocs.ApiDocumentCheck.validatedOperationCount(base.toString(), "Envelope",
                java.util.Set.of("app-api-key", "admin"));
        assertTrue(operations >= 20, "the broker's operations: " + operations);
        org.cbec.testing.SandboxClient.fromEnvironment().registerOnce(at(base, ""), admin(), "demo");
        org.cbec.broker.apiclient.GeneratedClient.createAndQueryAPayment(base.toString(), DEMO_API_KEY, "demo",
                "gen" + UUID.randomUUID().toString().substring(0, 8));
    }

    /** {@code /broker/api-docs/}: Swagger UI from the WAR, listing every operation, in headless Chromium. */
    @Test
    @RunAsClient
    void theSwaggerUiPageListsEveryOperationInTheBrowser() throws Exception {
        int operations = org.cbec.testing.apidocs.ApiDocumentCheck.validatedOperationCount(base.toString(), "Envelope",
                java.util.Set.of("app-api-key", "admin"));
        org.cbec.testing.browser.ApiDocsPage.checkInChromium(base.toString(), "Payment broker", operations,
                "QueryPayment: the payment, refreshed from its company", "broker-api-docs.png");
    }
}
