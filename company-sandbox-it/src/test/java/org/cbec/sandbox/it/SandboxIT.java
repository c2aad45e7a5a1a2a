package org.cbec.sandbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.cbec.sandbox.it.Http.Reply;
import org.cbec.company.alphapay.AlphapayCallbacks;
import org.cbec.company.betapay.BetapaySigning;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The sandbox WAR as built, in a Payara Micro of its own with its own PostgreSQL (the fast sandbox
 * this module's pom starts, {@link SandboxMerchant#sandbox()}), called over HTTP only, as the broker
 * calls a company: admin API and helpers with HTTP Basic, each company's operations signed by the
 * broker's own merchant side ({@link SandboxMerchant}). Every alphapay answer and every betapay node
 * is checked against the account's companyPublicKey, as the broker checks them. Each
 * test opens accounts of its own, so the tests do not depend on each other's order.
 */
class SandboxIT {

    /** SANDBOX_CUSTOMS_DELAY_MS of the sandbox (this module's pom) is 500; this bounds the wait generously. */
    static final Duration CUSTOMS_WAIT = Duration.ofSeconds(20);
    static final long TIMEOUT_FAULT_MS = SandboxMerchant.setting("sandbox.timeout-fault-ms");
    static final String ID = "11010519491231002X";
    static final String NAME = "张三";

    URI base;

    @BeforeEach
    void base() {
        base = SandboxMerchant.sandbox();
        assertTrue(base.getPath().equals("/sandbox/"), base.toString());
    }

    static String unique(String prefix) {
        return prefix + "-" + UUID.randomUUID().toString().substring(0, 8);
    }

    static String orderRef() {
        return "it" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    // ---- accounts and the admin API -------------------------------------------------------------

    @Test
    void openingAnAccountAnswers201ThenTheSameCredentialsWith200() {
        for (String company : List.of("alphapay", "betapay")) {
            String name = unique("acme");
            Reply first = Http.admin("POST", base.resolve(company + "/accounts"), "{\"merchant\":\"" + name + "\"}");
            assertEquals(201, first.status(), first.toString());
            Set<String> betapayKeys = Set.of("companyMerchantId", "appId", "keySerial", "merchantPrivateKey", "companyPublicKey", "feeRate",
                    "settlementDays");
            Set<String> alphapayKeys = new java.util.HashSet<>(betapayKeys);
            alphapayKeys.add("apiV3Key");
            assertEquals(company.equals("alphapay") ? alphapayKeys : betapayKeys, first.json().keySet());
            JsonObject c = first.json();
            if (company.equals("alphapay")) {
                assertTrue(c.getString("apiV3Key").matches("[A-Za-z0-9]{32}"), "32 letters and digits");
            }
            assertTrue(c.getString("companyMerchantId").matches((company.equals("alphapay") ? "19" : "20") + "[0-9]{8}"), c.toString());
            assertEquals(company + "-app-" + c.getString("companyMerchantId"), c.getString("appId"));
            assertTrue(c.getString("keySerial").matches("[0-9A-F]{16}"));
            assertTrue(c.getString("merchantPrivateKey").startsWith("-----BEGIN PRIVATE KEY-----"));
            assertTrue(c.getString("companyPublicKey").startsWith("-----BEGIN PUBLIC KEY-----"));
            assertEquals("0.00", c.getString("feeRate"), "no fee unless the account is opened with one");
            assertEquals(0, c.getInt("settlementDays"), "settled at once unless the account is opened with a cycle");
            Reply again = Http.admin("POST", base.resolve(company + "/accounts"), "{\"merchant\":\"" + name + "\"}");
            assertEquals(200, again.status());
            assertEquals(first.body(), again.body());
        }
    }

    @Test
    void concurrentOpensOfOneNameEndWithOneAccount() {
        String name = unique("race");
        List<CompletableFuture<Reply>> opens = java.util.stream.IntStream.range(0, 4).mapToObj(i -> CompletableFuture.supplyAsync(
                () -> Http.admin("POST", base.resolve("betapay/accounts"), "{\"merchant\":\"" + name + "\"}"))).toList();
        List<Reply> replies = opens.stream().map(CompletableFuture::join).toList();
        assertEquals(1, replies.stream().filter(r -> r.status() == 201).count(), replies.toString());
        assertEquals(1, replies.stream().map(r -> r.json().getString("companyMerchantId")).distinct().count());
    }

    @Test
    void accountsOfAnUnknownCompanyAre404AndABadMerchantNameIs400NamingIt() {
        Reply unknown = Http.admin("POST", base.resolve("gammapay/accounts"), "{\"merchant\":\"acme\"}");
        assertEquals(404, unknown.status());
        assertEquals("paymentMethod", unknown.json().getString("field"));
        for (String bad : List.of("\"-acme\"", "\"\"", "\"" + "a".repeat(65) + "\"", "42", "null", "\"a b\"")) {
            Reply r = Http.admin("POST", base.resolve("alphapay/accounts"), "{\"merchant\":" + bad + "}");
            assertEquals(400, r.status(), bad);
            assertEquals(400, r.json().getInt("code"));
            assertEquals("merchant", r.json().getString("field"), bad);
        }
    }

    @Test
    void adminCallsRefuseAMissingOrWrongPasswordAndTheBrokersApiKey() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("guarded"));
        List<String[]> calls = List.of(
                new String[] {"POST", "alphapay/accounts", "{\"merchant\":\"x\"}"},
                new String[] {"POST", "alphapay/" + m.name + "/payments/o1/pay", "{}"},
                new String[] {"PUT", "alphapay/" + m.name + "/faults", "{\"mode\":\"ERROR\"}"},
                new String[] {"DELETE", "alphapay/" + m.name + "/faults", null},
                new String[] {"PUT", "alphapay/" + m.name + "/declarations/o1", "{\"state\":\"FAIL\"}"},
                new String[] {"GET", "alphapay/" + m.name + "/requests", null},
                new String[] {"GET", "alphapay/" + m.name + "/orders/o1", null},
                new String[] {"GET", "alphapay/" + m.name + "/orders/o1/callbacks", null},
                new String[] {"PUT", "alphapay/payout-terms", "{\"currency\":\"GBP\"}"},
                new String[] {"GET", "alphapay/payout-terms", null},
                new String[] {"DELETE", "alphapay/payout-terms?currency=GBP", null},
                new String[] {"POST", "alphapay/" + m.name + "/payouts/failure", "{\"reason\":\"x\"}"},
                new String[] {"DELETE", "alphapay/" + m.name + "/payouts/failure", null},
                new String[] {"GET", "alphapay/" + m.name + "/funds", null});
        for (String[] call : calls) {
            // Another user each time, and the administrator in between: these refusals stay
            // 401, under the login throttle's counts for one address and one user.
            List<Map<String, String>> credentials = List.of(
                    Map.of(),
                    Map.of("Authorization", Http.basic("admin", "wrong-password")),
                    Map.of("Authorization", Http.basic("root-" + unique("u"), Http.ADMIN_PASSWORD)),
                    Map.of("app-api-key", "it-demo-broker-key-0123456789abcdef"),
                    Map.of("Authorization", "Bearer " + Http.ADMIN_PASSWORD));
            assertEquals(200, Http.admin("GET", base.resolve("alphapay/payout-terms"), null).status());
            for (Map<String, String> credential : credentials) {
                Map<String, String> headers = new java.util.HashMap<>(credential);
                headers.put("Content-Type", "application/json");
                Reply r = Http.send(call[0], base.resolve(call[1]), headers, call[2]);
                assertEquals(401, r.status(), call[0] + " " + call[1] + " " + credential.keySet());
                assertEquals("Basic realm=\"sandbox\"", r.header("WWW-Authenticate"));
                assertEquals(401, r.json().getInt("code"));
                assertTrue(r.json().containsKey("message"));
            }
        }
    }

    @Test
    void repeatedWrongAdminPasswordsAreAnswered429WithRetryAfterThenTheAdministratorGetsInAfterIt() throws InterruptedException {
        URI terms = base.resolve("alphapay/payout-terms");
        // a success first: earlier tests' failures from this address are forgotten
        assertEquals(200, Http.admin("GET", terms, null).status());
        for (int i = 1; i < 5; i++) {
            Reply refused = Http.send("GET", terms, Map.of("Authorization", Http.basic("admin", "guess-" + i)), (String) null);
            assertEquals(401, refused.status(), refused::toString);
        }
        Reply locked = Http.send("GET", terms, Map.of("Authorization", Http.basic("admin", "guess-last")), (String) null);
        assertEquals(429, locked.status(), locked::toString);
        assertEquals(429, locked.json().getInt("code"));
        assertTrue(locked.json().getString("message").contains("Retry-After"), locked::toString);
        assertTrue(locked.header("Content-Type").startsWith("application/json"), locked::toString);
        long retryAfter = Long.parseLong(locked.header("Retry-After"));
        assertTrue(retryAfter >= 1 && retryAfter <= 30, locked::toString);
        // While locked, not even the right password is checked.
        Reply stillLocked = Http.admin("GET", terms, null);
        assertEquals(429, stillLocked.status(), stillLocked::toString);
        assertEquals(429, stillLocked.json().getInt("code"));
        Thread.sleep(retryAfter * 1000 + 200);
        assertEquals(200, Http.admin("GET", terms, null).status());
    }

    @Test
    void theBrokersAdminPasswordDoesNotOpenTheSandboxAdminApi() {
        String brokers = System.getenv("ADMIN_PASSWORD");
        assertTrue(brokers != null && !brokers.isBlank(), "the suites' environment sets the broker's ADMIN_PASSWORD");
        URI terms = base.resolve("alphapay/payout-terms");
        Reply refused = Http.send("GET", terms, Map.of("Authorization", Http.basic("admin", brokers)), (String) null);
        assertEquals(401, refused.status(), refused::toString);
        assertEquals("Basic realm=\"sandbox\"", refused.header("WWW-Authenticate"));
        assertEquals(200, Http.admin("GET", terms, null).status());
        assertNotEquals(brokers, Http.ADMIN_PASSWORD, "the sandbox has a password of its own");
    }

    @Test
    void helpersOfAnAccountNeverOpenedAre404() {
        for (String path : List.of("orders/o1", "requests", "orders/o1/callbacks", "funds")) {
            Reply r = Http.admin("GET", base.resolve("betapay/nobody-" + UUID.randomUUID() + "/" + path), null);
            assertEquals(404, r.status());
            assertEquals("merchant", r.json().getString("field"));
        }
    }

    // ---- alphapay ------------------------------------------------------------------------------

    @Test
    void alphapayAnswersTheSameOrderAgainAndRefusesChangedTerms() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-create"));
        String ref = orderRef();
        Reply created = m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 2599, "CNY"));
        assertEquals(200, created.status(), created.toString());
        String codeUrl = created.json().getString("code_url");
        assertTrue(codeUrl.matches("alphapay://pay/bizpayurl\\?pr=wx[0-9a-f]{32}"), codeUrl);

        Reply again = m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 2599, "CNY"));
        assertEquals(200, again.status());
        assertEquals(codeUrl, again.json().getString("code_url"));

        for (Reply changed : List.of(m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 2600, "CNY")),
                m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 2599, "GBP")),
                m.alphapay("POST", "v3/pay/transactions/app", m.createBody(ref, 2599, "CNY")))) {
            assertEquals(400, changed.status());
            assertEquals("INVALID_REQUEST", changed.json().getString("code"));
        }
    }

    @Test
    void identicalCreatesAtOnceMakeOneOrderAndAllAnswerIt() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-burst"));
        String ref = orderRef();
        List<CompletableFuture<Reply>> burst = java.util.stream.IntStream.range(0, 6).mapToObj(i -> CompletableFuture.supplyAsync(
                () -> m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 700, "CNY")))).toList();
        List<Reply> replies = burst.stream().map(CompletableFuture::join).toList();
        assertTrue(replies.stream().allMatch(r -> r.status() == 200), replies.toString());
        assertEquals(1, replies.stream().map(r -> r.json().getString("code_url")).distinct().count(), replies.toString());
        assertEquals(6, requests(m, "create", ref).getInt("count"));
    }

    @Test
    void alphapayCreatesEachTradeType() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-types"));
        Reply h5 = m.alphapay("POST", "v3/pay/transactions/h5", m.createBody(orderRef(), 100, "CNY"));
        assertEquals(200, h5.status(), h5.toString());
        assertTrue(h5.json().getString("h5_url").startsWith(base + "alphapay/h5/wx"), h5.toString());
        Reply app = m.alphapay("POST", "v3/pay/transactions/app", m.createBody(orderRef(), 100, "CNY"));
        assertTrue(app.json().getString("prepay_id").matches("wx[0-9a-f]{32}"));
        Reply jsapiWithoutPayer = m.alphapay("POST", "v3/pay/transactions/jsapi", m.createBody(orderRef(), 100, "CNY"));
        assertEquals(400, jsapiWithoutPayer.status());
        assertEquals("PARAM_ERROR", jsapiWithoutPayer.json().getString("code"));
        String withPayer = m.createBody(orderRef(), 100, "CNY").replace("}}", "},\"payer\":{\"openid\":\"o-123\"}}");
        assertEquals(200, m.alphapay("POST", "v3/pay/transactions/jsapi", withPayer).status());
    }

    @Test
    void alphapayQueryShowsNotpayThenSuccessWithTheGbpPayerTotalInCny() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-query"));
        String ref = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 1234, "GBP"));
        JsonObject before = m.alphapay("GET", "v3/pay/transactions/out-trade-no/" + ref + "?mchid=" + m.companyMerchantId, null).json();
        assertEquals("NOTPAY", before.getString("trade_state"));
        assertEquals(1234, before.getJsonObject("amount").getInt("total"));
        assertFalse(before.getJsonObject("amount").containsKey("payer_total"));

        Reply paid = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null);
        assertEquals(200, paid.status(), paid.toString());
        assertEquals("paid", paid.json().getString("message"));
        String transactionId = paid.json().getString("transactionId");
        assertEquals(transactionId, Http.admin("POST", m.helper("payments/" + ref + "/pay"), "{}").json().getString("transactionId"),
                "paying a paid order again is 200 with the same transaction");

        JsonObject after = m.alphapay("GET", "v3/pay/transactions/out-trade-no/" + ref + "?mchid=" + m.companyMerchantId, null).json();
        assertEquals("SUCCESS", after.getString("trade_state"));
        assertEquals(transactionId, after.getString("transaction_id"));
        assertEquals(1234 * 9, after.getJsonObject("amount").getInt("payer_total"));
        assertEquals("CNY", after.getJsonObject("amount").getString("payer_currency"));
        assertEquals("GBP", after.getJsonObject("amount").getString("currency"));
        assertTrue(after.getString("success_time").endsWith("+08:00"), after.toString());

        Reply unknown = m.alphapay("GET", "v3/pay/transactions/out-trade-no/" + orderRef() + "?mchid=" + m.companyMerchantId, null);
        assertEquals(404, unknown.status());
        assertEquals("ORDER_NOT_EXIST", unknown.json().getString("code"));
    }

    @Test
    void alphapayCloseRefusesAPaidOrderAndClosesAnUnpaidOne() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-close"));
        String paidRef = orderRef();
        String openRef = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(paidRef, 500, "CNY"));
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(openRef, 500, "CNY"));
        Http.admin("POST", m.helper("payments/" + paidRef + "/pay"), null);
        String closeBody = "{\"mchid\":\"" + m.companyMerchantId + "\"}";

        Reply refused = m.alphapay("POST", "v3/pay/transactions/out-trade-no/" + paidRef + "/close", closeBody);
        assertEquals(400, refused.status());
        assertEquals("ORDERPAID", refused.json().getString("code"));

        Reply closed = m.alphapay("POST", "v3/pay/transactions/out-trade-no/" + openRef + "/close", closeBody);
        assertEquals(204, closed.status());
        assertEquals("", closed.body(), "a 204 is signed over an empty body");
        assertEquals("CLOSED", Http.admin("GET", m.helper("orders/" + openRef), null).json().getString("state"));
        assertEquals(409, Http.admin("POST", m.helper("payments/" + openRef + "/pay"), null).status());
        assertEquals(409, Http.admin("POST", m.helper("payments/" + orderRef() + "/pay"), null).status());

        Reply unknown = m.alphapay("POST", "v3/pay/transactions/out-trade-no/" + orderRef() + "/close", closeBody);
        assertEquals(404, unknown.status());
        assertEquals("ORDER_NOT_EXIST", unknown.json().getString("code"));
    }

    @Test
    void alphapayDeclarationTurnsSuccessAfterTheDelayAndIsRedeclaredOnlyFromSuccess() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-customs"));
        String ref = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 8800, "CNY"));

        Reply unpaid = m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, "4200x", "GUANGZHOU", ",\"action_type\":\"ADD\""));
        assertEquals(400, unpaid.status());
        assertEquals("ORDER_NOT_PAID", unpaid.json().getString("code"));

        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), "{\"payerName\":\"" + NAME + "\",\"payerIdNumber\":\"" + ID + "\"}")
                .json().getString("transactionId");
        Reply declared = m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU",
                ",\"action_type\":\"ADD\",\"cert_type\":\"IDCARD\",\"cert_id\":\"" + m.encrypt(ID) + "\",\"name\":\"" + m.encrypt(NAME) + "\""));
        assertEquals(200, declared.status(), declared.toString());
        assertEquals("PROCESSING", declared.json().getString("state"));
        assertEquals("SAME", declared.json().getString("cert_check_result"));
        assertTrue(declared.json().getString("modify_time").endsWith("+08:00"));
        assertFalse(declared.body().contains(ID), "the identity is never echoed");

        Reply tooEarly = m.alphapay("PUT", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU", ""));
        assertEquals(400, tooEarly.status());
        assertEquals("INVALID_REQUEST", tooEarly.json().getString("code"));

        String query = "v3/global/customs/orders?mchid=" + m.companyMerchantId + "&order_type=out_trade_no&order_no=" + ref + "&customs=GUANGZHOU";
        await("the declaration turns SUCCESS", () -> "SUCCESS".equals(
                m.alphapay("GET", query, null).json().getJsonArray("data").getJsonObject(0).getString("state")));

        Reply redeclared = m.alphapay("PUT", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU", ""));
        assertEquals(200, redeclared.status());
        assertEquals("PROCESSING", redeclared.json().getString("state"));

        Reply none = m.alphapay("PUT", "v3/global/customs/orders", m.customsBody(ref, tx, "NINGBO", ""));
        assertEquals(404, none.status());
        assertEquals("ORDER_NOT_EXIST", none.json().getString("code"));
    }

    @Test
    void alphapayChecksTheDeclaredIdentityAgainstThePayers() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-identity"));
        String ref = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 100, "CNY"));
        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"),
                "{\"payerName\":\"张 三\",\"payerIdNumber\":\"" + ID + "\"}").json().getString("transactionId");

        Reply different = m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, tx, "NINGBO",
                ",\"action_type\":\"ADD\",\"cert_type\":\"IDCARD\",\"cert_id\":\"" + m.encrypt("11010519491231003X") + "\",\"name\":\""
                        + m.encrypt(NAME) + "\""));
        assertEquals("DIFFERENT", different.json().getString("cert_check_result"));

        Reply noIdentity = m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, tx, "HANGZHOU", ",\"action_type\":\"ADD\""));
        assertFalse(noIdentity.json().containsKey("cert_check_result"), noIdentity.toString());

        String verify = ",\"certificate_type\":\"IDCARD\",\"certificate_id\":\"%s\",\"certificate_name\":\"%s\"";
        Reply same = m.alphapay("POST", "v3/global/customs/orders/verify-certificate",
                m.customsBody(ref, tx, "NINGBO", String.format(verify, m.encrypt(ID), m.encrypt("张\u3000三"))));
        assertEquals(200, same.status(), same.toString());
        assertEquals("SAME", same.json().getString("cert_check_result"));
        assertEquals("SAME", m.alphapay("GET", "v3/global/customs/orders?mchid=" + m.companyMerchantId
                + "&order_type=out_trade_no&order_no=" + ref + "&customs=NINGBO", null).json().getJsonArray("data").getJsonObject(0)
                .getString("cert_check_result"), "recorded on the declaration");

        Reply undeclared = m.alphapay("POST", "v3/global/customs/orders/verify-certificate",
                m.customsBody(ref, tx, "SHANGHAI", String.format(verify, m.encrypt(ID), m.encrypt("李四"))));
        assertEquals("UNDECLARED", undeclared.json().getString("state"));
        assertEquals("DIFFERENT", undeclared.json().getString("cert_check_result"));

        Reply garbled = m.alphapay("POST", "v3/global/customs/orders/verify-certificate",
                m.customsBody(ref, tx, "SHANGHAI", String.format(verify, "bm90IGVuY3J5cHRlZA==", m.encrypt("李四"))));
        assertEquals(400, garbled.status());
        assertEquals("PARAM_ERROR", garbled.json().getString("code"));
    }

    @Test
    void customsDecisionsOfTheHelperShowInTheRecord() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-decide"));
        String ref = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 100, "CNY"));
        assertEquals(404, Http.admin("PUT", m.helper("declarations/" + ref), "{\"state\":\"FAIL\"}").status());
        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");
        m.alphapay("POST", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU", ",\"action_type\":\"ADD\""));
        Reply bad = Http.admin("PUT", m.helper("declarations/" + ref), "{\"state\":\"DONE\"}");
        assertEquals(400, bad.status());
        assertEquals("state", bad.json().getString("field"));
        assertEquals(200, Http.admin("PUT", m.helper("declarations/" + ref), "{\"state\":\"EXCEPT\",\"explanation\":\"name mismatch\"}").status());
        JsonObject record = m.alphapay("GET", "v3/global/customs/orders?mchid=" + m.companyMerchantId
                + "&order_type=out_trade_no&order_no=" + ref + "&customs=GUANGZHOU", null).json().getJsonArray("data").getJsonObject(0);
        assertEquals("EXCEPT", record.getString("state"));
        assertEquals("name mismatch", record.getString("explanation"));
        assertEquals(200, m.alphapay("PUT", "v3/global/customs/orders", m.customsBody(ref, tx, "GUANGZHOU", "")).status(),
                "EXCEPT may be redeclared");
    }

    @Test
    void alphapayRefusesARequestSignedWithAnotherKeyOrAtAnotherTime() throws NoSuchAlgorithmException {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-forged"));
        SandboxMerchant impostor = m.withKey(otherKey());
        Reply forged = impostor.alphapay("POST", "v3/pay/transactions/native", m.createBody(orderRef(), 100, "CNY"));
        assertEquals(401, forged.status());
        assertEquals("SIGN_ERROR", forged.json().getString("code"));

        String body = m.createBody(orderRef(), 100, "CNY");
        // The company's window is 5 minutes either way, in whole seconds. A time 301 s before now stays
        // outside it however long the request takes; one ahead of now comes nearer to the company's
        // clock while the request travels (one second boundary crossed, and 301 s ahead was 300: taken),
        // so it is a minute past the window.
        for (long skew : new long[] {-301, 360}) {
            Reply stale = Http.send("POST", base.resolve("alphapay/v3/pay/transactions/native"), Map.of("Content-Type", "application/json",
                    "Authorization", m.alphapayAuthorization("POST", "/sandbox/alphapay/v3/pay/transactions/native", body,
                            Instant.now().getEpochSecond() + skew)), body);
            assertEquals(401, stale.status());
            assertTrue(m.alphapayAnswerVerifies(stale));
        }
        Reply otherPath = Http.send("POST", base.resolve("alphapay/v3/pay/transactions/native"), Map.of("Content-Type", "application/json",
                "Authorization", m.alphapayAuthorization("POST", "/alphapay/v3/pay/transactions/native", body,
                        Instant.now().getEpochSecond())), body);
        assertEquals(401, otherPath.status(), "the signed path includes the context root");
        assertEquals(0, requests(m, null, null).getInt("count"), "requests that did not authenticate are not logged");

        Reply otherMchid = m.alphapay("POST", "v3/pay/transactions/native", body.replace("\"mchid\":\"" + m.companyMerchantId,
                "\"mchid\":\"1900000000"));
        assertEquals(400, otherMchid.status());
        assertEquals("PARAM_ERROR", otherMchid.json().getString("code"));
        JsonObject logged = requests(m, "create", null);
        assertEquals(1, logged.getInt("count"), "an authenticated request is logged, refused or not");
        assertEquals(400, logged.getJsonArray("requests").getJsonObject(0).getInt("status"));
    }

    @Test
    void theRequestLogCountsBothCreatesWhenTheSameCreateWasSentTwice() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-log"));
        String ref = orderRef();
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 100, "CNY"));
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 100, "CNY"));
        m.alphapay("GET", "v3/pay/transactions/out-trade-no/" + ref + "?mchid=" + m.companyMerchantId, null);
        JsonObject creates = requests(m, "create", ref);
        assertEquals(2, creates.getInt("count"));
        creates.getJsonArray("requests").getValuesAs(JsonObject.class).forEach(r -> {
            assertEquals(200, r.getInt("status"));
            assertEquals(ref, r.getString("orderRef"));
            assertTrue(r.getString("at").endsWith("Z"));
        });
        assertEquals(3, requests(m, null, ref).getInt("count"));
        assertEquals(1, requests(m, "query", null).getInt("count"));
        Reply badKind = Http.admin("GET", m.helper("requests?kind=creates"), null);
        assertEquals(400, badKind.status());
        assertEquals("kind", badKind.json().getString("field"));
    }

    @Test
    void theOrdersHelperShowsAnOrderOr404() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-orders"));
        String ref = orderRef();
        m.betapay("betapay.trade.app.pay", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"12.34\",\"trans_currency\":\"GBP\",\"subject\":\"s\"}");
        JsonObject order = Http.admin("GET", m.helper("orders/" + ref), null).json();
        assertEquals(200, order.getInt("code"));
        assertEquals(ref, order.getString("orderRef"));
        assertEquals("NOTPAY", order.getString("state"));
        assertEquals(1234, order.getInt("amount"));
        assertEquals("GBP", order.getString("currency"));
        assertEquals("APP", order.getString("tradeType"));
        assertEquals(false, order.getBoolean("heldForSettlement"), "no extend_params.royalty_freeze: not held");
        assertEquals(JsonValue.NULL, order.get("transactionId"));
        assertEquals(0, order.getJsonArray("refunds").size(), "no refunds yet");
        assertEquals(404, Http.admin("GET", m.helper("orders/" + orderRef()), null).status());
        String held = orderRef();
        m.betapay("betapay.trade.app.pay", "{\"out_trade_no\":\"" + held + "\",\"total_amount\":\"12.34\",\"trans_currency\":\"CNY\","
                + "\"subject\":\"s\",\"extend_params\":{\"royalty_freeze\":\"true\"}}");
        assertEquals(true, Http.admin("GET", m.helper("orders/" + held), null).json().getBoolean("heldForSettlement"));
    }

    // ---- betapay -------------------------------------------------------------------------------

    @Test
    void betapayAnswersTheSameOrderAgainAndRefusesChangedTerms() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-create"));
        String ref = orderRef();
        String biz = "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"25.99\",\"trans_currency\":\"CNY\",\"subject\":\"测试订单\"}";
        JsonObject created = m.betapay("betapay.trade.precreate", biz);
        assertEquals("10000", created.getString("code"));
        assertEquals(ref, created.getString("out_trade_no"));
        assertTrue(created.getString("qr_code").matches("betapay://qr/20[0-9a-f]{30}"), created.toString());
        assertEquals(created, m.betapay("betapay.trade.precreate", biz));

        JsonObject changed = m.betapay("betapay.trade.precreate", biz.replace("25.99", "26.00"));
        assertEquals("40004", changed.getString("code"));
        assertEquals("ACQ.TRADE_HAS_EXIST", changed.getString("sub_code"));

        JsonObject wap = m.betapay("betapay.trade.wap.pay", biz.replace(ref, orderRef()));
        assertTrue(wap.getString("page_url").startsWith(base + "betapay/page/20"), wap.toString());
        assertTrue(m.betapay("betapay.trade.create", biz.replace(ref, orderRef())).getString("trade_no").startsWith("20"));

        JsonObject tooPrecise = m.betapay("betapay.trade.precreate", biz.replace(ref, orderRef()).replace("25.99", "25.999"));
        assertEquals("ACQ.INVALID_PARAMETER", tooPrecise.getString("sub_code"));
    }

    @Test
    void betapayQueryPayAndClose() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-flow"));
        String ref = orderRef();
        String open = orderRef();
        m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"10.01\",\"trans_currency\":\"GBP\",\"subject\":\"s\"}");
        m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + open + "\",\"total_amount\":\"1\",\"subject\":\"s\"}");
        String byRef = "{\"out_trade_no\":\"" + ref + "\"}";
        JsonObject waiting = m.betapay("betapay.trade.query", byRef);
        assertEquals("WAIT_BUYER_PAY", waiting.getString("trade_status"));
        assertEquals("10.01", waiting.getString("total_amount"));
        assertFalse(waiting.containsKey("trade_no"));

        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");
        JsonObject paid = m.betapay("betapay.trade.query", byRef);
        assertEquals("TRADE_SUCCESS", paid.getString("trade_status"));
        assertEquals(tx, paid.getString("trade_no"));
        assertEquals("90.09", paid.getString("buyer_pay_amount"), "GBP at 9.00, in CNY");
        assertTrue(paid.getString("send_pay_date").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"));

        assertEquals("ACQ.TRADE_STATUS_ERROR", m.betapay("betapay.trade.close", byRef).getString("sub_code"));
        JsonObject closed = m.betapay("betapay.trade.close", "{\"out_trade_no\":\"" + open + "\"}");
        assertEquals("10000", closed.getString("code"));
        assertEquals("TRADE_CLOSED", m.betapay("betapay.trade.query", "{\"out_trade_no\":\"" + open + "\"}").getString("trade_status"));
        assertEquals("ACQ.TRADE_NOT_EXIST", m.betapay("betapay.trade.query", "{\"out_trade_no\":\"" + orderRef() + "\"}").getString("sub_code"));
        assertEquals("ACQ.TRADE_NOT_EXIST", m.betapay("betapay.trade.close", "{\"out_trade_no\":\"" + orderRef() + "\"}").getString("sub_code"));
    }

    @Test
    void betapayDeclarationTurnsSuccessAndChecksTheIdentity() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-customs"));
        String ref = orderRef();
        m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"88.00\",\"subject\":\"s\"}");
        String declare = "{\"out_request_no\":\"" + ref + "\",\"out_trade_no\":\"" + ref + "\",\"trade_no\":\"%s\",\"customs_place\":\"%s\","
                + "\"action_type\":\"ADD\",\"is_split\":\"F\",\"amount\":\"88.00\",\"buyer_cert_type\":\"IDCARD\","
                + "\"buyer_cert_no\":\"%s\",\"buyer_name\":\"%s\"}";
        assertEquals("ACQ.ORDER_NOT_PAID", m.betapay("betapay.trade.customs.declare",
                String.format(declare, "x", "GUANGZHOU", ID, NAME)).getString("sub_code"));
        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"),
                "{\"payerName\":\"" + NAME + "\",\"payerIdNumber\":\"" + ID + "\"}").json().getString("transactionId");

        JsonObject declared = m.betapay("betapay.trade.customs.declare", String.format(declare, tx, "GUANGZHOU", ID, NAME));
        assertEquals("10000", declared.getString("code"), declared.toString());
        assertEquals("PROCESSING", declared.getString("status"));
        assertEquals("SAME", declared.getString("identity_check"));
        assertEquals(ref, declared.getString("out_request_no"));

        String redeclare = "{\"out_request_no\":\"" + ref + "\",\"out_trade_no\":\"" + ref + "\",\"trade_no\":\"" + tx
                + "\",\"customs_place\":\"GUANGZHOU\"}";
        assertEquals("ACQ.INVALID_REQUEST", m.betapay("betapay.trade.customs.redeclare", redeclare).getString("sub_code"));
        String query = "{\"out_trade_no\":\"" + ref + "\",\"customs_place\":\"GUANGZHOU\"}";
        await("the declaration turns SUCCESS", () -> "SUCCESS".equals(
                m.betapay("betapay.trade.customs.query", query).getJsonArray("records").getJsonObject(0).getString("status")));
        assertEquals("PROCESSING", m.betapay("betapay.trade.customs.redeclare", redeclare).getString("status"));

        JsonObject other = m.betapay("betapay.trade.customs.declare", String.format(declare, tx, "NINGBO", ID, "李四"));
        assertEquals("DIFFERENT", other.getString("identity_check"));
    }

    @Test
    void betapayRefusesARequestSignedWithAnotherKeyAndAnUnknownMethod() throws NoSuchAlgorithmException {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-forged"));
        String biz = "{\"out_trade_no\":\"" + orderRef() + "\",\"total_amount\":\"1.00\",\"subject\":\"s\"}";
        Reply forged = m.betapayRaw(m.form("betapay.trade.precreate", biz, otherKey()));
        assertEquals(200, forged.status());
        JsonObject node = m.betapayNode(forged, "betapay.trade.precreate");
        assertEquals("40002", node.getString("code"));
        assertEquals("isv.invalid-signature", node.getString("sub_code"));

        JsonObject unknown = m.betapayNode(m.betapayRaw(m.form("betapay.trade.pay", biz, m.key)), "betapay.error");
        assertEquals("40004", unknown.getString("code"));
        assertEquals("ACQ.INVALID_METHOD", unknown.getString("sub_code"));
        assertEquals(0, requests(m, null, null).getInt("count"), "unauthenticated requests are not logged");
    }

    // ---- faults --------------------------------------------------------------------------------

    /**
     * A company's latency, set through the admin API: 300 calls at once to alphapay each wait its
     * 6 s before they are served, and all are answered within 12 s of being sent, while the admin API
     * and betapay (no latency) answer at once: a waiting call holds no thread of the server. Were
     * each call to hold a thread of the HTTP pool (at most 200) for its 6 s, the last would wait
     * for a thread a first call let go, and be answered after 12 s; the admin API would wait too.
     * (What remains after the 6 s is the signing of 300 answers on two shared cores: up to 3.7 s
     * seen in a full run, which is why the bound is the second wave and not less.) A bad latency is
     * 400 naming its member.
     */
    @Test
    void aCompanysLatencyDelaysEachOfItsAnswersWithoutHoldingAThread() throws Exception {
        Reply bad = Http.admin("PUT", base.resolve("alphapay/latency"), "{\"distribution\":\"LOGNORMAL\",\"p50Ms\":150}");
        assertEquals(400, bad.status(), bad.toString());
        assertEquals("p99Ms", bad.json().getString("field"));
        Reply set = Http.admin("PUT", base.resolve("alphapay/latency"), "{\"distribution\":\"FIXED\",\"p50Ms\":6000}");
        assertEquals(200, set.status(), set.toString());
        assertEquals("{\"code\":200,\"distribution\":\"FIXED\",\"p50Ms\":6000,\"p99Ms\":6000}", set.body());
        java.net.http.HttpClient client = java.net.http.HttpClient.newBuilder().version(java.net.http.HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        try {
            int calls = 300;
            List<CompletableFuture<Long>> answered = new ArrayList<>();
            long started = System.nanoTime();
            for (int i = 0; i < calls; i++) {
                // Unsigned: refused with alphapay's signed 401, after the company's latency as any call.
                java.net.http.HttpRequest query = java.net.http.HttpRequest.newBuilder(
                        base.resolve("alphapay/v3/pay/transactions/out-trade-no/latency" + i)).timeout(Duration.ofSeconds(30)).GET().build();
                long sent = System.nanoTime();
                answered.add(client.sendAsync(query, java.net.http.HttpResponse.BodyHandlers.ofString()).thenApply(r -> {
                    assertEquals(401, r.statusCode(), r.body());
                    return (System.nanoTime() - sent) / 1_000_000;
                }));
            }
            Thread.sleep(500);
            long adminAsked = System.nanoTime();
            Reply latency = Http.admin("GET", base.resolve("alphapay/latency"), null);
            long adminMs = (System.nanoTime() - adminAsked) / 1_000_000;
            assertEquals(set.body(), latency.body());
            long betapayAsked = System.nanoTime();
            Reply betapay = Http.send("POST", base.resolve("betapay/gateway.do"), Map.of("Content-Type", "application/x-www-form-urlencoded"), "");
            long betapayMs = (System.nanoTime() - betapayAsked) / 1_000_000;
            assertEquals(200, betapay.status(), betapay.toString());
            List<Long> waits = answered.stream().map(CompletableFuture::join).sorted().toList();
            long allMs = (System.nanoTime() - started) / 1_000_000;
            System.out.printf("SandboxIT latency: %d calls, waits %d..%d ms, all answered in %d ms; admin %d ms, betapay %d ms meanwhile%n",
                    calls, waits.get(0), waits.get(calls - 1), allMs, adminMs, betapayMs);
            assertTrue(waits.get(0) >= 6000, "answered before the latency: " + waits.get(0) + " ms");
            assertTrue(waits.get(calls - 1) < 12_000, "the last of " + calls + " waited " + waits.get(calls - 1) + " ms: calls queued for threads");
            assertTrue(adminMs < 1000 && betapayMs < 1000, "while calls wait, the admin API took " + adminMs + " ms, betapay " + betapayMs + " ms");
        } finally {
            Reply cleared = Http.admin("DELETE", base.resolve("alphapay/latency"), null);
            assertEquals(200, cleared.status(), cleared.toString());
        }
        assertEquals("{\"code\":200,\"distribution\":\"NONE\",\"p50Ms\":0,\"p99Ms\":0}",
                Http.admin("GET", base.resolve("alphapay/latency"), null).body());
    }

    // ---- refunds -------------------------------------------------------------------------------

    /** An alphapay refund body of this merchant's. */
    static String refundBody(SandboxMerchant m, String orderRef, String refundNo, long refund, long total, String currency) {
        return "{\"mchid\":\"" + m.companyMerchantId + "\",\"out_trade_no\":\"" + orderRef + "\",\"out_refund_no\":\"" + refundNo
                + "\",\"reason\":\"IT refund\",\"amount\":{\"refund\":" + refund + ",\"total\":" + total + ",\"currency\":\"" + currency + "\"}}";
    }

    static String paidOrder(SandboxMerchant m, String ref, long total, String currency) {
        if (m.company.equals("alphapay")) {
            assertEquals(200, m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, total, currency)).status());
        } else {
            assertEquals("10000", m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\""
                    + java.math.BigDecimal.valueOf(total, 2) + "\",\"trans_currency\":\"" + currency + "\",\"subject\":\"s\"}").getString("code"));
        }
        Reply paid = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null);
        assertEquals(200, paid.status(), paid.toString());
        return paid.json().getString("transactionId");
    }

    JsonArray companyRefunds(SandboxMerchant m, String ref) {
        return Http.admin("GET", m.helper("orders/" + ref), null).json().getJsonArray("refunds");
    }

    @Test
    void alphapayRefundsAddUpNeverExceedThePaymentAndTurnSuccessAfterTheDelay() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-refund"));
        String ref = orderRef();
        String refunds = "v3/refund/domestic/refunds";
        m.alphapay("POST", "v3/pay/transactions/native", m.createBody(ref, 1000, "GBP"));
        Reply unpaid = m.alphapay("POST", refunds, refundBody(m, ref, "r1-" + ref, 300, 1000, "GBP"));
        assertEquals(400, unpaid.status(), unpaid.toString());
        assertEquals("ORDER_NOT_PAID", unpaid.json().getString("code"));
        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");

        Reply first = m.alphapay("POST", refunds, refundBody(m, ref, "r1-" + ref, 300, 1000, "GBP"));
        assertEquals(200, first.status(), first.toString());
        JsonObject r1 = first.json();
        assertTrue(r1.getString("refund_id").matches("50[0-9]{27}"), r1.toString());
        assertEquals("r1-" + ref, r1.getString("out_refund_no"));
        assertEquals(ref, r1.getString("out_trade_no"));
        assertEquals(tx, r1.getString("transaction_id"));
        assertEquals("PROCESSING", r1.getString("status"), "alphapay decides refunds later");
        assertFalse(r1.containsKey("success_time"));
        assertTrue(r1.getString("create_time").endsWith("+08:00"), r1.toString());
        JsonObject amount = r1.getJsonObject("amount");
        assertEquals(1000, amount.getInt("total"));
        assertEquals(300, amount.getInt("refund"));
        assertEquals(9000, amount.getInt("payer_total"), "GBP at 9.00, in CNY");
        assertEquals(2700, amount.getInt("payer_refund"));
        assertEquals(1000, amount.getInt("settlement_total"));
        assertEquals(300, amount.getInt("settlement_refund"));
        assertEquals("GBP", amount.getString("currency"));
        assertEquals("CNY", amount.getString("payer_currency"));

        Reply again = m.alphapay("POST", refunds, refundBody(m, ref, "r1-" + ref, 300, 1000, "GBP"));
        assertEquals(200, again.status());
        assertEquals(r1.getString("refund_id"), again.json().getString("refund_id"), "the same number and amount is the same refund");
        Reply changed = m.alphapay("POST", refunds, refundBody(m, ref, "r1-" + ref, 400, 1000, "GBP"));
        assertEquals(400, changed.status());
        assertEquals("INVALID_REQUEST", changed.json().getString("code"));
        Reply tooMuch = m.alphapay("POST", refunds, refundBody(m, ref, "r2-" + ref, 701, 1000, "GBP"));
        assertEquals(400, tooMuch.status());
        assertTrue(tooMuch.json().getString("message").contains("exceed"), tooMuch.toString());
        assertEquals(400, m.alphapay("POST", refunds, refundBody(m, ref, "r2-" + ref, 700, 999, "GBP")).status(), "the total must be the order's");
        assertEquals(400, m.alphapay("POST", refunds, refundBody(m, ref, "r2-" + ref, 700, 1000, "CNY")).status(), "so must the currency");
        assertEquals(200, m.alphapay("POST", refunds, refundBody(m, ref, "r2-" + ref, 700, 1000, "GBP")).status(), "the rest of it");
        assertEquals(400, m.alphapay("POST", refunds, refundBody(m, ref, "r3-" + ref, 1, 1000, "GBP")).status(), "nothing is left");

        String other = orderRef();
        paidOrder(m, other, 500, "CNY");
        Reply reused = m.alphapay("POST", refunds, refundBody(m, other, "r1-" + ref, 100, 500, "CNY"));
        assertEquals(400, reused.status(), "alphapay's refund numbers are the account's: " + reused);

        await("the first refund turns SUCCESS", () -> "SUCCESS".equals(m.alphapay("GET", refunds + "/r1-" + ref, null).json().getString("status")));
        JsonObject done = m.alphapay("GET", refunds + "/r1-" + ref, null).json();
        assertEquals(r1.getString("refund_id"), done.getString("refund_id"));
        assertTrue(done.getString("success_time").endsWith("+08:00"), done.toString());
        Reply unknown = m.alphapay("GET", refunds + "/none-" + ref, null);
        assertEquals(404, unknown.status());
        assertEquals("RESOURCE_NOT_EXISTS", unknown.json().getString("code"));

        JsonArray made = companyRefunds(m, ref);
        assertEquals(2, made.size(), made.toString());
        assertEquals(1000, made.getJsonObject(0).getInt("amount") + made.getJsonObject(1).getInt("amount"));
        assertEquals(9, requests(m, "refund", ref).getInt("count"), "each refund request is logged under its order");
        assertTrue(requests(m, "refund-query", ref).getInt("count") >= 2, "so is each query, found by its refund number");
    }

    @Test
    void anAlphapayRefundEndsAsArrangedAndAClosedOneFreesItsAmount() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-refund-end"));
        String refunds = "v3/refund/domestic/refunds";
        String ref = orderRef();
        paidOrder(m, ref, 500, "CNY");
        Reply arranged = Http.admin("PUT", m.helper("orders/" + ref + "/refund-outcome"), "{\"state\":\"CLOSED\"}");
        assertEquals(200, arranged.status(), arranged.toString());
        assertEquals(200, m.alphapay("POST", refunds, refundBody(m, ref, "c1-" + ref, 500, 500, "CNY")).status());
        await("the refund ends CLOSED", () -> "CLOSED".equals(m.alphapay("GET", refunds + "/c1-" + ref, null).json().getString("status")));
        assertFalse(m.alphapay("GET", refunds + "/c1-" + ref, null).json().containsKey("success_time"));

        assertEquals(200, Http.admin("PUT", m.helper("orders/" + ref + "/refund-outcome"), "{\"state\":\"SUCCESS\"}").status());
        Reply full = m.alphapay("POST", refunds, refundBody(m, ref, "c2-" + ref, 500, 500, "CNY"));
        assertEquals(200, full.status(), "a CLOSED refund does not count towards the total: " + full);
        await("the second refund succeeds", () -> "SUCCESS".equals(m.alphapay("GET", refunds + "/c2-" + ref, null).json().getString("status")));

        String abnormal = orderRef();
        paidOrder(m, abnormal, 300, "CNY");
        assertEquals(200, Http.admin("PUT", m.helper("orders/" + abnormal + "/refund-outcome"), "{\"state\":\"ABNORMAL\"}").status());
        assertEquals(200, m.alphapay("POST", refunds, refundBody(m, abnormal, "a1-" + abnormal, 100, 300, "CNY")).status());
        await("the refund ends ABNORMAL", () -> "ABNORMAL".equals(m.alphapay("GET", refunds + "/a1-" + abnormal, null).json().getString("status")));
        Reply rest = m.alphapay("POST", refunds, refundBody(m, abnormal, "a2-" + abnormal, 201, 300, "CNY"));
        assertEquals(400, rest.status(), "an ABNORMAL refund still counts: " + rest);
    }

    @Test
    void betapayRefundsAtOnceAndSaysWhetherMoneyMoved() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-refund"));
        String ref = orderRef();
        String refund = "betapay.trade.refund";
        m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"10.00\",\"subject\":\"s\"}");
        String n1 = "{\"out_trade_no\":\"" + ref + "\",\"refund_amount\":\"3.00\",\"out_request_no\":\"n1\",\"refund_reason\":\"size\"}";
        assertEquals("ACQ.ORDER_NOT_PAID", m.betapay(refund, n1).getString("sub_code"));
        String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");

        JsonObject first = m.betapay(refund, n1);
        assertEquals("10000", first.getString("code"), first.toString());
        assertEquals(tx, first.getString("trade_no"));
        assertEquals("Y", first.getString("fund_change"));
        assertEquals("3.00", first.getString("refund_fee"), "what the trade has refunded in all");
        assertEquals("3.00", first.getString("send_back_fee"));
        assertTrue(first.getString("gmt_refund_pay").matches("\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}"), first.toString());
        JsonObject repeated = m.betapay(refund, n1);
        assertEquals("N", repeated.getString("fund_change"), "the same request again moves no money");
        assertEquals("3.00", repeated.getString("refund_fee"));
        assertEquals("ACQ.DISCORDANT_REPEAT_REQUEST", m.betapay(refund, n1.replace("3.00", "4.00")).getString("sub_code"));
        assertEquals("ACQ.REFUND_AMT_NOT_EQUAL_TOTAL", m.betapay(refund, n1.replace("3.00", "7.01").replace("n1", "n2")).getString("sub_code"));
        JsonObject second = m.betapay(refund, n1.replace("3.00", "7.00").replace("n1", "n2"));
        assertEquals("10.00", second.getString("refund_fee"));

        String query = "betapay.trade.fastpay.refund.query";
        JsonObject found = m.betapay(query, "{\"out_trade_no\":\"" + ref + "\",\"out_request_no\":\"n1\"}");
        assertEquals("REFUND_SUCCESS", found.getString("refund_status"));
        assertEquals("3.00", found.getString("refund_amount"));
        assertEquals("10.00", found.getString("total_amount"));
        assertEquals("size", found.getString("refund_reason"));
        JsonObject none = m.betapay(query, "{\"out_trade_no\":\"" + ref + "\",\"out_request_no\":\"n9\"}");
        assertEquals("10000", none.getString("code"), "an unknown refund is a success node without refund_status");
        assertFalse(none.containsKey("refund_status"));
        assertFalse(none.containsKey("refund_amount"));
        assertEquals("ACQ.TRADE_NOT_EXIST", m.betapay(query, "{\"out_trade_no\":\"" + orderRef() + "\",\"out_request_no\":\"n1\"}").getString("sub_code"));

        String gbp = orderRef();
        paidOrder(m, gbp, 1001, "GBP");
        JsonObject whole = m.betapay(refund, "{\"out_trade_no\":\"" + gbp + "\",\"refund_amount\":\"10.01\"}");
        assertEquals("90.09", whole.getString("send_back_fee"), "the buyer gets CNY back at 9.00");
        assertEquals(gbp, whole.getString("out_request_no"), "without out_request_no the trade's own number names the refund");
        assertEquals("REFUND_SUCCESS", m.betapay(query, "{\"out_trade_no\":\"" + gbp + "\",\"out_request_no\":\"" + gbp + "\"}")
                .getString("refund_status"));
        assertEquals(2, companyRefunds(m, ref).size());
    }

    @Test
    void concurrentRefundsOfOneOrderNeverAddUpToMoreThanWasPaid() throws Exception {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-refund-race"));
        String ref = orderRef();
        paidOrder(m, ref, 1000, "CNY");
        ExecutorService callers = Executors.newFixedThreadPool(20);
        try {
            List<CompletableFuture<JsonObject>> answers = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                String biz = "{\"out_trade_no\":\"" + ref + "\",\"refund_amount\":\"2.00\",\"out_request_no\":\"c" + i + "\"}";
                answers.add(CompletableFuture.supplyAsync(() -> m.betapay("betapay.trade.refund", biz), callers));
            }
            List<JsonObject> nodes = new ArrayList<>();
            for (CompletableFuture<JsonObject> a : answers) {
                nodes.add(a.get(2, TimeUnit.MINUTES));
            }
            assertEquals(5, nodes.stream().filter(n -> "10000".equals(n.getString("code"))).count(), nodes.toString());
            assertEquals(15, nodes.stream().filter(n -> "ACQ.REFUND_AMT_NOT_EQUAL_TOTAL".equals(n.getString("sub_code", ""))).count(),
                    nodes.toString());
        } finally {
            callers.shutdownNow();
        }
        JsonArray made = companyRefunds(m, ref);
        assertEquals(5, made.size());
        assertEquals(1000, made.stream().mapToInt(r -> r.asJsonObject().getInt("amount")).sum());
    }

    @Test
    void anOrderTakesAtMostFiftyRefunds() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-refund-count"));
        String ref = orderRef();
        paidOrder(m, ref, 100, "CNY");
        for (int i = 1; i <= 50; i++) {
            assertEquals("10000", m.betapay("betapay.trade.refund", "{\"out_trade_no\":\"" + ref
                    + "\",\"refund_amount\":\"0.01\",\"out_request_no\":\"k" + i + "\"}").getString("code"));
        }
        JsonObject fiftyFirst = m.betapay("betapay.trade.refund", "{\"out_trade_no\":\"" + ref
                + "\",\"refund_amount\":\"0.01\",\"out_request_no\":\"k51\"}");
        assertEquals("ACQ.REFUND_COUNT_EXCEEDED", fiftyFirst.getString("sub_code"), fiftyFirst.toString());
        assertEquals(50, companyRefunds(m, ref).size());
    }

    @Test
    void aFaultMeetsRefundsAsItMeetsPayments() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-refund-fault"));
        String ref = orderRef();
        paidOrder(m, ref, 500, "CNY");
        Http.admin("PUT", m.helper("faults"), "{\"mode\":\"ERROR\",\"status\":503,\"orderRef\":\"" + ref + "\",\"count\":1}");
        Reply failed = m.alphapayUnchecked("POST", "v3/refund/domestic/refunds", refundBody(m, ref, "f1-" + ref, 100, 500, "CNY"));
        assertEquals(503, failed.status(), failed.toString());
        assertEquals(0, companyRefunds(m, ref).size(), "an ERROR fault answers without doing the work");
        Reply retried = m.alphapay("POST", "v3/refund/domestic/refunds", refundBody(m, ref, "f1-" + ref, 100, 500, "CNY"));
        assertEquals(200, retried.status(), retried.toString());
        assertEquals(1, companyRefunds(m, ref).size());
        JsonArray logged = requests(m, "refund", ref).getJsonArray("requests");
        assertEquals(List.of(503, 200), logged.stream().map(r -> r.asJsonObject().getInt("status")).toList());
    }

    @Test
    void anErrorFaultAnswersItsStatusUnsignedWithoutDoingTheWork() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-error"));
        assertEquals(200, Http.admin("PUT", a.helper("faults"), "{\"mode\":\"ERROR\",\"status\":503}").status());
        String ref = orderRef();
        Reply r = a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY"));
        assertEquals(503, r.status());
        assertEquals("SYSTEM_ERROR", r.json().getString("code"));
        assertEquals("sandbox fault", r.json().getString("message"));
        assertNull(r.header("Alphapay-Signature"));
        assertEquals(404, Http.admin("GET", a.helper("orders/" + ref), null).status(), "no order was made");
        assertEquals(503, requests(a, "create", ref).getJsonArray("requests").getJsonObject(0).getInt("status"));

        SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("f-error"));
        Http.admin("PUT", b.helper("faults"), "{\"mode\":\"ERROR\"}");
        Reply br = b.betapayRaw(b.form("betapay.trade.query", "{\"out_trade_no\":\"x1\"}", b.key));
        assertEquals(500, br.status());
        assertTrue(br.header("Content-Type").startsWith("text/plain"));
    }

    @Test
    void aCountedFaultForOneOrderAppliesThatManyTimesThenIsGone() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-count"));
        String ref = orderRef();
        String other = orderRef();
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"ERROR\",\"status\":502,\"orderRef\":\"" + ref + "\",\"count\":2}");
        assertEquals(200, a.alphapay("POST", "v3/pay/transactions/native", a.createBody(other, 100, "CNY")).status());
        assertEquals(502, a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY")).status());
        assertEquals(502, a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY")).status());
        assertEquals(200, a.alphapay("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY")).status());
    }

    @Test
    void aSlowFaultStallsThenAnswersNormallyAndDeletingFaultsEndsIt() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-slow"));
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"SLOW\",\"latencyMs\":1200}");
        long start = System.nanoTime();
        Reply slow = a.alphapay("POST", "v3/pay/transactions/native", a.createBody(orderRef(), 100, "CNY"));
        assertEquals(200, slow.status());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= 1200);
        assertEquals(200, Http.admin("DELETE", a.helper("faults"), null).status());
        start = System.nanoTime();
        a.alphapay("POST", "v3/pay/transactions/native", a.createBody(orderRef(), 100, "CNY"));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() < 1200);
    }

    @Test
    void aHoldFaultStallsItsCallsUntilTheFaultsAreDeleted() throws Exception {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-hold"));
        List<String> refs = List.of(orderRef(), orderRef());
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"HOLD\",\"latencyMs\":120000,\"count\":2}");
        ExecutorService callers = Executors.newFixedThreadPool(refs.size());
        List<CompletableFuture<Reply>> answers = refs.stream().map(ref -> CompletableFuture.supplyAsync(
                () -> a.alphapay("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY")), callers)).toList();
        callers.shutdown();
        await("both held creates are in the log", () -> refs.stream().allMatch(ref -> requests(a, "create", ref).getInt("count") == 1));
        for (String ref : refs) {
            assertEquals(JsonValue.NULL, requests(a, "create", ref).getJsonArray("requests").getJsonObject(0).get("status"), "held: " + ref);
        }
        assertTrue(answers.stream().noneMatch(CompletableFuture::isDone), "nothing answered while held");
        assertEquals(200, Http.admin("DELETE", a.helper("faults"), null).status());
        for (CompletableFuture<Reply> answer : answers) {
            assertEquals(200, answer.get(60, TimeUnit.SECONDS).status(), "released by the delete, long before the 120 s bound");
        }
        for (String ref : refs) {
            assertEquals(200, requests(a, "create", ref).getJsonArray("requests").getJsonObject(0).getInt("status"));
        }
    }

    @Test
    void aTimeoutFaultIsLoggedAtOnceThenAnswersAfterTheConfiguredStall() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-timeout"));
        String ref = orderRef();
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"TIMEOUT\",\"count\":1}");
        long start = System.nanoTime();
        CompletableFuture<Reply> answer = CompletableFuture.supplyAsync(
                () -> a.alphapay("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY")));
        await("the stalled create is in the log", () -> requests(a, "create", ref).getInt("count") == 1);
        JsonObject logged = requests(a, "create", ref).getJsonArray("requests").getJsonObject(0);
        if (!answer.isDone()) {
            assertEquals(JsonValue.NULL, logged.get("status"), "no status while stalled");
        }
        assertEquals(200, answer.join().status());
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= TIMEOUT_FAULT_MS);
        assertEquals(200, requests(a, "create", ref).getJsonArray("requests").getJsonObject(0).getInt("status"));
        assertEquals("NOTPAY", Http.admin("GET", a.helper("orders/" + ref), null).json().getString("state"), "the work was done");
    }

    @Test
    void aBadSignatureFaultDoesTheWorkButItsSignatureDoesNotVerify() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-badsig"));
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"BAD_SIGNATURE\"}");
        String ref = orderRef();
        Reply r = a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY"));
        assertEquals(200, r.status());
        assertNotEquals(null, r.header("Alphapay-Signature"));
        assertFalse(a.alphapayAnswerVerifies(r));
        assertEquals(200, Http.admin("GET", a.helper("orders/" + ref), null).status());

        SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("f-badsig"));
        Http.admin("PUT", b.helper("faults"), "{\"mode\":\"BAD_SIGNATURE\"}");
        Reply br = b.betapayRaw(b.form("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"1\",\"subject\":\"s\"}", b.key));
        assertEquals(200, br.status());
        assertTrue(br.json().containsKey("sign"), br.toString());
        assertTrue(BetapaySigning.verifiedNode(br.body(), "betapay.trade.precreate", b.companyKey).isEmpty(), br.toString());
        assertEquals(200, Http.admin("GET", b.helper("orders/" + ref), null).status());
    }

    @Test
    void aRefuseFaultAnswersTheCodeSignedInEachCompanysFormWithOrWithoutTheWork() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-refuse"));
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"REFUSE\",\"status\":429,\"code\":\"FREQUENCY_LIMITED\",\"count\":1}");
        String ref = orderRef();
        Reply r = a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY"));
        assertEquals(429, r.status(), r.toString());
        assertTrue(a.alphapayAnswerVerifies(r), "signed as every answer");
        assertEquals("FREQUENCY_LIMITED", r.json().getString("code"));
        assertEquals(404, Http.admin("GET", a.helper("orders/" + ref), null).status(), "refused without the work");
        Http.admin("PUT", a.helper("faults"), "{\"mode\":\"REFUSE\",\"code\":\"SYSTEM_ERROR\",\"afterWork\":true,\"count\":1}");
        Reply after = a.alphapayUnchecked("POST", "v3/pay/transactions/native", a.createBody(ref, 100, "CNY"));
        assertEquals(400, after.status(), "the default status: " + after);
        assertTrue(a.alphapayAnswerVerifies(after));
        assertEquals("SYSTEM_ERROR", after.json().getString("code"));
        assertEquals(200, Http.admin("GET", a.helper("orders/" + ref), null).status(), "the work was done before the refusal");

        SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("f-refuse"));
        Http.admin("PUT", b.helper("faults"), "{\"mode\":\"REFUSE\",\"code\":\"isp.unknow-error\",\"count\":1}");
        String bref = orderRef();
        String precreate = "{\"out_trade_no\":\"" + bref + "\",\"total_amount\":\"1\",\"subject\":\"s\"}";
        Reply br = b.betapayRaw(b.form("betapay.trade.precreate", precreate, b.key));
        assertEquals(200, br.status());
        JsonObject node = b.betapayNode(br, "betapay.trade.precreate");
        assertEquals("20000", node.getString("code"), "the company's own failure: " + node);
        assertEquals("isp.unknow-error", node.getString("sub_code"));
        assertEquals(404, Http.admin("GET", b.helper("orders/" + bref), null).status());
        Http.admin("PUT", b.helper("faults"), "{\"mode\":\"REFUSE\",\"code\":\"ACQ.SYSTEM_ERROR\",\"afterWork\":true,\"count\":1}");
        Reply bafter = b.betapayRaw(b.form("betapay.trade.precreate", precreate, b.key));
        JsonObject afterNode = b.betapayNode(bafter, "betapay.trade.precreate");
        assertEquals("40004", afterNode.getString("code"));
        assertEquals("ACQ.SYSTEM_ERROR", afterNode.getString("sub_code"));
        assertEquals(200, Http.admin("GET", b.helper("orders/" + bref), null).status(), "the work was done before the refusal");

        Reply noCode = Http.admin("PUT", b.helper("faults"), "{\"mode\":\"REFUSE\"}");
        assertEquals(400, noCode.status());
        assertEquals("code", noCode.json().getString("field"));
    }

    @Test
    void aFaultWithABadModeIsRefusedNamingIt() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("f-mode"));
        Reply r = Http.admin("PUT", a.helper("faults"), "{\"mode\":\"EXPLODE\"}");
        assertEquals(400, r.status());
        assertEquals("mode", r.json().getString("field"));
    }

    // ---- settlement ----------------------------------------------------------------------------

    /** sandbox.settlement.delay-ms: how long a receiver's part stays PENDING (the fast sandbox keeps the default). */
    static final long SETTLEMENT_DELAY_MS = SandboxMerchant.setting("sandbox.settlement.delay-ms");
    static final Duration SETTLEMENT_WAIT = Duration.ofMinutes(1);
    static final long HELD_FEN = 1000;

    /** A receiver's part as the company's split query shows it: its result in the company's word, why it failed, whether it has its finish time. */
    record Part(String result, String reason, boolean finished) {
    }

    /** A refusal as the company words it (alphapay: status and code; betapay: sub_code) and its message. */
    record Refused(String code, String message) {
    }

    /**
     * A paid order held for settlement at one merchant of one company, and the settlement calls a
     * merchant of that company makes, in its own protocol; what they read stays in the company's
     * words. One receiver per merchant.
     */
    abstract static class Settling {

        final SandboxMerchant m;
        final String ref;
        final String tx;
        final String receiver;

        Settling(SandboxMerchant m, String receiver) {
            this.m = m;
            this.ref = orderRef();
            this.tx = m.paidHeldOrder(ref, HELD_FEN);
            this.receiver = receiver;
        }

        /** The result of a part not yet final, and of a failed one. */
        abstract String pending();

        abstract String failed();

        /** The codes of a split past the maximum share and of one after the release. */
        abstract String shareExceeded();

        abstract String alreadyReleased();

        /** Registers the receiver (the name, when given, as the company's protocol carries it). */
        abstract void addReceiver(String name);

        /** A split of {@code fen} to the receiver, which the company refuses. */
        abstract Refused splitRefused(String splitNo, long fen);

        /** A split of {@code fen} to the receiver, which the company accepts, its part PENDING. */
        abstract void splitAccepted(String splitNo, long fen);

        /** The receiver's part of the split, as the company's split query shows it now. */
        abstract Part part(String splitNo);

        /** What the company still holds of the order, by its held query, in fen. */
        abstract long held();

        /** Releases what is held; the company shows {@code fen} released to the merchant itself. */
        abstract void release(String releaseNo, long fen);

        void awaitFinal(String splitNo) {
            await(m.company + " split " + splitNo + " reaches its result", SETTLEMENT_WAIT, () -> !part(splitNo).result().equals(pending()));
        }

        JsonObject settlementView() {
            Reply r = Http.admin("GET", m.helper("orders/" + ref + "/settlement"), null);
            assertEquals(200, r.status(), r.toString());
            return r.json();
        }
    }

    static final class AlphapaySettling extends Settling {

        AlphapaySettling(URI base, String prefix) {
            super(SandboxMerchant.open(base, "alphapay", unique(prefix)), "oIT_receiver_0001");
        }

        @Override
        String pending() {
            return "PENDING";
        }

        @Override
        String failed() {
            return "CLOSED";
        }

        @Override
        String shareExceeded() {
            return "400 INVALID_REQUEST";
        }

        @Override
        String alreadyReleased() {
            return "400 INVALID_REQUEST";
        }

        @Override
        void addReceiver(String name) {
            String body = m.alphapayReceiverBody(receiver, name);
            Reply r = m.alphapay("POST", "v3/profitsharing/receivers/add", body);
            assertEquals(200, r.status(), r.toString());
            assertEquals(Http.jsonOf("{\"type\":\"PERSONAL_OPENID\",\"account\":\"" + receiver + "\",\"relation_type\":\"STAFF\"}"), r.json(),
                    "the name is not echoed");
        }

        private Reply split(String splitNo, long fen) {
            return m.alphapay("POST", "v3/profitsharing/orders", m.alphapaySplitBody(tx, splitNo, receiver, fen, false));
        }

        @Override
        Refused splitRefused(String splitNo, long fen) {
            Reply r = split(splitNo, fen);
            assertTrue(r.status() >= 400 && r.status() < 500, r.toString());
            return new Refused(r.status() + " " + r.json().getString("code"), r.json().getString("message"));
        }

        @Override
        void splitAccepted(String splitNo, long fen) {
            Reply r = split(splitNo, fen);
            assertEquals(200, r.status(), r.toString());
            JsonObject o = r.json();
            assertEquals(tx, o.getString("transaction_id"));
            assertEquals(splitNo, o.getString("out_order_no"));
            assertEquals("PROCESSING", o.getString("state"), o.toString());
            JsonArray receivers = o.getJsonArray("receivers");
            assertEquals(1, receivers.size(), o.toString());
            JsonObject part = receivers.getJsonObject(0);
            assertEquals(fen, part.getInt("amount"));
            assertEquals("PERSONAL_OPENID", part.getString("type"));
            assertEquals(receiver, part.getString("account"));
            assertEquals("PENDING", part.getString("result"));
            assertEquals(o.getString("order_id") + "01", part.getString("detail_id"));
            assertFalse(part.containsKey("finish_time"), "no finish time while PENDING");
        }

        @Override
        Part part(String splitNo) {
            Reply r = m.alphapay("GET", "v3/profitsharing/orders/" + splitNo + "?transaction_id=" + tx, null);
            assertEquals(200, r.status(), r.toString());
            JsonObject o = r.json();
            JsonObject part = o.getJsonArray("receivers").getJsonObject(0);
            assertEquals(receiver, part.getString("account"));
            String result = part.getString("result");
            assertEquals(result.equals("PENDING") ? "PROCESSING" : "FINISHED", o.getString("state"), o.toString());
            return new Part(result, part.getString("fail_reason", null), part.containsKey("finish_time"));
        }

        @Override
        long held() {
            Reply r = m.alphapay("GET", "v3/profitsharing/transactions/" + tx + "/amounts", null);
            assertEquals(200, r.status(), r.toString());
            assertEquals(tx, r.json().getString("transaction_id"));
            return r.json().getJsonNumber("unsplit_amount").longValueExact();
        }

        @Override
        void release(String releaseNo, long fen) {
            Reply r = m.alphapay("POST", "v3/profitsharing/orders/unfreeze",
                    "{\"transaction_id\":\"" + tx + "\",\"out_order_no\":\"" + releaseNo + "\",\"description\":\"IT release\"}");
            assertEquals(200, r.status(), r.toString());
            JsonObject o = r.json();
            assertEquals("FINISHED", o.getString("state"), o.toString());
            assertEquals(1, o.getJsonArray("receivers").size(), o.toString());
            JsonObject part = o.getJsonArray("receivers").getJsonObject(0);
            assertEquals("MERCHANT_ID", part.getString("type"));
            assertEquals(m.companyMerchantId, part.getString("account"));
            assertEquals(fen, part.getInt("amount"));
            assertEquals("SUCCESS", part.getString("result"));
        }
    }

    static final class BetapaySettling extends Settling {

        BetapaySettling(URI base, String prefix) {
            super(SandboxMerchant.open(base, "betapay", unique(prefix)), "2088000000000001");
        }

        @Override
        String pending() {
            return "PROCESSING";
        }

        @Override
        String failed() {
            return "FAIL";
        }

        @Override
        String shareExceeded() {
            return "ACQ.ALLOC_AMOUNT_VALIDATE_ERROR";
        }

        @Override
        String alreadyReleased() {
            return "ACQ.ROYALTY_FINISHED";
        }

        @Override
        void addReceiver(String name) {
            JsonObject bound = m.betapay("betapay.trade.royalty.relation.bind", SandboxMerchant.bindBiz("b-" + ref, receiver, name));
            assertEquals("10000", bound.getString("code"), bound.toString());
            assertEquals("SUCCESS", bound.getString("result_code"));
            JsonObject listed = m.betapay("betapay.trade.royalty.relation.batchquery", "{\"out_request_no\":\"q-" + ref + "\"}");
            assertEquals(1, listed.getInt("total_record_num"), listed.toString());
            assertEquals(Http.jsonOf("{\"type\":\"userId\",\"account\":\"" + receiver + "\",\"relation_type\":\"STAFF\"}"),
                    listed.getJsonArray("receiver_list").getJsonObject(0), "never the name");
        }

        private JsonObject split(String splitNo, long fen) {
            return m.betapay("betapay.trade.order.settle", SandboxMerchant.settleBiz(splitNo, tx, receiver, yuan(fen)));
        }

        @Override
        Refused splitRefused(String splitNo, long fen) {
            JsonObject node = split(splitNo, fen);
            assertEquals("40004", node.getString("code"), node.toString());
            return new Refused(node.getString("sub_code"), node.getString("sub_msg"));
        }

        @Override
        void splitAccepted(String splitNo, long fen) {
            long sent = System.nanoTime();
            JsonObject node = split(splitNo, fen);
            assertEquals("10000", node.getString("code"), node.toString());
            assertEquals(tx, node.getString("trade_no"));
            JsonObject query = settleQuery(splitNo);
            // The answer says only "accepted"; the query shows the part PROCESSING as long as the
            // settlement delay cannot have passed since the settle was sent.
            if (Duration.ofNanos(System.nanoTime() - sent).toMillis() < SETTLEMENT_DELAY_MS) {
                JsonObject part = query.getJsonArray("royalty_detail_list").getJsonObject(0);
                assertEquals("PROCESSING", part.getString("state"), query.toString());
                assertFalse(part.containsKey("execute_dt"), "no execute_dt while PROCESSING");
            }
            assertEquals(node.getString("settle_no"), query.getString("settle_no"));
            JsonObject part = query.getJsonArray("royalty_detail_list").getJsonObject(0);
            assertEquals(yuan(fen), part.getString("amount"));
            assertEquals(node.getString("settle_no") + "01", part.getString("detail_id"));
        }

        private JsonObject settleQuery(String splitNo) {
            JsonObject node = m.betapay("betapay.trade.order.settle.query", "{\"out_request_no\":\"" + splitNo + "\",\"trade_no\":\"" + tx + "\"}");
            assertEquals("10000", node.getString("code"), node.toString());
            assertEquals(splitNo, node.getString("out_request_no"));
            return node;
        }

        @Override
        Part part(String splitNo) {
            JsonObject query = settleQuery(splitNo);
            JsonObject part = query.getJsonArray("royalty_detail_list").getJsonObject(0);
            assertEquals("transfer", part.getString("operation_type"));
            assertEquals(receiver, part.getString("trans_in"));
            assertEquals("userId", part.getString("trans_in_type"));
            if (part.getString("state").equals("FAIL")) {
                assertEquals("ROYALTY_TRANS_IN_FAIL", part.getString("error_code"), part.toString());
            }
            return new Part(part.getString("state"), part.getString("error_desc", null), part.containsKey("execute_dt"));
        }

        @Override
        long held() {
            JsonObject node = m.betapay("betapay.trade.order.onsettle.query", "{\"trade_no\":\"" + tx + "\"}");
            assertEquals("10000", node.getString("code"), node.toString());
            return new java.math.BigDecimal(node.getString("unsettled_amount")).movePointRight(2).longValueExact();
        }

        @Override
        void release(String releaseNo, long fen) {
            JsonObject node = m.betapay("betapay.trade.order.settle",
                    "{\"out_request_no\":\"" + releaseNo + "\",\"trade_no\":\"" + tx + "\",\"extend_params\":{\"royalty_finish\":\"true\"}}");
            assertEquals("10000", node.getString("code"), node.toString());
            JsonArray details = settleQuery(releaseNo).getJsonArray("royalty_detail_list");
            assertEquals(1, details.size(), details.toString());
            JsonObject part = details.getJsonObject(0);
            assertEquals("finish", part.getString("operation_type"));
            assertEquals(m.companyMerchantId, part.getString("trans_in"));
            assertEquals(yuan(fen), part.getString("amount"));
            assertEquals("SUCCESS", part.getString("state"));
        }

        static String yuan(long fen) {
            return java.math.BigDecimal.valueOf(fen, 2).toPlainString();
        }
    }

    List<Settling> heldOrders(String prefix) {
        return List.of(new AlphapaySettling(base, "ap-" + prefix), new BetapaySettling(base, "bp-" + prefix));
    }

    @Test
    void aHeldOrderIsSplitUpToTheMaximumShareThenReleasedAndNothingIsSplitAfter() {
        for (Settling s : heldOrders("split")) {
            s.addReceiver(NAME);
            JsonObject registered = Http.admin("GET", s.m.helper("receivers"), null).json();
            assertEquals(1, registered.getInt("count"), registered.toString());
            assertEquals("张*", registered.getJsonArray("receivers").getJsonObject(0).getString("name"),
                    s.m.company + ": the name read (alphapay: decrypted with its key) and kept masked");
            assertEquals(HELD_FEN, s.held());

            Refused over = s.splitRefused(s.ref + "-over", 301);
            assertEquals(s.shareExceeded(), over.code(), over.toString());
            assertTrue(over.message().contains("30%"), over.toString());
            assertEquals(HELD_FEN, s.held(), "a refused split takes nothing");

            String split = s.ref + "-split";
            s.splitAccepted(split, 300);
            assertEquals(700, s.held(), s.m.company + ": the split's money is not held while it is processed");
            s.awaitFinal(split);
            assertEquals(new Part("SUCCESS", null, true), s.part(split));
            assertEquals(700, s.held());

            s.release(s.ref + "-release", 700);
            assertEquals(0, s.held());
            Refused after = s.splitRefused(s.ref + "-after", 1);
            assertEquals(s.alreadyReleased(), after.code(), after.toString());
            assertTrue(after.message().contains("released"), after.toString());
            assertEquals(new Part("SUCCESS", null, true), s.part(split), "the split stays as it was");
        }
    }

    @Test
    void aReceiverArrangedToFailEndsItsPartClosedWithTheReasonAndTheMoneyIsHeldAgain() {
        for (Settling s : heldOrders("fail")) {
            s.addReceiver(null);
            URI failure = s.m.helper("receivers/" + s.receiver + "/failure");
            Reply arranged = Http.admin("POST", failure, "{\"reason\":\"ACCOUNT_ABNORMAL\"}");
            assertEquals(200, arranged.status(), arranged.toString());

            String failing = s.ref + "-fails";
            s.splitAccepted(failing, 300);
            assertEquals(700, s.held());
            s.awaitFinal(failing);
            assertEquals(new Part(s.failed(), "ACCOUNT_ABNORMAL", true), s.part(failing), s.m.company);
            assertEquals(HELD_FEN, s.held(), s.m.company + ": a failed part's money is held again");

            // Cleared, the receiver's next part succeeds; the failed one does not count towards the share.
            assertEquals(200, Http.admin("DELETE", failure, null).status());
            String next = s.ref + "-next";
            s.splitAccepted(next, 300);
            s.awaitFinal(next);
            assertEquals(new Part("SUCCESS", null, true), s.part(next), s.m.company);
            assertEquals(700, s.held());
        }
    }

    @Test
    void aHeldOrderPaidThirtyOneDaysAgoIsReleasedByTheCompanyItself() {
        for (Settling s : heldOrders("aged")) {
            s.addReceiver(null);
            URI age = s.m.helper("orders/" + s.ref + "/age");
            assertEquals(200, Http.admin("POST", age, "{\"days\":29}").status());
            assertEquals(HELD_FEN, s.held(), s.m.company + ": after 29 days the money is still held");
            assertEquals(0, s.settlementView().getJsonArray("splits").size());

            assertEquals(200, Http.admin("POST", age, "{\"days\":2}").status());
            assertEquals(0, s.held(), s.m.company + ": paid 31 days ago, released by the company");
            JsonObject view = s.settlementView();
            assertTrue(view.getBoolean("released"), view.toString());
            assertEquals(1, view.getJsonArray("splits").size(), view.toString());
            JsonObject release = view.getJsonArray("splits").getJsonObject(0);
            assertEquals("RELEASE", release.getString("kind"));
            assertTrue(release.getBoolean("byCompany"), release.toString());
            JsonObject part = release.getJsonArray("parts").getJsonObject(0);
            assertEquals(s.m.companyMerchantId, part.getString("account"));
            assertEquals(HELD_FEN, part.getInt("amount"));
            assertEquals("SUCCESS", part.getString("result"));

            Refused after = s.splitRefused(s.ref + "-late", 1);
            assertEquals(s.alreadyReleased(), after.code(), after.toString());
        }
    }

    @Test
    void aTimeoutFaultStallsASplitWhichIsMadeOnlyWhenItAnswers() {
        for (Settling s : heldOrders("f-timeout")) {
            s.addReceiver(null);
            assertEquals(200, Http.admin("PUT", s.m.helper("faults"), "{\"mode\":\"TIMEOUT\",\"orderRef\":\"" + s.ref + "\",\"count\":1}").status());
            String split = s.ref + "-stalled";
            long start = System.nanoTime();
            CompletableFuture<Void> answer = CompletableFuture.runAsync(() -> s.splitAccepted(split, 300));
            await(s.m.company + ": the stalled split is in the log", () -> requests(s.m, "split", s.ref).getInt("count") == 1);
            JsonObject logged = requests(s.m, "split", s.ref).getJsonArray("requests").getJsonObject(0);
            JsonArray splits = s.settlementView().getJsonArray("splits");
            if (!answer.isDone()) {
                assertEquals(JsonValue.NULL, logged.get("status"), "no status while stalled");
                assertEquals(0, splits.size(), s.m.company + ": nothing split while the request stalls");
            }
            answer.join();
            assertTrue(Duration.ofNanos(System.nanoTime() - start).toMillis() >= TIMEOUT_FAULT_MS, s.m.company + ": answered after the stall");
            assertEquals(200, requests(s.m, "split", s.ref).getJsonArray("requests").getJsonObject(0).getInt("status"));
            assertEquals(1, s.settlementView().getJsonArray("splits").size());
            assertEquals(700, s.held(), s.m.company + ": the stalled split was made, once");
        }
    }

    // ---- callbacks -----------------------------------------------------------------------------

    /** A callback's bound: SANDBOX_CALLBACK_POLL_MS and _RETRY_MS of the sandbox (this module's pom) are short. */
    static final Duration CALLBACK_WAIT = Duration.ofMinutes(1);
    static final long CALLBACK_RETRY_MS = SandboxMerchant.setting("sandbox.callback.retry-ms");
    static final String BEIJING_ISO = "\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+08:00";
    static final String GATEWAY_TIME = "\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}";

    /** A JSON request body with notify_url added as its last member. */
    static String withNotifyUrl(String body, String url) {
        return body.substring(0, body.lastIndexOf('}')) + ",\"notify_url\":\"" + url + "\"}";
    }

    JsonArray callbacks(SandboxMerchant m, String ref) {
        Reply r = Http.admin("GET", m.helper("orders/" + ref + "/callbacks"), null);
        assertEquals(200, r.status(), r.toString());
        assertEquals(200, r.json().getInt("code"));
        return r.json().getJsonArray("callbacks");
    }

    /** Waits until the order has exactly {@code n} callbacks, all DELIVERED; returns them. */
    JsonArray delivered(SandboxMerchant m, String ref, int n) {
        await(n + " callback(s) of " + ref + " delivered", CALLBACK_WAIT, () -> {
            JsonArray c = callbacks(m, ref);
            return c.size() == n && c.stream().allMatch(x -> "DELIVERED".equals(x.asJsonObject().getString("state")));
        });
        return callbacks(m, ref);
    }

    /** The broker's decryption of an alphapay event's resource (AEAD_AES_256_GCM under the account's API v3 key). */
    static String decrypt(JsonObject resource, String apiV3Key) {
        return AlphapayCallbacks.decrypt(apiV3Key, resource.getString("nonce"), resource.getString("associated_data"),
                resource.getString("ciphertext"));
    }

    /** A betapay callback's form as a receiver decodes it; a repeated field fails the test. */
    static Map<String, String> formOf(String body) {
        Map<String, String> form = new TreeMap<>();
        for (String pair : body.split("&")) {
            int eq = pair.indexOf('=');
            assertTrue(eq > 0, body);
            assertNull(form.put(URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
                    URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8)), "repeated: " + pair);
        }
        return form;
    }

    /** Whether the broker's check of a betapay callback's signature accepts it. */
    static boolean notificationVerifies(SandboxMerchant m, Map<String, String> form) {
        return BetapaySigning.verifyNotification(form, m.companyKey);
    }

    @Test
    void anAlphapayPaymentIsNotifiedUntilTheMerchantAnswersSuccessAndDecryptsToTheTransaction() throws Exception {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-cb-pay"));
        try (Receiver merchant = Receiver.answering(new Receiver.Answer(200, "failure"), new Receiver.Answer(500, "busy"),
                Receiver.SUCCESS)) {
            String ref = orderRef();
            String notifyUrl = merchant.url("/alphapay/paid").toString();
            assertEquals(200, m.alphapay("POST", "v3/pay/transactions/native", withNotifyUrl(m.createBody(ref, 2599, "CNY"), notifyUrl))
                    .status());
            String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");

            JsonObject shown = delivered(m, ref, 1).getJsonObject(0);
            assertEquals("TRANSACTION.SUCCESS", shown.getString("kind"));
            assertEquals(JsonValue.NULL, shown.get("refundNo"));
            assertEquals(notifyUrl, shown.getString("url"));
            assertEquals(3, shown.getInt("attempts"), shown.toString());
            assertEquals(200, shown.getInt("lastStatus"));
            assertTrue(shown.getString("createdAt").endsWith("Z"), shown.toString());
            assertFalse(Instant.parse(shown.getString("deliveredAt")).isBefore(Instant.parse(shown.getString("createdAt"))));

            List<Receiver.Received> posts = merchant.received();
            assertEquals(3, posts.size(), "failure, then 500, then success: three POSTs and no more");
            for (Receiver.Received post : posts) {
                assertEquals("POST", post.method());
                assertEquals("/alphapay/paid", post.path());
                assertTrue(post.header("Content-Type").startsWith("application/json"), post.header("Content-Type"));
                assertTrue(m.alphapayAnswerVerifies(post.asReply()), "each attempt is signed as an answer is: " + post);
                assertEquals(posts.get(0).body(), post.body(), "every attempt sends the same callback");
            }
            assertTrue(Duration.between(posts.get(0).at(), posts.get(1).at()).toMillis() >= CALLBACK_RETRY_MS - 50,
                    "the second attempt waits the retry delay");
            assertTrue(Duration.between(posts.get(1).at(), posts.get(2).at()).toMillis() >= 2 * CALLBACK_RETRY_MS - 50,
                    "the third waits twice as long");

            JsonObject event = Http.jsonOf(posts.get(0).body());
            assertTrue(event.getString("id").matches("[0-9a-f-]{36}"), event.toString());
            assertTrue(event.getString("create_time").matches(BEIJING_ISO), event.toString());
            assertEquals("encrypt-resource", event.getString("resource_type"));
            assertEquals("TRANSACTION.SUCCESS", event.getString("event_type"));
            assertFalse(event.getString("summary").isBlank());
            JsonObject resource = event.getJsonObject("resource");
            assertEquals("transaction", resource.getString("original_type"));
            assertEquals("transaction", resource.getString("associated_data"));
            assertEquals("AEAD_AES_256_GCM", resource.getString("algorithm"));
            assertTrue(resource.getString("nonce").matches("[A-Za-z0-9]{12}"), resource.toString());
            assertFalse(posts.get(0).body().contains(tx), "the transaction travels encrypted only");

            String plaintext = decrypt(resource, m.apiV3Key);
            JsonObject transaction = Http.jsonOf(plaintext);
            assertEquals("SUCCESS", transaction.getString("trade_state"));
            assertEquals(tx, transaction.getString("transaction_id"));
            assertEquals(ref, transaction.getString("out_trade_no"));
            assertEquals(m.companyMerchantId, transaction.getString("mchid"));
            assertEquals(2599, transaction.getJsonObject("amount").getInt("payer_total"));
            Reply query = m.alphapay("GET", "v3/pay/transactions/out-trade-no/" + ref + "?mchid=" + m.companyMerchantId, null);
            assertEquals(query.body(), plaintext, "exactly what the query answers");
        }
    }

    @Test
    void aBetapayPaymentIsNotifiedWithOneFormSignedByTheCompany() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-cb-pay"));
        try (Receiver merchant = Receiver.answering(Receiver.SUCCESS)) {
            String ref = orderRef();
            String notifyUrl = merchant.url("/betapay/notify").toString();
            JsonObject created = m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref
                    + "\",\"total_amount\":\"25.99\",\"subject\":\"s\"}", Map.of("notify_url", notifyUrl));
            assertEquals("10000", created.getString("code"), created.toString());
            String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");

            JsonObject shown = delivered(m, ref, 1).getJsonObject(0);
            assertEquals("trade_status_sync.paid", shown.getString("kind"));
            assertEquals(1, shown.getInt("attempts"));
            assertEquals(notifyUrl, shown.getString("url"));
            List<Receiver.Received> posts = merchant.received();
            assertEquals(1, posts.size());
            Receiver.Received post = posts.get(0);
            assertEquals("POST", post.method());
            assertEquals("application/x-www-form-urlencoded; charset=utf-8", post.header("Content-Type"));
            Map<String, String> form = formOf(post.body());
            assertTrue(notificationVerifies(m, form), "the sign verifies with the company's public key: " + form);
            assertEquals("trade_status_sync", form.get("notify_type"));
            assertEquals(m.appId, form.get("app_id"));
            assertEquals("utf-8", form.get("charset"));
            assertEquals("1.0", form.get("version"));
            assertEquals("RSA2", form.get("sign_type"));
            assertEquals(tx, form.get("trade_no"));
            assertEquals(ref, form.get("out_trade_no"));
            assertEquals("TRADE_SUCCESS", form.get("trade_status"));
            assertEquals("25.99", form.get("total_amount"));
            assertEquals("25.99", form.get("buyer_pay_amount"));
            assertTrue(form.get("gmt_payment").matches(GATEWAY_TIME), form.toString());
            assertTrue(form.get("notify_time").matches(GATEWAY_TIME), form.toString());
            assertFalse(form.get("notify_id").isEmpty());
            assertFalse(form.containsKey("out_biz_no"));
            Map<String, String> tampered = new TreeMap<>(form);
            tampered.put("total_amount", "0.01");
            assertFalse(notificationVerifies(m, tampered), "a changed field breaks the sign");
        }
    }

    @Test
    void aCloseIsNotifiedOnceAsTransactionClosedAndTradeClosed() throws Exception {
        try (Receiver merchant = Receiver.answering(Receiver.SUCCESS)) {
            SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("ap-cb-close"));
            String aRef = orderRef();
            a.alphapay("POST", "v3/pay/transactions/native", withNotifyUrl(a.createBody(aRef, 500, "CNY"), merchant.url("/a").toString()));
            String closeBody = "{\"mchid\":\"" + a.companyMerchantId + "\"}";
            assertEquals(204, a.alphapay("POST", "v3/pay/transactions/out-trade-no/" + aRef + "/close", closeBody).status());
            assertEquals(204, a.alphapay("POST", "v3/pay/transactions/out-trade-no/" + aRef + "/close", closeBody).status());
            assertEquals("TRANSACTION.CLOSED", delivered(a, aRef, 1).getJsonObject(0).getString("kind"), "closing again reports nothing new");
            List<Receiver.Received> atA = merchant.receivedAt("/a");
            assertEquals(1, atA.size());
            assertTrue(a.alphapayAnswerVerifies(atA.get(0).asReply()));
            JsonObject event = Http.jsonOf(atA.get(0).body());
            assertEquals("TRANSACTION.CLOSED", event.getString("event_type"));
            JsonObject transaction = Http.jsonOf(decrypt(event.getJsonObject("resource"), a.apiV3Key));
            assertEquals("CLOSED", transaction.getString("trade_state"));
            assertEquals(aRef, transaction.getString("out_trade_no"));
            assertFalse(transaction.containsKey("transaction_id"));

            SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("bp-cb-close"));
            String bRef = orderRef();
            b.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + bRef + "\",\"total_amount\":\"5.00\",\"subject\":\"s\"}",
                    Map.of("notify_url", merchant.url("/b").toString()));
            assertEquals("10000", b.betapay("betapay.trade.close", "{\"out_trade_no\":\"" + bRef + "\"}").getString("code"));
            assertEquals("trade_status_sync.closed", delivered(b, bRef, 1).getJsonObject(0).getString("kind"));
            List<Receiver.Received> atB = merchant.receivedAt("/b");
            assertEquals(1, atB.size());
            Map<String, String> form = formOf(atB.get(0).body());
            assertTrue(notificationVerifies(b, form));
            assertEquals("TRADE_CLOSED", form.get("trade_status"));
            assertEquals(bRef, form.get("out_trade_no"));
            assertEquals("5.00", form.get("total_amount"));
            assertFalse(form.containsKey("buyer_pay_amount"), "never paid");
            assertFalse(form.containsKey("gmt_payment"));
        }
    }

    @Test
    void anAlphapayRefundIsNotifiedOnceItsDelayHasPassedWithItsFinalState() throws Exception {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("ap-cb-refund"));
        String refunds = "v3/refund/domestic/refunds";
        try (Receiver merchant = Receiver.answering(Receiver.SUCCESS)) {
            String ref = orderRef();
            paidOrder(m, ref, 1000, "CNY");
            String refundNo = "cb1-" + ref;
            String refundUrl = merchant.url("/refund").toString();
            Reply made = m.alphapay("POST", refunds, withNotifyUrl(refundBody(m, ref, refundNo, 400, 1000, "CNY"), refundUrl));
            assertEquals(200, made.status(), made.toString());
            assertEquals("PROCESSING", made.json().getString("status"));

            JsonObject shown = delivered(m, ref, 1).getJsonObject(0);
            assertEquals("REFUND.SUCCESS", shown.getString("kind"));
            assertEquals(refundNo, shown.getString("refundNo"));
            assertEquals(refundUrl, shown.getString("url"));
            List<Receiver.Received> posts = merchant.received();
            assertEquals(1, posts.size());
            assertTrue(m.alphapayAnswerVerifies(posts.get(0).asReply()));
            JsonObject event = Http.jsonOf(posts.get(0).body());
            assertEquals("REFUND.SUCCESS", event.getString("event_type"));
            assertEquals("refund", event.getJsonObject("resource").getString("original_type"));
            assertEquals("refund", event.getJsonObject("resource").getString("associated_data"));
            String plaintext = decrypt(event.getJsonObject("resource"), m.apiV3Key);
            JsonObject refund = Http.jsonOf(plaintext);
            assertEquals("SUCCESS", refund.getString("status"));
            assertEquals(refundNo, refund.getString("out_refund_no"));
            assertEquals(ref, refund.getString("out_trade_no"));
            assertEquals(400, refund.getJsonObject("amount").getInt("refund"));
            assertTrue(refund.getString("success_time").matches(BEIJING_ISO), refund.toString());
            Reply queried = m.alphapay("GET", refunds + "/" + refundNo, null);
            assertEquals(queried.body(), plaintext, "exactly the refund query's record");

            // A second refund, made after the first was reported: by the time it is reported (its
            // delay, then a round), the timer has run several rounds more over the first one.
            String abnormal = orderRef();
            paidOrder(m, abnormal, 300, "CNY");
            assertEquals(200, Http.admin("PUT", m.helper("orders/" + abnormal + "/refund-outcome"), "{\"state\":\"ABNORMAL\"}").status());
            m.alphapay("POST", refunds, withNotifyUrl(refundBody(m, abnormal, "cb2-" + abnormal, 100, 300, "CNY"), refundUrl));
            assertEquals("REFUND.ABNORMAL", delivered(m, abnormal, 1).getJsonObject(0).getString("kind"));
            assertEquals(1, callbacks(m, ref).size(), "the first refund was reported once, however many rounds ran since");
            List<Receiver.Received> all = merchant.received();
            assertEquals(2, all.size(), "one POST per refund");
            JsonObject abnormalEvent = Http.jsonOf(all.get(1).body());
            assertEquals("REFUND.ABNORMAL", abnormalEvent.getString("event_type"));
            JsonObject abnormalRefund = Http.jsonOf(decrypt(abnormalEvent.getJsonObject("resource"), m.apiV3Key));
            assertEquals("ABNORMAL", abnormalRefund.getString("status"));
            assertEquals("cb2-" + abnormal, abnormalRefund.getString("out_refund_no"));
            assertFalse(abnormalRefund.containsKey("success_time"));
        }
    }

    @Test
    void aBetapayRefundIsNotifiedWhenMadeWithOutBizNoToItsOwnUrlElseTheTrades() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("bp-cb-refund"));
        try (Receiver merchant = Receiver.answering(Receiver.SUCCESS)) {
            String ref = orderRef();
            String tradeUrl = merchant.url("/trade").toString();
            String refundUrl = merchant.url("/refund").toString();
            m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + ref + "\",\"total_amount\":\"10.00\",\"subject\":\"s\"}",
                    Map.of("notify_url", tradeUrl));
            String tx = Http.admin("POST", m.helper("payments/" + ref + "/pay"), null).json().getString("transactionId");
            String n1 = "{\"out_trade_no\":\"" + ref + "\",\"refund_amount\":\"3.00\",\"out_request_no\":\"n1\"}";
            assertEquals("Y", m.betapay("betapay.trade.refund", n1).getString("fund_change"));
            assertEquals("N", m.betapay("betapay.trade.refund", n1).getString("fund_change"));
            String n2 = "{\"out_trade_no\":\"" + ref + "\",\"refund_amount\":\"7.00\",\"out_request_no\":\"n2\"}";
            assertEquals("Y", m.betapay("betapay.trade.refund", n2, Map.of("notify_url", refundUrl)).getString("fund_change"));

            JsonArray shown = delivered(m, ref, 3);
            assertEquals(List.of("trade_status_sync.paid", "trade_status_sync.refund", "trade_status_sync.refund"),
                    shown.stream().map(c -> c.asJsonObject().getString("kind")).toList(), "the repeated refund reports nothing");
            assertEquals(List.of(tradeUrl, tradeUrl, refundUrl), shown.stream().map(c -> c.asJsonObject().getString("url")).toList());
            assertEquals("n1", shown.getJsonObject(1).getString("refundNo"));
            assertEquals("n2", shown.getJsonObject(2).getString("refundNo"));

            List<Receiver.Received> atTrade = merchant.receivedAt("/trade");
            assertEquals(2, atTrade.size());
            Map<String, String> first = atTrade.stream().map(r -> formOf(r.body())).filter(f -> f.containsKey("out_biz_no"))
                    .findFirst().orElseThrow();
            assertTrue(notificationVerifies(m, first), first.toString());
            assertEquals("n1", first.get("out_biz_no"));
            assertEquals("TRADE_SUCCESS", first.get("trade_status"), "partly refunded");
            assertEquals("3.00", first.get("refund_fee"));
            assertEquals("3.00", first.get("send_back_fee"));
            assertEquals("10.00", first.get("buyer_pay_amount"));
            assertEquals(tx, first.get("trade_no"));
            assertTrue(first.get("gmt_refund").matches(GATEWAY_TIME), first.toString());

            List<Receiver.Received> atRefund = merchant.receivedAt("/refund");
            assertEquals(1, atRefund.size());
            Map<String, String> second = formOf(atRefund.get(0).body());
            assertTrue(notificationVerifies(m, second), second.toString());
            assertEquals("n2", second.get("out_biz_no"));
            assertEquals("TRADE_CLOSED", second.get("trade_status"), "refunded in full");
            assertEquals("10.00", second.get("refund_fee"), "what the trade has refunded in all");
            assertEquals("7.00", second.get("send_back_fee"));
        }
    }

    @Test
    void withoutANotifyUrlNothingIsSent() {
        try (Receiver merchant = Receiver.answering(Receiver.SUCCESS)) {
            SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("ap-cb-none"));
            String refunds = "v3/refund/domestic/refunds";
            String silent = orderRef();
            paidOrder(a, silent, 500, "CNY");
            assertEquals(200, a.alphapay("POST", refunds, refundBody(a, silent, "s1-" + silent, 100, 500, "CNY")).status());
            String silentClosed = orderRef();
            a.alphapay("POST", "v3/pay/transactions/native", a.createBody(silentClosed, 100, "CNY"));
            assertEquals(204, a.alphapay("POST", "v3/pay/transactions/out-trade-no/" + silentClosed + "/close",
                    "{\"mchid\":\"" + a.companyMerchantId + "\"}").status());
            SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("bp-cb-none"));
            String betaSilent = orderRef();
            paidOrder(b, betaSilent, 500, "CNY");
            assertEquals("10000", b.betapay("betapay.trade.refund", "{\"out_trade_no\":\"" + betaSilent + "\",\"refund_amount\":\"1.00\"}")
                    .getString("code"));

            // A control made after them, with a notify URL: once its refund is reported, the silent
            // refund (older, decided first) has been decided too.
            String control = orderRef();
            String url = merchant.url("/control").toString();
            a.alphapay("POST", "v3/pay/transactions/native", withNotifyUrl(a.createBody(control, 500, "CNY"), url));
            Http.admin("POST", a.helper("payments/" + control + "/pay"), null);
            a.alphapay("POST", refunds, withNotifyUrl(refundBody(a, control, "c1-" + control, 100, 500, "CNY"), url));
            delivered(a, control, 2);

            assertEquals("SUCCESS", companyRefunds(a, silent).getJsonObject(0).getString("state"));
            for (String ref : List.of(silent, silentClosed)) {
                assertEquals(0, callbacks(a, ref).size(), ref);
            }
            assertEquals(0, callbacks(b, betaSilent).size());
            assertEquals(2, merchant.received().size(), "only the control's payment and refund");
        }
    }

    @Test
    void aNotifyUrlThatIsNotAnHttpUrlIsRefusedNamingIt() {
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("ap-cb-bad"));
        String ref = orderRef();
        for (String bad : List.of("ftp://merchant.example/notify", "/notify", "javascript:alert(1)")) {
            Reply r = a.alphapay("POST", "v3/pay/transactions/native", withNotifyUrl(a.createBody(ref, 100, "CNY"), bad));
            assertEquals(400, r.status(), bad);
            assertEquals("PARAM_ERROR", r.json().getString("code"));
            assertTrue(r.json().getString("message").contains("notify_url"), r.toString());
        }
        assertEquals(404, Http.admin("GET", a.helper("orders/" + ref), null).status(), "no order was made");
        paidOrder(a, ref, 100, "CNY");
        Reply refund = a.alphapay("POST", "v3/refund/domestic/refunds", withNotifyUrl(refundBody(a, ref, "b1-" + ref, 100, 100, "CNY"),
                "not a url"));
        assertEquals(400, refund.status());
        assertEquals("PARAM_ERROR", refund.json().getString("code"));

        SandboxMerchant b = SandboxMerchant.open(base, "betapay", unique("bp-cb-bad"));
        String biz = "{\"out_trade_no\":\"" + orderRef() + "\",\"total_amount\":\"1.00\",\"subject\":\"s\"}";
        JsonObject refused = b.betapay("betapay.trade.precreate", biz, Map.of("notify_url", "mailto:merchant@example.com"));
        assertEquals("ACQ.INVALID_PARAMETER", refused.getString("sub_code"), refused.toString());
        assertTrue(refused.getString("sub_msg").contains("notify_url"), refused.toString());
        assertEquals("10000", b.betapay("betapay.trade.precreate", biz, Map.of("notify_url", "")).getString("code"),
                "an empty notify_url is none, as in the signature rule");
    }

    // ---- the rest ------------------------------------------------------------------------------

    @Test
    void unknownPathsAnswerInTheirOwnersFormat() {
        Reply admin = Http.send("GET", base.resolve("nowhere/at/all"), Map.of(), (String) null);
        assertEquals(404, admin.status());
        assertEquals(404, admin.json().getInt("code"));
        SandboxMerchant a = SandboxMerchant.open(base, "alphapay", unique("paths"));
        Reply alphapay = a.alphapay("POST", "v3/pay/transactions/cash", a.createBody(orderRef(), 1, "CNY"));
        assertEquals(404, alphapay.status());
        assertTrue(alphapay.json().containsKey("code") && alphapay.json().containsKey("message"));
        Reply method = a.alphapay("DELETE", "v3/global/customs/orders", null);
        assertEquals(405, method.status());
    }

    @Test
    void readinessReportsTheSandboxDatabaseWithoutSayingWhereItIs() {
        Reply ready = Http.send("GET", base.resolve("/health/ready"), Map.of(), (String) null);
        assertEquals(200, ready.status(), ready.toString());
        JsonObject check = ready.json().getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> c.getString("name").equals("sandbox-database")).findFirst().orElseThrow();
        assertEquals("UP", check.getString("status"));
        String data = check.toString().toLowerCase();
        for (String secret : List.of("jdbc", "postgres", "localhost", "127.0.0.1", "version", base.getHost().toLowerCase())) {
            assertFalse(data.contains(secret), secret + " in " + data);
        }
    }

    // ---- payouts (the admin side; the protocols' payout calls are tested with them) -------------

    /** The terms as the company shows them, without the envelope or the flag. */
    static JsonObject termsOnly(JsonObject t) {
        return jakarta.json.Json.createObjectBuilder(t).remove("code").remove("configured").build();
    }

    static JsonObject offeredTerms(URI base, String company, String currency) {
        Reply r = Http.admin("GET", base.resolve(company + "/payout-terms"), null);
        assertEquals(200, r.status(), r.toString());
        return r.json().getJsonArray("terms").stream().map(JsonValue::asJsonObject).filter(t -> t.getString("currency").equals(currency))
                .findFirst().orElse(null);
    }

    @Test
    void payoutTermsAreSetListedWithTheDefaultGbpTermsAndRemoved() {
        URI terms = base.resolve("alphapay/payout-terms");
        Http.admin("DELETE", base.resolve("alphapay/payout-terms?currency=CHF"), null);
        Reply set = Http.admin("PUT", terms, "{\"currency\":\"CHF\",\"rate\":\"8.1\",\"rateDate\":\"2026-11-26\",\"feeFixed\":100,"
                + "\"feePercent\":\"0.25\",\"paidAfterSeconds\":5}");
        assertEquals(200, set.status(), set.toString());
        JsonObject chf = Http.jsonOf("{\"currency\":\"CHF\",\"rate\":\"8.10000000\",\"rateDate\":\"2026-11-26\",\"feeFixed\":100,"
                + "\"feePercent\":\"0.25\",\"paidAfterSeconds\":5}");
        assertEquals(chf, termsOnly(set.json()));
        assertTrue(set.json().getBoolean("configured"));
        assertEquals(chf, termsOnly(offeredTerms(base, "alphapay", "CHF")), "listed as set");
        assertNull(offeredTerms(base, "betapay", "CHF"), "each company has its own terms");
        JsonObject gbp = offeredTerms(base, "alphapay", "GBP");
        assertTrue(gbp != null, "another currency's terms leave GBP paid out");
        if (!gbp.getBoolean("configured")) {
            assertEquals("9.12345678", gbp.getString("rate"), gbp.toString());
            assertEquals("0.50", gbp.getString("feePercent"));
            assertEquals(0, gbp.getInt("feeFixed"));
            assertEquals(2, gbp.getInt("paidAfterSeconds"));
        }

        String before = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).toString();
        Reply today = Http.admin("PUT", terms, "{\"currency\":\"CHF\",\"rate\":7.12345678,\"feeFixed\":0,\"feePercent\":1,"
                + "\"paidAfterSeconds\":0}");
        String after = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).toString();
        assertEquals(200, today.status(), today.toString());
        assertTrue(List.of(before, after).contains(today.json().getString("rateDate")), "without a rateDate: today in Beijing " + today);
        assertEquals("7.12345678", today.json().getString("rate"));
        assertEquals("1.00", today.json().getString("feePercent"));

        assertEquals(200, Http.admin("DELETE", base.resolve("alphapay/payout-terms?currency=CHF"), null).status());
        assertNull(offeredTerms(base, "alphapay", "CHF"));
        Reply again = Http.admin("DELETE", base.resolve("alphapay/payout-terms?currency=CHF"), null);
        assertEquals(404, again.status(), again.toString());
        assertEquals("currency", again.json().getString("field"));
    }

    @Test
    void badPayoutTermsAre400NamingTheFieldAndChangeNothing() {
        URI terms = base.resolve("betapay/payout-terms");
        Map<String, String> bad = new TreeMap<>(Map.of(
                "currency", "{\"currency\":\"XAU\",\"rate\":\"9\",\"feeFixed\":0,\"feePercent\":\"0.5\",\"paidAfterSeconds\":2}",
                "rate", "{\"currency\":\"CHF\",\"rate\":\"9.123456789\",\"feeFixed\":0,\"feePercent\":\"0.5\",\"paidAfterSeconds\":2}",
                "rateDate", "{\"currency\":\"CHF\",\"rate\":\"9\",\"rateDate\":\"26.11.2026\",\"feeFixed\":0,\"feePercent\":\"0.5\","
                        + "\"paidAfterSeconds\":2}",
                "feeFixed", "{\"currency\":\"CHF\",\"rate\":\"9\",\"feeFixed\":-1,\"feePercent\":\"0.5\",\"paidAfterSeconds\":2}",
                "feePercent", "{\"currency\":\"CHF\",\"rate\":\"9\",\"feeFixed\":0,\"feePercent\":\"100\",\"paidAfterSeconds\":2}",
                "paidAfterSeconds", "{\"currency\":\"CHF\",\"rate\":\"9\",\"feeFixed\":0,\"feePercent\":\"0.5\"}"));
        for (Map.Entry<String, String> e : bad.entrySet()) {
            Reply r = Http.admin("PUT", terms, e.getValue());
            assertEquals(400, r.status(), e.getKey() + ": " + r);
            assertEquals(400, r.json().getInt("code"));
            assertEquals(e.getKey(), r.json().getString("field"), r.toString());
        }
        assertNull(offeredTerms(base, "betapay", "CHF"), "nothing was set");
        Reply unknown = Http.admin("PUT", base.resolve("gammapay/payout-terms"), bad.get("rate"));
        assertEquals(404, unknown.status());
        assertEquals("paymentMethod", unknown.json().getString("field"));
    }

    @Test
    void theFundsOfAFreshAccountAreAllZeroWithoutBeneficiaryOrPayouts() {
        for (String company : List.of("alphapay", "betapay")) {
            SandboxMerchant m = SandboxMerchant.open(base, company, unique("funds-new"));
            Reply r = Http.admin("GET", m.helper("funds"), null);
            assertEquals(200, r.status(), r.toString());
            assertEquals(Http.jsonOf("{\"code\":200,\"available\":0,\"held\":0,\"inTransit\":0,\"paidOut\":0,\"pending\":0,"
                    + "\"beneficiary\":null,\"payouts\":[]}"), r.json(), company);
        }
    }

    @Test
    void theFundsArePaidCnyOrdersLessRefundsWithHeldMoneyApartUntilItIsReleased() {
        SandboxMerchant m = SandboxMerchant.open(base, "alphapay", unique("funds"));
        paidOrder(m, orderRef(), 2599, "CNY");
        paidOrder(m, orderRef(), 1000, "GBP");
        assertEquals(200, m.alphapay("POST", "v3/pay/transactions/native", m.createBody(orderRef(), 5000, "CNY")).status());
        String refunded = orderRef();
        paidOrder(m, refunded, 1000, "CNY");
        assertEquals(200, m.alphapay("POST", "v3/refund/domestic/refunds", refundBody(m, refunded, "r-" + refunded, 300, 1000, "CNY"))
                .status());
        String held = orderRef();
        m.paidHeldOrder(held, 700);

        JsonObject funds = Http.admin("GET", m.helper("funds"), null).json();
        assertEquals(2599 + 1000 - 300, funds.getInt("available"), "paid CNY orders less a refund not CLOSED; GBP and unpaid not: " + funds);
        assertEquals(700, funds.getInt("held"), funds.toString());
        assertEquals(0, funds.getInt("inTransit"));
        assertEquals(0, funds.getInt("paidOut"));

        assertEquals(200, Http.admin("POST", m.helper("orders/" + held + "/age"), "{\"days\":31}").status());
        JsonObject released = Http.admin("GET", m.helper("funds"), null).json();
        assertEquals(0, released.getInt("held"), "paid 31 days ago, the company released it when the funds were read: " + released);
        assertEquals(2599 + 1000 - 300 + 700, released.getInt("available"));
    }

    @Test
    void aPayoutFailureIsArrangedWithAReasonAndCleared() {
        SandboxMerchant m = SandboxMerchant.open(base, "betapay", unique("payout-fail"));
        URI failure = m.helper("payouts/failure");
        Reply arranged = Http.admin("POST", failure, "{\"reason\":\"BANK_ACCOUNT_CLOSED\"}");
        assertEquals(200, arranged.status(), arranged.toString());
        assertEquals("BANK_ACCOUNT_CLOSED", arranged.json().getString("reason"));
        Reply noReason = Http.admin("POST", failure, "{}");
        assertEquals(400, noReason.status(), noReason.toString());
        assertEquals("reason", noReason.json().getString("field"));
        Reply cleared = Http.admin("DELETE", failure, null);
        assertEquals(200, cleared.status(), cleared.toString());
        Reply nobody = Http.admin("POST", base.resolve("betapay/nobody-" + UUID.randomUUID() + "/payouts/failure"), "{\"reason\":\"x\"}");
        assertEquals(404, nobody.status());
        assertEquals("merchant", nobody.json().getString("field"));
    }

    /** After every test of the class: nothing secret reached the server log. */
    @AfterAll
    static void theServerLogHoldsNoKeysOrIdentities() throws IOException {
        // The sandbox's Micro writes its log to the output the start script keeps (sandbox.log).
        Path log = Path.of(System.getProperty("sandbox.fast.log"));
        List<Path> files;
        try (var listing = Files.list(log.toAbsolutePath().getParent())) {
            files = listing.filter(p -> p.getFileName().toString().startsWith(log.getFileName().toString()))
                    .filter(p -> !p.getFileName().toString().endsWith(".lck")).toList();
        }
        assertFalse(files.isEmpty(), "the server log is where the start script puts it");
        for (Path file : files) {
            String text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
            assertTrue(text.contains("account"), "the log holds the business events: " + file);
            for (String secret : List.of("BEGIN PRIVATE KEY", ID, "11010519491231003X", NAME, "李四")) {
                assertFalse(text.contains(secret), secret + " in the server log " + file);
            }
        }
    }

    // ---- helpers -------------------------------------------------------------------------------

    JsonObject requests(SandboxMerchant m, String kind, String ref) {
        StringBuilder q = new StringBuilder("requests");
        String sep = "?";
        if (kind != null) {
            q.append(sep).append("kind=").append(kind);
            sep = "&";
        }
        if (ref != null) {
            q.append(sep).append("orderRef=").append(ref);
        }
        Reply r = Http.admin("GET", m.helper(q.toString()), null);
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    static PrivateKey otherKey() throws NoSuchAlgorithmException {
        KeyPairGenerator g = KeyPairGenerator.getInstance("RSA");
        g.initialize(2048);
        return g.generateKeyPair().getPrivate();
    }

    /** Polls until true, bounded (the customs delay is configured short; this only avoids a fixed sleep). */
    static void await(String what, Supplier<Boolean> condition) {
        await(what, CUSTOMS_WAIT, condition);
    }

    static void await(String what, Duration bound, Supplier<Boolean> condition) {
        long deadline = System.nanoTime() + bound.toNanos();
        while (!condition.get()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting: " + what);
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }
}
