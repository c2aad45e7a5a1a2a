package org.cbec.sandbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.MGF1ParameterSpec;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.cbec.sandbox.it.Http.Reply;

/**
 * A merchant of one company as the tests play it: the account's credentials and a small signer
 * written here from the protocol documents alone (docs/companies) (a third implementation beside the broker's and the
 * sandbox's, so that neither can agree with itself by accident). It signs requests and checks the
 * company's signature on every answer it gets.
 */
final class Merchant {

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
    private static final SecureRandom RANDOM = new SecureRandom();

    Merchant(String company, String name, JsonObject credentials, URI base) {
        this.company = company;
        this.name = name;
        this.companyMerchantId = credentials.getString("companyMerchantId");
        this.appId = credentials.getString("appId");
        this.keySerial = credentials.getString("keySerial");
        this.key = privateKey(credentials.getString("merchantPrivateKey"));
        this.companyKey = publicKey(credentials.getString("companyPublicKey"));
        this.apiV3Key = credentials.getString("apiV3Key", null);
        this.base = base;
    }

    /** Opens (or finds) the account {@code name} at {@code company} through the admin API. */
    static Merchant open(URI base, String company, String name) {
        Reply r = Http.admin("POST", base.resolve(company + "/accounts"), "{\"merchant\":\"" + name + "\"}");
        assertTrue(r.status() == 201 || r.status() == 200, r.toString());
        return new Merchant(company, name, r.json(), base);
    }

    /** The same account with another key: what an impostor signs with. */
    Merchant withKey(PrivateKey other) {
        return new Merchant(company, name, jakarta.json.Json.createObjectBuilder().add("companyMerchantId", companyMerchantId)
                .add("appId", appId).add("keySerial", keySerial).add("merchantPrivateKey", pem("PRIVATE KEY", other.getEncoded()))
                .add("companyPublicKey", pem("PUBLIC KEY", companyKey.getEncoded())).build(), base);
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
        return alphapayAuthorization(method, wirePath, body.getBytes(StandardCharsets.UTF_8), timestamp);
    }

    /** Over the body's bytes, so that a test can sign bytes that are not UTF-8 text. */
    String alphapayAuthorization(String method, String wirePath, byte[] body, long timestamp) {
        String nonce = nonce();
        byte[] head = (method + "\n" + wirePath + "\n" + timestamp + "\n" + nonce + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] text = new byte[head.length + body.length + 1];
        System.arraycopy(head, 0, text, 0, head.length);
        System.arraycopy(body, 0, text, head.length, body.length);
        text[text.length - 1] = '\n';
        return "ALPHAPAY2-SHA256-RSA2048 mchid=\"" + companyMerchantId + "\",nonce_str=\"" + nonce + "\",timestamp=\"" + timestamp
                + "\",serial_no=\"" + keySerial + "\",signature=\"" + sign(key, text) + "\"";
    }

    boolean alphapayAnswerVerifies(Reply r) {
        String ts = r.header("Alphapay-Timestamp");
        String nonce = r.header("Alphapay-Nonce");
        String signature = r.header("Alphapay-Signature");
        if (ts == null || nonce == null || signature == null || r.header("Alphapay-Serial") == null) {
            return false;
        }
        return verify(companyKey, ts + "\n" + nonce + "\n" + r.body() + "\n", signature);
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

    /** Personal data for alphapay: OAEP (SHA-1, MGF1-SHA-1) under the company key, Base64. */
    String encrypt(String text) {
        try {
            Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
            cipher.init(Cipher.ENCRYPT_MODE, companyKey,
                    new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT));
            return Base64.getEncoder().encodeToString(cipher.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
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

    /** The verified node of an answer to {@code method} (or betapay_error_response). */
    JsonObject betapayNode(Reply r, String method) {
        String member = method.replace('.', '_') + "_response";
        String prefix = "{\"" + member + "\":";
        String suffixStart = ",\"sign\":\"";
        assertTrue(r.body().startsWith(prefix), r.toString());
        // The node as it stands in the body: the signature covers that text, not a re-serialisation.
        String node = r.body().substring(prefix.length(), r.body().lastIndexOf(suffixStart));
        String sign = r.json().getString("sign");
        assertTrue(verify(companyKey, node, sign), "the node's signature verifies: " + r);
        assertEquals(r.json().getJsonObject(member), Http.jsonOf(node));
        return r.json().getJsonObject(member);
    }

    String form(String method, String bizContent, PrivateKey signer) {
        return signedForm(params(method, bizContent), signer);
    }

    /** The common parameters of a gateway call, to be changed by a test before signing. */
    Map<String, String> params(String method, String bizContent) {
        Map<String, String> params = new TreeMap<>();
        params.put("app_id", appId);
        params.put("method", method);
        params.put("format", "JSON");
        params.put("charset", "utf-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").withZone(ZoneId.of("Asia/Shanghai")).format(Instant.now()));
        params.put("version", "1.0");
        params.put("biz_content", bizContent);
        return params;
    }

    /**
     * Signs the parameters by betapay's request rule (docs/companies/betapay.md: sorted, no sign, no
     * empty values, raw) and form-encodes them.
     */
    static String signedForm(Map<String, String> params, PrivateKey signer) {
        StringJoiner text = new StringJoiner("&");
        new TreeMap<>(params).forEach((k, v) -> {
            if (!k.equals("sign") && !v.isEmpty()) {
                text.add(k + "=" + v);
            }
        });
        Map<String, String> signed = new TreeMap<>(params);
        signed.put("sign", sign(signer, text.toString()));
        return encode(signed);
    }

    static String encode(Map<String, String> params) {
        StringJoiner body = new StringJoiner("&");
        params.forEach((k, v) -> body.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return body.toString();
    }

    // ---- keys ----------------------------------------------------------------------------------

    static String sign(PrivateKey key, String text) {
        return sign(key, text.getBytes(StandardCharsets.UTF_8));
    }

    static String sign(PrivateKey key, byte[] text) {
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initSign(key);
            s.update(text);
            return Base64.getEncoder().encodeToString(s.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean verify(PublicKey key, String text, String signature) {
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initVerify(key);
            s.update(text.getBytes(StandardCharsets.UTF_8));
            return s.verify(Base64.getDecoder().decode(signature));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }

    static PrivateKey privateKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(der(pem, "PRIVATE KEY")));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static PublicKey publicKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(der(pem, "PUBLIC KEY")));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] der(String pem, String label) {
        assertTrue(pem.startsWith("-----BEGIN " + label + "-----"), label);
        return Base64.getMimeDecoder().decode(pem.replace("-----BEGIN " + label + "-----", "").replace("-----END " + label + "-----", ""));
    }

    private static String pem(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + Base64.getMimeEncoder().encodeToString(der) + "\n-----END " + label + "-----\n";
    }

    private static String nonce() {
        String chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < 32; i++) {
            s.append(chars.charAt(RANDOM.nextInt(chars.length())));
        }
        return s.toString();
    }
}
