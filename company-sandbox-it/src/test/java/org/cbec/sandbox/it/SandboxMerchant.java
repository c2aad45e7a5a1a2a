package org.cbec.sandbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.cbec.sandbox.it.Http.Reply;
import org.cbec.company.Nonces;
import org.cbec.company.alphapay.AlphapaySensitive;
import org.cbec.company.alphapay.AlphapaySigning;
import org.cbec.company.betapay.BetapayForm;
import org.cbec.company.betapay.BetapaySigning;
import org.cbec.plumbing.crypto.Pem;

/**
 * A merchant of one sandbox company as the tests play it: the account's credentials, and the
 * broker's own merchant side of each protocol (ejb-core's {@link AlphapaySigning},
 * {@link AlphapaySensitive}, {@link BetapaySigning}, {@link BetapayForm}; plumbing's {@link Pem}),
 * so that what the sandbox accepts and answers is what the broker sends and reads. It signs
 * requests and checks the company's signature on every answer it gets. The request bodies are the
 * tests' own data.
 */
final class SandboxMerchant {

    /**
     * The sandbox these tests run against: the one this module's pom starts (exec
     * {@code sandbox-fast-start}), with short delays, at the system property {@code sandbox.fast.url}.
     */
    static URI sandbox() {
        URI base = URI.create(required("sandbox.fast.url"));
        assertEquals("/sandbox/", base.getPath(), base.toString());
        return base;
    }

    /** One of the fast sandbox's settings, in milliseconds, as the pom gave it to both the sandbox and the tests. */
    static long setting(String name) {
        return Long.parseLong(required(name));
    }

    static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("the system property " + property + " is not set (this module's failsafe configuration sets it)");
        }
        return value;
    }

    final String company;
    final String name;
    final String companyMerchantId;
    final String appId;
    final String keySerial;
    final PrivateKey key;
    final PublicKey companyKey;
    /** alphapay's API v3 key (decrypts its callbacks' resource); null at betapay. */
    final String apiV3Key;
    final URI base;

    SandboxMerchant(String company, String name, JsonObject credentials, URI base) {
        this.company = company;
        this.name = name;
        this.companyMerchantId = credentials.getString("companyMerchantId");
        this.appId = credentials.getString("appId");
        this.keySerial = credentials.getString("keySerial");
        this.key = Pem.privateKey(credentials.getString("merchantPrivateKey"));
        this.companyKey = Pem.publicKey(credentials.getString("companyPublicKey"));
        this.apiV3Key = credentials.getString("apiV3Key", null);
        this.base = base;
    }

    /** Opens (or finds) the account {@code name} at {@code company} through the admin API. */
    static SandboxMerchant open(URI base, String company, String name) {
        Reply r = Http.admin("POST", base.resolve(company + "/accounts"), "{\"merchant\":\"" + name + "\"}");
        assertTrue(r.status() == 201 || r.status() == 200, r.toString());
        return new SandboxMerchant(company, name, r.json(), base);
    }

    /** The same account with another key: what an impostor signs with. */
    SandboxMerchant withKey(PrivateKey other) {
        return new SandboxMerchant(company, name, jakarta.json.Json.createObjectBuilder().add("companyMerchantId", companyMerchantId)
                .add("appId", appId).add("keySerial", keySerial).add("merchantPrivateKey", Pem.privateKeyPem(other))
                .add("companyPublicKey", Pem.publicKeyPem(companyKey)).build(), base);
    }

    URI helper(String path) {
        return base.resolve(company + "/" + name + "/" + path);
    }

    // ---- alphapay ------------------------------------------------------------------------------

    /** Sends a signed alphapay request and checks the answer's signature. {@code path} is under the API base. */
    Reply alphapay(String method, String path, String body) {
        Reply r = alphapayUnchecked(method, path, body);
        assertTrue(alphapayAnswerVerifies(r), "the answer's signature verifies: " + r);
        return r;
    }

    Reply alphapayUnchecked(String method, String path, String body) {
        URI uri = base.resolve("alphapay/" + path);
        String wirePath = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", alphapayAuthorization(method, wirePath, body == null ? "" : body, Instant.now().getEpochSecond()));
        headers.put("Accept", "application/json");
        if (body != null) {
            headers.put("Content-Type", "application/json");
        }
        return Http.send(method, uri, headers, body);
    }

    String alphapayAuthorization(String method, String wirePath, String body, long timestamp) {
        return AlphapaySigning.authorization(companyMerchantId, keySerial, key, method, wirePath, body, timestamp, Nonces.newNonce());
    }

    /** Over the body's bytes, so that a test can sign bytes that are not UTF-8 text. */
    String alphapayAuthorization(String method, String wirePath, byte[] body, long timestamp) {
        return AlphapaySigning.authorizationOfBytes(companyMerchantId, keySerial, key, method, wirePath, body, timestamp, Nonces.newNonce());
    }

    boolean alphapayAnswerVerifies(Reply r) {
        String ts = r.header("Alphapay-Timestamp");
        String nonce = r.header("Alphapay-Nonce");
        String signature = r.header("Alphapay-Signature");
        if (ts == null || nonce == null || signature == null || r.header("Alphapay-Serial") == null) {
            return false;
        }
        return AlphapaySigning.verifyResponse(companyKey, ts, nonce, r.body(), signature);
    }

    /** A create body of this merchant's. */
    String createBody(String orderRef, long total, String currency) {
        return "{\"appid\":\"" + appId + "\",\"mchid\":\"" + companyMerchantId + "\",\"description\":\"IT order\",\"out_trade_no\":\""
                + orderRef + "\",\"amount\":{\"total\":" + total + ",\"currency\":\"" + currency + "\"}}";
    }

    String customsBody(String orderRef, String transactionId, String customs, String extra) {
        return "{\"appid\":\"" + appId + "\",\"mchid\":\"" + companyMerchantId + "\",\"out_trade_no\":\"" + orderRef
                + "\",\"transaction_id\":\"" + transactionId + "\",\"customs\":\"" + customs + "\"" + extra + "}";
    }

    /** Personal data for alphapay, as the broker encrypts it (OAEP under the company key). */
    String encrypt(String text) {
        return AlphapaySensitive.encrypt(companyKey, text);
    }

    // ---- settlement ----------------------------------------------------------------------------

    /**
     * Creates a CNY order held for settlement (alphapay {@code settle_info.profit_sharing} true,
     * betapay {@code extend_params.royalty_freeze} "true") and has the payer pay it; returns the
     * company's transaction id (betapay's trade_no).
     */
    String paidHeldOrder(String orderRef, long fen) {
        if (company.equals("alphapay")) {
            String body = createBody(orderRef, fen, "CNY");
            body = body.substring(0, body.length() - 1) + ",\"settle_info\":{\"profit_sharing\":true}}";
            Reply created = alphapay("POST", "v3/pay/transactions/native", body);
            assertEquals(200, created.status(), created.toString());
        } else {
            JsonObject created = betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + orderRef + "\",\"total_amount\":\""
                    + java.math.BigDecimal.valueOf(fen, 2) + "\",\"trans_currency\":\"CNY\",\"subject\":\"s\","
                    + "\"extend_params\":{\"royalty_freeze\":\"true\"}}");
            assertEquals("10000", created.getString("code"), created.toString());
        }
        Reply paid = Http.admin("POST", helper("payments/" + orderRef + "/pay"), null);
        assertEquals(200, paid.status(), paid.toString());
        return paid.json().getString("transactionId");
    }

    /** alphapay's add of a PERSONAL_OPENID receiver, its name (when given) OAEP-encrypted under the company key. */
    String alphapayReceiverBody(String account, String name) {
        return "{\"appid\":\"" + appId + "\",\"type\":\"PERSONAL_OPENID\",\"account\":\"" + account + "\""
                + (name == null ? "" : ",\"name\":\"" + encrypt(name) + "\"") + ",\"relation_type\":\"STAFF\"}";
    }

    /** alphapay's split of {@code amount} fen to one PERSONAL_OPENID receiver. */
    String alphapaySplitBody(String transactionId, String splitNo, String account, long amount, boolean unfreeze) {
        return "{\"appid\":\"" + appId + "\",\"transaction_id\":\"" + transactionId + "\",\"out_order_no\":\"" + splitNo
                + "\",\"receivers\":[{\"type\":\"PERSONAL_OPENID\",\"account\":\"" + account + "\",\"amount\":" + amount
                + ",\"description\":\"IT share\"}],\"unfreeze_unsplit\":" + unfreeze + "}";
    }

    /** betapay's bind of a userId receiver, the name in clear (as Alipay takes it). */
    static String bindBiz(String requestNo, String account, String name) {
        return "{\"out_request_no\":\"" + requestNo + "\",\"receiver_list\":[{\"type\":\"userId\",\"account\":\"" + account + "\""
                + (name == null ? "" : ",\"name\":\"" + name + "\"") + ",\"relation_type\":\"STAFF\"}]}";
    }

    /** betapay's settle of {@code yuan} to one userId receiver, not finishing. */
    static String settleBiz(String splitNo, String tradeNo, String account, String yuan) {
        return "{\"out_request_no\":\"" + splitNo + "\",\"trade_no\":\"" + tradeNo + "\",\"royalty_parameters\":[{\"royalty_type\":"
                + "\"transfer\",\"trans_in_type\":\"userId\",\"trans_in\":\"" + account + "\",\"amount\":\"" + yuan
                + "\",\"desc\":\"IT share\"}],\"extend_params\":{\"royalty_finish\":\"false\"},\"royalty_mode\":\"async\"}";
    }

    // ---- payouts abroad ------------------------------------------------------------------------

    /** alphapay's beneficiary: the holder's name and the account number OAEP-encrypted under the company key. */
    String alphapayBeneficiaryBody(String holder, String accountNumber, String swift, String country, String currency) {
        return "{\"account_name\":\"" + encrypt(holder) + "\",\"account_number\":\"" + encrypt(accountNumber) + "\",\"swift_code\":\""
                + swift + "\",\"bank_country\":\"" + country + "\",\"currency\":\"" + currency + "\"}";
    }

    /** alphapay's payout of {@code fen} CNY to the beneficiary in {@code target}. */
    static String alphapayPayoutBody(String payoutNo, long fen, String target) {
        return "{\"out_payout_no\":\"" + payoutNo + "\",\"amount\":{\"total\":" + fen + ",\"currency\":\"CNY\"},\"target_currency\":\""
                + target + "\",\"description\":\"IT payout\"}";
    }

    /** betapay's bind of the beneficiary, in clear (as Alipay takes names). */
    static String beneficiaryBiz(String holder, String accountNumber, String swift, String country, String currency) {
        return "{\"holder_name\":\"" + holder + "\",\"account_no\":\"" + accountNumber + "\",\"swift_code\":\"" + swift
                + "\",\"bank_country\":\"" + country + "\",\"currency\":\"" + currency + "\"}";
    }

    /** betapay's payout of {@code yuan} CNY to the beneficiary in {@code target}. */
    static String payoutBiz(String payoutNo, String yuan, String target) {
        return "{\"out_payout_no\":\"" + payoutNo + "\",\"amount\":\"" + yuan + "\",\"currency\":\"CNY\",\"target_currency\":\""
                + target + "\",\"description\":\"IT payout\"}";
    }

    // ---- betapay -------------------------------------------------------------------------------

    /** Posts a signed gateway call; checks HTTP 200 and the node's signature, and returns the node. */
    JsonObject betapay(String method, String bizContent) {
        return betapay(method, bizContent, Map.of());
    }

    /** The same with further common parameters (such as notify_url), signed with the rest. */
    JsonObject betapay(String method, String bizContent, Map<String, String> moreParams) {
        Map<String, String> params = params(method, bizContent);
        params.putAll(moreParams);
        Reply r = betapayRaw(signedForm(params, key));
        assertEquals(200, r.status(), r.toString());
        return betapayNode(r, method);
    }

    Reply betapayRaw(String form) {
        return Http.send("POST", base.resolve("betapay/gateway.do"),
                Map.of("Content-Type", "application/x-www-form-urlencoded; charset=utf-8", "Accept", "application/json"), form);
    }

    /** The verified node of an answer to {@code method} (or betapay_error_response), as the broker reads it. */
    JsonObject betapayNode(Reply r, String method) {
        String member = method.replace('.', '_') + "_response";
        assertTrue(r.body().startsWith("{\"" + member + "\":"), r.toString());
        Optional<String> node = BetapaySigning.verifiedNode(r.body(), method, companyKey);
        assertTrue(node.isPresent(), "the node's signature verifies: " + r);
        assertEquals(r.json().getJsonObject(member), Http.jsonOf(node.get()));
        return r.json().getJsonObject(member);
    }

    String form(String method, String bizContent, PrivateKey signer) {
        return signedForm(params(method, bizContent), signer);
    }

    /** The common parameters of a gateway call, to be changed by a test before signing. */
    Map<String, String> params(String method, String bizContent) {
        Map<String, String> params = BetapayForm.gatewayParams(appId, method, Instant.now());
        params.put("biz_content", bizContent);
        return params;
    }

    /** The parameters with the broker's signature of them ({@code sign}), form-encoded as the broker sends them. */
    static String signedForm(Map<String, String> params, PrivateKey signer) {
        Map<String, String> signed = new TreeMap<>(params);
        signed.put("sign", BetapaySigning.sign(params, signer));
        return BetapayForm.encode(signed);
    }

    static String encode(Map<String, String> params) {
        return BetapayForm.encode(params);
    }
}
