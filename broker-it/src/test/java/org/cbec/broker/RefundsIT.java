package org.cbec.broker;

import static org.cbec.testing.ApiAssertions.assertEnvelope;
import static org.cbec.testing.ApiAssertions.assertNotAuthenticated;
import static org.cbec.testing.ApiAssertions.at;
import static org.cbec.testing.Http.basic;
import static org.cbec.testing.Http.get;
import static org.cbec.testing.Http.postJson;
import static org.cbec.testing.Http.send;
import static org.cbec.testing.Await.awaitTrue;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.File;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.net.URL;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.cbec.platform.identity.ResidentId;
import org.cbec.reconciliation.ReconciliationView;
import org.cbec.reconciliation.boundary.DailyBills;
import org.cbec.reconciliation.control.BillRun;
import org.cbec.testing.Bursts;
import org.cbec.testing.Http;
import org.cbec.testing.Metrics;
import org.cbec.testing.Http.Reply;
import org.cbec.testing.SandboxClient;
import org.cbec.testing.ServerLog;
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
 * Refunds end to end through both sandbox companies: alphapay's asynchronous refunds (PROCESSING,
 * then SUCCESS after the sandbox's delay) and betapay's synchronous ones; what the client sees,
 * what the broker stored, and what the company holds (its refunds of the order, its request log).
 * And settlement, the other way money leaves a payment, in the same deployment: receivers, splits
 * of held payments, releases, and what each company holds.
 */
@ExtendWith(ArquillianExtension.class)
class RefundsIT {

    /**
     * The tests run a second time on Debian's PostgreSQL server, the data center's database (broker-it's
     * pom, failsafe's postgresql-server execution); every test runs on the embedded PostgreSQL.
     */
    static final String POSTGRESQL_SERVER = "postgresql-server";
    private static final String KEY = System.getenv("DEMO_API_KEY");
    private static final List<String> METHODS = List.of("alphapay", "betapay");
    private static final List<String> RESULT_FIELDS = List.of("code", "message", "orderRef", "refundRef", "refundId", "state", "amount",
            "currency", "totalAmount", "payerTotal", "payerRefund", "settlementTotal", "settlementAmount", "createTime", "successTime");
    private static final String PAYER = "张三";
    private static final String PAYER_ID = "11010519491231002" + ResidentId.checkCharacter("11010519491231002");
    /** The sandbox pays GBP at this many CNY fen per penny. */
    private static final long GBP_IN_CNY = 9;

    @Deployment
    static WebArchive deployment() {
        return SharedDeployment.war(new File("target/broker.war"), RefundsIT.class);
    }

    @ArquillianResource
    URL base;

    @Resource(lookup = "jdbc/cbec")
    DataSource dataSource;

    private static final SandboxClient SANDBOX = SandboxClient.fromEnvironment();

    @BeforeEach
    void theDemoMerchantHasItsCompanyAccounts() {
        SANDBOX.registerOnce(at(base, ""), basic("admin", System.getenv("ADMIN_PASSWORD")), "demo");
    }

    @Test
    void partialThenFullRefundsOnBothCompaniesAddUpAndShowThePaymentAsRefunded() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 10_000, "CNY");
            Reply first = refund(method, ref, "r1-" + ref, 2_500, ",\"currency\":\"CNY\",\"reason\":\"退货一件\"");
            assertEquals(200, first.status(), () -> method + ": " + first);
            assertEquals(method.equals("alphapay") ? "PROCESSING" : "SUCCESS", first.json().getString("state"),
                    method + " refunds " + (method.equals("alphapay") ? "asynchronously" : "at once"));
            JsonObject one = settled(method, ref, "r1-" + ref);
            assertAddsUp(one, ref, "r1-" + ref, 2_500, 10_000, "CNY", 10_000, 2_500);
            assertEquals("退货一件", one.getString("reason"));
            JsonObject q = queryPayment(method, ref);
            assertEquals("REFUND", q.getString("tradeState"));
            assertEquals("partly refunded: 2500 of 10000 CNY", q.getString("tradeStateDesc"));

            assertEquals(200, refund(method, ref, "r2-" + ref, 7_500, "").status());
            JsonObject two = settled(method, ref, "r2-" + ref);
            assertAddsUp(two, ref, "r2-" + ref, 7_500, 10_000, "CNY", 10_000, 7_500);
            assertEquals("fully refunded", queryPayment(method, ref).getString("tradeStateDesc"));
            JsonObject list = get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref), "app-api-key", KEY).json();
            assertEquals(10_000, list.getJsonNumber("refundedTotal").longValue());
            assertEquals(10_000, list.getJsonNumber("totalAmount").longValue());
            assertEquals(List.of("r1-" + ref, "r2-" + ref), list.getJsonArray("refunds").stream()
                    .map(v -> v.asJsonObject().getString("refundRef")).toList());
            assertEquals(2, company(method, ref).size(), "the company made two refunds");
            assertEquals(10_000, company(method, ref).stream().mapToLong(r -> r.getJsonNumber("amount").longValue()).sum());
        }
    }

    @Test
    void aFullRefundOfAGbpPaymentGivesThePayerBackEveryFenPaid() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 1_234, "GBP");
            assertEquals(200, refund(method, ref, "all-" + ref, 1_234, ",\"currency\":\"GBP\"").status());
            JsonObject r = settled(method, ref, "all-" + ref);
            assertAddsUp(r, ref, "all-" + ref, 1_234, 1_234, "GBP", 1_234 * GBP_IN_CNY, 1_234 * GBP_IN_CNY);
            assertEquals("CNY", r.getString("payerCurrency"));
            assertEquals("fully refunded", queryPayment(method, ref).getString("tradeStateDesc"));
        }
    }

    @Test
    void aPaymentPaidAtTheCompanyButNotYetQueriedHereIsRefunded() {
        String ref = ref();
        assertEquals(200, createPayment("betapay", ref, 500, "CNY").status());
        assertEquals(200, SANDBOX.pay("betapay", "demo", ref).status());
        Reply r = refund("betapay", ref, "early-" + ref, 500, "");
        assertEquals(200, r.status(), r::toString);
        assertEquals("SUCCESS", r.json().getString("state"));
    }

    @Test
    void theSameRefundAgainIsTheSameRefundWithOneCompanyCallAndEveryRuleFailureChangesNothing() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 5_000, "CNY");
            Reply first = refund(method, ref, "same-" + ref, 1_000, "");
            Reply again = refund(method, ref, "same-" + ref, 1_000, ",\"currency\":\"CNY\"");
            assertEquals(200, again.status(), again::toString);
            assertEquals(first.json().getString("refundId"), again.json().getString("refundId"));
            assertEquals(first.json().getString("createTime"), again.json().getString("createTime"));
            assertEquals(1, SANDBOX.requests(method, "demo", "refund", ref), method + ": one refund request reached the company");

            List<String> before = stored(ref);
            String other = paid(method, 5_000, "CNY");
            String unpaid = ref();
            assertEquals(200, createPayment(method, unpaid, 5_000, "CNY").status());
            assertRefused(422, "refundRef", refund(method, ref, "same-" + ref, 1_001, ""));
            assertRefused(422, "refundRef", refund(method, other, "same-" + ref, 1_000, ""));
            assertRefused(422, "amount", refund(method, ref, "over-" + ref, 4_001, ""));
            assertRefused(422, "currency", refund(method, ref, "gbp-" + ref, 1_000, ",\"currency\":\"GBP\""));
            assertRefused(422, "orderRef", refund(method, unpaid, "unpaid-" + unpaid, 1, ""));
            assertRefused(422, "reason", refund(method, ref, "long-" + ref, 1, ",\"reason\":\"" + "长".repeat(81) + "\""));
            assertRefused(422, "refundRef", refund(method, ref, "no/slash", 1, ""));
            assertRefused(404, null, refund(method, "nosuchorder" + ref.substring(2, 12), "x-" + ref, 1, ""));
            assertRefused(404, null, get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=nosuch"),
                    "app-api-key", KEY));
            assertNotAuthenticated(postJson(api("refund/demo"), body(method, ref, "nokey-" + ref, 1, "")));
            assertNotAuthenticated(postJson(api("refund/demo"), body(method, ref, "nokey-" + ref, 1, ""), "app-api-key", "cbk_wrong"));
            assertNotAuthenticated(get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref), "app-api-key", "cbk_wrong"));
            assertEquals(before, stored(ref), "nothing stored changed");
            assertEquals(0, count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?", unpaid));
            assertEquals(1, SANDBOX.requests(method, "demo", "refund", ref), "no refused request reached the company");
            assertEquals(4_000, remaining(method, ref), "4000 fen are left to refund");
        }
    }

    // ---- the payment method is optional -----------------------------------------------------------------

    @Test
    void aRefundCreatedQueriedAndListedWithoutPaymentMethodIsOfThePaymentAtItsOneCompany() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 1_000, "CNY");
            String refundRef = "nm-" + ref;
            Reply created = postJson(api("refund/demo"), "{\"orderRef\":\"" + ref + "\",\"refundRef\":\"" + refundRef
                    + "\",\"amount\":400}", "app-api-key", KEY);
            assertEquals(200, created.status(), () -> method + ": " + created);
            assertEquals(method, created.json().getString("paymentMethod"));
            assertEquals(1, SANDBOX.requests(method, "demo", "refund", ref), "sent to " + method + ", the company that has the payment");

            JsonObject settled = settled(api("refund/demo?order_ref=" + ref + "&refund_ref=" + refundRef), refundRef);
            assertAddsUp(settled, ref, refundRef, 400, 1_000, "CNY", 1_000, 400);
            assertEquals(method, settled.getString("paymentMethod"));
            Reply listed = get(api("refund/demo?order_ref=" + ref), "app-api-key", KEY);
            assertEquals(200, listed.status(), listed::toString);
            assertEquals(method, listed.json().getString("paymentMethod"));
            assertEquals(400, listed.json().getJsonNumber("refundedTotal").longValue());
            assertEquals(List.of(refundRef), listed.json().getJsonArray("refunds").stream()
                    .map(v -> v.asJsonObject().getString("refundRef")).toList());

            Reply again = refund(method, ref, refundRef, 400, "");
            assertEquals(200, again.status(), again::toString);
            assertEquals(created.json().getString("createTime"), again.json().getString("createTime"),
                    method + ": with paymentMethod, the same refund");
            assertEquals(1, SANDBOX.requests(method, "demo", "refund", ref), method + ": still one refund request at the company");
        }
    }

    @Test
    void aRefundOfAnOrderRefAtBothCompaniesNeedsItsPaymentMethod() throws Exception {
        String ref = ref();
        for (String method : METHODS) {
            assertEquals(200, createPayment(method, ref, 1_000, "CNY").status());
            assertEquals(200, SANDBOX.pay(method, "demo", ref).status());
            assertEquals("SUCCESS", queryPayment(method, ref).getString("tradeState"));
        }
        List<String> before = stored(ref);
        assertRefused(422, "paymentMethod", postJson(api("refund/demo"), "{\"orderRef\":\"" + ref + "\",\"refundRef\":\"both-" + ref
                + "\",\"amount\":100}", "app-api-key", KEY));
        assertRefused(422, "payment_method", get(api("refund/demo?order_ref=" + ref), "app-api-key", KEY));
        assertRefused(422, "payment_method", get(api("refund/demo?order_ref=" + ref + "&refund_ref=both-" + ref), "app-api-key", KEY));
        assertEquals(before, stored(ref), "nothing stored changed");
        for (String method : METHODS) {
            assertEquals(0, SANDBOX.requests(method, "demo", "refund", ref), method + " was sent no refund");
        }

        assertEquals(200, refund("betapay", ref, "both-" + ref, 100, "").status(), "with paymentMethod: betapay's payment");
        assertEquals(100, refundedTotal("betapay", ref));
        assertEquals(0, refundedTotal("alphapay", ref));
    }

    @Test
    void aRefundTheCompanyClosesNoLongerCountsAndAnAbnormalOneStillDoes() throws Exception {
        String ref = paid("alphapay", 1_000, "CNY");
        assertEquals(200, SANDBOX.refundOutcome("demo", ref, "CLOSED").status());
        assertEquals("PROCESSING", refund("alphapay", ref, "closed-" + ref, 1_000, "").json().getString("state"));
        assertRefused(422, "amount", refund("alphapay", ref, "meanwhile-" + ref, 1, ""));
        awaitTrue(() -> refundState("alphapay", ref, "closed-" + ref).equals("CLOSED"), "the company closed the refund");

        assertEquals(200, SANDBOX.refundOutcome("demo", ref, "ABNORMAL").status());
        assertEquals(200, refund("alphapay", ref, "abnormal-" + ref, 1_000, "").status(), "a CLOSED refund frees its amount");
        awaitTrue(() -> refundState("alphapay", ref, "abnormal-" + ref).equals("ABNORMAL"), "the company could not pay back");
        assertRefused(422, "amount", refund("alphapay", ref, "again-" + ref, 1, ""));
        JsonObject list = get(api("refund/demo?payment_method=alphapay&order_ref=" + ref), "app-api-key", KEY).json();
        assertEquals(0, list.getJsonNumber("refundedTotal").longValue(), "nothing went back");
        assertEquals("SUCCESS", queryPayment("alphapay", ref).getString("tradeState"), "not shown as refunded");
    }

    @Test
    void theFiftyFirstRefundOfAPaymentIsRefused() {
        String ref = paid("betapay", 100, "CNY");
        for (int i = 1; i <= 50; i++) {
            Reply r = refund("betapay", ref, "n" + i + "-" + ref, 1, "");
            assertEquals(200, r.status(), r::toString);
        }
        Reply fiftyFirst = refund("betapay", ref, "n51-" + ref, 1, "");
        assertRefused(422, "orderRef", fiftyFirst);
        assertTrue(fiftyFirst.json().getString("message").contains("50 refunds"), fiftyFirst::toString);
        assertEquals(50, count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?", ref));
    }

    @Test
    void twentyConcurrentRefundsOfAFifthEachMakeExactlyFive() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 10_000, "CNY");
            List<Reply> replies = Bursts.atOnce(20, i -> refund(method, ref, "fifth" + i + "-" + ref, 2_000, ""))
                    .stream().map(Bursts.Caller::last).toList();
            assertEquals(5, replies.stream().filter(r -> r.status() == 200).count(), () -> method + ": " + statuses(replies));
            for (Reply r : replies) {
                if (r.status() != 200) {
                    assertRefused(422, "amount", r);
                }
            }
            assertEquals(5, SANDBOX.requests(method, "demo", "refund", ref), method + ": five refunds reached the company");
            awaitTrue(() -> refundedTotal(method, ref) == 10_000, method + ": the five refunds succeed");
            assertEquals(10_000, company(method, ref).stream().mapToLong(r -> r.getJsonNumber("amount").longValue()).sum(),
                    "the company refunded what was paid, no more");
        }
    }

    @Test
    void aRefundTheCompanyDidNotAnswerIsKeptAndResolvedByTheReconciliationOnceAtTheCompany() throws Exception {
        // Each company holds the refund past the broker's read timeout, then makes it: the broker's
        // answer is lost. No client asks again; the reconciliation finds it at the company.
        Map<String, String> refs = new java.util.LinkedHashMap<>();
        for (String method : METHODS) {
            String ref = paid(method, 3_000, "CNY");
            refs.put(method, ref);
            assertEquals(200, SANDBOX.fault(method, "demo", "{\"mode\":\"TIMEOUT\",\"orderRef\":\"" + ref + "\",\"count\":1}").status());
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Reply>> sent = new ArrayList<>();
            for (String method : METHODS) {
                sent.add(pool.submit(() -> refund(method, refs.get(method), "lost-" + refs.get(method), 3_000, "")));
            }
            for (Future<Reply> f : sent) {
                Reply r = f.get(60, TimeUnit.SECONDS);
                assertEnvelope(500, r);
                assertEquals("failure while refunding the payment", r.json().getString("message"));
                assertTrue(r.json().getString("errors").contains("timed out"), r::toString);
            }
        } finally {
            pool.shutdownNow();
            for (String method : METHODS) {
                SANDBOX.clearFaults(method, "demo");
            }
        }
        for (String method : METHODS) {
            String ref = refs.get(method);
            assertEquals(1, count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?", ref),
                    "the refund is kept");
            awaitTrue(() -> count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?"
                    + " AND r.state = 'SUCCESS' AND r.refund_id IS NOT NULL", ref) == 1, method + ": resolved by the reconciliation");
            assertEquals(1, company(method, ref).size(), method + ": the company made one refund");
            assertEquals(3_000, company(method, ref).get(0).getJsonNumber("amount").longValue());
            Reply seen = get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=lost-" + ref), "app-api-key", KEY);
            assertEquals("SUCCESS", seen.json().getString("state"), seen::toString);
        }
    }

    @Test
    void aRefundTheCompanyAnswersTryLaterIsKeptNotClosedAndEndsOnceAsTheCompanySays() throws Exception {
        // alphapay limits the rate and does nothing; betapay fails on its side after making the
        // refund. Neither answer is a refusal: each refund is kept, and the reconciliation asks the
        // company and ends it as the company says (alphapay: none there, so sent again; betapay: found).
        Map<String, String> faults = Map.of(
                "alphapay", "{\"mode\":\"REFUSE\",\"status\":429,\"code\":\"FREQUENCY_LIMITED\",\"count\":1,\"orderRef\":\"%s\"}",
                "betapay", "{\"mode\":\"REFUSE\",\"code\":\"ACQ.SYSTEM_ERROR\",\"afterWork\":true,\"count\":1,\"orderRef\":\"%s\"}");
        Map<String, String> refs = new java.util.LinkedHashMap<>();
        try {
            for (String method : METHODS) {
                String ref = paid(method, 3_000, "CNY");
                refs.put(method, ref);
                assertEquals(200, SANDBOX.fault(method, "demo", String.format(faults.get(method), ref)).status());
                Reply r = refund(method, ref, "later-" + ref, 3_000, "");
                assertEnvelope(500, r);
                assertEquals("failure while refunding the payment", r.json().getString("message"));
                assertTrue(r.json().getString("errors").contains("to be tried later") && r.json().getString("errors").contains("is kept"),
                        r::toString);
                assertEquals(0, count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?"
                        + " AND r.state = 'CLOSED'", ref), method + ": not closed on a try-later answer");
            }
        } finally {
            for (String method : METHODS) {
                SANDBOX.clearFaults(method, "demo");
            }
        }
        for (String method : METHODS) {
            String ref = refs.get(method);
            awaitTrue(() -> count("SELECT COUNT(*) FROM refund r JOIN payment p ON p.id = r.payment_id WHERE p.order_ref = ?"
                    + " AND r.state = 'SUCCESS' AND r.refund_id IS NOT NULL", ref) == 1, method + ": resolved by the reconciliation");
            assertEquals(1, company(method, ref).size(), method + ": the company made one refund");
            Reply seen = get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=later-" + ref), "app-api-key", KEY);
            assertEquals("SUCCESS", seen.json().getString("state"), seen::toString);
        }
    }

    @Test
    void customsRefusesAFullyRefundedPaymentAndAnOrderFeeAbovePaidLessRefunded() throws Exception {
        for (String method : METHODS) {
            String partly = paid(method, 8_000, "CNY");
            assertEquals(200, refund(method, partly, "c-" + partly, 3_000, "").status());
            Reply tooMuch = declare(method, partly, ",\"feeType\":\"CNY\",\"orderFee\":5001");
            assertRefused(400, "orderFee", tooMuch);
            assertTrue(tooMuch.json().getString("message").contains("less the refunds (5000 fen)"), tooMuch::toString);
            Reply left = declare(method, partly, ",\"feeType\":\"CNY\",\"orderFee\":5000");
            assertEquals(200, left.status(), left::toString);

            String fully = paid(method, 2_000, "CNY");
            assertEquals(200, refund(method, fully, "f-" + fully, 2_000, "").status());
            Reply refused = declare(method, fully, "");
            assertRefused(400, "orderNo", refused);
            assertTrue(refused.json().getString("message").contains("fully refunded"), refused::toString);
            assertEquals(0, count("SELECT COUNT(*) FROM declaration WHERE order_no = ?", fully), "nothing declared");
        }
    }

    // ---- settlement: held money split among receivers, then released ------------------------------

    @Test
    void receiversAreAddedListedMaskedAndRemovedAtBothCompaniesAndTheirNamesAreNeverKeptInClear() throws Exception {
        String name = "深圳市分账测试科技有限公司";
        for (String method : METHODS) {
            String account = "rcv-" + ref().substring(2, 12);
            String masked = account.substring(0, 2) + "****" + account.substring(account.length() - 2);
            long shownBefore = shown(method, masked); // another receiver's account may look the same masked
            Reply added = addReceiver(method, "MERCHANT", account, name, "PARTNER");
            assertEquals(200, added.status(), () -> method + ": " + added);
            assertEquals(masked, added.json().getString("account"));
            assertEquals("深" + "*".repeat(name.length() - 1), added.json().getString("name"));
            assertEquals(200, addReceiver(method, "MERCHANT", account, name, "PARTNER").status(), "the same receiver again");
            assertEquals(shownBefore + 1, shown(method, masked), "listed once, masked");
            JsonObject atCompany = companyReceiver(method, account).orElseThrow(() -> new AssertionError(method + " has no " + account));
            assertTrue(atCompany.getString("name").startsWith("深") && !atCompany.getString("name").equals(name),
                    method + " read the name (decrypted at alphapay) and keeps it masked: " + atCompany);
            assertEquals(0, count("SELECT COUNT(*) FROM settlement_receiver WHERE name_masked = ?", name), "no clear name stored");
            assertEquals(0, count("SELECT COUNT(*) FROM payment_event WHERE request LIKE ?", "%" + name + "%"), "nor in an exchange");
            assertTrue(ServerLog.lines().stream().noneMatch(l -> l.contains(name)), "the name is in no log line");

            Reply removed = send("DELETE", api("settlement/receiver/demo?payment_method=" + method + "&account=" + account), null,
                    "app-api-key", KEY);
            assertEquals(200, removed.status(), removed::toString);
            assertEquals(shownBefore, shown(method, masked), "removed at the broker");
            assertTrue(companyReceiver(method, account).isEmpty(), "removed at " + method);
            assertRefused(404, null, send("DELETE", api("settlement/receiver/demo?payment_method=" + method + "&account=" + account), null,
                    "app-api-key", KEY));
        }
    }

    @Test
    void aSplitToTwoReceiversFinishesAddingUpAndAReleaseLeavesNothingHeld() throws Exception {
        for (String method : METHODS) {
            String ref = paid(method, 10_000, "CNY");
            String a = receiverFor(method, "rcv-a");
            String b = receiverFor(method, "rcv-b");
            Reply split = split(method, ref, "s1-" + ref, false, share(a, 1_000), share(b, 2_000));
            assertEquals(200, split.status(), () -> method + ": " + split);
            // While the company holds every split query of the order (a minute): the identical request is answered as stored at
            // once, the company not asked (asking, it would wait for the broker's read timeout, 20 s here, before answering).
            assertEquals(200, SANDBOX.fault(method, "demo", "{\"mode\":\"HOLD\",\"latencyMs\":60000,\"orderRef\":\"" + ref
                    + "\",\"kind\":\"split-query\"}").status());
            long asked = System.nanoTime();
            Reply repeated;
            try {
                repeated = split(method, ref, "s1-" + ref, false, share(a, 1_000), share(b, 2_000));
            } finally {
                assertEquals(200, SANDBOX.clearFaults(method, "demo").status());
            }
            long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - asked);
            assertEquals(200, repeated.status(), () -> method + ": the same split again, answered as stored: " + repeated);
            assertEquals(split.json().getString("settlementRef"), repeated.json().getString("settlementRef"));
            assertTrue(seconds < 10, method + ": answered without waiting for the company, in " + seconds + " s");
            JsonObject done = finished(method, ref, "s1-" + ref);
            long queried = SANDBOX.requests(method, "demo", "split-query", ref);
            Reply again = split(method, ref, "s1-" + ref, false, share(a, 1_000), share(b, 2_000));
            assertEquals(200, again.status(), again::toString);
            assertEquals(done.getString("settlementId"), again.json().getString("settlementId"), "the same split");
            assertEquals(1, SANDBOX.requests(method, "demo", "split", ref), method + ": one split request reached the company");
            assertEquals(queried, SANDBOX.requests(method, "demo", "split-query", ref), method + ": the same split again is answered as"
                    + " stored, without asking the company");
            assertEquals(3_000, done.getJsonNumber("amount").longValue());
            assertFalse(done.getString("settlementId").isBlank());
            List<JsonObject> parts = done.getJsonArray("receivers").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(List.of(1_000L, 2_000L), parts.stream().map(x -> x.getJsonNumber("amount").longValue()).toList());
            assertEquals(List.of("SUCCESS", "SUCCESS"), parts.stream().map(x -> x.getString("result")).toList());
            assertTrue(parts.stream().allMatch(x -> x.getString("account").contains("****") && !x.isNull("finishTime")), done::toString);
            JsonObject holding = holding(method, ref);
            assertEquals(7_000, holding.getJsonNumber("heldAmount").longValue(), holding::toString);
            assertEquals(3_000, holding.getJsonNumber("splitTotal").longValue());
            assertFalse(holding.getBoolean("released"));
            JsonObject company = SANDBOX.settlement(method, "demo", ref);
            assertEquals(3_000, company.getJsonNumber("split").longValue(), company::toString);
            assertEquals(7_000, company.getJsonNumber("unsplit").longValue());

            Reply release = release(method, ref, "rel-" + ref);
            assertEquals(200, release.status(), release::toString);
            assertEquals("RELEASE", release.json().getString("kind"));
            assertEquals(7_000, release.json().getJsonNumber("amount").longValue());
            finished(method, ref, "rel-" + ref);
            long releaseQueried = SANDBOX.requests(method, "demo", "split-query", ref);
            Reply releaseAgain = release(method, ref, "rel-" + ref);
            assertEquals(List.of(200, "FINISHED"), List.of(releaseAgain.status(), releaseAgain.json().getString("state")), releaseAgain::toString);
            assertEquals(List.of(1L, releaseQueried), List.of(SANDBOX.requests(method, "demo", "release", ref),
                    SANDBOX.requests(method, "demo", "split-query", ref)), method + ": the same release again asks the company nothing");
            JsonObject after = holding(method, ref);
            assertEquals(0, after.getJsonNumber("heldAmount").longValue(), after::toString);
            assertTrue(after.getBoolean("released"));
            assertEquals(List.of("s1-" + ref, "rel-" + ref), after.getJsonArray("splits").stream()
                    .map(v -> v.asJsonObject().getString("settlementRef")).toList());
            assertTrue(SANDBOX.settlement(method, "demo", ref).getBoolean("released"), method + " released the rest");
            assertRefused(422, "orderRef", split(method, ref, "late-" + ref, false, share(a, 100)));
            assertTrue(events(ref).containsAll(List.of("settlement.succeeded", "settlement.released")), () -> method + ": " + events(ref));
            assertEquals(1, count("SELECT COUNT(*) FROM merchant_event WHERE type = 'settlement.released' AND body LIKE ?", "%\"rel-" + ref
                    + "\"%"), "the release's event");
            assertEquals(0, count("SELECT COUNT(*) FROM merchant_event WHERE type LIKE 'settlement.%' AND body LIKE ? AND (body LIKE"
                    + " '%\"stateDesc\"%' OR body LIKE '%\"code\"%')", "%" + ref + "%"), "as documented: without stateDesc and code");
        }
    }

    @Test
    void everySplitRuleRefusesNamingItsFieldChangingNothingAndCallingNoCompany() throws Exception {
        for (String method : METHODS) {
            String a = receiverFor(method, "rcv-a");
            String ref = paid(method, 10_000, "CNY");
            String notHeld = ref();
            assertEquals(200, postJson(api("payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                    + "\"orderRef\":\"" + notHeld + "\",\"actualAmount\":1000,\"currency\":\"CNY\",\"profitSharing\":false}",
                    "app-api-key", KEY).status());
            assertEquals(200, SANDBOX.pay(method, "demo", notHeld).status());
            assertEquals("SUCCESS", queryPayment(method, notHeld).getString("tradeState"));
            String unpaid = ref();
            assertEquals(200, createPayment(method, unpaid, 1_000, "CNY").status());
            List<String> before = settlementRows(ref, notHeld);

            assertRefused(422, "receivers", split(method, ref, "over-" + ref, false, share(a, 3_001)));
            assertRefused(422, "receivers[0].account", split(method, ref, "who-" + ref, false, share("rcv-nobody", 100)));
            assertRefused(422, "orderRef", split(method, notHeld, "nh-" + notHeld, false, share(a, 100)));
            assertRefused(422, "orderRef", split(method, unpaid, "np-" + unpaid, false, share(a, 100)));
            assertRefused(422, "receivers", split(method, ref, "none-" + ref, false));
            assertRefused(422, "receivers[0].amount", split(method, ref, "zero-" + ref, false, share(a, 0)));
            assertRefused(422, "settlementRef", split(method, ref, "no/slash", false, share(a, 100)));
            String other = paid(method, 1_000, "CNY");
            assertEquals(200, split(method, other, "taken-" + other, false, share(a, 100)).status());
            assertRefused(422, "settlementRef", split(method, ref, "taken-" + other, false, share(a, 100)));
            assertRefused(422, "settlementRef", split(method, other, "taken-" + other, false, share(a, 101)));
            assertRefused(404, null, get(api("settlement/demo?payment_method=" + method + "&order_ref=" + ref + "&settlement_ref=nosuch"),
                    "app-api-key", KEY));
            assertRefused(404, null, split(method, "nosuch" + ref.substring(2, 14), "ns-" + ref, false, share(a, 100)));
            assertNotAuthenticated(postJson(api("settlement/demo"), splitBody(method, ref, "k-" + ref, false, share(a, 1)), "app-api-key",
                    "cbk_wrong"));
            Reply gbp = postJson(api("payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\",\"orderRef\":\""
                    + ref() + "\",\"actualAmount\":1000,\"currency\":\"GBP\",\"profitSharing\":true}", "app-api-key", KEY);
            assertRefused(422, "profitSharing", gbp);
            assertEquals(before, settlementRows(ref, notHeld), "nothing stored changed");
            assertEquals(0, count("SELECT COUNT(*) FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE p.order_ref = ?", unpaid));
            for (String r : List.of(ref, notHeld, unpaid)) {
                assertEquals(0, SANDBOX.requests(method, "demo", "split", r), method + ": no split reached the company for " + r);
            }
        }
    }

    @Test
    void theFiftyFirstSplitOfAPaymentIsRefused() {
        String a = receiverFor("betapay", "rcv-a");
        String ref = paid("betapay", 10_000, "CNY");
        for (int i = 1; i <= 50; i++) {
            Reply r = split("betapay", ref, "n" + i + "-" + ref, false, share(a, 1));
            assertEquals(200, r.status(), r::toString);
        }
        Reply fiftyFirst = split("betapay", ref, "n51-" + ref, false, share(a, 1));
        assertRefused(422, "orderRef", fiftyFirst);
        assertTrue(fiftyFirst.json().getString("message").contains("50 splits"), fiftyFirst::toString);
        assertEquals(50, count("SELECT COUNT(*) FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE p.order_ref = ?", ref));
        assertEquals(50, SANDBOX.requests("betapay", "demo", "split", ref));
    }

    @Test
    void twentyConcurrentSplitsOfATenthOfTheMaximumShareMakeExactlyTen() throws Exception {
        for (String method : METHODS) {
            String a = receiverFor(method, "rcv-a");
            String ref = paid(method, 10_000, "CNY");
            List<Reply> replies = Bursts.atOnce(20, i -> split(method, ref, "t" + i + "-" + ref, false, share(a, 300)))
                    .stream().map(Bursts.Caller::last).toList();
            assertEquals(10, replies.stream().filter(r -> r.status() == 200).count(), () -> method + ": " + statuses(replies));
            for (Reply r : replies) {
                if (r.status() != 200) {
                    assertRefused(422, "receivers", r);
                }
            }
            assertEquals(10, SANDBOX.requests(method, "demo", "split", ref), method + ": ten splits reached the company");
            JsonObject company = SANDBOX.settlement(method, "demo", ref);
            assertEquals(3_000, company.getJsonNumber("split").longValue(), () -> method + " holds exactly those: " + company);
            assertEquals(10, company.getJsonArray("splits").size());
        }
    }

    @Test
    void aRefundThatWouldTakeSplitMoneyIsRefusedAndOneWithinTheHeldMoneyIsMade() throws Exception {
        for (String method : METHODS) {
            String a = receiverFor(method, "rcv-a");
            String ref = paid(method, 10_000, "CNY");
            assertEquals(200, split(method, ref, "s-" + ref, false, share(a, 3_000)).status());
            Reply over = refund(method, ref, "over-" + ref, 7_001, "");
            assertRefused(422, "amount", over);
            assertTrue(over.json().getString("message").contains("split money does not come back by a refund"), over::toString);
            assertEquals(0, SANDBOX.requests(method, "demo", "refund", ref), "the refused refund reached no company");
            assertEquals(200, refund(method, ref, "within-" + ref, 7_000, "").status());
            settled(method, ref, "within-" + ref);
            assertEquals(0, holding(method, ref).getJsonNumber("heldAmount").longValue());
        }
    }

    @Test
    void aSplitTheCompanyDidNotAnswerIsKeptAndResolvedByTheReconciliationSplitOnce() throws Exception {
        // Both companies at once, as the refund's test: each holds the split past the read timeout, then makes it.
        Map<String, String> refs = new java.util.LinkedHashMap<>();
        for (String method : METHODS) {
            receiverFor(method, "rcv-a");
            String ref = paid(method, 10_000, "CNY");
            refs.put(method, ref);
            assertEquals(200, SANDBOX.fault(method, "demo", "{\"mode\":\"TIMEOUT\",\"orderRef\":\"" + ref + "\",\"count\":1}").status());
        }
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<Reply>> sent = new ArrayList<>();
            for (String method : METHODS) {
                sent.add(pool.submit(() -> split(method, refs.get(method), "lost-" + refs.get(method), false, share("rcv-a", 2_000))));
            }
            for (Future<Reply> f : sent) {
                Reply lost = f.get(60, TimeUnit.SECONDS);
                assertEnvelope(500, lost);
                assertEquals("failure while settling the payment", lost.json().getString("message"));
                assertTrue(lost.json().getString("errors").contains("reconciliation resolves it"), lost::toString);
            }
        } finally {
            pool.shutdownNow();
            for (String method : METHODS) {
                SANDBOX.clearFaults(method, "demo");
            }
        }
        for (String method : METHODS) {
            String ref = refs.get(method);
            assertEquals(1, count("SELECT COUNT(*) FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE p.order_ref = ?", ref),
                    "the split is kept");
            awaitTrue(() -> count("SELECT COUNT(*) FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE p.order_ref = ?"
                    + " AND s.state = 'FINISHED'", ref) == 1, method + ": resolved by the reconciliation");
            assertEquals(1, SANDBOX.requests(method, "demo", "split", ref), method + ": split once at the company");
            assertEquals(2_000, SANDBOX.settlement(method, "demo", ref).getJsonNumber("split").longValue());
        }
    }

    @Test
    void aReceiversFailureClosesItsPartWithItsReasonAndTheMoneyIsHeldAgain() throws Exception {
        for (String method : METHODS) {
            String ok = receiverFor(method, "rcv-a");
            String failing = "rcv-f" + ref().substring(2, 10);
            assertEquals(200, addReceiver(method, "PERSONAL", failing, null, "USER").status());
            assertEquals(200, SANDBOX.receiverFailure(method, "demo", failing, "the receiver's account is frozen").status());
            String ref = paid(method, 10_000, "CNY");
            assertEquals(200, split(method, ref, "f-" + ref, false, share(ok, 1_000), share(failing, 500)).status());
            JsonObject done = finished(method, ref, "f-" + ref);
            List<JsonObject> parts = done.getJsonArray("receivers").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(List.of("SUCCESS", "CLOSED"), parts.stream().map(x -> x.getString("result")).toList(), done::toString);
            assertEquals("the receiver's account is frozen", parts.get(1).getString("failReason"));
            JsonObject holding = holding(method, ref);
            assertEquals(9_000, holding.getJsonNumber("heldAmount").longValue(), "the closed part's money is held again: " + holding);
            assertEquals(1_000, holding.getJsonNumber("splitTotal").longValue());
            awaitTrue(() -> events(ref).contains("settlement.closed"), method + ": settlement.closed announced");
        }
    }

    @Test
    void aPartClosingWhileAReleaseFinishesLeavesNothingHeld() throws Exception {
        // A closed part's money comes back to HELD while the payment is held, to AVAILABLE once it is
        // released; chosen before the payment's lock, a part closing while a release finishes would
        // leave it in HELD after the release. Made deterministic: the company holds the release (HOLD),
        // answering every query of the split "busy" meanwhile, until its part has closed there and the
        // test holds the payment's row lock, as a long transaction of another writer would; then the
        // release's answer waits for that lock, and the split's closed part after it.
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String failing = "rcv-r" + ref().substring(2, 10);
            Reply added = postJson(api("settlement/receiver/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"type\":\"PERSONAL\","
                    + "\"account\":\"" + failing + "\",\"relationType\":\"USER\"}", "app-api-key", shop.key());
            assertEquals(200, added.status(), added::toString);
            assertEquals(200, SANDBOX.receiverFailure(method, shop.name(), failing, "the receiver's account is frozen").status());
            String ref = shopPaid(shop, method, 10_000, "CNY", true);
            String body = "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + ref + "\",\"settlementRef\":\"";
            Reply split = postJson(api("settlement/" + shop.name()), body + "s-" + ref + "\",\"receivers\":[" + share(failing, 3_000) + "]}",
                    "app-api-key", shop.key());
            assertEquals(200, split.status(), split::toString);
            assertEquals("PROCESSING", split.json().getString("state"), split::toString);
            String busy = method.equals("alphapay") ? "SYSTEM_ERROR" : "ACQ.SYSTEM_ERROR";
            assertEquals(200, SANDBOX.fault(method, shop.name(), "{\"mode\":\"HOLD\",\"latencyMs\":60000,\"kind\":\"release\",\"orderRef\":\""
                    + ref + "\",\"count\":1,\"then\":{\"mode\":\"REFUSE\",\"code\":\"" + busy + "\",\"kind\":\"split-query\",\"orderRef\":\""
                    + ref + "\"}}").status());
            ExecutorService clients = Executors.newFixedThreadPool(2);
            try {
                Future<Reply> release = clients.submit(() -> send("PUT", api("settlement/" + shop.name()), body + "r-" + ref
                        + "\",\"description\":\"余额解冻\"}", "Content-Type", "application/json", "app-api-key", shop.key()));
                awaitTrue(() -> SANDBOX.requestStatuses(method, shop.name(), "release", ref).contains(null), method + ": the release held");
                awaitTrue(() -> SANDBOX.settlement(method, shop.name(), ref).getJsonArray("splits").stream().map(JsonValue::asJsonObject)
                        .flatMap(x -> x.getJsonArray("parts").stream()).map(JsonValue::asJsonObject)
                        .anyMatch(part -> part.getString("result").equals("CLOSED")), method + ": the part closed at the company");
                Future<Reply> query;
                try (java.sql.Connection c = dataSource.getConnection()) {
                    c.setAutoCommit(false);
                    try (java.sql.PreparedStatement lock = c.prepareStatement("SELECT id FROM payment WHERE order_ref = ? FOR UPDATE")) {
                        lock.setString(1, ref);
                        assertTrue(lock.executeQuery().next());
                    }
                    assertEquals(200, SANDBOX.clearFaults(method, shop.name()).status());
                    awaitTrue(() -> !SANDBOX.requestStatuses(method, shop.name(), "release", ref).contains(null) && waitingForALock() >= 1,
                            method + ": the release done at the company, its answer waiting for the payment's lock");
                    query = clients.submit(() -> get(api("settlement/" + shop.name() + "?payment_method=" + method + "&order_ref=" + ref
                            + "&settlement_ref=s-" + ref), "app-api-key", shop.key()));
                    awaitTrue(() -> waitingForALock() >= 2, method + ": the split's closed part waiting behind it");
                    c.commit();
                }
                Reply released = release.get(60, TimeUnit.SECONDS);
                assertEquals(200, released.status(), released::toString);
                Reply asked = query.get(60, TimeUnit.SECONDS);
                assertEquals(200, asked.status(), asked::toString);
                assertEquals("CLOSED", asked.json().getJsonArray("receivers").getJsonObject(0).getString("result"), asked::toString);
            } finally {
                clients.shutdownNow();
            }
            // alphapay's release answers FINISHED, so it finished under the lock, before the part closed;
            // betapay's answers PROCESSING and finishes at a later query, after it.
            awaitTrue(() -> get(api("settlement/" + shop.name() + "?payment_method=" + method + "&order_ref=" + ref + "&settlement_ref=r-"
                    + ref), "app-api-key", shop.key()).json().getString("state").equals("FINISHED"), method + ": the release FINISHED");
            JsonObject b = balance(shop, method, "").getJsonObject("balance");
            assertEquals(List.of(0L, 10_000L), List.of(b.getJsonNumber("held").longValue(), b.getJsonNumber("available").longValue()),
                    method + ": nothing held after the release, the closed part's money available: " + b);
            assertAgrees(shop, method);
        }
    }

    /** How many of the broker's database sessions wait for a lock now. */
    private long waitingForALock() {
        return count("SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()", null);
    }

    @Test
    void heldMoneyPastItsDaysIsReleasedByTheBrokerOrFoundReleasedByTheCompany() throws Exception {
        // alphapay's order is aged at the company too, so the company released it on its own and the
        // broker finds that out; betapay's only here, so the broker releases it.
        Map<String, String> refs = new java.util.LinkedHashMap<>();
        for (String method : METHODS) {
            refs.put(method, paid(method, 5_000, "CNY"));
        }
        // The company first: the broker's reconciliation may run as soon as its own payment is aged.
        assertEquals(200, SANDBOX.age("alphapay", "demo", refs.get("alphapay"), 31).status());
        for (String method : METHODS) {
            String ref = refs.get(method);
            // Aged again while waiting: the company's payment callback, arriving meanwhile, stores its paid time.
            awaitTrue(() -> {
                agePaidTime(ref, 31);
                return holding(method, ref).getBoolean("released");
            }, method + ": released by the reconciliation");
            JsonObject h = holding(method, ref);
            assertEquals(0, h.getJsonNumber("heldAmount").longValue(), h::toString);
            JsonObject release = h.getJsonArray("splits").getJsonObject(0);
            assertEquals("RELEASE", release.getString("kind"));
            assertEquals(5_000, release.getJsonNumber("amount").longValue());
            assertEquals(method.equals("alphapay"), release.getBoolean("releasedByCompany"), release::toString);
            awaitTrue(() -> SANDBOX.settlement(method, "demo", ref).getBoolean("released"), method + " holds nothing of it");
            awaitTrue(() -> events(ref).contains("settlement.released"), method + ": settlement.released announced");
        }
    }

    @Test
    void heldMoneyPastItsDaysWithASplitStillOpenIsReleasedOnlyOnceTheSplitHasEnded() throws Exception {
        // The split's part takes its result at the company, but the broker cannot learn it while the
        // company answers its queries of the split "busy": the split stays PROCESSING here. The
        // payment's days are over meanwhile. The automatic release waits for the split (its parts
        // take from the held money, and one that closes gives its money back to HELD), and releases
        // what is left once the split has ended.
        for (String method : METHODS) {
            String account = receiverFor(method, "rcv-a");
            String ref = paid(method, 10_000, "CNY");
            String busy = method.equals("alphapay") ? "SYSTEM_ERROR" : "ACQ.SYSTEM_ERROR";
            assertEquals(200, SANDBOX.fault(method, "demo", "{\"mode\":\"REFUSE\",\"code\":\"" + busy + "\",\"kind\":\"split-query\","
                    + "\"orderRef\":\"" + ref + "\"}").status());
            Reply split = split(method, ref, "w-" + ref, false, share(account, 2_000));
            assertEquals(200, split.status(), split::toString);
            agePaidTime(ref, 31);
            long asked = SANDBOX.requests(method, "demo", "split-query", ref);
            awaitTrue(() -> {
                agePaidTime(ref, 31);
                return SANDBOX.requests(method, "demo", "split-query", ref) >= asked + 3;
            }, method + ": the split asked about in three runs of the reconciliation since the payment's days were over");
            assertEquals(0, count("SELECT COUNT(*) FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE p.order_ref = ?"
                    + " AND s.kind = 'RELEASE'", ref), method + ": no release while the split is open");
            assertEquals(0, SANDBOX.requests(method, "demo", "release", ref), method + ": none sent");

            assertEquals(200, SANDBOX.clearFaults(method, "demo").status());
            awaitTrue(() -> {
                agePaidTime(ref, 31);
                return holding(method, ref).getBoolean("released");
            }, method + ": released once the split ended");
            JsonObject h = holding(method, ref);
            assertEquals(0, h.getJsonNumber("heldAmount").longValue(), h::toString);
            assertEquals(2_000, h.getJsonNumber("splitTotal").longValue(), h::toString);
            JsonObject release = h.getJsonArray("splits").stream().map(JsonValue::asJsonObject)
                    .filter(x -> x.getString("kind").equals("RELEASE")).findFirst().orElseThrow(() -> new AssertionError("no release: " + h));
            assertEquals(8_000, release.getJsonNumber("amount").longValue(), "what the split left: " + h);
        }
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aHeldPaymentWhoseReleaseTheCompanyRefusedHavingReleasedItItselfEndsWithNothingHeldAndItsReleasesReconcile() throws Exception {
        // The company's own holding days are over (the order aged there): it released the money on
        // its own, so it refuses the merchant's release. The broker then asks it once what it still
        // holds, finds nothing, and records the company's release: nothing held, all of it available.
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String ref = shopPaid(shop, method, 5_000, "CNY", true);
            assertEquals(5_000, balance(shop, method, "").getJsonObject("balance").getJsonNumber("held").longValue());
            assertEquals(200, SANDBOX.age(method, shop.name(), ref, 31).status());
            Reply refused = send("PUT", api("settlement/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + ref
                    + "\",\"settlementRef\":\"rel-" + ref + "\",\"description\":\"release\"}", "Content-Type", "application/json",
                    "app-api-key", shop.key());
            assertTrue(refused.status() >= 400, () -> method + ": the company refused the release: " + refused);
            assertEquals(refused.status(), refused.json().getInt("code"), refused::toString);
            awaitTrue(() -> balance(shop, method, "").getJsonObject("balance").getJsonNumber("held").longValue() == 0,
                    method + ": nothing held once the company was asked");
            assertEquals(5_000, available(balance(shop, method, "")), "all of it available");
            assertAgrees(shop, method);
            Reply h = get(api("settlement/" + shop.name() + "?payment_method=" + method + "&order_ref=" + ref), "app-api-key", shop.key());
            assertEquals(200, h.status(), h::toString);
            assertTrue(h.json().getBoolean("released"), h::toString);
            assertEquals(1, h.json().getJsonArray("splits").stream().map(JsonValue::asJsonObject)
                    .filter(x -> x.getString("kind").equals("RELEASE") && x.getBoolean("releasedByCompany")).count(), h::toString);
            assertTrue(events(shop, ref).contains("settlement.released"), method + ": announced");
            assertEquals(1, count("SELECT COUNT(*) FROM settlement WHERE settlement_ref = ? AND state = 'REFUSED'"
                    + " AND held_checked_at IS NOT NULL", "rel-" + ref), method + ": the refused release, checked once at the company");
            // The day's bill has the company's own release under its own number, and nothing of the refused one: neither is a
            // difference. (The payment itself is billed on the day the company aged it to, so it is one; that is the test's doing.)
            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies").stream().map(JsonValue::asJsonObject)
                    .filter(d -> d.getString("lineKind").equals("RELEASE")).toList(), day::toString);
            assertTrue(day.getInt("matched") >= 1, "the company's own release matched: " + day);
        }
    }

    // ---- helpers ----------------------------------------------------------------------------------

    /** Every result field present; the figures are the payment's and the refund's, in their currencies. */
    // ---- payouts abroad: each test has merchants of its own, so their balances are theirs alone ------

    @Test
    void aBalanceTheLedgerExplainsIsPaidOutInFullWithFiguresThatAddUpAndTheCompanyAgrees() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, true);
            String free = shopPaid(shop, method, 10_000, "CNY", false);
            String held = shopPaid(shop, method, 20_000, "CNY", true);
            shopPaid(shop, method, 5_000, "GBP", false); // settled by the company in GBP: not in the CNY balance
            assertEquals(200, postJson(api("refund/" + shop.name()), body(method, free, "r-" + free, 2_500, ""), "app-api-key", shop.key())
                    .status());
            splitThenRelease(shop, method, held, "po-rcv-" + method, 3_000);
            awaitTrue(() -> refundState(shop, method, free, "r-" + free).equals("SUCCESS"), method + ": the refund succeeded");

            JsonObject balance = balance(shop, method, "");
            assertEquals(10_000 - 2_500 + 20_000 - 3_000, available(balance), balance::toString);
            assertEquals(0, balance.getJsonObject("balance").getJsonNumber("held").longValue(), balance::toString);
            JsonObject ledger = balance(shop, method, "&view=ledger&limit=100");
            List<JsonObject> entries = ledger.getJsonArray("entries").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(List.of("RELEASE", "SPLIT", "REFUND", "PAYMENT", "PAYMENT"), entries.stream().map(e -> e.getString("kind")).toList(),
                    "newest first: " + ledger);
            for (String bucket : List.of("AVAILABLE", "HELD", "IN_TRANSIT", "PAID_OUT")) {
                long explained = entries.stream().mapToLong(e -> (e.getString("to").equals(bucket) ? 1 : 0) * e.getJsonNumber("amount").longValue()
                        - (e.getString("from").equals(bucket) ? 1 : 0) * e.getJsonNumber("amount").longValue()).sum();
                String name = bucket.equals("IN_TRANSIT") ? "inTransit" : bucket.equals("PAID_OUT") ? "paidOut" : bucket.toLowerCase();
                assertEquals(balance.getJsonObject("balance").getJsonNumber(name).longValue(), explained, bucket + " line by line: " + ledger);
            }
            assertAgrees(shop, method);

            Reply paidOut = payout(shop, method, "all-" + method + "-" + shop.name(), null, ",\"description\":\"十一月货款\"");
            assertEquals(200, paidOut.status(), paidOut::toString);
            assertEquals(24_500, paidOut.json().getJsonNumber("amount").longValue(), "all that was available");
            JsonObject p = awaitPayout(shop, method, "all-" + method + "-" + shop.name(), "PAID");
            long fee = p.getJsonNumber("fee").longValue();
            BigDecimal rate = new BigDecimal(p.getString("rate"));
            assertTrue(fee > 0 && fee < 24_500, p::toString);
            assertEquals(BigDecimal.valueOf(24_500 - fee).divide(rate.movePointRight(2).movePointLeft(2), 0, RoundingMode.HALF_EVEN)
                    .longValueExact(), p.getJsonNumber("targetAmount").longValue(), "(amount - fee) / 100 / rate in pence: " + p);
            assertEquals("GBP", p.getString("targetCurrency"));
            assertEquals("CNY", p.getString("currency"));
            assertFalse(p.getString("payoutId").isBlank());
            assertTrue(p.getString("rateDate").matches("\\d{4}-\\d{2}-\\d{2}"), p::toString);
            assertTrue(OffsetDateTime.parse(p.getString("paidAt")).getOffset().getTotalSeconds() == 8 * 3600, "Beijing time: " + p);
            JsonObject after = balance(shop, method, "");
            assertEquals(0, available(after), after::toString);
            assertEquals(24_500, after.getJsonObject("balance").getJsonNumber("paidOut").longValue(), after::toString);
            assertEquals("all-" + method + "-" + shop.name(), after.getJsonArray("payouts").getJsonObject(0).getString("payoutRef"));
            assertAgrees(shop, method);
            assertEquals(List.of("payout.paid"), payoutEvents(shop, "all-" + method + "-" + shop.name()));

            // The payout's statement: every line since the beginning (no payout before), figures that add up, as CSV with its digest.
            String first = "all-" + method + "-" + shop.name();
            JsonObject bill = awaitBill(shop, method, "payoutRef", first);
            assertEquals(List.of("PAYMENT", "PAYMENT", "REFUND", "SPLIT", "RELEASE", "PAYOUT"), kinds(bill), bill::toString);
            assertEquals(List.of(free, held, free, held, held), bill.getJsonArray("lines").stream().limit(5)
                    .map(l -> l.asJsonObject().getString("orderRef")).toList(), "each line names its payment: " + bill);
            assertEquals(0, figure(bill, "opening", "available"), bill::toString);
            assertEquals(24_500, bill.getJsonNumber("payouts").longValue(), bill::toString);
            assertEquals(fee, bill.getJsonArray("lines").getJsonObject(5).getJsonNumber("fee").longValue(), "the payout's fee: " + bill);
            assertAddsUp(bill);
            assertEquals(0, figure(bill, "closing", "available"), bill::toString);
            assertCsvMatches(shop, method, "payout_ref=" + first, bill);

            // A second payout's statement covers only what came after the first; today's statement is still being prepared.
            String later = shopPaid(shop, method, 5_000, "CNY", false);
            String second = "part-" + method + "-" + shop.name();
            assertEquals(200, payout(shop, method, second, 4_000L, "").status());
            Reply today = postJson(api("payout/bill/abroad/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"billDate\":\""
                    + java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)) + "\"}", "app-api-key", shop.key());
            assertEquals(200, today.status(), today::toString);
            assertEquals("PREPARING", today.json().getString("state"), today::toString);
            assertTrue(today.json().isNull("lines"), today::toString);
            // Asked for as CSV while PREPARING: no CSV yet, its state as JSON, 202 in the status and in the envelope.
            Reply notYet = get(api("payout/bill/abroad/" + shop.name() + "?payment_method=" + method + "&bill_date="
                    + java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8))), "app-api-key", shop.key(), "Accept", "text/csv");
            assertEquals(List.of(202, 202, "PREPARING"), List.of(notYet.status(), notYet.json().getInt("code"),
                    notYet.json().getString("state")), notYet::toString);
            // Yesterday's statement is ready at once: the shop was opened today, so nothing moved then.
            String yesterday = java.time.LocalDate.parse(today()).minusDays(1).toString();
            Reply before = postJson(api("payout/bill/abroad/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"billDate\":\""
                    + yesterday + "\"}", "app-api-key", shop.key());
            assertEquals(200, before.status(), before::toString);
            Reply read = get(api("payout/bill/abroad/" + shop.name() + "?payment_method=" + method + "&bill_date=" + yesterday),
                    "app-api-key", shop.key());
            assertEquals(before.json(), read.json(), "asked for, then read");
            assertEquals(List.of("READY", 0, 0L, 0L), List.of(read.json().getString("state"), read.json().getJsonArray("lines").size(),
                    figure(read.json(), "opening", "available"), figure(read.json(), "closing", "available")), read::toString);
            JsonObject next = awaitBill(shop, method, "payoutRef", second);
            assertEquals(List.of("PAYMENT", "PAYOUT"), kinds(next), next::toString);
            assertEquals(later, next.getJsonArray("lines").getJsonObject(0).getString("orderRef"));
            assertEquals(0, figure(next, "opening", "available"), "the first payout's closing: " + next);
            assertAddsUp(next);
            assertEquals(1_000, figure(next, "closing", "available"), next::toString);
            assertEquals(available(balance(shop, method, "")), figure(next, "closing", "available"), "the balance now");

            // The day reconciles with the company's bill line for line: payments, the refund, the split, the release, the payouts.
            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies"), day::toString);
            assertEquals(9, day.getInt("brokerLines"), day::toString);
            assertEquals(day.getInt("brokerLines"), day.getInt("matched") + day.getInt("awaiting"), "every line matched: " + day);
            assertEquals(day.getInt("matched"), day.getInt("companyLines"), day::toString);
            assertTrue(List.of("DONE", "AWAITING").contains(day.getString("state")), day::toString);
            assertFalse(day.getJsonArray("files").isEmpty(), "the bill files are kept: " + day);
        }
    }

    @Test
    void eachArrangedDifferenceIsReportedOnceOfItsKindAndAStateDifferenceClosesAfterTheRefresh() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String off = shopPaid(shop, method, 1_000, "CNY", false);
            String refunded = shopPaid(shop, method, 2_000, "CNY", false);
            assertEquals(200, postJson(api("refund/" + shop.name()), body(method, refunded, "r-" + refunded, 300, ""), "app-api-key",
                    shop.key()).status());
            awaitTrue(() -> refundState(shop, method, refunded, "r-" + refunded).equals("SUCCESS"), method + ": the refund succeeded");
            assertEquals(201, SANDBOX.billDifference(method, shop.name(), "AMOUNT_PLUS_ONE_FEN", off, null).status());
            assertEquals(201, SANDBOX.billDifference(method, shop.name(), "OMIT", refunded + "-1", null).status());
            String theirs = ref();
            assertEquals(201, SANDBOX.directPayment(method, shop.name(), theirs, 700).status());
            // Created here, paid at the company with its callback lost: the broker still says NOTPAY.
            String unseen = ref();
            Reply created = postJson(api("payment/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                    + "\"orderRef\":\"" + unseen + "\",\"actualAmount\":900,\"currency\":\"CNY\"}", "app-api-key", shop.key());
            assertEquals(200, created.status(), created::toString);
            assertEquals(200, SANDBOX.payWithoutCallback(method, shop.name(), unseen).status());

            JsonObject day = reconcile(shop, method, today(), 200);
            List<JsonObject> found = day.getJsonArray("discrepancies").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(4, found.size(), day::toString);
            JsonObject amount = only(found, "AMOUNT_DIFFERS");
            assertEquals(List.of("PAYMENT", off, 1_000L, 1_001L, "OPEN"), List.of(amount.getString("lineKind"), amount.getString("orderRef"),
                    amount.getJsonNumber("brokerAmount").longValue(), amount.getJsonNumber("companyAmount").longValue(),
                    amount.getString("state")), amount::toString);
            assertFalse(amount.getString("companyLine").isBlank(), "the company's line is shown: " + amount);
            JsonObject atCompany = only(found, "MISSING_AT_COMPANY");
            assertEquals(List.of("REFUND", refunded + "-1", 300L), List.of(atCompany.getString("lineKind"), atCompany.getString("reference"),
                    atCompany.getJsonNumber("brokerAmount").longValue()), atCompany::toString);
            assertTrue(atCompany.isNull("companyAmount"), atCompany::toString);
            assertEquals("r-" + refunded, atCompany.getString("merchantRef"), "the merchant's refundRef beside the company's number");
            JsonObject atBroker = only(found, "MISSING_AT_BROKER");
            assertEquals(List.of("PAYMENT", theirs, 700L), List.of(atBroker.getString("lineKind"), atBroker.getString("orderRef"),
                    atBroker.getJsonNumber("companyAmount").longValue()), atBroker::toString);
            assertTrue(atBroker.isNull("brokerAmount") && atBroker.isNull("merchantRef"), "the broker has no record: " + atBroker);
            JsonObject state = only(found, "STATE_DIFFERS");
            assertEquals("RESOLVED", state.getString("state"), "refreshed through the payment's query, then agreeing: " + state);
            assertEquals(List.of(unseen, "NOTPAY", "SUCCESS", "RESOLVED", "reconciliation"), List.of(state.getString("orderRef"),
                    state.getString("brokerState"), state.getString("companyState"), state.getString("state"),
                    state.getString("resolvedBy")), "refreshed through the payment's query, then agreeing: " + state);
            assertEquals(3, day.getJsonNumber("openDiscrepancies").longValue(), day::toString);
            assertEquals("SUCCESS", get(api("payment/" + shop.name() + "?order_ref=" + unseen + "&payment_method=" + method), "app-api-key",
                    shop.key()).json().getString("tradeState"));

            // Run again: the same differences, no new ones, and each event was sent once.
            JsonObject again = reconcile(shop, method, today(), 200);
            assertEquals(found.stream().map(x -> x.getJsonNumber("id").longValue()).toList(), again.getJsonArray("discrepancies").stream()
                    .map(x -> x.asJsonObject().getJsonNumber("id").longValue()).toList(), again::toString);
            assertEquals(1, events(shop, off).stream().filter("reconciliation.discrepancy"::equals).count(), "one event for the new one");
            JsonObject merchantView = get(api("reconciliation/" + shop.name() + "?payment_method=" + method + "&bill_date=" + today()),
                    "app-api-key", shop.key()).json();
            assertEquals(again.getJsonArray("discrepancies"), merchantView.getJsonArray("discrepancies"), "the merchant sees the same");
            assertTrue(merchantView.isNull("runBy"), merchantView::toString);
            Reply everyMerchant = get(at(base, "admin/reconciliation?payment_method=" + method + "&bill_date=" + today()), "Authorization",
                    admin());
            assertEquals(200, everyMerchant.status(), everyMerchant::toString);
            assertEquals(again.getJsonArray("discrepancies"), everyMerchant.json().getJsonArray("results").stream().map(JsonValue::asJsonObject)
                    .filter(r -> r.getString("merchant").equals(shop.name())).findFirst().orElseThrow().getJsonArray("discrepancies"),
                    "the operator sees every merchant's, this one's among them");

            // The operator resolves one with a note; it stays resolved on the next run.
            Reply resolved = postJson(at(base, "admin/reconciliation/discrepancies/" + amount.getJsonNumber("id") + "/resolve"),
                    "{\"note\":\"one fen charged by the company, credited on its next bill\"}", "Authorization", admin());
            assertEquals(200, resolved.status(), resolved::toString);
            assertEquals("RESOLVED", resolved.json().getJsonObject("discrepancy").getString("state"));
            JsonObject third = reconcile(shop, method, today(), 200);
            assertEquals("operator", only(third.getJsonArray("discrepancies").stream().map(JsonValue::asJsonObject).toList(),
                    "AMOUNT_DIFFERS").getString("resolvedBy"), third::toString);
            assertEquals(2, third.getJsonNumber("openDiscrepancies").longValue(), third::toString);
            Reply scrape = get(URI.create(base.toString()).resolve("/metrics"), "Accept", "text/plain");
            assertTrue(scrape.body().lines().anyMatch(l -> l.startsWith("reconciliation_discrepancies_open{") && l.contains(
                    "kind=\"missing_at_broker\"") && Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1)) >= 1),
                    () -> "the open discrepancies by kind: " + scrape.body().lines().filter(l -> l.contains("discrepanc")).toList());
        }
        // A bill whose hash does not match: refused (the failure envelope of a company call), counted against the day, reported;
        // accepted again once it matches.
        Shop shop = shop("alphapay", false);
        shopPaid(shop, "alphapay", 1_000, "CNY", false);
        assertEquals(201, SANDBOX.billDifference("alphapay", shop.name(), "WRONG_HASH", null, null).status());
        Reply refused = postJson(at(base, "admin/reconciliation"), "{\"paymentMethod\":\"alphapay\",\"billDate\":\"" + today()
                + "\",\"merchant\":\"" + shop.name() + "\"}", "Authorization", admin());
        assertEnvelope(500, refused);
        assertTrue(refused.json().getString("errors").contains("SHA-1"), refused::toString);
        JsonObject failed = get(api("reconciliation/" + shop.name() + "?payment_method=alphapay&bill_date=" + today()), "app-api-key",
                shop.key()).json();
        assertEquals(List.of("DUE", 1), List.of(failed.getString("state"), failed.getInt("attempts")), failed::toString);
        assertTrue(failed.getString("lastError").contains("SHA1") || failed.getString("lastError").contains("SHA-1"), failed::toString);
        SANDBOX.clearBillDifferences("alphapay", shop.name());
        JsonObject done = reconcile(shop, "alphapay", today(), 200);
        assertEquals(List.of(), done.getJsonArray("discrepancies"), done::toString);
        assertTrue(done.isNull("lastError"), done::toString);
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aReadyStatementReadsTheSameByteForByteAcrossAThousandConcurrentWritesAndTheTotalsAgreeWithTheLedger() throws Exception {
        String method = "alphapay";
        Shop shop = shop(method, true);
        shopPaid(shop, method, 10_000, "CNY", false);
        String payoutRef = "bytes-" + shop.name();
        assertEquals(200, payout(shop, method, payoutRef, 4_000L, "").status());
        awaitPayout(shop, method, payoutRef, "PAID");
        awaitBill(shop, method, "payoutRef", payoutRef);
        URI query = api("payout/bill/abroad/" + shop.name() + "?payment_method=" + method + "&payout_ref=" + payoutRef);
        Reply before = get(query, "app-api-key", shop.key(), "Accept", "text/csv");
        assertEquals(200, before.status(), before::toString);

        // 1,000 balance entries written at once: payments paid (seen by their query), each one entry of this merchant's ledger.
        ExecutorService pool = Executors.newFixedThreadPool(32);
        try {
            List<Future<String>> paid = new ArrayList<>();
            for (int i = 0; i < 1_000; i++) {
                paid.add(pool.submit(() -> {
                    String ref = ref();
                    Reply created = postJson(api("payment/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                            + "\"orderRef\":\"" + ref + "\",\"actualAmount\":3,\"currency\":\"CNY\",\"profitSharing\":false}", "app-api-key",
                            shop.key());
                    assertEquals(200, created.status(), created::toString);
                    assertEquals(200, SANDBOX.pay(method, shop.name(), ref).status());
                    Reply q = get(api("payment/" + shop.name() + "?order_ref=" + ref + "&payment_method=" + method), "app-api-key",
                            shop.key());
                    assertEquals("SUCCESS", q.json().getString("tradeState"), q::toString);
                    return ref;
                }));
            }
            for (Future<String> f : paid) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(60);
        while (available(balance(shop, method, "")) != 6_000 + 3_000 && System.nanoTime() < deadline) {
            Thread.sleep(250);
        }
        JsonObject written = balance(shop, method, "&view=ledger&limit=3");
        assertEquals(6_000 + 3_000, available(written), () -> "every payment's entry written: " + written);

        Reply after = get(query, "app-api-key", shop.key(), "Accept", "text/csv");
        assertEquals(before.body(), after.body(), "the READY statement, byte for byte");
        assertEquals(before.headers().firstValue("Content-Digest"), after.headers().firstValue("Content-Digest"));
        JsonObject ledger = balance(shop, method, "&view=ledger&limit=1");
        assertEquals(1_000 + 3, ledger.getJsonNumber("total").longValue(), "a payment, the payout, its arrival and the 1,000: " + ledger);
        // The metric the periodic check sets (every run in these suites): no account whose totals differ from its entries.
        String scrape = Metrics.scrape(base, "");
        assertTrue(scrape.lines().anyMatch(l -> l.startsWith("balance_differences")), "the metric is there");
        assertEquals(0, Metrics.sum(scrape, "balance_differences"), "no account's totals differ from its entries");
    }

    @Test
    void aSplitWithFinishShowsWhatItReleasedBesideItsPartsInItsQueryAndItsEvent() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String held = shopPaid(shop, method, 10_000, "CNY", true);
            String receiver = "rel-rcv-" + method;
            addMerchantReceiver(shop, method, receiver);
            Reply split = postJson(api("settlement/" + shop.name()), splitBody(method, held, "s-" + held, true, share(receiver, 3_000)),
                    "app-api-key", shop.key());
            assertEquals(200, split.status(), split::toString);
            assertTrue(split.json().isNull("released") || split.json().getString("state").equals("FINISHED"), "not released before it finished");
            awaitTrue(() -> settlementState(shop, method, held, "s-" + held).equals("FINISHED"), method + ": the split finished");
            JsonObject done = settlementOf(shop, method, held, "s-" + held);
            assertEquals(List.of(3_000L, 7_000L), List.of(done.getJsonNumber("amount").longValue(), done.getJsonNumber("released").longValue()),
                    method + ": the parts' total and the rest it released: " + done);
            assertEquals(1, count("SELECT COUNT(*) FROM merchant_event WHERE type = 'settlement.released' AND body LIKE ?",
                    "%\"settlementRef\":\"s-" + held + "\"%\"released\":7000%"), method + ": the event says what it released");
        }
    }

    /** The split or release as QuerySettlement answers it with its settlement_ref, for the shop. */
    private JsonObject settlementOf(Shop shop, String method, String orderRef, String settlementRef) {
        Reply r = get(api("settlement/" + shop.name() + "?payment_method=" + method + "&order_ref=" + orderRef + "&settlement_ref="
                + settlementRef), "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aSplitWithFinishThatLeavesNothingReconcilesWithTheCompanysReleaseOfNothing() throws Exception {
        // Held 10,000, 7,000 refunded out of what is held, the 3,000 left split with finish: nothing is left to release, and
        // the company still bills the split's release, of 0.
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String held = shopPaid(shop, method, 10_000, "CNY", true);
            assertEquals(200, postJson(api("refund/" + shop.name()), body(method, held, "r-" + held, 7_000, ""), "app-api-key", shop.key())
                    .status());
            awaitTrue(() -> refundState(shop, method, held, "r-" + held).equals("SUCCESS"), method + ": the refund succeeded");
            String receiver = "nil-rcv-" + method;
            addMerchantReceiver(shop, method, receiver);
            Reply split = postJson(api("settlement/" + shop.name()), splitBody(method, held, "s-" + held, true, share(receiver, 3_000)),
                    "app-api-key", shop.key());
            assertEquals(200, split.status(), split::toString);
            awaitTrue(() -> settlementState(shop, method, held, "s-" + held).equals("FINISHED"), method + ": the split finished");
            assertEquals(0, balance(shop, method, "").getJsonObject("balance").getJsonNumber("held").longValue(), "nothing held");
            assertEquals(0, settlementOf(shop, method, held, "s-" + held).getJsonNumber("released").longValue(), "it released nothing");

            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies"), day::toString);
            assertEquals(4, day.getInt("matched"), "the payment, its refund, the part and the release of nothing: " + day);
        }
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aSplitWithFinishAndAClosedPartReconcilesWithTheCompanysReleaseOfTheRestAndThePartsClosedLine() throws Exception {
        // Held 10,000, split with finish: 2,000 to a receiver, 1,000 to one whose account the company finds frozen. The closed
        // part's money comes back to what is held before the split releases the rest, so the broker releases 8,000; the company
        // bills its release as the rest after the parts asked (7,000) and the 1,000 on the part's CLOSED line.
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String good = "fin-ok-" + method;
            addMerchantReceiver(shop, method, good);
            String frozen = "fin-cl-" + method;
            addMerchantReceiver(shop, method, frozen);
            assertEquals(200, SANDBOX.receiverFailure(method, shop.name(), frozen, "the receiver's account is frozen").status());
            String held = shopPaid(shop, method, 10_000, "CNY", true);
            Reply split = postJson(api("settlement/" + shop.name()), splitBody(method, held, "s-" + held, true, share(good, 2_000),
                    share(frozen, 1_000)), "app-api-key", shop.key());
            assertEquals(200, split.status(), split::toString);
            awaitTrue(() -> settlementState(shop, method, held, "s-" + held).equals("FINISHED"), method + ": the split finished");
            JsonObject done = settlementOf(shop, method, held, "s-" + held);
            assertEquals(List.of("SUCCESS", "CLOSED"), done.getJsonArray("receivers").stream()
                    .map(r -> r.asJsonObject().getString("result")).toList(), done::toString);
            assertEquals(8_000, done.getJsonNumber("released").longValue(), method + ": the rest and the closed part released: " + done);
            JsonObject b = balance(shop, method, "").getJsonObject("balance");
            assertEquals(List.of(0L, 8_000L), List.of(b.getJsonNumber("held").longValue(), b.getJsonNumber("available").longValue()),
                    method + ": " + b);

            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies"), day::toString);
            assertEquals(4, day.getInt("matched"), "the payment, the two parts and the release: " + day);
        }
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aRowOfAKindTheBrokerDoesNotReadIsOneUnknownLineNamingItWhileTheRestOfTheDayMatches() {
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String paid = shopPaid(shop, method, 2_000, "CNY", false);
            // The company bills a revoked trade of the order beside its payment: a row the broker's reading does not know.
            assertEquals(201, SANDBOX.billDifference(method, shop.name(), "REVOKED_TRADE", paid, null).status());
            JsonObject day = reconcile(shop, method, today(), 200);
            List<JsonObject> found = day.getJsonArray("discrepancies").stream().map(JsonValue::asJsonObject).toList();
            JsonObject unknown = only(found, "UNKNOWN_LINE");
            assertEquals(1, found.size(), day::toString);
            assertEquals(List.of("OTHER", paid, "REVOKED"), List.of(unknown.getString("lineKind"), unknown.getString("orderRef"),
                    unknown.getString("companyState")), unknown::toString);
            assertTrue(unknown.getString("companyLine").contains("REVOKED"), "the line as the company wrote it: " + unknown);
            assertEquals(List.of(1, 2, 1), List.of(day.getInt("brokerLines"), day.getInt("companyLines"), day.getInt("matched")),
                    method + ": the payment is compared and matches: " + day);
        }
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aBillOf200000LinesIsReconciledInPartsInsideTheRunsHeapWithNoDifference() throws Exception {
        // The run's heap (server-config/run), which this module's Micro is given too (arquillian.xml).
        long maxHeap = Runtime.getRuntime().maxMemory();
        assertTrue(maxHeap <= 320L * 1024 * 1024, "the run's heap: " + maxHeap);
        int lines = 200_000;
        String method = "alphapay";
        Shop shop = shop(method, false);
        OffsetDateTime noon = largeDay(shop, method, lines);
        java.lang.management.MemoryPoolMXBean old = java.lang.management.ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(p -> p.getType() == java.lang.management.MemoryType.HEAP && !p.getName().contains("Eden")
                        && !p.getName().contains("Survivor")).findFirst().orElseThrow();
        old.resetPeakUsage();
        long started = System.nanoTime();
        Reply run = Http.postJson(java.time.Duration.ofMinutes(15), at(base, "admin/reconciliation"), "{\"paymentMethod\":\"" + method
                + "\",\"billDate\":\"" + noon.toLocalDate() + "\",\"merchant\":\"" + shop.name() + "\"}", "Authorization", admin());
        long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
        assertEquals(200, run.status(), () -> run.body().substring(0, Math.min(2000, run.body().length())));
        JsonObject day = run.json();
        assertEquals(List.of("DONE", lines, lines, lines, 0), List.of(day.getString("state"), day.getInt("brokerLines"),
                day.getInt("companyLines"), day.getInt("matched"), day.getJsonArray("discrepancies").size()),
                () -> day.toString().substring(0, Math.min(2000, day.toString().length())));
        JsonObject trade = day.getJsonArray("files").stream().map(JsonValue::asJsonObject).filter(f -> f.getString("name").equals("tradebill"))
                .findFirst().orElseThrow();
        assertEquals("application/gzip", trade.getString("contentType"));
        // Compared in parts of bills.lines-per-pass (20,000), as the operator's log says.
        String parts = "Bills of " + shop.name() + " at " + method + " for " + noon.toLocalDate() + ": " + lines + " lines compared in 10 parts";
        awaitTrue(() -> ServerLog.lines().stream().anyMatch(l -> l.contains(parts)), parts);
        System.out.printf("Bill of %d lines reconciled in %d s; heap at most %d MiB, its old generation's peak %d MiB and %d MiB after its"
                + " last collection; the file %d bytes as downloaded%n", lines, seconds, maxHeap >> 20, old.getPeakUsage().getUsed() >> 20,
                old.getCollectionUsage() == null ? -1 : old.getCollectionUsage().getUsed() >> 20, trade.getInt("size"));
    }

    /**
     * A large merchant's day yesterday at noon (Beijing) at the company, {@code lines} payments of 1 CNY, and the broker's own
     * records of it written as a paid payment's row is (making 200,000 payments through the API would take a quarter of an hour
     * of this machine's CPU, and is not what is shown here). Returns the day's noon.
     */
    private OffsetDateTime largeDay(Shop shop, String method, int lines) throws Exception {
        OffsetDateTime noon = java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).minusDays(1).atTime(12, 0)
                .atOffset(java.time.ZoneOffset.ofHours(8));
        Reply made = SANDBOX.directPayments(method, shop.name(), "big", lines, 100, noon);
        assertEquals(201, made.status(), made::toString);
        try (java.sql.Connection c = dataSource.getConnection(); java.sql.Statement sql = c.createStatement()) {
            long blocks = lines / 50 + 2;
            java.sql.ResultSet top = sql.executeQuery("SELECT setval('payment_seq', nextval('payment_seq') + " + 50 * blocks + ")");
            top.next();
            long first = top.getLong(1) - 50 * blocks + 1;
            assertEquals(lines, sql.executeUpdate("INSERT INTO payment (id, merchant, payment_method, order_ref, payment_type, currency,"
                    + " actual_amount, request_json, trade_state, paid_at, created_at, updated_at, version, fee)"
                    + " SELECT " + first + " + n, '" + shop.name() + "', '" + method + "', 'big' || (n + 1), 'NATIVE', 'CNY', 100, '{}',"
                    + " 'SUCCESS', TIMESTAMP WITH TIME ZONE '" + noon + "' + n * INTERVAL '1 millisecond',"
                    + " TIMESTAMP WITH TIME ZONE '" + noon + "', TIMESTAMP WITH TIME ZONE '" + noon + "', 1, 0"
                    + " FROM generate_series(0, " + (lines - 1) + ") AS n"));
        }
        return noon;
    }

    @EJB
    DailyBills dailyBills;

    @Test
    void aLargeDaysRunRenewsItsLeaseBeforeEachPartAndOneThatLosesItStoresNothingOfTheDay() throws Exception {
        // 45,000 lines: three parts of bills.lines-per-pass (20,000). The scheduled run renews its lease through the run's
        // alive() (BillReconciliation: a lease taken again, LeaseLost when another node has it); here the run counts them.
        int lines = 45_000;
        String method = "alphapay";
        Shop shop = shop(method, false);
        java.time.LocalDate day = largeDay(shop, method, lines).toLocalDate();
        URI result = api("reconciliation/" + shop.name() + "?payment_method=" + method + "&bill_date=" + day);
        java.util.concurrent.atomic.AtomicInteger renewals = new java.util.concurrent.atomic.AtomicInteger();
        // Lost to another node before the second part: the run ends there, and the day is left to that node, nothing of it stored.
        try (BillRun lost = new BillRun(() -> {
            if (renewals.incrementAndGet() == 2) {
                throw new BillRun.LeaseLost("the lease was taken by another node (this test)");
            }
        })) {
            BillRun.LeaseLost ended = org.junit.jupiter.api.Assertions.assertThrows(BillRun.LeaseLost.class,
                    () -> dailyBills.reconcile(shop.name(), method, day, "lease-test", lost));
            assertTrue(ended.getMessage().contains("another node"), ended::getMessage);
        }
        assertEquals(2, renewals.get(), "renewed before the first part and asked before the second");
        assertEquals(404, get(result, "app-api-key", shop.key()).status(), "nothing of the day stored");

        renewals.set(0);
        try (BillRun kept = new BillRun(renewals::incrementAndGet)) {
            ReconciliationView view = dailyBills.reconcile(shop.name(), method, day, "lease-test", kept).view();
            assertEquals(List.of("DONE", lines, 0), List.of(view.state().name(), view.matched(), view.discrepancies().size()),
                    () -> view.toString().substring(0, Math.min(2000, view.toString().length())));
        }
        assertEquals(3, renewals.get(), "the lease renewed before each of the three parts");
        Reply stored = get(result, "app-api-key", shop.key());
        assertEquals(200, stored.status(), stored::toString);
        assertEquals("DONE", stored.json().getString("state"));
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void feesAreBookedAtTheContractRateAndTheDayReconcilesWhileACompanyRateOneHundredthOffIsOneFeeDifferencePerLine() throws Exception {
        for (String method : METHODS) {
            // 0.60% at the company and at the broker: every figure worked out from the rate, half up.
            Shop shop = shopWithFees(method, "0.60", "0.60", true);
            String plain = shopPaid(shop, method, 12_345, "CNY", false); // fee 74.07: 74
            String held = shopPaid(shop, method, 30_000, "CNY", true); // fee 180
            assertEquals(200, postJson(api("refund/" + shop.name()), body(method, plain, "r-" + plain, 5_000, ""), "app-api-key", shop.key())
                    .status());
            awaitTrue(() -> refundState(shop, method, plain, "r-" + plain).equals("SUCCESS"), method + ": the refund succeeded");
            splitThenRelease(shop, method, held, "fee-rcv-" + method, 6_000);

            long released = 30_000 - 180 - 6_000;
            long available = 12_345 - 74 - 5_000 + 30 + released; // the refund gives back 5,000 × 74 ÷ 12,345 = 29.97: 30
            JsonObject ledger = balance(shop, method, "&view=ledger");
            assertEquals(available, available(ledger), ledger::toString);
            assertEquals(0, ledger.getJsonObject("balance").getJsonNumber("held").longValue(), ledger::toString);
            assertEquals(List.of("FEE 180", "FEE 74", "REFUND_FEE 30"), ledger.getJsonArray("entries").stream().map(JsonValue::asJsonObject)
                    .filter(e -> e.getString("kind").contains("FEE")).map(e -> e.getString("kind") + " " + e.getJsonNumber("amount"))
                    .sorted().toList(), ledger::toString);
            assertTrue(ledger.getJsonArray("entries").stream().map(JsonValue::asJsonObject).anyMatch(e -> e.getString("kind")
                    .equals("RELEASE") && e.getJsonNumber("amount").longValue() == released), "the release of what is held net of its fee");
            assertAgrees(shop, method);

            assertEquals(200, payout(shop, method, "po-fee-" + held, 10_000L, "").status());
            awaitPayout(shop, method, "po-fee-" + held, "PAID");
            assertEquals(available - 10_000, available(balance(shop, method, "")));
            assertAgrees(shop, method);

            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies"), day::toString);
            assertEquals(6, day.getInt("matched"), "two payments, the refund, the split's part, the release and the payout: " + day);

            // The company keeps 0.61%, the broker was told 0.60%: the payment's fee and the refund's share differ, nothing else.
            Shop off = shopWithFees(method, "0.61", "0.60", false);
            String paid = shopPaid(off, method, 100_000, "CNY", false); // 600 booked, 610 billed
            assertEquals(200, postJson(api("refund/" + off.name()), body(method, paid, "r-" + paid, 40_000, ""), "app-api-key", off.key())
                    .status());
            awaitTrue(() -> refundState(off, method, paid, "r-" + paid).equals("SUCCESS"), method + ": the refund succeeded");
            JsonObject differs = reconcile(off, method, today(), 200);
            List<JsonObject> found = differs.getJsonArray("discrepancies").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(List.of("FEE_DIFFERS PAYMENT 600/610 " + paid, "FEE_DIFFERS REFUND 240/244 r-" + paid), found.stream()
                    .map(d -> d.getString("kind") + " " + d.getString("lineKind") + " " + d.getJsonNumber("brokerAmount") + "/"
                            + d.getJsonNumber("companyAmount") + " " + d.getString("merchantRef")).sorted().toList(),
                    "each naming the merchant's own reference: " + differs);
        }
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void moneyTheCompanyHasNotSettledIsPendingRefundableNotPaidOutAndAvailableFromItsSettlementDay() throws Exception {
        for (String method : METHODS) {
            // A cycle of one day: paid yesterday (Beijing time), settled at today's 00:00; paid today, settled tomorrow.
            Shop shop = shopWithTerms(method, "0.60", "0.60", 1, 1, true);
            String yesterday = ref();
            Reply created = postJson(api("payment/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                    + "\"orderRef\":\"" + yesterday + "\",\"actualAmount\":20000,\"currency\":\"CNY\",\"profitSharing\":false}",
                    "app-api-key", shop.key());
            assertEquals(200, created.status(), created::toString);
            assertEquals(200, SANDBOX.pay(method, shop.name(), yesterday, java.time.LocalDate.parse(today()).minusDays(1).atTime(23, 59, 59)
                    .atOffset(java.time.ZoneOffset.ofHours(8))).status());
            // Seen paid by its query, not left to the company's callback (which waits behind every callback the sandbox owes).
            Reply paidYesterday = get(api("payment/" + shop.name() + "?order_ref=" + yesterday + "&payment_method=" + method), "app-api-key",
                    shop.key());
            assertEquals("SUCCESS", paidYesterday.json().getString("tradeState"), paidYesterday::toString);
            String paidToday = shopPaid(shop, method, 10_000, "CNY", false);
            assertEquals(200, postJson(api("refund/" + shop.name()), body(method, paidToday, "r-" + paidToday, 4_000, ""), "app-api-key",
                    shop.key()).status());
            awaitTrue(() -> refundState(shop, method, paidToday, "r-" + paidToday).equals("SUCCESS"), method + ": the refund succeeded");
            // Held money is not on the cycle: the company frees it when the merchant releases it, at once, the split's
            // part to its receiver.
            String held = shopPaid(shop, method, 30_000, "CNY", true); // fee 180
            splitThenRelease(shop, method, held, "pend-rcv-" + method, 6_000);

            long settled = 20_000 - 120;
            long released = 30_000 - 180 - 6_000;
            long pending = 10_000 - 60 - 4_000 + 24; // refunded out of what is pending, its share of the fee back
            JsonObject[] seen = new JsonObject[1];
            awaitTrue(() -> {
                seen[0] = balance(shop, method, "&view=ledger").getJsonObject("balance");
                return seen[0].getJsonNumber("available").longValue() == settled + released;
            }, method + ": yesterday's payment settled by the scheduled work, beside today's release");
            assertEquals(0, seen[0].getJsonNumber("held").longValue(), seen[0]::toString);
            assertEquals(pending, seen[0].getJsonNumber("pending").longValue(), seen[0]::toString);
            JsonObject ledger = balance(shop, method, "&view=ledger");
            assertEquals(List.of("SETTLED " + yesterday + " PENDING>AVAILABLE " + settled), ledger.getJsonArray("entries").stream()
                    .map(JsonValue::asJsonObject).filter(e -> e.getString("kind").equals("SETTLED")).map(e -> e.getString("kind") + " "
                            + e.getString("orderRef") + " " + e.getString("from") + ">" + e.getString("to") + " " + e.getJsonNumber("amount"))
                    .toList(), ledger::toString);
            assertAgrees(shop, method);

            Reply tooMuch = payout(shop, method, "po-more-" + paidToday, settled + released + 1, "");
            assertRefused(422, "amount", tooMuch);
            assertTrue(tooMuch.json().getString("message").contains((settled + released) + "; " + pending + " more is pending"),
                    tooMuch::toString);
            assertEquals(200, payout(shop, method, "po-" + paidToday, settled + released, "").status());
            awaitPayout(shop, method, "po-" + paidToday, "PAID");
            assertEquals(0, available(balance(shop, method, "")));
            assertAgrees(shop, method);
            JsonObject bill = awaitBill(shop, method, "payoutRef", "po-" + paidToday);
            assertAddsUp(bill);
            assertEquals(List.of(0L, pending), List.of(figure(bill, "opening", "pending"), figure(bill, "closing", "pending")), bill::toString);
            assertTrue(kinds(bill).containsAll(List.of("PAYMENT", "FEE", "REFUND", "REFUND_FEE", "SETTLED", "SPLIT", "RELEASE", "PAYOUT")),
                    bill::toString);
            assertCsvMatches(shop, method, "payout_ref=po-" + paidToday, bill);

            // Both days reconcile: yesterday its one payment; today the payments, the refund, the split's part, the
            // release and the payout.
            JsonObject before = reconcile(shop, method, java.time.LocalDate.parse(today()).minusDays(1).toString(), 200);
            assertEquals(List.of(), before.getJsonArray("discrepancies"), before::toString);
            assertEquals(1, before.getInt("matched"), before::toString);
            JsonObject day = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), day.getJsonArray("discrepancies"), day::toString);
            assertEquals(6, day.getInt("matched"), day::toString);
        }
    }

    @Test
    void aPayoutOfMoneyTheCompanyHasNotSettledIsRefusedByTheCompanyAndItsMoneyComesBack() throws Exception {
        for (String method : METHODS) {
            // The company settles the next day; the broker was told at once (a wrong registration): the company's word decides.
            Shop shop = shopWithTerms(method, "0.00", "0.00", 1, 0, true);
            shopPaid(shop, method, 10_000, "CNY", false);
            assertEquals(10_000, available(balance(shop, method, "")), "the broker takes it for settled");
            assertEquals(10_000, SANDBOX.funds(method, shop.name()).getJsonNumber("pending").longValue(), "the company does not");
            Reply asked = payout(shop, method, "po-early-" + shop.name(), 10_000L, "");
            assertEquals(500, asked.status(), asked::toString);
            assertEquals("failure while paying out", asked.json().getString("message"), asked::toString);
            assertTrue(asked.json().getString("errors").contains("NOT_ENOUGH"), "the company's reason: " + asked);
            JsonObject failed = awaitPayout(shop, method, "po-early-" + shop.name(), "FAILED");
            assertEquals(10_000, available(balance(shop, method, "")), "its money back: " + failed);
            assertEquals(0, SANDBOX.funds(method, shop.name()).getJsonNumber("inTransit").longValue(), "nothing paid out");
        }
    }

    @Test
    void theEventsOfAnOrderAtOneCompanyAreListedApartFromThoseOfTheSameOrderAtTheOther() throws Exception {
        String ref = ref();
        for (String method : METHODS) {
            assertEquals(200, createPayment(method, ref, 1_000, "CNY").status());
            assertEquals(200, SANDBOX.pay(method, "demo", ref).status());
            awaitTrue(() -> "SUCCESS".equals(queryPayment(method, ref).getString("tradeState")), method + ": paid");
        }
        assertEquals(2, events(ref).stream().filter("payment.succeeded"::equals).count(), "without payment_method: both companies'");
        for (String method : METHODS) {
            Reply r = get(api("events/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", KEY);
            assertEquals(200, r.status(), r::toString);
            List<JsonObject> listed = r.json().getJsonArray("events").stream().map(JsonValue::asJsonObject).toList();
            assertEquals(List.of("payment.succeeded"), listed.stream().map(e -> e.getString("type")).filter(t -> t.startsWith("payment."))
                    .toList(), r::toString);
            assertEquals(List.of(method), listed.stream().map(e -> e.getJsonObject("event").getJsonObject("data").getString("paymentMethod"))
                    .distinct().toList(), "only " + method + "'s: " + r);
        }
        assertRefused(422, "payment_method", get(api("events/demo?order_ref=" + ref + "&payment_method=gammapay"), "app-api-key", KEY));
        assertRefused(422, "payment_method", get(api("events/demo?payout_ref=po-x&payment_method=alphapay"), "app-api-key", KEY));
    }

    @Test
    void aFeeRateChangesFromAComingDayOnlyAndABadRateIsRefusedNamingItsFieldChangingNothing() {
        Shop shop = shopWithFees("alphapay", "0.60", "0.60", false);
        JsonObject credentials = SANDBOX.openAccount("alphapay", shop.name(), "0.60", 0).json();
        java.util.function.BiFunction<String, String, Reply> register = (rate, from) -> {
            jakarta.json.JsonObjectBuilder b = jakarta.json.Json.createObjectBuilder(credentials).add("feeRate", rate);
            if (from != null) {
                b.add("feeRateFrom", from);
            }
            return send("PUT", at(base, "admin/merchants/" + shop.name() + "/companies/alphapay"), b.build().toString(), "Content-Type",
                    "application/json", "Authorization", admin());
        };
        String tomorrow = java.time.LocalDate.parse(today()).plusDays(1).toString();
        assertRefused(422, "feeRateFrom", register.apply("0.55", today()));
        assertRefused(422, "feeRate", register.apply("0.605", null));
        assertRefused(422, "feeRate", register.apply("100", tomorrow));
        Reply changed = register.apply("0.55", null);
        assertEquals(200, changed.status(), changed::toString);
        String both = "[{\"feeRate\":\"0.60\",\"from\":\"2000-01-01\"},{\"feeRate\":\"0.55\",\"from\":\"" + tomorrow + "\"}]";
        assertEquals(both, changed.json().getJsonArray("feeRates").toString(), "from tomorrow, today's payments at today's rate");
        assertEquals(both, register.apply("0.55", tomorrow).json().getJsonArray("feeRates").toString(), "the same plan again: no change");
    }

    @Test
    @Tag(POSTGRESQL_SERVER)
    void aPaymentAtTheLastSecondOfADayThatTheCompanyBillsTheNextDayIsMatchedAcrossTheBoundary() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            java.time.LocalDate yesterday = java.time.LocalDate.parse(today()).minusDays(1);
            String ref = ref();
            Reply created = postJson(api("payment/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                    + "\"orderRef\":\"" + ref + "\",\"actualAmount\":1200,\"currency\":\"CNY\"}", "app-api-key", shop.key());
            assertEquals(200, created.status(), created::toString);
            assertEquals(200, SANDBOX.pay(method, shop.name(), ref, yesterday.atTime(23, 59, 59).atOffset(java.time.ZoneOffset.ofHours(8)))
                    .status());
            JsonObject paid = get(api("payment/" + shop.name() + "?order_ref=" + ref + "&payment_method=" + method), "app-api-key",
                    shop.key()).json();
            assertEquals("SUCCESS", paid.getString("tradeState"), paid::toString);
            assertEquals(201, SANDBOX.billDifference(method, shop.name(), "SHIFT_SECONDS", ref, 2).status());
            JsonObject before = reconcile(shop, method, yesterday.toString(), 200);
            assertEquals(List.of(), before.getJsonArray("discrepancies"), before::toString);
            assertEquals(List.of(1, 0, 1), List.of(before.getInt("brokerLines"), before.getInt("companyLines"), before.getInt("acrossDays")),
                    before::toString);
            JsonObject after = reconcile(shop, method, today(), 200);
            assertEquals(List.of(), after.getJsonArray("discrepancies"), after::toString);
            assertEquals(List.of(0, 1, 1), List.of(after.getInt("brokerLines"), after.getInt("companyLines"), after.getInt("acrossDays")),
                    after::toString);
        }
    }

    /** The operator's run of the day for the shop; its result. */
    private JsonObject reconcile(Shop shop, String method, String billDate, int status) {
        Reply r = postJson(at(base, "admin/reconciliation"), "{\"paymentMethod\":\"" + method + "\",\"billDate\":\"" + billDate
                + "\",\"merchant\":\"" + shop.name() + "\"}", "Authorization", admin());
        assertEquals(status, r.status(), r::toString);
        return r.json();
    }

    private static JsonObject only(List<JsonObject> found, String kind) {
        List<JsonObject> of = found.stream().filter(x -> x.getString("kind").equals(kind)).toList();
        assertEquals(1, of.size(), kind + " once: " + found);
        return of.get(0);
    }

    private List<String> events(Shop shop, String orderRef) {
        Reply r = get(api("events/" + shop.name() + "?order_ref=" + orderRef), "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("events").stream().map(v -> v.asJsonObject().getString("type")).toList();
    }

    /** Today in Beijing time, as a bill date. */
    private static String today() {
        return java.time.LocalDate.now(java.time.ZoneOffset.ofHours(8)).toString();
    }

    /** The statement once READY: asked for (POST), then read (GET) until the payout is final. */
    private JsonObject awaitBill(Shop shop, String method, String field, String value) throws InterruptedException {
        Reply asked = postJson(api("payout/bill/abroad/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"" + field + "\":\""
                + value + "\"}", "app-api-key", shop.key());
        assertEquals(200, asked.status(), asked::toString);
        assertTrue(List.of("PREPARING", "READY").contains(asked.json().getString("state")), asked::toString);
        JsonObject[] seen = new JsonObject[1];
        awaitTrue(() -> {
            Reply r = get(api("payout/bill/abroad/" + shop.name() + "?payment_method=" + method + "&payout_ref=" + value), "app-api-key",
                    shop.key());
            assertEquals(200, r.status(), r::toString);
            seen[0] = r.json();
            return seen[0].getString("state").equals("READY");
        }, value + "'s statement READY");
        return seen[0];
    }

    private static List<String> kinds(JsonObject bill) {
        return bill.getJsonArray("lines").stream().map(l -> l.asJsonObject().getString("kind")).toList();
    }

    private static long figure(JsonObject bill, String which, String bucket) {
        return bill.getJsonObject(which).getJsonNumber(bucket).longValue();
    }

    /** opening + the lines other than payouts − payouts = closing, for what is available; opening + the lines = closing for what is held and pending. */
    private static void assertAddsUp(JsonObject bill) {
        List<JsonObject> lines = bill.getJsonArray("lines").stream().map(JsonValue::asJsonObject).toList();
        long others = lines.stream().filter(l -> !l.getString("kind").equals("PAYOUT")).mapToLong(l -> l.getJsonNumber("availableChange")
                .longValue()).sum();
        long payouts = lines.stream().filter(l -> l.getString("kind").equals("PAYOUT")).mapToLong(l -> l.getJsonNumber("amount").longValue())
                .sum();
        assertEquals(bill.getJsonNumber("payouts").longValue(), payouts, bill::toString);
        assertEquals(figure(bill, "closing", "available"), figure(bill, "opening", "available") + others - payouts, bill::toString);
        assertEquals(figure(bill, "closing", "held"), figure(bill, "opening", "held") + lines.stream().mapToLong(l -> l.getJsonNumber(
                "heldChange").longValue()).sum(), bill::toString);
        assertEquals(figure(bill, "closing", "pending"), figure(bill, "opening", "pending") + lines.stream().mapToLong(l -> l.getJsonNumber(
                "pendingChange").longValue()).sum(), bill::toString);
    }

    /** The CSV of a READY statement: its Content-Digest is the SHA-256 of the body, and its rows are the JSON's. */
    private void assertCsvMatches(Shop shop, String method, String query, JsonObject bill) throws Exception {
        Reply csv = get(api("payout/bill/abroad/" + shop.name() + "?payment_method=" + method + "&" + query), "app-api-key", shop.key(),
                "Accept", "text/csv");
        assertEquals(200, csv.status(), csv::toString);
        assertTrue(csv.headers().firstValue("Content-Type").orElse("").startsWith("text/csv"), csv::toString);
        byte[] body = csv.body().getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertEquals("sha-256=:" + java.util.Base64.getEncoder().encodeToString(java.security.MessageDigest.getInstance("SHA-256")
                .digest(body)) + ":", csv.headers().firstValue("Content-Digest").orElse(null), "RFC 9530 digest of the body");
        List<String> rows = csv.body().lines().toList();
        assertEquals("time,kind,order_ref,reference,amount,fee,available_change,held_change,available,held,pending_change,pending",
                rows.get(0));
        assertEquals(bill.getJsonArray("lines").size() + 3, rows.size(), csv::body);
        assertTrue(rows.get(1).contains(",OPENING,"), csv::body);
        assertTrue(rows.get(2).matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}[.\\d]*\\+08:00,.*"), "Beijing time: " + csv.body());
        assertEquals(bill.getJsonArray("lines").getJsonObject(0).getJsonNumber("amount").longValue(), Long.parseLong(rows.get(2)
                .split(",")[4]), "amounts in fen: " + csv.body());
        assertTrue(rows.get(rows.size() - 1).endsWith(",CLOSING,,,,,,," + figure(bill, "closing", "available") + ","
                + figure(bill, "closing", "held") + ",," + figure(bill, "closing", "pending")), csv::body);
    }

    @Test
    void everyPayoutRuleRefusesNamingItsFieldChangingNothingAndCallingNoCompany() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, true);
            shopPaid(shop, method, 1_000, "CNY", false);
            String ref = "rules-" + method + "-" + shop.name();
            assertRefused(422, "amount", payout(shop, method, ref, 1_001L, ""));
            assertRefused(422, "amount", payout(shop, method, ref, 99L, ""));
            Shop abroadless = shop(method, false);
            shopPaid(abroadless, method, 1_000, "CNY", false);
            assertRefused(422, "paymentMethod", payout(abroadless, method, ref, 500L, ""));
            assertRefused(422, "paymentMethod", payout(shop, method.equals("alphapay") ? "betapay" : "alphapay", ref, 500L, ""));
            assertRefused(422, "payoutRef", payout(shop, method, "bad ref", 500L, ""));
            assertRefused(422, "amount", payout(shop, method, ref, 0L, ""));
            for (String[] bad : new String[][] {{"view", "view=payouts"}, {"offset", "offset=-1"}, {"offset", "offset=x"},
                    {"limit", "limit=0"}, {"limit", "limit=101"}, {"limit", "limit=1.5"}}) {
                assertRefused(422, bad[0], get(api("payout/abroad/" + shop.name() + "?payment_method=" + method + "&" + bad[1]), "app-api-key",
                        shop.key()));
            }
            assertRefused(404, null, get(api("payout/abroad/" + shop.name() + "?payment_method=" + method + "&payout_ref=" + ref),
                    "app-api-key", shop.key()));
            assertEquals(0, count("SELECT COUNT(*) FROM payout WHERE payout_ref = ?", ref), "nothing stored");
            assertEquals(0, SANDBOX.requests(method, shop.name(), "payout", ref), "no company call");
            assertEquals(0, SANDBOX.requests(method, abroadless.name(), "payout", ref), "no company call");

            Reply first = payout(shop, method, ref, 500L, "");
            assertEquals(200, first.status(), first::toString);
            assertRefused(422, "payoutRef", payout(shop, method, ref, 400L, ""));
            Reply again = payout(shop, method, ref, 500L, "");
            assertEquals(200, again.status(), again::toString);
            assertEquals(first.json().getString("payoutId"), again.json().getString("payoutId"), "the same payout");
            assertEquals(1, SANDBOX.requests(method, shop.name(), "payout", ref), "one company call in all");
            assertEquals(500, available(balance(shop, method, "")), "only the one payout took money");
            assertAgrees(shop, method);
        }
    }

    @Test
    void twentyConcurrentPayoutsRacingTenRefundsNeverTakeMoreThanIsAvailable() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, true);
            List<String> refs = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                refs.add(shopPaid(shop, method, 1_000, "CNY", false));
            }
            assertEquals(10_000, available(balance(shop, method, "")));
            List<Reply> replies = Bursts.atOnce(30, i -> i < 20
                    ? payout(shop, method, "race" + i + "-" + shop.name(), 1_000L, "")
                    : postJson(api("refund/" + shop.name()), body(method, refs.get(i - 20), "race-" + refs.get(i - 20), 1_000, ""),
                            "app-api-key", shop.key())).stream().map(Bursts.Caller::last).toList();
            long made = replies.stream().filter(r -> r.status() == 200).count();
            for (Reply r : replies) {
                if (r.status() != 200) {
                    assertRefused(422, "amount", r);
                }
            }
            assertEquals(10, made, () -> method + ": exactly what was available: " + statuses(replies));
            JsonObject b = balance(shop, method, "");
            assertEquals(0, available(b), b::toString);
            awaitTrue(() -> balance(shop, method, "").getJsonObject("balance").getJsonNumber("inTransit").longValue() == 0,
                    method + ": every payout paid");
            long paidOut = balance(shop, method, "").getJsonObject("balance").getJsonNumber("paidOut").longValue();
            long payouts = replies.subList(0, 20).stream().filter(r -> r.status() == 200).count();
            assertEquals(payouts * 1_000, paidOut, "what the broker recorded paid out");
            assertAgrees(shop, method);
        }
    }

    @Test
    void aPayoutTheCompanyFailsGivesItsAmountBackAndATimeoutIsResolvedOnceByTheReconciliation() throws Exception {
        for (String method : METHODS) {
            Shop shop = shop(method, true);
            shopPaid(shop, method, 5_000, "CNY", false);
            SANDBOX.payoutFailure(method, shop.name(), "the bank abroad closed the account");
            String failing = "fail-" + shop.name();
            try {
                assertEquals(200, payout(shop, method, failing, 2_000L, "").status());
            } finally {
                SANDBOX.payoutFailure(method, shop.name(), null);
            }
            JsonObject failed = awaitPayout(shop, method, failing, "FAILED");
            assertEquals("the bank abroad closed the account", failed.getString("failReason"));
            assertEquals(JsonValue.NULL, failed.get("paidAt"));
            assertEquals(5_000, available(balance(shop, method, "")), "all of it is available again");
            assertEquals(List.of("payout.failed"), payoutEvents(shop, failing));
            assertAgrees(shop, method);

            String lost = "lost-" + shop.name();
            assertEquals(200, SANDBOX.fault(method, shop.name(), "{\"mode\":\"TIMEOUT\",\"orderRef\":\"" + lost + "\",\"count\":1}").status());
            Reply timedOut;
            try {
                timedOut = payout(shop, method, lost, 3_000L, "");
            } finally {
                SANDBOX.clearFaults(method, shop.name());
            }
            assertEnvelope(500, timedOut);
            assertEquals("failure while paying out", timedOut.json().getString("message"));
            assertTrue(timedOut.json().getString("errors").contains("timed out"), timedOut::toString);
            assertEquals(1, count("SELECT COUNT(*) FROM payout WHERE payout_ref = ?", lost), "the payout is kept");
            assertEquals(2_000, available(balance(shop, method, "")), "and its amount is not available meanwhile");
            awaitTrue(() -> count("SELECT COUNT(*) FROM payout WHERE payout_ref = ? AND state = 'PAID'", lost) == 1,
                    method + ": resolved by the reconciliation");
            assertEquals(1, SANDBOX.funds(method, shop.name()).getJsonArray("payouts").stream().map(JsonValue::asJsonObject)
                    .filter(x -> x.getString("payoutNo").equals(lost)).count(), "paid out once");
            assertAgrees(shop, method);
        }
    }

    @Test
    void aPayoutWhoseAnswerIsLostAndWhoseResendIsRefusedIsKeptAndEndsOnceAsTheCompanysQuerySays() throws Exception {
        // The first send's answer is lost (the company answers 502 and does nothing); the
        // reconciliation asks the company, which has none, and sends the payout again; the company
        // refuses that resend. Its first send may still be at the company, so the broker books
        // nothing back and never sends it a third time: a later query ends it. "made": the company
        // refused the resend but holds the payout (as a company still working on the first would),
        // so it ends PAID, once. "none": the company has none, so it ends refused (shown FAILED), its
        // amount available again, once.
        for (String method : METHODS) {
            Shop shop = shop(method, true);
            shopPaid(shop, method, 5_000, "CNY", false);
            String made = "rmade-" + shop.name();
            String none = "rnone-" + shop.name();
            String code = method.equals("alphapay") ? "INVALID_REQUEST" : "ACQ.INVALID_PARAMETER";
            for (String ref : List.of(made, none)) {
                String only = ",\"kind\":\"payout\",\"orderRef\":\"" + ref + "\",\"count\":1";
                assertEquals(200, SANDBOX.fault(method, shop.name(), "{\"mode\":\"ERROR\",\"status\":502" + only + ",\"then\":{\"mode\":"
                        + "\"REFUSE\",\"code\":\"" + code + "\",\"afterWork\":" + ref.equals(made) + only + "}}").status());
                Reply lost = payout(shop, method, ref, 2_000L, "");
                assertEnvelope(500, lost);
                assertEquals("failure while paying out", lost.json().getString("message"));
                awaitTrue(() -> SANDBOX.requestStatuses(method, shop.name(), "payout", ref).size() == 2
                        && !SANDBOX.requestStatuses(method, shop.name(), "payout", ref).contains(null), method + " " + ref + ": sent again");
            }
            JsonObject paid = awaitPayout(shop, method, made, "PAID");
            assertEquals(JsonValue.NULL, paid.get("failReason"), paid::toString);
            JsonObject refused = awaitPayout(shop, method, none, "FAILED");
            assertTrue(refused.getString("failReason").contains("sent again"), refused::toString);
            for (String ref : List.of(made, none)) {
                assertEquals(2, SANDBOX.requests(method, shop.name(), "payout", ref), method + " " + ref + ": never sent a third time");
                assertTrue(SANDBOX.requests(method, shop.name(), "payout-query", ref) >= 2, method + " " + ref + ": asked before and after");
            }
            assertEquals(List.of(made), SANDBOX.funds(method, shop.name()).getJsonArray("payouts").stream().map(JsonValue::asJsonObject)
                    .map(x -> x.getString("payoutNo")).filter(List.of(made, none)::contains).toList(), method + ": the company paid out one");
            assertEquals(0, count("SELECT COUNT(*) FROM balance_entry WHERE kind = 'PAYOUT_BACK' AND reference = ?", made),
                    method + ": nothing of the payout the company made was ever booked back");
            assertEquals(1, count("SELECT COUNT(*) FROM balance_entry WHERE kind = 'PAYOUT_PAID' AND reference = ?", made));
            assertEquals(1, count("SELECT COUNT(*) FROM balance_entry WHERE kind = 'PAYOUT_BACK' AND reference = ?", none),
                    method + ": the refused one booked back once");
            assertEquals(3_000, available(balance(shop, method, "")));
            assertAgrees(shop, method);
        }
    }

    @Test
    void aRefundWithoutTheCompanysWordPastItsAttemptsIsListedForAnOperatorCountedRetriedByTheOperatorAndEndsOnce() throws Exception {
        // Every request about the order is answered "system busy" (signed: no failure of the company's
        // circuit, and no answer of the refund's), so the refund's outcome stays unknown through the
        // janitor's attempts (8 in these suites, about half a minute); then it is asked no more and
        // listed for an operator, who tries it again once the company answers: it ends, made once.
        String scrape = Metrics.scrape(base, "");
        double listedBefore = Metrics.sum(scrape, "money_requests_attention{", "kind=\"refund\"");
        double gaveUpBefore = Metrics.sum(scrape, "dispatch_gave_up_total");
        java.util.Map<String, Shop> shops = new java.util.HashMap<>();
        java.util.Map<String, String> orders = new java.util.HashMap<>();
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            String ref = shopPaid(shop, method, 3_000, "CNY", false);
            shops.put(method, shop);
            orders.put(method, ref);
            String busy = method.equals("alphapay") ? "SYSTEM_ERROR" : "ACQ.SYSTEM_ERROR";
            assertEquals(200, SANDBOX.fault(method, shop.name(), "{\"mode\":\"REFUSE\",\"code\":\"" + busy + "\",\"orderRef\":\"" + ref
                    + "\"}").status());
            Reply r = postJson(api("refund/" + shop.name()), body(method, ref, "att-" + ref, 3_000, ""), "app-api-key", shop.key());
            assertEnvelope(500, r);
        }
        JsonObject[] listed = new JsonObject[2];
        for (int i = 0; i < 2; i++) {
            String method = METHODS.get(i);
            Shop shop = shops.get(method);
            int at = i;
            awaitTrue(() -> {
                Reply list = get(at(base, "admin/attention?merchant=" + shop.name() + "&kind=refund"), "Authorization", admin());
                assertEquals(200, list.status(), list::toString);
                List<JsonObject> items = list.json().getJsonArray("requests").stream().map(JsonValue::asJsonObject).toList();
                listed[at] = items.isEmpty() ? null : items.get(0);
                return items.size() == 1;
            }, method + ": the refund listed for an operator");
            JsonObject item = listed[i];
            String ref = orders.get(method);
            assertEquals("refund", item.getString("kind"));
            assertEquals(method, item.getString("paymentMethod"));
            assertEquals("att-" + ref, item.getString("merchantRef"));
            assertEquals("NEEDS_ATTENTION", item.getString("state"));
            assertEquals(8, item.getInt("attempts"), item::toString);
            assertTrue(item.getString("lastAnswer").startsWith("UNKNOWN"), item::toString);
            assertTrue(item.getString("lastAnswer").contains(method.equals("alphapay") ? "SYSTEM_ERROR" : "ACQ.SYSTEM_ERROR"), item::toString);
            assertEquals(1, count("SELECT COUNT(*) FROM refund WHERE company_refund_no = ?", item.getString("companyNo")));
            assertEquals(1, count("SELECT COUNT(*) FROM refund WHERE refund_ref = ? AND state = 'UNKNOWN'", "att-" + ref),
                    method + ": kept UNKNOWN, nothing booked");
            assertTrue(SANDBOX.order(method, shop.name(), ref).orElseThrow().getJsonArray("refunds").isEmpty(), "the company has none");
            // (alphapay's query of a refund it has none of names no order, so it passes the fault: "none", and the
            // refund is sent again at each attempt, answered "busy" each time; betapay's query is answered "busy".)
            long asked = SANDBOX.requests(method, shop.name(), "refund-query", ref);
            long sent = SANDBOX.requests(method, shop.name(), "refund", ref);
            Thread.sleep(5_000);
            assertEquals(asked, SANDBOX.requests(method, shop.name(), "refund-query", ref), method + ": asked no more once listed");
            assertEquals(sent, SANDBOX.requests(method, shop.name(), "refund", ref), method + ": nor sent");
        }
        awaitTrue(() -> {
            String now = Metrics.scrape(base, "");
            return Metrics.sum(now, "money_requests_attention{", "kind=\"refund\"") >= listedBefore + 2
                    && Metrics.sum(now, "dispatch_gave_up_total") >= gaveUpBefore + 2;
        }, "the gauge and the counter show both");

        for (int i = 0; i < 2; i++) {
            String method = METHODS.get(i);
            Shop shop = shops.get(method);
            String ref = orders.get(method);
            assertEquals(200, SANDBOX.clearFaults(method, shop.name()).status());
            String id = String.valueOf(listed[i].getJsonNumber("id").longValue());
            Reply retried = postJson(at(base, "admin/attention/" + id + "/retry"), "", "Authorization", admin());
            assertEquals(200, retried.status(), retried::toString);
            JsonObject after = retried.json().getJsonObject("request");
            assertEquals("ANSWERED", after.getString("state"), after::toString);
            assertTrue(after.getInt("attempts") <= 1, "its attempts counted afresh: " + after);
            awaitTrue(() -> refundState(shop, method, ref, "att-" + ref).equals("SUCCESS"), method + ": the refund ends");
            assertEquals(1, SANDBOX.order(method, shop.name(), ref).orElseThrow().getJsonArray("refunds").size(), method + ": made once");
            Reply list = get(at(base, "admin/attention?merchant=" + shop.name()), "Authorization", admin());
            assertTrue(list.json().getJsonArray("requests").isEmpty(), list::toString);
            assertRefused(409, null, postJson(at(base, "admin/attention/" + id + "/retry"), "", "Authorization", admin()));
        }
    }

    @Test
    void anAccountAbroadIsShownMaskedAndIsInNoTableExchangeOrLogLineInClear() throws Exception {
        String number = "GB33BUKB20201555555555";
        String holder = "Harbour Tea Trading Ltd";
        for (String method : METHODS) {
            Shop shop = shop(method, false);
            Reply none = get(at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method), "Authorization", admin());
            assertRefused(404, null, none);
            Reply put = send("PUT", at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method), "{\"holderName\":\""
                    + holder + "\",\"accountNumber\":\"GB33 BUKB 2020 1555 5555 55\",\"swiftCode\":\"BUKBGB22\",\"bankCountry\":\"GB\","
                    + "\"currency\":\"GBP\"}", "Content-Type", "application/json", "Authorization", admin());
            assertEquals(200, put.status(), put::toString);
            assertEquals("****5555", put.json().getString("accountNumber"));
            assertEquals("H***", put.json().getString("holderName"));
            Reply shown = get(at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method), "Authorization", admin());
            assertEquals(put.json().getString("accountNumber"), shown.json().getString("accountNumber"));
            assertEquals("BUKBGB22", shown.json().getString("swiftCode"));
            JsonObject atCompany = SANDBOX.funds(method, shop.name()).getJsonObject("beneficiary");
            assertTrue(atCompany.getString("accountNumber").endsWith("5555"), "registered at " + method + ": " + atCompany);
            assertAssertNotAuthenticated(shop, method);
            for (String secret : List.of(number, holder)) {
                assertEquals(List.of(), Tables.rows(dataSource, "SELECT * FROM payout_account WHERE merchant = ?", shop.name()).stream()
                        .filter(r -> r.contains(secret)).toList(), "sealed");
                assertEquals(0, count("SELECT COUNT(*) FROM payment_event WHERE request LIKE ?", "%" + secret + "%"), "in no exchange");
                assertEquals(0, count("SELECT COUNT(*) FROM payment_event WHERE response LIKE ?", "%" + secret + "%"), "in no answer");
                assertTrue(ServerLog.lines().stream().noneMatch(l -> l.contains(secret)), "in no log line");
            }
            assertRefused(422, "swiftCode", send("PUT", at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method),
                    "{\"holderName\":\"H\",\"accountNumber\":\"GB33BUKB20201555555555\",\"swiftCode\":\"BUK\",\"bankCountry\":\"GB\","
                            + "\"currency\":\"GBP\"}", "Content-Type", "application/json", "Authorization", admin()));
            assertEquals("****5555", get(at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method), "Authorization",
                    admin()).json().getString("accountNumber"), "a refused change changes nothing");
            assertRefused(404, null, send("PUT", at(base, "admin/merchants/nobody-registered-this/payout-accounts/" + method),
                    "{\"holderName\":\"H\",\"accountNumber\":\"GB33BUKB20201555555555\",\"swiftCode\":\"BUKBGB22\",\"bankCountry\":\"GB\","
                            + "\"currency\":\"GBP\"}", "Content-Type", "application/json", "Authorization", admin()));
        }
    }

    private void assertAssertNotAuthenticated(Shop shop, String method) {
        assertNotAuthenticated(get(at(base, "admin/merchants/" + shop.name() + "/payout-accounts/" + method), "app-api-key", shop.key()));
    }

    /** A merchant of one test: registered with its own key and its accounts at both companies; with an account abroad at {@code method}. */
    private record Shop(String name, String key) {
    }

    private Shop shop(String method, boolean abroad) {
        String name = "po" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + name + "\"}", "Authorization", admin()).status());
        Reply key = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + name + "\"],\"label\":\"payouts\"}", "Authorization", admin());
        assertEquals(201, key.status(), key::toString);
        SANDBOX.registerOnce(at(base, ""), admin(), name);
        Shop shop = new Shop(name, key.json().getString("key"));
        if (abroad) {
            Reply put = send("PUT", at(base, "admin/merchants/" + name + "/payout-accounts/" + method), "{\"holderName\":\"Harbour Tea Ltd\","
                    + "\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\",\"bankCountry\":\"GB\",\"currency\":\"GBP\"}",
                    "Content-Type", "application/json", "Authorization", admin());
            assertEquals(200, put.status(), put::toString);
        }
        return shop;
    }

    /**
     * A merchant with one account, at {@code method}: opened at the company with {@code companyRate}
     * and registered at the broker with {@code brokerRate}, which the broker's answer shows.
     */
    private Shop shopWithFees(String method, String companyRate, String brokerRate, boolean abroad) {
        return shopWithTerms(method, companyRate, brokerRate, 0, 0, abroad);
    }

    /**
     * {@link #shopWithFees} whose company settles its payments {@code settlementDays} after their
     * pay day, registered at the broker with a cycle of {@code brokerDays}.
     */
    private Shop shopWithTerms(String method, String companyRate, String brokerRate, int settlementDays, int brokerDays, boolean abroad) {
        String name = "fee" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        assertEquals(201, postJson(at(base, "admin/merchants"), "{\"name\":\"" + name + "\"}", "Authorization", admin()).status());
        Reply key = postJson(at(base, "admin/keys"), "{\"merchants\":[\"" + name + "\"],\"label\":\"fees\"}", "Authorization", admin());
        assertEquals(201, key.status(), key::toString);
        Reply registered = SANDBOX.registerWithTerms(at(base, ""), admin(), name, method, companyRate, brokerRate, settlementDays, brokerDays);
        assertEquals(200, registered.status(), registered::toString);
        assertEquals(brokerDays, registered.json().getInt("settlementDays"), registered::toString);
        assertEquals("[{\"feeRate\":\"" + brokerRate + "\",\"from\":\"2000-01-01\"}]", registered.json().getJsonArray("feeRates").toString(),
                "a new account's rate, from its start");
        if (abroad) {
            Reply put = send("PUT", at(base, "admin/merchants/" + name + "/payout-accounts/" + method), "{\"holderName\":\"Harbour Tea Ltd\","
                    + "\"accountNumber\":\"GB29NWBK60161331926819\",\"swiftCode\":\"NWBKGB2L\",\"bankCountry\":\"GB\",\"currency\":\"GBP\"}",
                    "Content-Type", "application/json", "Authorization", admin());
            assertEquals(200, put.status(), put::toString);
        }
        return new Shop(name, key.json().getString("key"));
    }

    private String shopPaid(Shop shop, String method, long amount, String currency, boolean held) {
        String ref = ref();
        Reply created = postJson(api("payment/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\","
                + "\"orderRef\":\"" + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"" + currency + "\""
                + (currency.equals("CNY") ? ",\"profitSharing\":" + held : "") + "}", "app-api-key", shop.key());
        assertEquals(200, created.status(), created::toString);
        assertEquals(200, SANDBOX.pay(method, shop.name(), ref).status());
        Reply q = get(api("payment/" + shop.name() + "?order_ref=" + ref + "&payment_method=" + method), "app-api-key", shop.key());
        assertEquals("SUCCESS", q.json().getString("tradeState"), q::toString);
        return ref;
    }

    private Reply payout(Shop shop, String method, String payoutRef, Long amount, String more) {
        return postJson(api("payout/abroad/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"payoutRef\":\"" + payoutRef + "\""
                + (amount == null ? "" : ",\"amount\":" + amount) + more + "}", "app-api-key", shop.key());
    }

    private JsonObject balance(Shop shop, String method, String more) {
        Reply r = get(api("payout/abroad/" + shop.name() + "?payment_method=" + method + more), "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    private static long available(JsonObject balance) {
        return balance.getJsonObject("balance").getJsonNumber("available").longValue();
    }

    /** The payout once in {@code state}: queried (which asks the company) until then. */
    private JsonObject awaitPayout(Shop shop, String method, String payoutRef, String state) throws InterruptedException {
        JsonObject[] seen = new JsonObject[1];
        awaitTrue(() -> {
            Reply r = get(api("payout/abroad/" + shop.name() + "?payment_method=" + method + "&payout_ref=" + payoutRef), "app-api-key",
                    shop.key());
            assertEquals(200, r.status(), r::toString);
            seen[0] = r.json();
            return seen[0].getString("state").equals(state);
        }, payoutRef + " " + state);
        return seen[0];
    }

    /** The company's books and the broker's balance agree, bucket by bucket. */
    private void assertAgrees(Shop shop, String method) throws InterruptedException {
        JsonObject[] last = new JsonObject[2];
        try {
            awaitTrue(() -> {
                last[0] = balance(shop, method, "").getJsonObject("balance");
                last[1] = SANDBOX.funds(method, shop.name());
                return List.of("available", "held", "inTransit", "paidOut", "pending").stream()
                        .allMatch(b -> last[0].getJsonNumber(b).longValue() == last[1].getJsonNumber(b).longValue());
            }, method + ": the broker's balance and the company's funds agree");
        } catch (AssertionError differ) {
            throw new AssertionError(differ.getMessage() + ": broker " + last[0] + ", company " + last[1], differ);
        }
    }

    private List<String> payoutEvents(Shop shop, String payoutRef) {
        Reply r = get(api("events/" + shop.name() + "?payout_ref=" + payoutRef), "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("events").stream().map(v -> v.asJsonObject().getString("type")).toList();
    }

    private String settlementState(Shop shop, String method, String ref, String settlementRef) {
        Reply r = get(api("settlement/" + shop.name() + "?payment_method=" + method + "&order_ref=" + ref + "&settlement_ref=" + settlementRef),
                "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json().getString("state");
    }

    private String refundState(Shop shop, String method, String ref, String refundRef) {
        Reply r = get(api("refund/" + shop.name() + "?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=" + refundRef),
                "app-api-key", shop.key());
        assertEquals(200, r.status(), r::toString);
        return r.json().getString("state");
    }

    private static String admin() {
        return basic("admin", System.getenv("ADMIN_PASSWORD"));
    }

    private static void assertAddsUp(JsonObject r, String orderRef, String refundRef, long amount, long total, String currency,
            long payerTotal, long payerRefund) {
        for (String field : RESULT_FIELDS) {
            assertTrue(r.containsKey(field), () -> field + " missing: " + r);
        }
        assertEquals(orderRef, r.getString("orderRef"));
        assertEquals(refundRef, r.getString("refundRef"));
        assertEquals("SUCCESS", r.getString("state"));
        assertFalse(r.getString("refundId").isBlank());
        assertEquals(amount, r.getJsonNumber("amount").longValue());
        assertEquals(currency, r.getString("currency"));
        assertEquals(total, r.getJsonNumber("totalAmount").longValue());
        assertEquals(payerTotal, r.getJsonNumber("payerTotal").longValue(), r::toString);
        assertEquals(payerRefund, r.getJsonNumber("payerRefund").longValue(), r::toString);
        assertEquals(total, r.getJsonNumber("settlementTotal").longValue(), r::toString);
        assertEquals(amount, r.getJsonNumber("settlementAmount").longValue(), r::toString);
        OffsetDateTime created = OffsetDateTime.parse(r.getString("createTime"));
        OffsetDateTime succeeded = OffsetDateTime.parse(r.getString("successTime"));
        assertFalse(succeeded.isBefore(created.withNano(0)), r::toString);
    }

    /** The refund as the client sees it once it is SUCCESS: a PROCESSING one is queried until the company finished it. */
    private JsonObject settled(String method, String ref, String refundRef) throws InterruptedException {
        return settled(api("refund/demo?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=" + refundRef), refundRef);
    }

    /** The refund once SUCCESS, queried at {@code uri} (QueryRefund with or without payment_method). */
    private JsonObject settled(URI uri, String refundRef) throws InterruptedException {
        JsonObject[] seen = new JsonObject[1];
        awaitTrue(() -> {
            Reply r = get(uri, "app-api-key", KEY);
            assertEquals(200, r.status(), r::toString);
            seen[0] = r.json();
            assertTrue(List.of("PROCESSING", "SUCCESS").contains(seen[0].getString("state")), r::toString);
            if (seen[0].getString("state").equals("PROCESSING")) {
                assertEquals(JsonValue.NULL, seen[0].get("successTime"), "no success time while PROCESSING: " + r);
            }
            return seen[0].getString("state").equals("SUCCESS");
        }, refundRef + " finished");
        return seen[0];
    }

    private String refundState(String method, String ref, String refundRef) {
        Reply r = get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref + "&refund_ref=" + refundRef), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json().getString("state");
    }

    private long refundedTotal(String method, String ref) {
        return get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref), "app-api-key", KEY).json()
                .getJsonNumber("refundedTotal").longValue();
    }

    private long remaining(String method, String ref) {
        JsonObject list = get(api("refund/demo?payment_method=" + method + "&order_ref=" + ref), "app-api-key", KEY).json();
        return list.getJsonNumber("totalAmount").longValue() - list.getJsonArray("refunds").stream()
                .map(JsonValue::asJsonObject).filter(r -> !r.getString("state").equals("CLOSED"))
                .mapToLong(r -> r.getJsonNumber("amount").longValue()).sum();
    }

    private static void assertRefused(int status, String field, Reply r) {
        assertEnvelope(status, r);
        if (field != null) {
            assertEquals(field, r.json().getString("field"), r::toString);
        }
        assertFalse(r.body().contains("Exception") || r.body().contains(".java:"), r::toString);
    }

    private static List<JsonObject> company(String method, String ref) {
        return SANDBOX.order(method, "demo", ref).orElseThrow().getJsonArray("refunds").stream().map(JsonValue::asJsonObject).toList();
    }

    private List<String> stored(String ref) throws java.sql.SQLException {
        List<String> rows = new ArrayList<>(Tables.rows(dataSource, "SELECT r.* FROM refund r JOIN payment p ON p.id = r.payment_id"
                + " WHERE p.order_ref = ? ORDER BY r.id", ref));
        rows.addAll(Tables.rows(dataSource, "SELECT * FROM payment WHERE order_ref = ?", ref));
        return rows;
    }

    private String paid(String method, long amount, String currency) {
        String ref = ref();
        assertEquals(200, createPayment(method, ref, amount, currency).status());
        Reply paid = SANDBOX.pay(method, "demo", ref, "{\"payerName\":\"" + PAYER + "\",\"payerIdNumber\":\"" + PAYER_ID + "\"}");
        assertEquals(200, paid.status(), paid::toString);
        assertEquals("SUCCESS", queryPayment(method, ref).getString("tradeState"));
        return ref;
    }

    private Reply addReceiver(String method, String type, String account, String name, String relation) {
        return postJson(api("settlement/receiver/demo"), "{\"paymentMethod\":\"" + method + "\",\"type\":\"" + type + "\",\"account\":\""
                + account + "\"" + (name == null ? "" : ",\"name\":\"" + name + "\"") + ",\"relationType\":\"" + relation + "\"}",
                "app-api-key", KEY);
    }

    /** A receiver registered for these tests (the same again is no change): its account. */
    private String receiverFor(String method, String account) {
        Reply r = addReceiver(method, "MERCHANT", account, "测试分账商户", "PARTNER");
        assertEquals(200, r.status(), r::toString);
        return account;
    }

    private List<JsonObject> receivers(String method) {
        Reply r = get(api("settlement/receiver/demo?payment_method=" + method), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("receivers").stream().map(JsonValue::asJsonObject).toList();
    }

    /** Moves the broker's record of when the payment was paid back by this many days. */
    private void agePaidTime(String ref, int days) {
        try (java.sql.Connection c = dataSource.getConnection();
                java.sql.PreparedStatement aged = c.prepareStatement("UPDATE payment SET paid_at = ? WHERE order_ref = ?")) {
            aged.setObject(1, OffsetDateTime.now(java.time.ZoneOffset.UTC).minusDays(days));
            aged.setString(2, ref);
            assertEquals(1, aged.executeUpdate());
        } catch (java.sql.SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** How many of the merchant's receivers at the company are listed with this masked account. */
    private long shown(String method, String masked) {
        return receivers(method).stream().filter(r -> r.getString("account").equals(masked)).count();
    }

    private static java.util.Optional<JsonObject> companyReceiver(String method, String account) {
        return SANDBOX.receivers(method, "demo").getJsonArray("receivers").stream().map(JsonValue::asJsonObject)
                .filter(r -> r.getString("account").equals(account)).findFirst();
    }

    /** Registers another merchant as the shop's receiver at the company (a partner). */
    private void addMerchantReceiver(Shop shop, String method, String account) {
        Reply added = postJson(api("settlement/receiver/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"type\":\"MERCHANT\","
                + "\"account\":\"" + account + "\",\"name\":\"测试分账商户\",\"relationType\":\"PARTNER\"}", "app-api-key", shop.key());
        assertEquals(200, added.status(), added::toString);
    }

    /** A held payment of the shop split to a new receiver of its own ({@code s-} + the order), then released ({@code rel-}), each FINISHED. */
    private void splitThenRelease(Shop shop, String method, String held, String receiver, long amount) throws InterruptedException {
        addMerchantReceiver(shop, method, receiver);
        Reply split = postJson(api("settlement/" + shop.name()), splitBody(method, held, "s-" + held, false, share(receiver, amount)),
                "app-api-key", shop.key());
        assertEquals(200, split.status(), split::toString);
        awaitTrue(() -> settlementState(shop, method, held, "s-" + held).equals("FINISHED"), method + ": the split finished");
        Reply released = send("PUT", api("settlement/" + shop.name()), "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + held
                + "\",\"settlementRef\":\"rel-" + held + "\",\"description\":\"余额解冻\"}", "Content-Type", "application/json",
                "app-api-key", shop.key());
        assertEquals(200, released.status(), released::toString);
        awaitTrue(() -> settlementState(shop, method, held, "rel-" + held).equals("FINISHED"), method + ": the release finished");
    }

    private static String share(String account, long amount) {
        return "{\"account\":\"" + account + "\",\"amount\":" + amount + ",\"description\":\"分给" + account + "\"}";
    }

    private static String splitBody(String method, String ref, String settlementRef, boolean finish, String... shares) {
        return "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + ref + "\",\"settlementRef\":\"" + settlementRef
                + "\",\"receivers\":[" + String.join(",", shares) + "]" + (finish ? ",\"finish\":true" : "") + "}";
    }

    private Reply split(String method, String ref, String settlementRef, boolean finish, String... shares) {
        return postJson(api("settlement/demo"), splitBody(method, ref, settlementRef, finish, shares), "app-api-key", KEY);
    }

    private Reply release(String method, String ref, String settlementRef) {
        return send("PUT", api("settlement/demo"), "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + ref
                + "\",\"settlementRef\":\"" + settlementRef + "\",\"description\":\"余额解冻\"}", "Content-Type", "application/json",
                "app-api-key", KEY);
    }

    private JsonObject holding(String method, String ref) {
        Reply r = get(api("settlement/demo?payment_method=" + method + "&order_ref=" + ref), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    /** The split or release once FINISHED: queried until the company finished every part. */
    private JsonObject finished(String method, String ref, String settlementRef) throws InterruptedException {
        JsonObject[] seen = new JsonObject[1];
        awaitTrue(() -> {
            Reply r = get(api("settlement/demo?payment_method=" + method + "&order_ref=" + ref + "&settlement_ref=" + settlementRef),
                    "app-api-key", KEY);
            assertEquals(200, r.status(), r::toString);
            seen[0] = r.json();
            assertTrue(List.of("PROCESSING", "FINISHED").contains(seen[0].getString("state")), r::toString);
            return seen[0].getString("state").equals("FINISHED");
        }, settlementRef + " finished");
        return seen[0];
    }

    /** The types of the merchant's events of this payment. */
    private List<String> events(String ref) {
        Reply r = get(api("events/demo?order_ref=" + ref), "app-api-key", KEY);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("events").stream().map(v -> v.asJsonObject().getString("type")).toList();
    }

    private List<String> settlementRows(String... refs) throws java.sql.SQLException {
        List<String> rows = new ArrayList<>();
        for (String ref : refs) {
            rows.addAll(Tables.rows(dataSource, "SELECT s.* FROM settlement s JOIN payment p ON p.id = s.payment_id"
                    + " WHERE p.order_ref = ? ORDER BY s.id", ref));
            rows.addAll(Tables.rows(dataSource, "SELECT * FROM payment WHERE order_ref = ?", ref));
        }
        return rows;
    }

    private JsonObject queryPayment(String method, String ref) {
        Reply q = get(api("payment/demo?order_ref=" + ref + "&payment_method=" + method), "app-api-key", KEY);
        assertEquals(200, q.status(), q::toString);
        return q.json();
    }

    private Reply createPayment(String method, String ref, long amount, String currency) {
        return postJson(api("payment/demo"), "{\"paymentMethod\":\"" + method + "\",\"paymentType\":\"NATIVE\",\"orderRef\":\""
                + ref + "\",\"actualAmount\":" + amount + ",\"currency\":\"" + currency + "\"}", "app-api-key", KEY);
    }

    private Reply refund(String method, String ref, String refundRef, long amount, String more) {
        return postJson(api("refund/demo"), body(method, ref, refundRef, amount, more), "app-api-key", KEY);
    }

    private static String body(String method, String ref, String refundRef, long amount, String more) {
        return "{\"paymentMethod\":\"" + method + "\",\"orderRef\":\"" + ref + "\",\"refundRef\":\"" + refundRef + "\",\"amount\":" + amount
                + more + "}";
    }

    private Reply declare(String method, String ref, String more) {
        String tx = queryPayment(method, ref).getString("transactionId");
        return postJson(api("customs/payment/demo"), "{\"orderNo\":\"" + ref + "\",\"transactionId\":\"" + tx + "\",\"paymentMethod\":\""
                + method + "\",\"certId\":\"" + PAYER_ID + "\",\"name\":\"" + PAYER + "\",\"mchCustomsNo\":\"C1\"" + more + "}",
                "app-api-key", KEY);
    }

    private static String statuses(List<Reply> replies) {
        return replies.stream().map(r -> r.status() + (r.status() == 200 ? "" : " " + r.body())).toList().toString();
    }

    private long count(String sql, String param) {
        return Tables.count(dataSource, sql, param);
    }

    private URI api(String path) {
        return at(base, "v1/" + path);
    }

    private static String ref() {
        return "rf" + UUID.randomUUID().toString().replace("-", "").substring(0, 16);
    }
}
