package org.cbec.checkout;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.json.JsonObject;
import java.io.File;
import java.net.URI;
import java.net.URL;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.UUID;
import javax.sql.DataSource;
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

/** The checkout WAR as built, on Payara Micro with the module's PostgreSQL, one deployment. */
@ExtendWith(ArquillianExtension.class)
class CheckoutIT {

    private static final String ADMIN_PASSWORD = System.getenv("ADMIN_PASSWORD");
    private static final String DEMO_CA_KEY = System.getenv("DEMO_CA_KEY");
    private static final String DEMO_API_KEY = System.getenv("DEMO_API_KEY");

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/checkout.war"), CheckoutIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    @Test
    void migrationsAreAppliedToTheConfiguredDatabase() throws Exception {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            assertEquals("PostgreSQL", c.getMetaData().getDatabaseProductName(), "the database the run was configured with");
            ResultSet rs = s.executeQuery("SELECT COUNT(*) FROM \"flyway_schema_history\" WHERE \"success\" = TRUE");
            rs.next();
            assertTrue(rs.getInt(1) >= 1);
            rs = s.executeQuery("SELECT COUNT(*) FROM enterprise WHERE enterprise_id = 'demo-enterprise'");
            rs.next();
            assertEquals(1, rs.getInt(1), "demo provisioning created the demo enterprise once");
        }
    }

    @Test
    @RunAsClient
    void aMissingKeyGets401WithTheEnvelope() {
        assertNotAuthenticated(get(uri("enterprises/demo-enterprise")));
        assertNotAuthenticated(get(uri("merchants/demo")));
    }

    @Test
    @RunAsClient
    void aWrongKeyGets401() {
        assertNotAuthenticated(get(uri("enterprises/demo-enterprise"), "x-ca-key", "cck_wrong"));
    }

    @Test
    @RunAsClient
    void aBrokerKeyIsNotACheckoutKey() {
        assertNotAuthenticated(get(uri("merchants/demo"), "x-ca-key", DEMO_API_KEY));
    }

    @Test
    @RunAsClient
    void theDemoKeyOpensTheDemoEnterpriseAndPlatformMerchant() {
        Reply enterprise = get(uri("enterprises/demo-enterprise"), "x-ca-key", DEMO_CA_KEY);
        assertEquals(200, enterprise.status(), enterprise::toString);
        assertEquals("demo-enterprise", enterprise.json().getJsonObject("data").getString("enterpriseId"));
        Reply merchant = get(uri("merchants/demo"), "x-ca-key", DEMO_CA_KEY);
        assertEquals(200, merchant.status(), merchant::toString);
        assertEquals(200, merchant.json().getInt("code"));
    }

    @Test
    @RunAsClient
    void aKeyIsAcceptedForItsEnterpriseAndRefusedForAnother() {
        String mine = registerEnterprise();
        String other = registerEnterprise();
        String key = issueKey("{\"enterprises\":[\"" + mine + "\"]}").getString("key");
        assertEquals(200, get(uri("enterprises/" + mine), "x-ca-key", key).status());
        assertNotAuthenticated(get(uri("enterprises/" + other), "x-ca-key", key));
        assertNotAuthenticated(get(uri("merchants/demo"), "x-ca-key", key));
    }

    @Test
    @RunAsClient
    void aPlatformMerchantKeyIsRefusedForEnterprises() {
        String merchant = "pm-" + UUID.randomUUID().toString().substring(0, 8);
        Reply registered = postJson(uri("admin/platform-merchants"), "{\"merchantId\":\"" + merchant + "\"}", "Authorization", admin());
        assertEquals(201, registered.status(), registered::toString);
        String key = issueKey("{\"platformMerchants\":[\"" + merchant + "\"]}").getString("key");
        assertEquals(200, get(uri("merchants/" + merchant), "x-ca-key", key).status());
        assertNotAuthenticated(get(uri("enterprises/demo-enterprise"), "x-ca-key", key));
    }

    @Test
    @RunAsClient
    void aRevokedKeyGets401() {
        String enterprise = registerEnterprise();
        JsonObject issued = issueKey("{\"enterprises\":[\"" + enterprise + "\"]}");
        String key = issued.getString("key");
        assertEquals(200, get(uri("enterprises/" + enterprise), "x-ca-key", key).status());
        assertEquals(200, send("DELETE", uri("admin/keys/" + issued.getString("keyId")), null, "Authorization", admin()).status());
        assertNotAuthenticated(get(uri("enterprises/" + enterprise), "x-ca-key", key));
    }

    @Test
    @RunAsClient
    void theGatewayStageIsAcceptedWhenKnownAndRefusedNamingTheHeaderOtherwise() {
        assertEquals(200, get(uri("enterprises/demo-enterprise"), "x-ca-key", DEMO_CA_KEY, "x-ca-stage", "TEST").status());
        Reply unknown = get(uri("enterprises/demo-enterprise"), "x-ca-key", DEMO_CA_KEY, "x-ca-stage", "PROD");
        assertEquals(400, unknown.status(), unknown::toString);
        assertEquals("x-ca-stage", unknown.json().getJsonObject("data").getString("field"));
    }

    @Test
    @RunAsClient
    void theAdminApiRefusesAMissingOrWrongPassword() {
        Reply none = postJson(uri("admin/enterprises"), "{\"enterpriseId\":\"e1\",\"name\":\"E\"}");
        assertNotAuthenticated(none);
        assertTrue(none.header("WWW-Authenticate").startsWith("Basic"));
        assertNotAuthenticated(postJson(uri("admin/enterprises"), "{}", "Authorization", basic("admin", "nope")));
        assertNotAuthenticated(postJson(uri("admin/enterprises"), "{}", "x-ca-key", DEMO_CA_KEY));
    }

    @Test
    @RunAsClient
    void repeatedWrongAdminPasswordsAreAnswered429WithRetryAfterThenTheAdministratorGetsInAfterIt() throws InterruptedException {
        String merchant = "lock-" + UUID.randomUUID().toString().substring(0, 8);
        String body = "{\"merchantId\":\"" + merchant + "\"}";
        // a success first: earlier tests' failures from this address are forgotten
        assertEquals(201, postJson(uri("admin/platform-merchants"), "{\"merchantId\":\"" + merchant + "-0\"}", "Authorization", admin()).status());
        for (int i = 1; i < 5; i++) {
            assertNotAuthenticated(postJson(uri("admin/platform-merchants"), body, "Authorization", basic("admin", "guess-" + i)));
        }
        Reply locked = postJson(uri("admin/platform-merchants"), body, "Authorization", basic("admin", "guess-last"));
        assertEquals(429, locked.status(), locked::toString);
        assertEquals(429, locked.json().getInt("code"));
        long retryAfter = Long.parseLong(locked.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 30, locked::toString);
        assertEquals(429, postJson(uri("admin/platform-merchants"), body, "Authorization", admin()).status(), "a lock holds the right password too");
        // The status line a client reads names the status (not Grizzly's "CUSTOM"), the envelope kept.
        org.cbec.testing.Malformed.assertStatusLine(URI.create(base.toString()), "admin/platform-merchants",
                "Authorization: " + admin() + "\r\n", body, 429, "Too Many Requests");
        Thread.sleep(retryAfter * 1000 + 200);
        assertEquals(201, postJson(uri("admin/platform-merchants"), body, "Authorization", admin()).status());
    }

    @Test
    @RunAsClient
    void anEnterpriseWithoutANameIsRefusedNamingTheField() {
        Reply reply = postJson(uri("admin/enterprises"), "{\"enterpriseId\":\"e-" + UUID.randomUUID() + "\"}", "Authorization", admin());
        assertEquals(400, reply.status(), reply::toString);
        assertEquals("name", reply.json().getJsonObject("data").getString("field"));
    }

    @Test
    @RunAsClient
    void anUnknownPathGets404WithTheEnvelope() {
        assertEnvelope(404, get(uri("carts/nothing/here/at/all"), "x-ca-key", DEMO_CA_KEY));
    }

    @Test
    @RunAsClient
    void aWrongMethodGets405WithTheEnvelope() {
        assertEnvelope(405, send("PATCH", uri("enterprises/demo-enterprise"), "{}", "x-ca-key", DEMO_CA_KEY));
    }

    @Test
    @RunAsClient
    void malformedJsonGets400WithTheEnvelope() {
        assertEnvelope(400, postJson(uri("admin/enterprises"), "{\"enterpriseId\":", "Authorization", admin()));
    }

    @Test
    @RunAsClient
    void aWrongContentTypeGets415WithTheEnvelope() {
        assertEnvelope(415, send("POST", uri("admin/enterprises"), "<e/>", "Content-Type", "application/xml", "Authorization", admin()));
    }

    @Test
    @RunAsClient
    void readinessIncludesTheDatabaseWithoutSayingWhereItIs() {
        Reply reply = get(root("health/ready"));
        assertEquals(200, reply.status(), reply::toString);
        assertTrue(reply.body().contains("\"database\""), reply.body());
        String body = reply.body().toLowerCase(java.util.Locale.ROOT);
        for (String hidden : java.util.List.of("jdbc", "postgres", "localhost", "version", "it-data")) {
            assertFalse(body.contains(hidden), () -> hidden + " in the readiness answer: " + reply.body());
        }
    }

    @Test
    @RunAsClient
    void aBodyOverOneMebibyteIsRefusedWith413AndTheCheckoutEnvelopeBeforeItIsParsed() {
        URI carts = at(base, "carts/enterprise/demo-enterprise/merchants/m1");
        for (boolean chunked : new boolean[] {false, true}) {
            Reply r = org.cbec.testing.Http.postLarge(carts, 2 * 1024 * 1024, 'x', chunked, "x-ca-key", DEMO_CA_KEY);
            assertEquals(413, r.status(), r::toString);
            assertEquals(413, r.json().getInt("code"));
            assertTrue(r.json().getString("message").contains("1048576 bytes"), r::toString);
        }
        Reply under = org.cbec.testing.Http.postLarge(carts, 1024 * 1024, 'x', false, "x-ca-key", DEMO_CA_KEY);
        assertEquals(400, under.status(), "read and refused as malformed JSON: " + under);
    }

    /** The checkout's own document describes its API; Payara's merged /openapi at the server root is off. */
    @Test
    @RunAsClient
    void theCheckoutsOwnApiDocumentDescribesItsApiAndPayarasMergedOneIsOff() {
        Reply reply = get(uri("openapi"));
        assertEquals(200, reply.status());
        assertTrue(reply.body().contains("/enterprises/{enterpriseId}"), reply.body());
        assertTrue(reply.body().contains("x-ca-key"));
        assertFalse(reply.body().contains("/v1/payment/{merchant}"), "the broker is not in the checkout's document");
        assertEquals(403, get(root("openapi")).status(), "Payara's OpenAPI service is off");
    }

    private URI uri(String path) {
        return at(base, path);
    }

    private URI root(String path) {
        return atRoot(base, path);
    }

    private static String admin() {
        return basic("admin", ADMIN_PASSWORD);
    }

    private String registerEnterprise() {
        String id = "e-" + UUID.randomUUID().toString().substring(0, 12);
        Reply reply = postJson(uri("admin/enterprises"), "{\"enterpriseId\":\"" + id + "\",\"name\":\"测试企业\"}", "Authorization", admin());
        assertEquals(201, reply.status(), reply::toString);
        assertEquals("测试企业", reply.json().getJsonObject("data").getString("name"));
        return id;
    }

    private JsonObject issueKey(String body) {
        Reply reply = postJson(uri("admin/keys"), body, "Authorization", admin());
        assertEquals(201, reply.status(), reply::toString);
        assertEquals("no-store", reply.header("Cache-Control"));
        return reply.json().getJsonObject("data");
    }

    // ---- the API document, as a client sees it ---------------------------------------------------

    /**
     * {@code /checkout/openapi} validates with swagger-parser (YAML and JSON alike), and the Java
     * client openapi-generator makes from it creates an enterprise cart.
     */
    @Test
    @RunAsClient
    void theServedApiDocumentValidatesAndAClientGeneratedFromItCreatesACart() throws Exception {
        int operations = org.cbec.testing.apidocs.ApiDocumentCheck.validatedOperationCount(base.toString(), "ApiResponse",
                java.util.Set.of("x-ca-key", "x-ca-stage", "admin"));
        assertTrue(operations >= 15, "the checkout's operations: " + operations);
        org.cbec.checkout.apiclient.GeneratedClient.createAnEnterpriseCart(base.toString(), DEMO_CA_KEY, "demo-enterprise", "m1", CartsIT.ID);
    }
}
