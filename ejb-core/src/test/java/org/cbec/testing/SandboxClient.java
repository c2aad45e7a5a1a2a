package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.Optional;
import org.cbec.testing.Http.Reply;

/**
 * The payment companies' sandbox as a test reaches it: over HTTP, as a separate deployment (its own
 * JVM in the broker's integration tests), through its admin API (HTTP Basic, user {@code admin}).
 * Accounts are addressed by the name they were opened under; the broker's API keys mean nothing
 * there.
 */
public final class SandboxClient {

    private final URI base;
    private final String admin;

    /** {@code base} is the sandbox's root, e.g. {@code http://localhost:18490/sandbox/}. */
    public SandboxClient(URI base, String adminPassword) {
        String text = base.toString();
        this.base = URI.create(text.endsWith("/") ? text : text + "/");
        this.admin = Http.basic("admin", adminPassword);
    }

    /** The sandbox the test run started: {@code SANDBOX_URL} and its own {@code SANDBOX_ADMIN_PASSWORD}. */
    public static SandboxClient fromEnvironment() {
        return new SandboxClient(URI.create(System.getenv("SANDBOX_URL")), System.getenv("SANDBOX_ADMIN_PASSWORD"));
    }

    public URI base() {
        return base;
    }

    /** Opens (or, under a name already used, finds) an account; the body is what the broker's admin PUT takes. */
    public Reply openAccount(String method, String merchant) {
        return Http.postJson(base.resolve(method + "/accounts"), "{\"merchant\":\"" + merchant + "\"}", "Authorization", admin);
    }

    /**
     * Opens an account whose company keeps {@code feeRate} (a percentage, e.g. "0.60") on each
     * payment and settles it {@code settlementDays} after its pay day.
     */
    public Reply openAccount(String method, String merchant, String feeRate, int settlementDays) {
        return Http.postJson(base.resolve(method + "/accounts"), "{\"merchant\":\"" + merchant + "\",\"feeRate\":\"" + feeRate
                + "\",\"settlementDays\":" + settlementDays + "}", "Authorization", admin);
    }

    /**
     * Opens the merchant's account at the company with {@code companyRate} and a settlement cycle
     * of {@code settlementDays}, and registers it at the broker with {@code brokerRate} (the
     * contract as the integrator typed it: the same rate, or another to arrange a difference) and
     * {@code brokerDays} as its cycle (the company's, or another). Returns the broker's answer.
     */
    public Reply registerWithTerms(URI brokerBase, String brokerAdmin, String merchant, String method, String companyRate, String brokerRate,
            int settlementDays, int brokerDays) {
        Reply account = openAccount(method, merchant, companyRate, settlementDays);
        assertEquals(201, account.status(), account::toString);
        jakarta.json.JsonObjectBuilder body = jakarta.json.Json.createObjectBuilder(account.json()).add("feeRate", brokerRate)
                .add("settlementDays", brokerDays);
        return Http.send("PUT", brokerBase.resolve("admin/merchants/" + merchant + "/companies/" + method), body.build().toString(),
                "Content-Type", "application/json", "Authorization", brokerAdmin);
    }

    /**
     * The public half of the merchant key an account hands out ({@code merchantPrivateKey}: its
     * modulus and public exponent), what the company checks that merchant's signatures with.
     */
    public PublicKey merchantPublicKey(String method, String merchant) {
        String pem = openAccount(method, merchant).json().getString("merchantPrivateKey");
        try {
            String base64 = pem.replace("-----BEGIN PRIVATE KEY-----", "").replace("-----END PRIVATE KEY-----", "").replaceAll("\\s", "");
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            RSAPrivateCrtKey key = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
            return rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent()));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Gives the broker merchant an account at the company, as an integrator does by hand: opens it
     * at the sandbox and registers its credentials through the broker's admin API. Idempotent.
     * Returns the credentials.
     */
    public JsonObject register(URI brokerBase, String brokerAdmin, String merchant, String method) {
        Reply account = openAccount(method, merchant);
        assertTrue(account.status() == 201 || account.status() == 200, account::toString);
        Reply registered = Http.send("PUT", brokerBase.resolve("admin/merchants/" + merchant + "/companies/" + method), account.body(),
                "Content-Type", "application/json", "Authorization", brokerAdmin);
        assertEquals(200, registered.status(), registered::toString);
        return account.json();
    }

    private static final java.util.Set<String> REGISTERED = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * {@link #register} at both companies, once per test run and merchant (the demo merchant's
     * accounts, which the embedded run's script sets up, are set up this way in the integration tests).
     */
    public void registerOnce(URI brokerBase, String brokerAdmin, String merchant) {
        if (REGISTERED.contains(brokerBase + merchant)) {
            return;
        }
        for (String method : java.util.List.of("alphapay", "betapay")) {
            register(brokerBase, brokerAdmin, merchant, method);
        }
        REGISTERED.add(brokerBase + merchant);
    }

    /** The broker's customs code at the sandbox's single window (its transmitting enterprise). */
    public static final String BROKER_COP_CODE = "4401960BRK";

    /**
     * Registers the broker at the sandbox's single window (its enterprise, keys made by the window)
     * and the same registration at the broker ({@code PUT /admin/customs-window}), once per test
     * run and broker.
     */
    public void registerWindowOnce(URI brokerBase, String brokerAdmin) {
        if (REGISTERED.contains(brokerBase + " window")) {
            return;
        }
        Reply enterprise = Http.postJson(base.resolve("window/enterprises"), "{\"copCode\":\"" + BROKER_COP_CODE
                + "\",\"copName\":\"Broker Ltd\"}", "Authorization", admin);
        assertTrue(enterprise.status() == 201 || enterprise.status() == 200, enterprise::toString);
        JsonObject e = enterprise.json();
        String body = jakarta.json.Json.createObjectBuilder().add("copCode", e.getString("copCode")).add("copName", e.getString("copName"))
                .add("dxpId", "DXPENT0000000001").add("keySerial", e.getString("keySerial")).add("privateKey", e.getString("enterprisePrivateKey"))
                .add("windowKeySerial", e.getString("windowKeySerial")).add("windowPublicKey", e.getString("windowPublicKey")).build().toString();
        Reply registered = Http.send("PUT", brokerBase.resolve("admin/customs-window"), body, "Content-Type", "application/json",
                "Authorization", brokerAdmin);
        assertEquals(200, registered.status(), registered::toString);
        REGISTERED.add(brokerBase + " window");
    }

    /** A logistics company's waybill for the platform's order, declared at the window (201, or 200 for the same again). */
    public Reply waybill(String platformCode, String orderNo, String logisticsNo) {
        return Http.postJson(base.resolve("window/waybills"), "{\"ebpCode\":\"" + platformCode + "\",\"orderNo\":\"" + orderNo
                + "\",\"logisticsCode\":\"3101980SF1\",\"logisticsNo\":\"" + logisticsNo + "\"}", "Authorization", admin);
    }

    /** Customs is to return the platform's order with {@code reason} instead of releasing it. */
    public Reply arrangeReturn(String platformCode, String orderNo, String reason) {
        return Http.send("PUT", base.resolve("window/returns/" + platformCode + "/" + orderNo), "{\"reason\":\"" + reason + "\"}",
                "Content-Type", "application/json", "Authorization", admin);
    }

    /** The window's fault for the broker's enterprise (as an account's, kinds order-declare and order-query). */
    public Reply windowFault(String json) {
        return Http.send("PUT", base.resolve("window/" + BROKER_COP_CODE + "/faults"), json, "Content-Type", "application/json",
                "Authorization", admin);
    }

    public Reply clearWindowFaults() {
        return Http.send("DELETE", base.resolve("window/" + BROKER_COP_CODE + "/faults"), null, "Authorization", admin);
    }

    /** The statuses the window answered the broker's requests of {@code kind} about the order, in order. */
    public java.util.List<Integer> windowRequests(String kind, String orderNo) {
        Reply r = Http.get(base.resolve("window/" + BROKER_COP_CODE + "/requests?kind=" + kind + "&orderNo=" + orderNo), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("requests").stream().map(v -> v.asJsonObject().isNull("status") ? -1
                : v.asJsonObject().getInt("status")).toList();
    }

    /** The payer pays the order; {@code payer} is null or {@code {"payerName","payerIdNumber"}}. */
    public Reply pay(String method, String merchant, String orderRef, String payer) {
        return Http.send("POST", base.resolve(method + "/" + merchant + "/payments/" + orderRef + "/pay"), payer,
                payer == null ? new String[] {"Authorization", admin} : new String[] {"Authorization", admin, "Content-Type", "application/json"});
    }

    public Reply pay(String method, String merchant, String orderRef) {
        return pay(method, merchant, orderRef, (String) null);
    }

    /**
     * The payer pays the order at {@code paidAt}, the payment's time at the company (e.g. 23:59:59
     * Beijing time of a chosen day; never one to come).
     */
    public Reply pay(String method, String merchant, String orderRef, java.time.OffsetDateTime paidAt) {
        return Http.send("POST", base.resolve(method + "/" + merchant + "/payments/" + orderRef + "/pay"),
                jakarta.json.Json.createObjectBuilder().add("paidAt", paidAt.toString()).build().toString(),
                "Content-Type", "application/json", "Authorization", admin);
    }

    /** The payer pays the order now, and the company's callback of it is lost: the merchant learns of it only by asking. */
    public Reply payWithoutCallback(String method, String merchant, String orderRef) {
        return Http.send("POST", base.resolve(method + "/" + merchant + "/payments/" + orderRef + "/pay"), "{\"callback\":false}",
                "Content-Type", "application/json", "Authorization", admin);
    }

    /**
     * A payment made at the company that the broker never sees (201 {@code orderRef},
     * {@code transactionId}, {@code paidAt}): an order of {@code amount} fen CNY created already paid
     * now, without callback; 409 when the account has the orderRef already.
     */
    public Reply directPayment(String method, String merchant, String orderRef, long amount) {
        return directPayment(method, merchant, orderRef, amount, null);
    }

    /** {@link #directPayment(String, String, String, long)} paid at {@code paidAt} (null: now). */
    public Reply directPayment(String method, String merchant, String orderRef, long amount, java.time.OffsetDateTime paidAt) {
        jakarta.json.JsonObjectBuilder body = jakarta.json.Json.createObjectBuilder().add("orderRef", orderRef).add("amount", amount);
        if (paidAt != null) {
            body.add("paidAt", paidAt.toString());
        }
        return Http.postJson(base.resolve(method + "/" + merchant + "/payments"), body.build().toString(), "Authorization", admin);
    }

    /**
     * A large merchant's day made at the company at once (201 {@code count}): {@code count} payments
     * the broker never sees, orders {@code prefix1} … of {@code amount} fen CNY, paid a millisecond
     * apart from {@code paidAt}; 409 when one of the order refs is taken.
     */
    public Reply directPayments(String method, String merchant, String prefix, int count, long amount, java.time.OffsetDateTime paidAt) {
        String body = jakarta.json.Json.createObjectBuilder().add("prefix", prefix).add("count", count).add("amount", amount)
                .add("paidAt", paidAt.toString()).build().toString();
        return Http.postJson(base.resolve(method + "/" + merchant + "/payments/bulk"), body, "Authorization", admin);
    }

    /**
     * Arranges a difference in the account's daily bills: {@code kind} {@code AMOUNT_PLUS_ONE_FEN},
     * {@code OMIT}, {@code SHIFT_SECONDS} or {@code REVOKED_TRADE} (a payment's) of the lines of {@code reference} (a payment's orderRef,
     * else the refund's, split's or payout's number; {@code seconds} only for a shift), or
     * {@code WRONG_HASH} (reference and seconds null). Returns the reply (201 echoing it).
     */
    public Reply billDifference(String method, String merchant, String kind, String reference, Integer seconds) {
        jakarta.json.JsonObjectBuilder body = jakarta.json.Json.createObjectBuilder().add("kind", kind);
        if (reference != null) {
            body.add("reference", reference);
        }
        if (seconds != null) {
            body.add("seconds", seconds);
        }
        return Http.postJson(base.resolve(method + "/" + merchant + "/bill-differences"), body.build().toString(), "Authorization", admin);
    }

    /** The differences arranged in the account's bills: {@code {"differences":[{kind, reference, seconds, createdAt}]}}. */
    public JsonObject billDifferences(String method, String merchant) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/bill-differences"), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    /** The account's bills are its books again; returns how many differences were cleared. */
    public int clearBillDifferences(String method, String merchant) {
        Reply r = Http.send("DELETE", base.resolve(method + "/" + merchant + "/bill-differences"), null, "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json().getInt("cleared");
    }

    /** Makes the company misbehave: {@code {"mode":"TIMEOUT|ERROR|SLOW|BAD_SIGNATURE",…}}. */
    public Reply fault(String method, String merchant, String json) {
        return Http.send("PUT", base.resolve(method + "/" + merchant + "/faults"), json, "Content-Type", "application/json",
                "Authorization", admin);
    }

    public Reply clearFaults(String method, String merchant) {
        return Http.send("DELETE", base.resolve(method + "/" + merchant + "/faults"), null, "Authorization", admin);
    }

    /** Customs answers otherwise for the order's declarations: {@code {"state","explanation","subOrderNo"}}. */
    public Reply settle(String method, String merchant, String orderRef, String json) {
        return Http.send("PUT", base.resolve(method + "/" + merchant + "/declarations/" + orderRef), json,
                "Content-Type", "application/json", "Authorization", admin);
    }

    /** How alphapay ends the order's refunds made from now on: {@code SUCCESS}, {@code ABNORMAL} or {@code CLOSED}. */
    public Reply refundOutcome(String merchant, String orderRef, String state) {
        return Http.send("PUT", base.resolve("alphapay/" + merchant + "/orders/" + orderRef + "/refund-outcome"),
                "{\"state\":\"" + state + "\"}", "Content-Type", "application/json", "Authorization", admin);
    }

    /** How many requests of this kind ({@code create}, {@code query}, …) about the order the company received. */
    public long requests(String method, String merchant, String kind, String orderRef) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/requests?kind=" + kind + "&orderRef=" + orderRef), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonNumber("count").longValue();
    }

    /** The statuses the company answered to requests of this kind about the order, oldest first (null: none yet). */
    public java.util.List<Integer> requestStatuses(String method, String merchant, String kind, String orderRef) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/requests?kind=" + kind + "&orderRef=" + orderRef), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json().getJsonArray("requests").stream()
                .map(v -> v.asJsonObject().isNull("status") ? null : v.asJsonObject().getInt("status")).toList();
    }

    /**
     * Asserts that the broker's circuit to this company is closed now, by what only a closed circuit
     * does: four creates in a row reach the company and succeed (an open circuit refuses them unsent;
     * a half-open one closes on the first success), which also fills its window of the last four
     * calls with successes, so a test that opens it starts from a known state.
     */
    public void assertCircuitClosed(String method, String merchant, java.util.function.Function<String, Reply> create) {
        for (int i = 0; i < 4; i++) {
            String ref = "probe" + java.util.UUID.randomUUID().toString().replace("-", "").substring(0, 14);
            Reply r = create.apply(ref);
            assertEquals(200, r.status(), () -> "the circuit to " + method + " is closed before the test: " + r);
            assertEquals(1, requests(method, merchant, "create", ref), "the probe reached " + method);
        }
    }

    /** The order as the company holds it, if it has it. */
    public Optional<JsonObject> order(String method, String merchant, String orderRef) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/orders/" + orderRef), "Authorization", admin);
        assertTrue(r.status() == 200 || r.status() == 404, r::toString);
        return r.status() == 200 ? Optional.of(r.json()) : Optional.empty();
    }

    /** The company ends the parts to this registered receiver CLOSED with {@code reason} from now on. */
    public Reply receiverFailure(String method, String merchant, String account, String reason) {
        return Http.send("POST", base.resolve(method + "/" + merchant + "/receivers/" + account + "/failure"),
                jakarta.json.Json.createObjectBuilder().add("reason", reason).build().toString(), "Content-Type", "application/json",
                "Authorization", admin);
    }

    /** The receivers the company has registered for the account (names masked). */
    public JsonObject receivers(String method, String merchant) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/receivers"), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    /** What the company holds of the order: paid, refunded, split, unsplit, released, and its splits with their parts. */
    public JsonObject settlement(String method, String merchant, String orderRef) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/orders/" + orderRef + "/settlement"), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    /** Moves the paid order's payment time back by this many days. */
    public Reply age(String method, String merchant, String orderRef, int days) {
        return Http.send("POST", base.resolve(method + "/" + merchant + "/orders/" + orderRef + "/age"), "{\"days\":" + days + "}",
                "Content-Type", "application/json", "Authorization", admin);
    }

    /**
     * Sets the company's payout terms for one currency (rate: CNY per unit, up to 8 places; the rate
     * date is today in Beijing); returns them as the company shows them.
     */
    public JsonObject payoutTerms(String method, String currency, String rate, long feeFixed, String feePercent, long paidAfterSeconds) {
        String body = jakarta.json.Json.createObjectBuilder().add("currency", currency).add("rate", rate).add("feeFixed", feeFixed)
                .add("feePercent", feePercent).add("paidAfterSeconds", paidAfterSeconds).build().toString();
        Reply r = Http.send("PUT", base.resolve(method + "/payout-terms"), body, "Content-Type", "application/json", "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    public JsonObject payoutTerms(String method, String currency, java.math.BigDecimal rate, long feeFixed, java.math.BigDecimal feePercent,
            long paidAfterSeconds) {
        return payoutTerms(method, currency, rate.toPlainString(), feeFixed, feePercent.toPlainString(), paidAfterSeconds);
    }

    /** Removes the company's payout terms for the currency (GBP falls back to the default terms); whether it had any. */
    public boolean clearPayoutTerms(String method, String currency) {
        Reply r = Http.send("DELETE", base.resolve(method + "/payout-terms?currency=" + currency), null, "Authorization", admin);
        assertTrue(r.status() == 200 || r.status() == 404, r::toString);
        return r.status() == 200;
    }

    /** The account's payouts accepted from now on fail with {@code reason}; null: they are paid again. */
    public JsonObject payoutFailure(String method, String merchant, String reason) {
        URI failure = base.resolve(method + "/" + merchant + "/payouts/failure");
        Reply r = reason == null ? Http.send("DELETE", failure, null, "Authorization", admin)
                : Http.send("POST", failure, jakarta.json.Json.createObjectBuilder().add("reason", reason).build().toString(),
                        "Content-Type", "application/json", "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }

    /**
     * The account's CNY funds at the company as of now, in fen ({@code available}, {@code held},
     * {@code inTransit}, {@code paidOut}), its beneficiary (masked; null when none) and its payouts,
     * newest first.
     */
    public JsonObject funds(String method, String merchant) {
        Reply r = Http.get(base.resolve(method + "/" + merchant + "/funds"), "Authorization", admin);
        assertEquals(200, r.status(), r::toString);
        return r.json();
    }
}
