package org.cbec.sandbox.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.cbec.sandbox.it.Http.Reply;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Malformed requests at every endpoint: never a 5xx, never a stack trace or exception text, never
 * an HTML page, and each refusal in the format of whoever owns the path:
 * <ul>
 * <li>alphapay ({@code /sandbox/alphapay/v3/…}): a 4xx with a JSON body {@code {"code","message"}},
 *     carrying a valid company signature whenever it carries one at all (every refusal the
 *     application writes is signed);</li>
 * <li>betapay ({@code /sandbox/betapay/gateway.do}): HTTP 200 with exactly one
 *     {@code *_response} node whose {@code code} is not 10000, and its signature. That holds for a
 *     non-form Content-Type too: the gateway reads any body as bytes and refuses a non-form one with
 *     a {@code betapay_error_response} node rather than a 415, because betapay answers nothing but
 *     nodes (docs/companies/betapay.md: a non-200 is a failure of the company);</li>
 * <li>the admin API: a 4xx with {@code {"code":<status>,"message":…}}.</li>
 * </ul>
 * Afterwards no account's orders changed: the orders made before the sweep are as they were, and
 * no order of a malformed create exists.
 */
class SandboxBadInputIT {

    URI base;
    SandboxMerchant alpha;
    SandboxMerchant beta;
    String alphaOrder;
    String betaOrder;
    /** A paid order held for settlement at each company, and one receiver registered at each. */
    String alphaHeld;
    String alphaHeldTx;
    String betaHeld;
    String betaHeldTx;
    JsonObject alphaReceivers;
    JsonObject betaReceivers;
    final List<String> neverCreated = new ArrayList<>();
    /**
     * The refusals the books decide, by call name: alphapay's status and code ("403 NOT_ENOUGH"),
     * betapay's sub_code. A malformed call is only asked to be a clean refusal; these are asked to
     * be refused for their own reason, so that one refused for another shows.
     */
    final Map<String, String> expected = new HashMap<>();

    static final String ALPHA_RECEIVER = "oBadInputReceiver0001";
    static final String BETA_RECEIVER = "2088000000000009";
    static final long HELD_FEN = 1000;

    @BeforeEach
    void accounts() {
        base = SandboxMerchant.sandbox();
        alpha = SandboxMerchant.open(base, "alphapay", "bad-input-a");
        beta = SandboxMerchant.open(base, "betapay", "bad-input-b");
        alphaOrder = ref();
        betaOrder = ref();
        assertEquals(200, alpha.alphapay("POST", "v3/pay/transactions/native", alpha.createBody(alphaOrder, 2599, "CNY")).status());
        assertEquals("10000", beta.betapay("betapay.trade.precreate",
                "{\"out_trade_no\":\"" + betaOrder + "\",\"total_amount\":\"25.99\",\"subject\":\"s\"}").getString("code"));
        alphaHeld = ref();
        alphaHeldTx = alpha.paidHeldOrder(alphaHeld, HELD_FEN);
        assertEquals(200, alpha.alphapay("POST", "v3/profitsharing/receivers/add", alpha.alphapayReceiverBody(ALPHA_RECEIVER, "张三")).status());
        betaHeld = ref();
        betaHeldTx = beta.paidHeldOrder(betaHeld, HELD_FEN);
        assertEquals("10000", beta.betapay("betapay.trade.royalty.relation.bind", SandboxMerchant.bindBiz(ref(), BETA_RECEIVER, "张三")).getString("code"));
        alphaReceivers = receivers(alpha);
        betaReceivers = receivers(beta);
    }

    static JsonObject receivers(SandboxMerchant m) {
        Reply r = Http.admin("GET", m.helper("receivers"), null);
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    String ref() {
        return "bad" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);
    }

    /** An order reference a malformed create names, which must never come to exist. */
    String doomed() {
        String r = ref();
        neverCreated.add(r);
        return r;
    }

    // ---- alphapay ------------------------------------------------------------------------------

    record Call(String name, String method, String path, Map<String, String> headers, byte[] body) {
    }

    Call signed(String name, String method, String path, String contentType, byte[] body) {
        return signed(alpha, name, method, path, contentType, body);
    }

    /** Signed by another account of alphapay's. */
    Call signed(SandboxMerchant m, String name, String method, String path, String contentType, byte[] body) {
        URI uri = base.resolve("alphapay/" + path);
        String wire = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Authorization", m.alphapayAuthorization(method, wire, body == null ? new byte[0] : body, Instant.now().getEpochSecond()));
        if (contentType != null) {
            headers.put("Content-Type", contentType);
        }
        return new Call(name, method, path, headers, body);
    }

    Call signedJson(String name, String path, String body) {
        return signed(name, "POST", path, "application/json", body.getBytes(StandardCharsets.UTF_8));
    }

    Call unsigned(String name, String method, String path, Map<String, String> headers, String body) {
        return new Call(name, method, path, headers, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    String create(String replaceFrom, String replaceTo) {
        return alpha.createBody(doomed(), 2599, "CNY").replace(replaceFrom, replaceTo);
    }

    @Test
    void alphapayRefusesMalformedRequestsInItsOwnFormat() {
        String native_ = "v3/pay/transactions/native";
        String good = alpha.createBody(doomed(), 2599, "CNY");
        String goodAuth = alpha.alphapayAuthorization("POST", "/sandbox/alphapay/" + native_, good, Instant.now().getEpochSecond());
        String tx = "4200000000000000000000000000";
        String customs = "v3/global/customs/orders";
        String paid = ref();
        alpha.alphapay("POST", native_, alpha.createBody(paid, 100, "CNY"));
        String paidTx = Http.admin("POST", alpha.helper("payments/" + paid + "/pay"), null).json().getString("transactionId");
        String refunds = "v3/refund/domestic/refunds";
        String refund = "{\"mchid\":\"" + alpha.companyMerchantId + "\",\"out_trade_no\":\"" + paid
                + "\",\"out_refund_no\":\"R1\",\"amount\":{\"refund\":10,\"total\":100,\"currency\":\"CNY\"}}";
        List<Call> calls = new ArrayList<>(List.of(
                unsigned("no Authorization", "POST", native_, Map.of("Content-Type", "application/json"), good),
                unsigned("empty Authorization", "POST", native_, Map.of("Content-Type", "application/json", "Authorization", ""), good),
                unsigned("Basic", "POST", native_, Map.of("Content-Type", "application/json", "Authorization", Http.basic("admin", "x")), good),
                unsigned("scheme only", "POST", native_, Map.of("Content-Type", "application/json", "Authorization", "ALPHAPAY2-SHA256-RSA2048"), good),
                unsigned("garbled signature", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replaceAll("signature=\"[^\"]*\"", "signature=\"!!not base64!!\"")), good),
                unsigned("signature of another text", "POST", native_, Map.of("Content-Type", "application/json", "Authorization",
                        goodAuth.replaceAll("signature=\"[^\"]*\"", "signature=\"" + Rsa.sign(alpha.key, "other") + "\"")), good),
                unsigned("no signature", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replaceAll(",signature=\"[^\"]*\"", "")), good),
                unsigned("timestamp not digits", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replaceAll("timestamp=\"[0-9]*\"", "timestamp=\"17e8\"")), good),
                unsigned("repeated parameter", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth + ",mchid=\"" + alpha.companyMerchantId + "\""), good),
                unsigned("unknown mchid", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replace(alpha.companyMerchantId, "1900000000")), good),
                unsigned("mchid with SQL", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replace(alpha.companyMerchantId, "19'; DROP TABLE sandbox_order;--")), good),
                unsigned("wrong serial", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", goodAuth.replace(alpha.keySerial, "0000000000000000")), good),
                unsigned("huge header", "POST", native_, Map.of("Content-Type", "application/json",
                        "Authorization", "ALPHAPAY2-SHA256-RSA2048 mchid=\"" + "9".repeat(6000) + "\""), good),
                unsigned("signed body changed", "POST", native_, Map.of("Content-Type", "application/json", "Authorization", goodAuth),
                        good.replace("2599", "2598")),
                signedJson("empty body", native_, ""),
                signedJson("open brace", native_, "{"),
                signedJson("array", native_, "[]"),
                signedJson("null", native_, "null"),
                signedJson("number", native_, "123"),
                signedJson("trailing text", native_, good + " x"),
                signedJson("two objects", native_, good + good),
                signedJson("no appid", native_, create(",\"appid\":\"" + alpha.appId + "\"", "").replace("{\"appid\":\"" + alpha.appId + "\",", "{")),
                signedJson("appid number", native_, create("\"" + alpha.appId + "\"", "42")),
                signedJson("appid of another", native_, create(alpha.appId, "alphapay-app-1900000000")),
                signedJson("no mchid", native_, create("\"mchid\":\"" + alpha.companyMerchantId + "\",", "")),
                signedJson("mchid number", native_, create("\"" + alpha.companyMerchantId + "\"", alpha.companyMerchantId)),
                signedJson("no description", native_, create("\"description\":\"IT order\",", "")),
                signedJson("description too long", native_, create("IT order", "x".repeat(200))),
                signedJson("description with NUL", native_, create("IT order", "a\\u0000b")),
                signedJson("no out_trade_no", native_, alpha.createBody("", 1, "CNY").replace("\"out_trade_no\":\"\",", "")),
                signedJson("out_trade_no with space", native_, alpha.createBody("a b", 1, "CNY")),
                signedJson("out_trade_no too long", native_, alpha.createBody("x".repeat(33), 1, "CNY")),
                signedJson("out_trade_no number", native_, alpha.createBody("X", 1, "CNY").replace("\"X\"", "12345")),
                signedJson("no amount", native_, create(",\"amount\":{\"total\":2599,\"currency\":\"CNY\"}", "")),
                signedJson("amount string", native_, create("{\"total\":2599,\"currency\":\"CNY\"}", "\"25.99\"")),
                signedJson("total string", native_, create("2599", "\"2599\"")),
                signedJson("total zero", native_, create("2599", "0")),
                signedJson("total negative", native_, create("2599", "-5")),
                signedJson("total fraction", native_, create("2599", "25.99")),
                signedJson("total exponent", native_, create("2599", "1e400")),
                signedJson("total huge", native_, create("2599", "99999999999999999999999999")),
                signedJson("currency unknown", native_, create("\"CNY\"", "\"USD\"")),
                signedJson("currency number", native_, create("\"CNY\"", "156")),
                signedJson("payer string", "v3/pay/transactions/jsapi", create("}}", "},\"payer\":\"o-1\"}")),
                signedJson("scene_info number", native_, create("}}", "},\"scene_info\":7}")),
                signedJson("repeated member", native_, create("}}", "},\"out_trade_no\":\"other\"}")),
                signedJson("deep nesting", native_, create("}}", "},\"attach\":" + "[".repeat(5000) + "]".repeat(5000) + "}")),
                signed("not UTF-8", "POST", native_, "application/json", new byte[] {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'}),
                signed("huge body", "POST", native_, "application/json", ("{\"x\":\"" + "a".repeat(100_000) + "\"}").getBytes(StandardCharsets.UTF_8)),
                signed("text/plain", "POST", native_, "text/plain", good.getBytes(StandardCharsets.UTF_8)),
                signed("latin-1 charset", "POST", native_, "application/json; charset=ISO-8859-1", good.getBytes(StandardCharsets.UTF_8)),
                signed("no content type", "POST", native_, null, good.getBytes(StandardCharsets.UTF_8)),
                signed("unknown charset", "POST", native_, "application/json; charset=klingon", good.getBytes(StandardCharsets.UTF_8)),
                signed("form content type", "POST", native_, "application/x-www-form-urlencoded", good.getBytes(StandardCharsets.UTF_8)),
                signedJson("close of another mchid", "v3/pay/transactions/out-trade-no/" + alphaOrder + "/close", "{\"mchid\":\"1900000000\"}"),
                signedJson("close without mchid", "v3/pay/transactions/out-trade-no/" + alphaOrder + "/close", "{}"),
                signedJson("close with a bad reference", "v3/pay/transactions/out-trade-no/a%20b/close", "{\"mchid\":\"" + alpha.companyMerchantId + "\"}"),
                signed("query without mchid", "GET", "v3/pay/transactions/out-trade-no/" + alphaOrder, null, null),
                signed("query of another mchid", "GET", "v3/pay/transactions/out-trade-no/" + alphaOrder + "?mchid=1900000000", null, null),
                signed("query repeating mchid", "GET", "v3/pay/transactions/out-trade-no/" + alphaOrder + "?mchid=" + alpha.companyMerchantId
                        + "&mchid=" + alpha.companyMerchantId, null, null),
                signed("query of an emoji reference", "GET", "v3/pay/transactions/out-trade-no/%F0%9F%98%80?mchid=" + alpha.companyMerchantId, null, null),
                signed("query of a control-character reference", "GET", "v3/pay/transactions/out-trade-no/a%07b?mchid=" + alpha.companyMerchantId, null, null),
                signed("query of a Latin-1 reference", "GET", "v3/pay/transactions/out-trade-no/caf%C3%A9?mchid=" + alpha.companyMerchantId, null, null),
                signedJson("declare without customs", customs, alpha.customsBody(paid, tx, "X", ",\"action_type\":\"ADD\"").replace(",\"customs\":\"X\"", "")),
                signedJson("declare with a bad action", customs, alpha.customsBody(paid, tx, "GUANGZHOU", ",\"action_type\":\"DELETE\"")),
                signedJson("declare without action", customs, alpha.customsBody(paid, tx, "GUANGZHOU", "")),
                signedJson("declare with clear cert_id", customs, alpha.customsBody(paid, tx, "GUANGZHOU",
                        ",\"action_type\":\"ADD\",\"cert_id\":\"11010519491231002X\",\"name\":\"" + alpha.encrypt("x") + "\"")),
                signedJson("declare cert_id without name", customs, alpha.customsBody(paid, tx, "GUANGZHOU",
                        ",\"action_type\":\"ADD\",\"cert_id\":\"" + alpha.encrypt("1") + "\"")),
                signedJson("declare negative fee", customs, alpha.customsBody(paid, tx, "GUANGZHOU", ",\"action_type\":\"ADD\",\"order_fee\":-1")),
                signedJson("declare customs with NUL", customs, alpha.customsBody(paid, tx, "GUANG\\u0000ZHOU", ",\"action_type\":\"ADD\"")),
                signed("redeclare without transaction", "PUT", customs, "application/json",
                        alpha.customsBody(paid, tx, "GUANGZHOU", "").replace(",\"transaction_id\":\"" + tx + "\"", "").getBytes(StandardCharsets.UTF_8)),
                signed("customs query without order_type", "GET", customs + "?mchid=" + alpha.companyMerchantId + "&order_no=" + paid + "&customs=GUANGZHOU", null, null),
                signed("customs query of another order_type", "GET", customs + "?mchid=" + alpha.companyMerchantId
                        + "&order_type=transaction_id&order_no=" + paid + "&customs=GUANGZHOU", null, null),
                signed("customs query without customs", "GET", customs + "?mchid=" + alpha.companyMerchantId + "&order_type=out_trade_no&order_no=" + paid, null, null),
                signedJson("verify without name", customs + "/verify-certificate", alpha.customsBody(paid, tx, "GUANGZHOU",
                        ",\"certificate_id\":\"" + alpha.encrypt("1") + "\"")),
                signedJson("unknown trade type", "v3/pay/transactions/cash", good),
                signedJson("trade type in capitals", "v3/pay/transactions/NATIVE", good),
                signedJson("path with extra segment", native_ + "/extra", good),
                signedJson("path with a trailing slash", "v3/pay/transactions/out-trade-no/", "{}"),
                signedJson("path with dot segments", "v3/pay/transactions/%2E%2E/native", good),
                signedJson("path with an encoded slash", "v3/pay/transactions/out-trade-no/a%2Fb/close", "{}"),
                signed("PATCH", "PATCH", native_, "application/json", good.getBytes(StandardCharsets.UTF_8)),
                signed("GET of a create", "GET", native_, null, null),
                signed("DELETE of customs", "DELETE", customs, null, null),
                signedJson("refund without mchid", refunds, refund.replace("\"mchid\":\"" + alpha.companyMerchantId + "\",", "")),
                signedJson("refund without out_refund_no", refunds, refund.replace("\"out_refund_no\":\"R1\",", "")),
                signedJson("refund number with a space", refunds, refund.replace("R1", "R 1")),
                signedJson("refund number too long", refunds, refund.replace("R1", "R".repeat(65))),
                signedJson("refund without amount", refunds, refund.replace(",\"amount\":{\"refund\":10,\"total\":100,\"currency\":\"CNY\"}", "")),
                signedJson("refund of zero", refunds, refund.replace("\"refund\":10", "\"refund\":0")),
                signedJson("refund amount string", refunds, refund.replace("\"refund\":10", "\"refund\":\"10\"")),
                signedJson("refund amount fraction", refunds, refund.replace("\"refund\":10", "\"refund\":0.1")),
                signedJson("refund without total", refunds, refund.replace(",\"total\":100", "")),
                signedJson("refund without currency", refunds, refund.replace(",\"currency\":\"CNY\"", "")),
                signedJson("refund reason too long", refunds, refund.replace("}}", "},\"reason\":\"" + "r".repeat(81) + "\"}")),
                signedJson("refund of more than paid", refunds, refund.replace("\"refund\":10", "\"refund\":101")),
                signedJson("refund with another total", refunds, refund.replace("\"total\":100", "\"total\":99")),
                signedJson("refund in another currency", refunds, refund.replace("\"CNY\"", "\"GBP\"")),
                signedJson("refund of an unpaid order", refunds, refund.replace(paid, alphaOrder)),
                signedJson("refund of an unknown order", refunds, refund.replace(paid, ref())),
                signed("refund query of an unknown number", "GET", refunds + "/NOPE1", null, null),
                signed("refund query of a bad number", "GET", refunds + "/a%20b", null, null),
                signed("refund query of another mchid", "GET", refunds + "/R1?mchid=1900000000", null, null),
                signed("DELETE of a refund", "DELETE", refunds + "/R1", null, null)));
        calls.addAll(alphapaySettlementCalls(paidTx));
        SandboxMerchant nobody = SandboxMerchant.open(base, "alphapay", "bad-input-a-nobody");
        String payoutNo = payoutReady(alpha);
        JsonObject funds = funds(alpha);
        JsonObject nobodyFunds = funds(nobody);
        calls.addAll(alphapayPayoutCalls(payoutNo, funds.getJsonNumber("available").longValueExact(), nobody));
        assertTrue(calls.size() >= 50, calls.size() + " calls");
        for (Call call : calls) {
            Reply r = Http.send(call.method(), base.resolve("alphapay/" + call.path()), call.headers(), call.body());
            String what = call.name() + ": " + r;
            assertClean(r, what);
            assertTrue(r.status() >= 400 && r.status() < 500, what);
            JsonObject body = json(r, what);
            assertTrue(body.get("code") instanceof JsonString && body.get("message") instanceof JsonString, what);
            if (r.header("Alphapay-Signature") != null) {
                assertTrue(alpha.alphapayAnswerVerifies(r), "signed refusals verify: " + what);
            }
            if (expected.containsKey(call.name())) {
                assertEquals(expected.get(call.name()), r.status() + " " + body.getString("code"), what);
            }
        }
        ordersUnchanged();
        noRefunds(alpha, paid);
        assertEquals(funds, funds(alpha), "alphapay's funds, beneficiary and payouts as they were");
        assertEquals(nobodyFunds, funds(nobody), "the account without a beneficiary still has none, nor a payout");
    }


    /**
     * The six profit-sharing paths. A new receiver's add, malformed, must not register it; a
     * malformed delete of the registered one must not delete it; a malformed split or unfreeze of
     * the held order must not split or release it (ordersUnchanged reads all three back).
     */
    List<Call> alphapaySettlementCalls(String notHeldTx) {
        String add = "v3/profitsharing/receivers/add";
        String delete = "v3/profitsharing/receivers/delete";
        String orders = "v3/profitsharing/orders";
        String unfreeze = orders + "/unfreeze";
        String addBody = alpha.alphapayReceiverBody("oBadInputNew0001", "李四");
        String deleteBody = "{\"appid\":\"" + alpha.appId + "\",\"type\":\"PERSONAL_OPENID\",\"account\":\"" + ALPHA_RECEIVER + "\"}";
        String split = alpha.alphapaySplitBody(alphaHeldTx, "S" + ref(), ALPHA_RECEIVER, 100, false);
        String part = "{\"type\":\"PERSONAL_OPENID\",\"account\":\"" + ALPHA_RECEIVER + "\",\"amount\":1,\"description\":\"d\"}";
        String release = "{\"transaction_id\":\"" + alphaHeldTx + "\",\"out_order_no\":\"U" + ref() + "\",\"description\":\"IT release\"}";
        String query = orders + "/S" + ref() + "?transaction_id=" + alphaHeldTx;
        return List.of(
                signedJson("add without type", add, addBody.replace("\"type\":\"PERSONAL_OPENID\",", "")),
                signedJson("add of an unknown type", add, addBody.replace("PERSONAL_OPENID", "OPENID")),
                signedJson("add without account", add, addBody.replace("\"account\":\"oBadInputNew0001\",", "")),
                signedJson("add account too long", add, addBody.replace("oBadInputNew0001", "o".repeat(65))),
                signedJson("add account number", add, addBody.replace("\"oBadInputNew0001\"", "12")),
                signedJson("add of an unknown relation", add, addBody.replace("STAFF", "FRIEND")),
                signedJson("add without relation", add, addBody.replace(",\"relation_type\":\"STAFF\"", "")),
                signedJson("add CUSTOM without custom_relation", add, addBody.replace("STAFF", "CUSTOM")),
                signedJson("add custom_relation without CUSTOM", add, addBody.replace("}", ",\"custom_relation\":\"x\"}")),
                signedJson("add custom_relation too long", add, addBody.replace("\"STAFF\"", "\"CUSTOM\",\"custom_relation\":\"" + "c".repeat(11) + "\"")),
                signedJson("add name in clear", add, alpha.alphapayReceiverBody("oBadInputNew0001", null).replace("}", ",\"name\":\"李四\"}")),
                signedJson("add name not Base64", add, alpha.alphapayReceiverBody("oBadInputNew0001", null).replace("}", ",\"name\":\"!!!\"}")),
                signedJson("add name with a control character", add, alpha.alphapayReceiverBody("oBadInputNew0001", "a\u0007b")),
                signedJson("add name number", add, alpha.alphapayReceiverBody("oBadInputNew0001", null).replace("}", ",\"name\":7}")),
                signedJson("add appid of another", add, addBody.replace(alpha.appId, "alphapay-app-1900000000")),
                signedJson("add array", add, "[]"),
                signedJson("add repeated member", add, addBody.replace("}", ",\"account\":\"oBadInputNew0002\"}")),
                signed("GET of add", "GET", add, null, null),
                signedJson("delete without account", delete, deleteBody.replace(",\"account\":\"" + ALPHA_RECEIVER + "\"", "")),
                signedJson("delete of an unknown type", delete, deleteBody.replace("PERSONAL_OPENID", "OPENID")),
                signedJson("delete account number", delete, deleteBody.replace("\"" + ALPHA_RECEIVER + "\"", "1")),
                signedJson("delete appid of another", delete, deleteBody.replace(alpha.appId, "alphapay-app-1900000000")),
                signedJson("delete open brace", delete, "{"),
                signedJson("split without transaction_id", orders, split.replace("\"transaction_id\":\"" + alphaHeldTx + "\",", "")),
                signedJson("split transaction_id with a space", orders, split.replace(alphaHeldTx, "42 00")),
                signedJson("split transaction_id too long", orders, split.replace(alphaHeldTx, "4".repeat(33))),
                signedJson("split without out_order_no", orders, split.replaceAll("\"out_order_no\":\"[^\"]*\",", "")),
                signedJson("split out_order_no with a space", orders, split.replaceAll("\"out_order_no\":\"[^\"]*\"", "\"out_order_no\":\"S 1\"")),
                signedJson("split without receivers", orders, split.replaceAll("\"receivers\":\\[[^\\]]*\\],", "")),
                signedJson("split no receivers", orders, split.replaceAll("\"receivers\":\\[[^\\]]*\\]", "\"receivers\":[]")),
                signedJson("split receivers object", orders, split.replaceAll("\"receivers\":\\[([^\\]]*)\\]", "\"receivers\":$1")),
                signedJson("split receiver number", orders, split.replaceAll("\"receivers\":\\[[^\\]]*\\]", "\"receivers\":[7]")),
                signedJson("split 51 receivers", orders, split.replaceAll("\"receivers\":\\[[^\\]]*\\]",
                        "\"receivers\":[" + String.join(",", java.util.Collections.nCopies(51, part)) + "]")),
                signedJson("split amount zero", orders, split.replace("\"amount\":100", "\"amount\":0")),
                signedJson("split amount negative", orders, split.replace("\"amount\":100", "\"amount\":-100")),
                signedJson("split amount string", orders, split.replace("\"amount\":100", "\"amount\":\"100\"")),
                signedJson("split amount fraction", orders, split.replace("\"amount\":100", "\"amount\":1.5")),
                signedJson("split without description", orders, split.replace(",\"description\":\"IT share\"", "")),
                signedJson("split description too long", orders, split.replace("IT share", "d".repeat(81))),
                signedJson("split of an unknown receiver type", orders, split.replace("PERSONAL_OPENID", "OPENID")),
                signedJson("split without unfreeze_unsplit", orders, split.replace(",\"unfreeze_unsplit\":false", "")),
                signedJson("split unfreeze_unsplit string", orders, split.replace("\"unfreeze_unsplit\":false", "\"unfreeze_unsplit\":\"false\"")),
                signedJson("split to a receiver not added", orders, split.replace(ALPHA_RECEIVER, "oNeverAdded0001")),
                signedJson("split past the maximum share", orders, split.replace("\"amount\":100", "\"amount\":301")),
                signedJson("split past the maximum share with unfreeze", orders, split.replace("\"amount\":100", "\"amount\":301")
                        .replace("\"unfreeze_unsplit\":false", "\"unfreeze_unsplit\":true")),
                signedJson("split of an unknown transaction", orders, split.replace(alphaHeldTx, "4200000000000000000000000099")),
                signedJson("split of an order not held", orders, split.replace(alphaHeldTx, notHeldTx)),
                signedJson("split appid of another", orders, split.replace(alpha.appId, "alphapay-app-1900000000")),
                signedJson("unfreeze without transaction_id", unfreeze, release.replace("\"transaction_id\":\"" + alphaHeldTx + "\",", "")),
                signedJson("unfreeze without out_order_no", unfreeze, release.replaceAll("\"out_order_no\":\"[^\"]*\",", "")),
                signedJson("unfreeze out_order_no too long", unfreeze, release.replaceAll("\"out_order_no\":\"[^\"]*\"", "\"out_order_no\":\"" + "U".repeat(65) + "\"")),
                signedJson("unfreeze without description", unfreeze, release.replace(",\"description\":\"IT release\"", "")),
                signedJson("unfreeze description too long", unfreeze, release.replace("IT release", "d".repeat(81))),
                signedJson("unfreeze description number", unfreeze, release.replace("\"IT release\"", "7")),
                signedJson("unfreeze of an unknown transaction", unfreeze, release.replace(alphaHeldTx, "4200000000000000000000000099")),
                signedJson("unfreeze of an order not held", unfreeze, release.replace(alphaHeldTx, notHeldTx)),
                signed("split query without transaction_id", "GET", orders + "/S" + ref(), null, null),
                signed("split query transaction_id with a space", "GET", orders + "/S" + ref() + "?transaction_id=42%2000", null, null),
                signed("split query of an unknown number", "GET", query, null, null),
                signed("split query number with a space", "GET", orders + "/S%201?transaction_id=" + alphaHeldTx, null, null),
                signed("split query number too long", "GET", orders + "/" + "S".repeat(65) + "?transaction_id=" + alphaHeldTx, null, null),
                signed("DELETE of a split", "DELETE", query, null, null),
                signed("amounts of an unknown transaction", "GET", "v3/profitsharing/transactions/4200000000000000000000000099/amounts", null, null),
                signed("amounts transaction_id too long", "GET", "v3/profitsharing/transactions/" + "4".repeat(33) + "/amounts", null, null),
                signed("amounts transaction_id with a space", "GET", "v3/profitsharing/transactions/42%2000/amounts", null, null),
                signed("POST of amounts", "POST", "v3/profitsharing/transactions/" + alphaHeldTx + "/amounts", "application/json",
                        "{}".getBytes(StandardCharsets.UTF_8)));
    }

    /**
     * The three payout paths. Malformed beneficiaries are built on another account abroad than the
     * registered one (another name, number, bank, country and currency), so that one taken wrongly
     * replaces it visibly; malformed payouts carry a number never used, so that one taken wrongly
     * adds a payout; the refusals the books decide (more than is available, no beneficiary, a
     * currency not the beneficiary's, the paid payout's number with other terms, an amount that
     * buys less than a penny) come with their codes. The funds, read before and after, show
     * either.
     */
    List<Call> alphapayPayoutCalls(String paidPayoutNo, long available, SandboxMerchant nobody) {
        String beneficiary = "v3/global/settle/beneficiary";
        String payouts = "v3/global/settle/payouts";
        String query = payouts + "/out-payout-no/";
        String name = alpha.encrypt("Quay Goods GmbH");
        String number = alpha.encrypt("DE89370400440532013000");
        String ben = "{\"account_name\":\"" + name + "\",\"account_number\":\"" + number
                + "\",\"swift_code\":\"COBADEFFXXX\",\"bank_country\":\"DE\",\"currency\":\"EUR\"}";
        String no = "Q" + ref();
        String payout = SandboxMerchant.alphapayPayoutBody(no, 100, "GBP");
        String notCipher = Base64.getEncoder().encodeToString(new byte[256]);
        Call payoutSignedForAnother = signedJson("payout whose signature is of another body", payouts, payout);
        Call benSignedForAnother = signedJson("beneficiary whose signature is of another body", beneficiary, ben);
        return List.of(
                signedJson("beneficiary without account_name", beneficiary, ben.replace("\"account_name\":\"" + name + "\",", "")),
                signedJson("beneficiary account_name null", beneficiary, ben.replace("\"" + name + "\"", "null")),
                signedJson("beneficiary account_name number", beneficiary, ben.replace("\"" + name + "\"", "7")),
                signedJson("beneficiary account_name in clear", beneficiary, ben.replace(name, "Quay Goods GmbH")),
                signedJson("beneficiary account_name not Base64", beneficiary, ben.replace(name, "!!!")),
                signedJson("beneficiary account_name Base64 of no ciphertext", beneficiary, ben.replace(name, notCipher)),
                signedJson("beneficiary account_name too long", beneficiary, ben.replace(name, "A".repeat(1025))),
                signedJson("beneficiary account_name empty once decrypted", beneficiary, ben.replace(name, alpha.encrypt(""))),
                signedJson("beneficiary account_name with a control character", beneficiary, ben.replace(name, alpha.encrypt("Quay\u0007Goods"))),
                signedJson("beneficiary account_name of 129 characters", beneficiary, ben.replace(name, alpha.encrypt("Q".repeat(129)))),
                signedJson("beneficiary without account_number", beneficiary, ben.replace(",\"account_number\":\"" + number + "\"", "")),
                signedJson("beneficiary account_number number", beneficiary, ben.replace("\"" + number + "\"", "89370400440532013000")),
                signedJson("beneficiary account_number in clear", beneficiary, ben.replace(number, "DE89370400440532013000")),
                signedJson("beneficiary account_number Base64 of no ciphertext", beneficiary, ben.replace(number, notCipher)),
                signedJson("beneficiary account_number with spaces", beneficiary, ben.replace(number, alpha.encrypt("DE89 3704 0044 0532 0130 00"))),
                signedJson("beneficiary account_number too short", beneficiary, ben.replace(number, alpha.encrypt("123"))),
                signedJson("beneficiary account_number too long", beneficiary, ben.replace(number, alpha.encrypt("1".repeat(35)))),
                signedJson("beneficiary account_number with a dash", beneficiary, ben.replace(number, alpha.encrypt("DE89-3704-0044"))),
                signedJson("beneficiary without swift_code", beneficiary, ben.replace("\"swift_code\":\"COBADEFFXXX\",", "")),
                signedJson("beneficiary swift_code null", beneficiary, ben.replace("\"COBADEFFXXX\"", "null")),
                signedJson("beneficiary swift_code in lower case", beneficiary, ben.replace("COBADEFFXXX", "cobadeffxxx")),
                signedJson("beneficiary swift_code of 9", beneficiary, ben.replace("COBADEFFXXX", "COBADEFFX")),
                signedJson("beneficiary swift_code of 7", beneficiary, ben.replace("COBADEFFXXX", "COBADEF")),
                signedJson("beneficiary swift_code with a space", beneficiary, ben.replace("COBADEFFXXX", "COBA DEFF")),
                signedJson("beneficiary swift_code number", beneficiary, ben.replace("\"COBADEFFXXX\"", "12345678")),
                signedJson("beneficiary without bank_country", beneficiary, ben.replace("\"bank_country\":\"DE\",", "")),
                signedJson("beneficiary bank_country in lower case", beneficiary, ben.replace("\"DE\"", "\"de\"")),
                signedJson("beneficiary bank_country of 3", beneficiary, ben.replace("\"DE\"", "\"DEU\"")),
                signedJson("beneficiary bank_country empty", beneficiary, ben.replace("\"DE\"", "\"\"")),
                signedJson("beneficiary bank_country number", beneficiary, ben.replace("\"DE\"", "276")),
                signedJson("beneficiary without currency", beneficiary, ben.replace(",\"currency\":\"EUR\"", "")),
                signedJson("beneficiary currency null", beneficiary, ben.replace("\"EUR\"", "null")),
                signedJson("beneficiary currency in lower case", beneficiary, ben.replace("\"EUR\"", "\"eur\"")),
                signedJson("beneficiary currency of 4", beneficiary, ben.replace("\"EUR\"", "\"EURO\"")),
                signedJson("beneficiary currency number", beneficiary, ben.replace("\"EUR\"", "978")),
                signedJson("beneficiary in CNY", beneficiary, ben.replace("\"EUR\"", "\"CNY\"")),
                signedJson("beneficiary repeated member", beneficiary, ben.replace("}", ",\"currency\":\"GBP\"}")),
                signedJson("beneficiary array", beneficiary, "[" + ben + "]"),
                signedJson("beneficiary open brace", beneficiary, "{"),
                signedJson("beneficiary empty body", beneficiary, ""),
                signed("beneficiary text/plain", "POST", beneficiary, "text/plain", ben.getBytes(StandardCharsets.UTF_8)),
                unsigned("beneficiary unsigned", "POST", beneficiary, Map.of("Content-Type", "application/json"), ben),
                new Call(benSignedForAnother.name(), "POST", beneficiary, benSignedForAnother.headers(),
                        ben.replace("\"DE\"", "\"FR\"").getBytes(StandardCharsets.UTF_8)),
                signed("GET of beneficiary", "GET", beneficiary, null, null),
                signed("PUT of beneficiary", "PUT", beneficiary, "application/json", ben.getBytes(StandardCharsets.UTF_8)),
                signed("DELETE of beneficiary", "DELETE", beneficiary, null, null),
                signedJson("payout without out_payout_no", payouts, payout.replace("\"out_payout_no\":\"" + no + "\",", "")),
                signedJson("payout out_payout_no null", payouts, payout.replace("\"" + no + "\"", "null")),
                signedJson("payout out_payout_no number", payouts, payout.replace("\"" + no + "\"", "12345")),
                signedJson("payout out_payout_no empty", payouts, payout.replace(no, "")),
                signedJson("payout out_payout_no with a space", payouts, payout.replace(no, "Q 1")),
                signedJson("payout out_payout_no with a '#'", payouts, payout.replace(no, "Q#1")),
                signedJson("payout out_payout_no in Chinese", payouts, payout.replace(no, "付款1")),
                signedJson("payout out_payout_no with a control character", payouts, payout.replace(no, "Q\\u00071")),
                signedJson("payout out_payout_no too long", payouts, payout.replace(no, "Q".repeat(65))),
                signedJson("payout without amount", payouts, payout.replace("\"amount\":{\"total\":100,\"currency\":\"CNY\"},", "")),
                signedJson("payout amount null", payouts, payout.replace("{\"total\":100,\"currency\":\"CNY\"}", "null")),
                signedJson("payout amount string", payouts, payout.replace("{\"total\":100,\"currency\":\"CNY\"}", "\"1.00\"")),
                signedJson("payout amount array", payouts, payout.replace("{\"total\":100,\"currency\":\"CNY\"}", "[100]")),
                signedJson("payout without total", payouts, payout.replace("\"total\":100,", "")),
                signedJson("payout total null", payouts, payout.replace("\"total\":100,", "\"total\":null,")),
                signedJson("payout total string", payouts, payout.replace("\"total\":100,", "\"total\":\"100\",")),
                signedJson("payout total zero", payouts, payout.replace("\"total\":100,", "\"total\":0,")),
                signedJson("payout total -1", payouts, payout.replace("\"total\":100,", "\"total\":-1,")),
                signedJson("payout total fraction", payouts, payout.replace("\"total\":100,", "\"total\":1.5,")),
                signedJson("payout total exponent", payouts, payout.replace("\"total\":100,", "\"total\":1e400,")),
                signedJson("payout total huge", payouts, payout.replace("\"total\":100,", "\"total\":99999999999999999999999999,")),
                signedJson("payout total past the maximum", payouts, payout.replace("\"total\":100,", "\"total\":1000000000001,")),
                signedJson("payout without currency", payouts, payout.replace(",\"currency\":\"CNY\"", "")),
                signedJson("payout currency GBP", payouts, payout.replace("\"CNY\"", "\"GBP\"")),
                signedJson("payout currency in lower case", payouts, payout.replace("\"CNY\"", "\"cny\"")),
                signedJson("payout currency number", payouts, payout.replace("\"CNY\"", "156")),
                signedJson("payout without target_currency", payouts, payout.replace(",\"target_currency\":\"GBP\"", "")),
                signedJson("payout target_currency null", payouts, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":null")),
                signedJson("payout target_currency in lower case", payouts, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":\"gbp\"")),
                signedJson("payout target_currency of 2", payouts, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":\"GB\"")),
                signedJson("payout target_currency of 4", payouts, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":\"GBPX\"")),
                signedJson("payout target_currency number", payouts, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":826")),
                signedJson("payout description too long", payouts, payout.replace("IT payout", "d".repeat(81))),
                signedJson("payout description number", payouts, payout.replace("\"IT payout\"", "7")),
                signedJson("payout description with a control character", payouts, payout.replace("IT payout", "IT\\u0000payout")),
                signedJson("payout repeated member", payouts, payout.replace("}", ",\"out_payout_no\":\"Q" + ref() + "\"}")),
                signedJson("payout array", payouts, "[" + payout + "]"),
                signedJson("payout open brace", payouts, "{"),
                signedJson("payout empty body", payouts, ""),
                signed("payout text/plain", "POST", payouts, "text/plain", payout.getBytes(StandardCharsets.UTF_8)),
                unsigned("payout unsigned", "POST", payouts, Map.of("Content-Type", "application/json"), payout),
                new Call(payoutSignedForAnother.name(), "POST", payouts, payoutSignedForAnother.headers(),
                        payout.replace("\"total\":100,", "\"total\":101,").getBytes(StandardCharsets.UTF_8)),
                signed("GET of payouts", "GET", payouts, null, null),
                signed("PUT of payouts", "PUT", payouts, "application/json", payout.getBytes(StandardCharsets.UTF_8)),
                signed("DELETE of payouts", "DELETE", payouts, null, null),
                expect("403 BENEFICIARY_NOT_EXIST", signed(nobody, "payout without a beneficiary", "POST", payouts, "application/json",
                        SandboxMerchant.alphapayPayoutBody(no, 100, "GBP").getBytes(StandardCharsets.UTF_8))),
                expect("400 CURRENCY_NOT_SUPPORTED", signedJson("payout in a currency not the beneficiary's", payouts,
                        SandboxMerchant.alphapayPayoutBody(no, 100, "USD"))),
                expect("400 CURRENCY_NOT_SUPPORTED", signedJson("payout in CNY", payouts, SandboxMerchant.alphapayPayoutBody(no, 100, "CNY"))),
                expect("400 PARAM_ERROR", signedJson("payout that buys less than a penny", payouts, SandboxMerchant.alphapayPayoutBody(no, 1, "GBP"))),
                expect("403 OUT_PAYOUT_NO_USED", signedJson("payout number again with another amount", payouts,
                        SandboxMerchant.alphapayPayoutBody(paidPayoutNo, 1001, "GBP"))),
                expect("403 OUT_PAYOUT_NO_USED", signedJson("payout number again in another currency", payouts,
                        SandboxMerchant.alphapayPayoutBody(paidPayoutNo, 1000, "USD"))),
                expect("403 NOT_ENOUGH", signedJson("payout of more than is available", payouts,
                        SandboxMerchant.alphapayPayoutBody("Q" + ref(), available + 1, "GBP"))),
                expect("403 NOT_ENOUGH", signedJson("payout of the most there is", payouts,
                        SandboxMerchant.alphapayPayoutBody("Q" + ref(), 1_000_000_000_000L, "GBP"))),
                expect("404 RESOURCE_NOT_EXISTS", signed("payout query of an unknown number", "GET", query + no, null, null)),
                expect("404 RESOURCE_NOT_EXISTS", signed(nobody, "payout query of another account's payout", "GET", query + paidPayoutNo, null, null)),
                signed("payout query number with a space", "GET", query + "Q%201", null, null),
                signed("payout query number with a '#'", "GET", query + "Q%231", null, null),
                signed("payout query number too long", "GET", query + "Q".repeat(65), null, null),
                signed("payout query of an emoji number", "GET", query + "%F0%9F%98%80", null, null),
                signed("payout query of a control-character number", "GET", query + "a%07b", null, null),
                signed("payout query number with an encoded slash", "GET", query + "a%2Fb", null, null),
                signed("payout query without number", "GET", query, null, null),
                unsigned("payout query unsigned", "GET", query + paidPayoutNo, Map.of(), null),
                signedJson("POST of a payout query", query + paidPayoutNo, "{}"),
                signed("DELETE of a payout", "DELETE", query + paidPayoutNo, null, null));
    }

    Call expect(String code, Call call) {
        expected.put(call.name(), code);
        return call;
    }

    // ---- betapay -------------------------------------------------------------------------------

    record Post(String name, String method, String contentType, byte[] body) {
    }

    Post form(String name, Map<String, String> params) {
        return form(beta, name, params);
    }

    /** Signed by another account of betapay's. */
    Post form(SandboxMerchant m, String name, Map<String, String> params) {
        return new Post(name, "POST", "application/x-www-form-urlencoded", SandboxMerchant.signedForm(params, m.key).getBytes(StandardCharsets.UTF_8));
    }

    Post raw(String name, String contentType, String body) {
        return new Post(name, "POST", contentType, body.getBytes(StandardCharsets.UTF_8));
    }

    Map<String, String> p(String method, String biz) {
        return beta.params(method, biz);
    }

    Map<String, String> with(Map<String, String> params, String name, String value) {
        Map<String, String> changed = new LinkedHashMap<>(params);
        if (value == null) {
            changed.remove(name);
        } else {
            changed.put(name, value);
        }
        return changed;
    }

    String biz(String amount) {
        return "{\"out_trade_no\":\"" + doomed() + "\",\"total_amount\":" + amount + ",\"subject\":\"s\"}";
    }

    @Test
    void betapayRefusesMalformedRequestsWithNodes() throws Exception {
        String pre = "betapay.trade.precreate";
        String good = biz("\"1.00\"");
        String goodForm = SandboxMerchant.signedForm(p(pre, good), beta.key);
        String paid = ref();
        beta.betapay(pre, "{\"out_trade_no\":\"" + paid + "\",\"total_amount\":\"1\",\"subject\":\"s\"}");
        String tx = Http.admin("POST", beta.helper("payments/" + paid + "/pay"), null).json().getString("transactionId");
        String declare = "betapay.trade.customs.declare";
        String customsBiz = "{\"out_request_no\":\"" + paid + "\",\"out_trade_no\":\"" + paid + "\",\"trade_no\":\"" + tx
                + "\",\"customs_place\":\"GUANGZHOU\"";
        String refund = "betapay.trade.refund";
        String refundBiz = "{\"out_trade_no\":\"" + paid + "\",\"refund_amount\":\"0.10\",\"out_request_no\":\"R1\"";
        List<Post> posts = new ArrayList<>(List.of(
                new Post("no content type", "POST", null, goodForm.getBytes(StandardCharsets.UTF_8)),
                raw("text/plain", "text/plain", goodForm),
                raw("json", "application/json", "{\"method\":\"" + pre + "\"}"),
                raw("multipart", "multipart/form-data; boundary=xyz", "--xyz\r\n\r\n--xyz--"),
                raw("GBK form", "application/x-www-form-urlencoded; charset=GBK", goodForm),
                raw("unknown charset", "application/x-www-form-urlencoded; charset=klingon", goodForm),
                raw("empty body", "application/x-www-form-urlencoded", ""),
                raw("only ampersands", "application/x-www-form-urlencoded", "&&&"),
                raw("only equals", "application/x-www-form-urlencoded", "="),
                raw("lone percent", "application/x-www-form-urlencoded", goodForm + "&x=%"),
                raw("bad hex escape", "application/x-www-form-urlencoded", goodForm + "&x=%ZZ"),
                raw("escape of bad UTF-8", "application/x-www-form-urlencoded", goodForm + "&x=%C3%28"),
                new Post("raw bad UTF-8", "POST", "application/x-www-form-urlencoded", new byte[] {'a', '=', (byte) 0xFF}),
                raw("huge body", "application/x-www-form-urlencoded", goodForm + "&x=" + "a".repeat(100_000)),
                raw("method twice", "application/x-www-form-urlencoded", goodForm + "&method=" + pre),
                raw("JSON injection in method", "application/x-www-form-urlencoded", "method=%22%7D%2C%22sign%22%3A%22x"),
                form("no method", with(p(pre, good), "method", null)),
                form("empty method", with(p(pre, good), "method", "")),
                form("unknown method", p("betapay.trade.pay", good)),
                form("method in capitals", p("BETAPAY.TRADE.PRECREATE", good)),
                form("unknown app_id", with(p(pre, good), "app_id", "betapay-app-2000000000")),
                form("no app_id", with(p(pre, good), "app_id", null)),
                form("app_id with NUL", with(p(pre, good), "app_id", "betapay-app-\u0000")),
                raw("no sign", "application/x-www-form-urlencoded", SandboxMerchant.encode(p(pre, good))),
                raw("empty sign", "application/x-www-form-urlencoded", SandboxMerchant.encode(with(p(pre, good), "sign", ""))),
                raw("garbage sign", "application/x-www-form-urlencoded", SandboxMerchant.encode(with(p(pre, good), "sign", "!!!"))),
                raw("sign of another text", "application/x-www-form-urlencoded",
                        SandboxMerchant.encode(with(p(pre, good), "sign", Rsa.sign(beta.key, "other")))),
                raw("sign changed value", "application/x-www-form-urlencoded", goodForm.replace("1.00", "2.00")),
                form("sign_type RSA", with(p(pre, good), "sign_type", "RSA")),
                form("no sign_type", with(p(pre, good), "sign_type", null)),
                form("no timestamp", with(p(pre, good), "timestamp", null)),
                form("bad timestamp", with(p(pre, good), "timestamp", "2023-13-45 25:61:61")),
                form("ISO timestamp", with(p(pre, good), "timestamp", "2023-11-15T06:13:20")),
                form("charset gbk", with(p(pre, good), "charset", "gbk")),
                form("format XML", with(p(pre, good), "format", "XML")),
                form("version 2.0", with(p(pre, good), "version", "2.0")),
                form("no biz_content", with(p(pre, good), "biz_content", null)),
                form("biz_content not JSON", p(pre, "not json")),
                form("biz_content array", p(pre, "[]")),
                form("biz_content open brace", p(pre, "{")),
                form("biz_content trailing text", p(pre, good + "x")),
                form("biz_content repeated member", p(pre, good.replace("}", ",\"subject\":\"t\"}"))),
                form("biz_content deep nesting", p(pre, good.replace("}", ",\"x\":" + "[".repeat(3000) + "]".repeat(3000) + "}"))),
                form("no out_trade_no", p(pre, "{\"total_amount\":\"1.00\",\"subject\":\"s\"}")),
                form("out_trade_no number", p(pre, "{\"out_trade_no\":12,\"total_amount\":\"1.00\",\"subject\":\"s\"}")),
                form("out_trade_no too long", p(pre, "{\"out_trade_no\":\"" + "x".repeat(40) + "\",\"total_amount\":\"1.00\",\"subject\":\"s\"}")),
                form("amount letters", p(pre, biz("\"abc\""))),
                form("amount negative", p(pre, biz("\"-1.00\""))),
                form("amount three decimals", p(pre, biz("\"1.001\""))),
                form("amount zero", p(pre, biz("\"0.00\""))),
                form("amount boolean", p(pre, biz("true"))),
                form("amount exponent", p(pre, biz("\"1e3\""))),
                form("amount huge", p(pre, biz("\"99999999999999999999.00\""))),
                form("currency unknown", p(pre, good.replace("}", ",\"trans_currency\":\"USD\"}"))),
                form("no subject", p(pre, "{\"out_trade_no\":\"" + doomed() + "\",\"total_amount\":\"1.00\"}")),
                form("subject too long", p(pre, good.replace("\"s\"", "\"" + "s".repeat(300) + "\""))),
                form("subject with a control character", p(pre, good.replace("\"s\"", "\"a\\u0007b\""))),
                form("declare without trade_no", p(declare, customsBiz.replace(",\"trade_no\":\"" + tx + "\"", "") + "}")),
                form("declare cert without name", p(declare, customsBiz + ",\"buyer_cert_no\":\"1\"}")),
                form("declare is_split X", p(declare, customsBiz + ",\"is_split\":\"X\"}")),
                form("declare amount three decimals", p(declare, customsBiz + ",\"amount\":\"1.234\"}")),
                form("declare bad action", p(declare, customsBiz + ",\"action_type\":\"DROP\"}")),
                form("customs query without customs_place", p("betapay.trade.customs.query", "{\"out_trade_no\":\"" + paid + "\"}")),
                form("query without out_trade_no", p("betapay.trade.query", "{}")),
                form("refund without out_trade_no", p(refund, "{\"refund_amount\":\"0.10\"}")),
                form("refund without amount", p(refund, "{\"out_trade_no\":\"" + paid + "\"}")),
                form("refund of zero", p(refund, refundBiz.replace("0.10", "0.00") + "}")),
                form("refund amount three decimals", p(refund, refundBiz.replace("0.10", "0.101") + "}")),
                form("refund amount boolean", p(refund, refundBiz.replace("\"0.10\"", "true") + "}")),
                form("refund request number with a space", p(refund, refundBiz.replace("R1", "R 1") + "}")),
                form("refund request number too long", p(refund, refundBiz.replace("R1", "R".repeat(65)) + "}")),
                form("refund of more than paid", p(refund, refundBiz.replace("0.10", "1.01") + "}")),
                form("refund in another currency", p(refund, refundBiz + ",\"refund_currency\":\"GBP\"}")),
                form("refund of an unpaid trade", p(refund, refundBiz.replace(paid, betaOrder) + "}")),
                form("refund of an unknown trade", p(refund, refundBiz.replace(paid, ref()) + "}")),
                form("refund reason too long", p(refund, refundBiz + ",\"refund_reason\":\"" + "r".repeat(300) + "\"}")),
                form("refund query without out_request_no", p("betapay.trade.fastpay.refund.query", "{\"out_trade_no\":\"" + paid + "\"}")),
                form("refund query of an unknown trade", p("betapay.trade.fastpay.refund.query",
                        "{\"out_trade_no\":\"" + ref() + "\",\"out_request_no\":\"R1\"}")),
                new Post("GET", "GET", null, null),
                new Post("PUT", "PUT", "application/x-www-form-urlencoded", goodForm.getBytes(StandardCharsets.UTF_8))));
        posts.addAll(betapaySettlementPosts(tx));
        SandboxMerchant nobody = SandboxMerchant.open(base, "betapay", "bad-input-b-nobody");
        String payoutNo = payoutReady(beta);
        JsonObject funds = funds(beta);
        JsonObject nobodyFunds = funds(nobody);
        posts.addAll(betapayPayoutPosts(payoutNo, funds.getJsonNumber("available").longValueExact(), nobody));
        assertTrue(posts.size() >= 50, posts.size() + " posts");
        for (Post post : posts) {
            Map<String, String> headers = post.contentType() == null ? Map.of() : Map.of("Content-Type", post.contentType());
            Reply r = Http.send(post.method(), base.resolve("betapay/gateway.do"), headers, post.body());
            String what = post.name() + ": " + r;
            assertClean(r, what);
            assertEquals(200, r.status(), what);
            JsonObject body = json(r, what);
            assertEquals(2, body.size(), what);
            String member = body.keySet().stream().filter(k -> k.endsWith("_response")).findFirst().orElseThrow(() -> new AssertionError(what));
            assertTrue(body.get("sign") instanceof JsonString, what);
            JsonObject node = beta.betapayNode(r, member.substring(0, member.length() - "_response".length()));
            assertNotEquals("10000", node.getString("code"), what);
            assertTrue(node.containsKey("sub_code") && node.containsKey("sub_msg"), what);
            if (expected.containsKey(post.name())) {
                assertEquals(expected.get(post.name()), node.getString("sub_code"), what);
            }
        }
        ordersUnchanged();
        noRefunds(beta, paid);
        assertEquals(funds, funds(beta), "betapay's funds, beneficiary and payouts as they were");
        assertEquals(nobodyFunds, funds(nobody), "the account without a beneficiary still has none, nor a payout");
    }


    /**
     * The six royalty methods, each malformed or refused: a bind must not bind (not even the
     * receivers before a malformed one), an unbind must not unbind the bound receiver, a settle must
     * not split or release the held trade (ordersUnchanged reads them back).
     */
    List<Post> betapaySettlementPosts(String notHeldTx) {
        String bind = "betapay.trade.royalty.relation.bind";
        String unbind = "betapay.trade.royalty.relation.unbind";
        String batch = "betapay.trade.royalty.relation.batchquery";
        String settle = "betapay.trade.order.settle";
        String settleQuery = "betapay.trade.order.settle.query";
        String onsettle = "betapay.trade.order.onsettle.query";
        String newReceiver = "{\"type\":\"userId\",\"account\":\"2088000000000077\"}";
        String bindBiz = SandboxMerchant.bindBiz(ref(), "2088000000000077", "李四");
        String unbindBiz = "{\"out_request_no\":\"" + ref() + "\",\"receiver_list\":[{\"type\":\"userId\",\"account\":\"" + BETA_RECEIVER + "\"}]}";
        String settleBiz = SandboxMerchant.settleBiz("S" + ref(), betaHeldTx, BETA_RECEIVER, "1.00");
        String finish = "{\"out_request_no\":\"U" + ref() + "\",\"trade_no\":\"" + betaHeldTx + "\",\"extend_params\":{\"royalty_finish\":\"true\"}";
        String param = "{\"royalty_type\":\"transfer\",\"trans_in_type\":\"userId\",\"trans_in\":\"" + BETA_RECEIVER + "\",\"amount\":\"0.01\"}";
        return List.of(
                form("bind without out_request_no", p(bind, bindBiz.replaceAll("\"out_request_no\":\"[^\"]*\",", ""))),
                form("bind without receiver_list", p(bind, "{\"out_request_no\":\"" + ref() + "\"}")),
                form("bind receiver_list empty", p(bind, bindBiz.replaceAll("\\[.*\\]", "[]"))),
                form("bind receiver_list object", p(bind, bindBiz.replaceAll("\\[(.*)\\]", "$1"))),
                form("bind receiver string", p(bind, bindBiz.replaceAll("\\[.*\\]", "[\"2088000000000077\"]"))),
                form("bind of an unknown type", p(bind, bindBiz.replace("userId", "openId"))),
                form("bind without account", p(bind, bindBiz.replace(",\"account\":\"2088000000000077\"", ""))),
                form("bind account too long", p(bind, bindBiz.replace("2088000000000077", "2".repeat(101)))),
                form("bind name too long", p(bind, bindBiz.replace("李四", "名".repeat(129)))),
                form("bind name number", p(bind, bindBiz.replace("\"李四\"", "7"))),
                form("bind custom_relation too long", p(bind, bindBiz.replace("}]", ",\"custom_relation\":\"" + "c".repeat(65) + "\"}]"))),
                form("bind second receiver malformed", p(bind, bindBiz.replace("}]", "},{\"type\":\"openId\",\"account\":\"2088000000000078\"}]"))),
                form("bind 21 receivers", p(bind, bindBiz.replaceAll("\\[.*\\]", "[" + String.join(",", java.util.Collections.nCopies(21, newReceiver)) + "]"))),
                form("unbind without receiver_list", p(unbind, "{\"out_request_no\":\"" + ref() + "\"}")),
                form("unbind without out_request_no", p(unbind, unbindBiz.replaceAll("\"out_request_no\":\"[^\"]*\",", ""))),
                form("unbind of an unknown type", p(unbind, unbindBiz.replace("userId", "openId"))),
                form("unbind account number", p(unbind, unbindBiz.replace("\"" + BETA_RECEIVER + "\"", "2088"))),
                form("batchquery without out_request_no", p(batch, "{}")),
                form("batchquery page_size 0", p(batch, "{\"out_request_no\":\"" + ref() + "\",\"page_size\":0}")),
                form("batchquery page_size 101", p(batch, "{\"out_request_no\":\"" + ref() + "\",\"page_size\":101}")),
                form("batchquery page_num 0", p(batch, "{\"out_request_no\":\"" + ref() + "\",\"page_num\":0}")),
                form("batchquery page_num text", p(batch, "{\"out_request_no\":\"" + ref() + "\",\"page_num\":\"one\"}")),
                form("settle without out_request_no", p(settle, settleBiz.replaceAll("\"out_request_no\":\"[^\"]*\",", ""))),
                form("settle without trade_no", p(settle, settleBiz.replace("\"trade_no\":\"" + betaHeldTx + "\",", ""))),
                form("settle of an unknown trade", p(settle, settleBiz.replace(betaHeldTx, "2000000000000000000000000099"))),
                form("settle of a trade not held", p(settle, settleBiz.replace(betaHeldTx, notHeldTx))),
                form("settle without parameters or finish", p(settle, "{\"out_request_no\":\"" + ref() + "\",\"trade_no\":\"" + betaHeldTx + "\"}")),
                form("settle royalty_parameters empty and not finishing", p(settle, settleBiz.replaceAll("\\[.*\\]", "[]"))),
                form("settle royalty_parameters object", p(settle, settleBiz.replaceAll("\\[(.*)\\]", "$1"))),
                form("settle royalty_mode sync", p(settle, settleBiz.replace("\"async\"", "\"sync\""))),
                form("settle royalty_type other", p(settle, settleBiz.replace("\"transfer\"", "\"loan\""))),
                form("settle of an unknown trans_in_type", p(settle, settleBiz.replace("userId", "openId"))),
                form("settle without trans_in", p(settle, settleBiz.replace(",\"trans_in\":\"" + BETA_RECEIVER + "\"", ""))),
                form("settle without amount", p(settle, settleBiz.replace(",\"amount\":\"1.00\"", ""))),
                form("settle amount three decimals", p(settle, settleBiz.replace("1.00", "1.001"))),
                form("settle amount zero", p(settle, settleBiz.replace("1.00", "0.00"))),
                form("settle amount negative", p(settle, settleBiz.replace("1.00", "-1.00"))),
                form("settle amount letters", p(settle, settleBiz.replace("1.00", "one"))),
                form("settle amount boolean", p(settle, settleBiz.replace("\"1.00\"", "true"))),
                form("settle royalty_finish yes", p(settle, settleBiz.replace("\"royalty_finish\":\"false\"", "\"royalty_finish\":\"yes\""))),
                form("settle extend_params string", p(settle, settleBiz.replace("{\"royalty_finish\":\"false\"}", "\"x\""))),
                form("settle release royalty_finish false", p(settle, finish.replace("\"true\"", "\"false\"") + "}")),
                form("settle release of an unknown trade", p(settle, finish.replace(betaHeldTx, "2000000000000000000000000099") + "}")),
                form("settle release of a trade not held", p(settle, finish.replace(betaHeldTx, notHeldTx) + "}")),
                form("settle to a receiver not bound", p(settle, settleBiz.replace(BETA_RECEIVER, "2088000000000099"))),
                form("settle past the maximum share", p(settle, settleBiz.replace("1.00", "3.01"))),
                form("settle past the maximum share finishing", p(settle, settleBiz.replace("1.00", "3.01")
                        .replace("\"royalty_finish\":\"false\"", "\"royalty_finish\":\"true\""))),
                form("settle 51 receivers", p(settle, settleBiz.replaceAll("\\[.*\\]", "[" + String.join(",", java.util.Collections.nCopies(51, param)) + "]"))),
                form("settle query without out_request_no", p(settleQuery, "{\"trade_no\":\"" + betaHeldTx + "\"}")),
                form("settle query without trade_no", p(settleQuery, "{\"out_request_no\":\"" + ref() + "\"}")),
                form("settle query of an unknown settle", p(settleQuery, "{\"out_request_no\":\"" + ref() + "\",\"trade_no\":\"" + betaHeldTx + "\"}")),
                form("settle query settle_no number", p(settleQuery, "{\"out_request_no\":\"" + ref() + "\",\"trade_no\":\"" + betaHeldTx
                        + "\",\"settle_no\":7}")),
                form("onsettle query without trade_no", p(onsettle, "{}")),
                form("onsettle query of an unknown trade", p(onsettle, "{\"trade_no\":\"2000000000000000000000000099\"}")),
                form("onsettle query trade_no number", p(onsettle, "{\"trade_no\":2000}")),
                form("onsettle query trade_no too long", p(onsettle, "{\"trade_no\":\"" + "2".repeat(65) + "\"}")));
    }

    /**
     * The three payout methods, as alphapay's paths above: a malformed bind is of another account
     * abroad than the bound one, a malformed apply of a number never used, and the books'
     * refusals come with their sub_codes.
     */
    List<Post> betapayPayoutPosts(String paidPayoutNo, long available, SandboxMerchant nobody) {
        String bind = "betapay.overseas.beneficiary.bind";
        String apply = "betapay.overseas.payout.apply";
        String query = "betapay.overseas.payout.query";
        String ben = SandboxMerchant.beneficiaryBiz("Quay Goods GmbH", "DE89370400440532013000", "COBADEFFXXX", "DE", "EUR");
        String no = "Q" + ref();
        String payout = SandboxMerchant.payoutBiz(no, "1.00", "GBP");
        return List.of(
                form("bind without holder_name", p(bind, ben.replace("\"holder_name\":\"Quay Goods GmbH\",", ""))),
                form("bind holder_name null", p(bind, ben.replace("\"Quay Goods GmbH\"", "null"))),
                form("bind holder_name number", p(bind, ben.replace("\"Quay Goods GmbH\"", "7"))),
                form("bind holder_name empty", p(bind, ben.replace("Quay Goods GmbH", ""))),
                form("bind holder_name too long", p(bind, ben.replace("Quay Goods GmbH", "Q".repeat(65)))),
                form("bind holder_name with a control character", p(bind, ben.replace("Quay Goods GmbH", "Quay\\u0007Goods"))),
                form("bind without account_no", p(bind, ben.replace("\"account_no\":\"DE89370400440532013000\",", ""))),
                form("bind account_no number", p(bind, ben.replace("\"DE89370400440532013000\"", "89370400440532013000"))),
                form("bind account_no with spaces", p(bind, ben.replace("DE89370400440532013000", "DE89 3704 0044 0532 0130 00"))),
                form("bind account_no too short", p(bind, ben.replace("DE89370400440532013000", "123"))),
                form("bind account_no too long", p(bind, ben.replace("DE89370400440532013000", "1".repeat(35)))),
                form("bind account_no with a dash", p(bind, ben.replace("DE89370400440532013000", "DE89-3704-0044"))),
                form("bind without swift_code", p(bind, ben.replace("\"swift_code\":\"COBADEFFXXX\",", ""))),
                form("bind swift_code in lower case", p(bind, ben.replace("COBADEFFXXX", "cobadeffxxx"))),
                form("bind swift_code of 9", p(bind, ben.replace("COBADEFFXXX", "COBADEFFX"))),
                form("bind swift_code of 7", p(bind, ben.replace("COBADEFFXXX", "COBADEF"))),
                form("bind swift_code number", p(bind, ben.replace("\"COBADEFFXXX\"", "12345678"))),
                form("bind without bank_country", p(bind, ben.replace("\"bank_country\":\"DE\",", ""))),
                form("bind bank_country in lower case", p(bind, ben.replace("\"DE\"", "\"de\""))),
                form("bind bank_country of 3", p(bind, ben.replace("\"DE\"", "\"DEU\""))),
                form("bind bank_country number", p(bind, ben.replace("\"DE\"", "276"))),
                form("bind without currency", p(bind, ben.replace(",\"currency\":\"EUR\"", ""))),
                form("bind currency null", p(bind, ben.replace("\"EUR\"", "null"))),
                form("bind currency in lower case", p(bind, ben.replace("\"EUR\"", "\"eur\""))),
                form("bind currency of 4", p(bind, ben.replace("\"EUR\"", "\"EURO\""))),
                form("bind currency number", p(bind, ben.replace("\"EUR\"", "978"))),
                form("bind in CNY", p(bind, ben.replace("\"EUR\"", "\"CNY\""))),
                form("bind repeated member", p(bind, ben.replace("}", ",\"currency\":\"GBP\"}"))),
                form("bind array", p(bind, "[" + ben + "]")),
                form("apply without out_payout_no", p(apply, payout.replace("\"out_payout_no\":\"" + no + "\",", ""))),
                form("apply out_payout_no null", p(apply, payout.replace("\"" + no + "\"", "null"))),
                form("apply out_payout_no number", p(apply, payout.replace("\"" + no + "\"", "12345"))),
                form("apply out_payout_no empty", p(apply, payout.replace(no, ""))),
                form("apply out_payout_no with a space", p(apply, payout.replace(no, "Q 1"))),
                form("apply out_payout_no with a '#'", p(apply, payout.replace(no, "Q#1"))),
                form("apply out_payout_no in Chinese", p(apply, payout.replace(no, "付款1"))),
                form("apply out_payout_no too long", p(apply, payout.replace(no, "Q".repeat(65)))),
                form("apply without amount", p(apply, payout.replace("\"amount\":\"1.00\",", ""))),
                form("apply amount null", p(apply, payout.replace("\"1.00\"", "null"))),
                form("apply amount zero", p(apply, payout.replace("1.00", "0.00"))),
                form("apply amount 0", p(apply, payout.replace("1.00", "0"))),
                form("apply amount -1", p(apply, payout.replace("1.00", "-1"))),
                form("apply amount negative", p(apply, payout.replace("1.00", "-1.00"))),
                form("apply amount three decimals", p(apply, payout.replace("1.00", "1.001"))),
                form("apply amount number with three decimals", p(apply, payout.replace("\"1.00\"", "0.001"))),
                form("apply amount letters", p(apply, payout.replace("1.00", "abc"))),
                form("apply amount with a space", p(apply, payout.replace("1.00", " 1.00"))),
                form("apply amount exponent", p(apply, payout.replace("1.00", "1e3"))),
                form("apply amount boolean", p(apply, payout.replace("\"1.00\"", "true"))),
                form("apply amount object", p(apply, payout.replace("\"1.00\"", "{\"total\":\"1.00\"}"))),
                form("apply amount huge", p(apply, payout.replace("1.00", "99999999999999999999.00"))),
                form("apply amount past the maximum", p(apply, payout.replace("1.00", "10000000000.01"))),
                form("apply without currency", p(apply, payout.replace("\"currency\":\"CNY\",", ""))),
                form("apply currency GBP", p(apply, payout.replace("\"CNY\"", "\"GBP\""))),
                form("apply currency in lower case", p(apply, payout.replace("\"CNY\"", "\"cny\""))),
                form("apply currency number", p(apply, payout.replace("\"CNY\"", "156"))),
                form("apply without target_currency", p(apply, payout.replace("\"target_currency\":\"GBP\",", ""))),
                form("apply target_currency null", p(apply, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":null"))),
                form("apply target_currency in lower case", p(apply, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":\"gbp\""))),
                form("apply target_currency of 2", p(apply, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":\"GB\""))),
                form("apply target_currency number", p(apply, payout.replace("\"target_currency\":\"GBP\"", "\"target_currency\":826"))),
                form("apply description too long", p(apply, payout.replace("IT payout", "d".repeat(81)))),
                form("apply description number", p(apply, payout.replace("\"IT payout\"", "7"))),
                form("apply description with a control character", p(apply, payout.replace("IT payout", "IT\\u0000payout"))),
                form("apply repeated member", p(apply, payout.replace("}", ",\"out_payout_no\":\"Q" + ref() + "\"}"))),
                form("apply array", p(apply, "[" + payout + "]")),
                expect("ACQ.BENEFICIARY_NOT_EXIST", form(nobody, "apply without a beneficiary", nobody.params(apply,
                        SandboxMerchant.payoutBiz(no, "1.00", "GBP")))),
                expect("ACQ.CURRENCY_NOT_SUPPORT", form("apply in a currency not the beneficiary's", p(apply, SandboxMerchant.payoutBiz(no, "1.00", "USD")))),
                expect("ACQ.CURRENCY_NOT_SUPPORT", form("apply in CNY", p(apply, SandboxMerchant.payoutBiz(no, "1.00", "CNY")))),
                expect("ACQ.INVALID_PARAMETER", form("apply that buys less than a penny", p(apply, SandboxMerchant.payoutBiz(no, "0.01", "GBP")))),
                expect("ACQ.PAYOUT_NO_USED", form("apply number again with another amount", p(apply, SandboxMerchant.payoutBiz(paidPayoutNo, "10.01", "GBP")))),
                expect("ACQ.PAYOUT_NO_USED", form("apply number again in another currency", p(apply, SandboxMerchant.payoutBiz(paidPayoutNo, "10.00", "USD")))),
                expect("ACQ.BALANCE_NOT_ENOUGH", form("apply of more than is available", p(apply,
                        SandboxMerchant.payoutBiz("Q" + ref(), java.math.BigDecimal.valueOf(available + 1, 2).toPlainString(), "GBP")))),
                expect("ACQ.BALANCE_NOT_ENOUGH", form("apply of the most there is", p(apply, SandboxMerchant.payoutBiz("Q" + ref(), "10000000000.00", "GBP")))),
                form("payout query without out_payout_no", p(query, "{}")),
                form("payout query out_payout_no null", p(query, "{\"out_payout_no\":null}")),
                form("payout query out_payout_no number", p(query, "{\"out_payout_no\":12345}")),
                form("payout query out_payout_no with a space", p(query, "{\"out_payout_no\":\"Q 1\"}")),
                form("payout query out_payout_no too long", p(query, "{\"out_payout_no\":\"" + "Q".repeat(65) + "\"}")),
                expect("ACQ.PAYOUT_NOT_EXIST", form("payout query of an unknown number", p(query, "{\"out_payout_no\":\"" + no + "\"}"))),
                expect("ACQ.PAYOUT_NOT_EXIST", form(nobody, "payout query of another account's payout", nobody.params(query,
                        "{\"out_payout_no\":\"" + paidPayoutNo + "\"}"))));
    }

    Post expect(String code, Post post) {
        expected.put(post.name(), code);
        return post;
    }

    // ---- admin ---------------------------------------------------------------------------------

    record AdminCall(String name, String method, String path, String contentType, String body) {
    }

    @Test
    void theAdminApiRefusesMalformedRequestsWithItsJson() {
        String a = "alphapay/" + alpha.name + "/";
        String json = "application/json";
        List<AdminCall> calls = new ArrayList<>(List.of(
                new AdminCall("accounts without body", "POST", "alphapay/accounts", json, null),
                new AdminCall("accounts open brace", "POST", "alphapay/accounts", json, "{"),
                new AdminCall("accounts array", "POST", "alphapay/accounts", json, "[]"),
                new AdminCall("accounts null", "POST", "alphapay/accounts", json, "null"),
                new AdminCall("accounts no merchant", "POST", "alphapay/accounts", json, "{}"),
                new AdminCall("accounts merchant number", "POST", "alphapay/accounts", json, "{\"merchant\":7}"),
                new AdminCall("accounts merchant empty", "POST", "alphapay/accounts", json, "{\"merchant\":\"\"}"),
                new AdminCall("accounts merchant too long", "POST", "alphapay/accounts", json, "{\"merchant\":\"" + "m".repeat(65) + "\"}"),
                new AdminCall("accounts merchant slash", "POST", "alphapay/accounts", json, "{\"merchant\":\"a/b\"}"),
                new AdminCall("accounts merchant NUL", "POST", "alphapay/accounts", json, "{\"merchant\":\"a\\u0000\"}"),
                new AdminCall("accounts repeated member", "POST", "alphapay/accounts", json, "{\"merchant\":\"a\",\"merchant\":\"b\"}"),
                new AdminCall("accounts text/plain", "POST", "alphapay/accounts", "text/plain", "{\"merchant\":\"a\"}"),
                new AdminCall("accounts unknown charset", "POST", "alphapay/accounts", "application/json; charset=klingon", "{\"merchant\":\"x\"}"),
                new AdminCall("accounts huge", "POST", "alphapay/accounts", json, "{\"merchant\":\"" + "m".repeat(100_000) + "\"}"),
                new AdminCall("accounts deep", "POST", "alphapay/accounts", json, "{\"merchant\":" + "[".repeat(5000) + "]".repeat(5000) + "}"),
                new AdminCall("accounts unknown company", "POST", "gammapay/accounts", json, "{\"merchant\":\"a\"}"),
                new AdminCall("accounts company in capitals", "POST", "ALPHAPAY/accounts", json, "{\"merchant\":\"a\"}"),
                new AdminCall("accounts GET", "GET", "alphapay/accounts", null, null),
                new AdminCall("pay unknown merchant", "POST", "alphapay/nobody/payments/x/pay", json, null),
                new AdminCall("pay unknown order", "POST", a + "payments/" + ref() + "/pay", json, null),
                new AdminCall("pay name only", "POST", a + "payments/" + alphaOrder + "/pay", json, "{\"payerName\":\"张三\"}"),
                new AdminCall("pay id number", "POST", a + "payments/" + alphaOrder + "/pay", json, "{\"payerName\":\"张三\",\"payerIdNumber\":110}"),
                new AdminCall("pay bad JSON", "POST", a + "payments/" + alphaOrder + "/pay", json, "{x}"),
                new AdminCall("pay text/plain", "POST", a + "payments/" + alphaOrder + "/pay", "text/plain", "paid"),
                new AdminCall("pay GET", "GET", a + "payments/" + alphaOrder + "/pay", null, null),
                new AdminCall("faults no body", "PUT", a + "faults", json, null),
                new AdminCall("faults no mode", "PUT", a + "faults", json, "{}"),
                new AdminCall("faults lower-case mode", "PUT", a + "faults", json, "{\"mode\":\"error\"}"),
                new AdminCall("faults mode number", "PUT", a + "faults", json, "{\"mode\":1}"),
                new AdminCall("faults status text", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"status\":\"x\"}"),
                new AdminCall("faults status 99", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"status\":99}"),
                new AdminCall("faults status 600", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"status\":600}"),
                new AdminCall("faults negative latency", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"latencyMs\":-1}"),
                new AdminCall("faults huge latency", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"latencyMs\":999999999}"),
                new AdminCall("faults HOLD without latency", "PUT", a + "faults", json, "{\"mode\":\"HOLD\",\"count\":1}"),
                new AdminCall("faults count zero", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"count\":0}"),
                new AdminCall("faults count text", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"count\":\"2\"}"),
                new AdminCall("faults unknown kind", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"kind\":\"payouts\"}"),
                new AdminCall("faults then without count", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"then\":{\"mode\":\"SLOW\"}}"),
                new AdminCall("faults then a list", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"count\":1,\"then\":[]}"),
                new AdminCall("faults then HOLD", "PUT", a + "faults", json,
                        "{\"mode\":\"ERROR\",\"count\":1,\"then\":{\"mode\":\"HOLD\",\"latencyMs\":100}}"),
                new AdminCall("faults then without mode", "PUT", a + "faults", json, "{\"mode\":\"ERROR\",\"count\":1,\"then\":{}}"),
                new AdminCall("faults then of then", "PUT", a + "faults", json,
                        "{\"mode\":\"ERROR\",\"count\":1,\"then\":{\"mode\":\"SLOW\",\"count\":1,\"then\":{\"mode\":\"SLOW\"}}}"),
                new AdminCall("refund outcome without state", "PUT", a + "orders/" + alphaOrder + "/refund-outcome", json, "{}"),
                new AdminCall("refund outcome PROCESSING", "PUT", a + "orders/" + alphaOrder + "/refund-outcome", json, "{\"state\":\"PROCESSING\"}"),
                new AdminCall("refund outcome not JSON", "PUT", a + "orders/" + alphaOrder + "/refund-outcome", "text/plain", "CLOSED"),
                new AdminCall("refund outcome of an unknown order", "PUT", a + "orders/" + ref() + "/refund-outcome", json, "{\"state\":\"CLOSED\"}"),
                new AdminCall("refund outcome at betapay", "PUT", "betapay/" + beta.name + "/orders/" + betaOrder + "/refund-outcome", json,
                        "{\"state\":\"CLOSED\"}"),
                new AdminCall("faults orderRef too long", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"orderRef\":\"" + "o".repeat(100) + "\"}"),
                new AdminCall("faults orderRef number", "PUT", a + "faults", json, "{\"mode\":\"SLOW\",\"orderRef\":5}"),
                new AdminCall("faults text/plain", "PUT", a + "faults", "text/plain", "{\"mode\":\"SLOW\"}"),
                new AdminCall("faults POST", "POST", a + "faults", json, "{\"mode\":\"SLOW\"}"),
                new AdminCall("decision bad state", "PUT", a + "declarations/" + alphaOrder, json, "{\"state\":\"PROCESSING\"}"),
                new AdminCall("decision no state", "PUT", a + "declarations/" + alphaOrder, json, "{}"),
                new AdminCall("decision state number", "PUT", a + "declarations/" + alphaOrder, json, "{\"state\":1}"),
                new AdminCall("decision long explanation", "PUT", a + "declarations/" + alphaOrder, json,
                        "{\"state\":\"FAIL\",\"explanation\":\"" + "e".repeat(1000) + "\"}"),
                new AdminCall("decision without declaration", "PUT", a + "declarations/" + alphaOrder, json, "{\"state\":\"FAIL\"}"),
                new AdminCall("decision subOrderNo number", "PUT", a + "declarations/" + alphaOrder, json, "{\"state\":\"FAIL\",\"subOrderNo\":1}"),
                new AdminCall("requests bad kind", "GET", a + "requests?kind=everything", null, null),
                new AdminCall("requests control character", "GET", a + "requests?orderRef=%01", null, null),
                new AdminCall("requests unknown merchant", "GET", "betapay/nobody/requests", null, null),
                new AdminCall("orders unknown", "GET", a + "orders/" + ref(), null, null),
                new AdminCall("orders control character", "GET", a + "orders/a%07b", null, null),
                new AdminCall("orders DELETE", "DELETE", a + "orders/" + alphaOrder, null, null),
                new AdminCall("callbacks of an unknown order", "GET", a + "orders/" + ref() + "/callbacks", null, null),
                new AdminCall("callbacks control character", "GET", a + "orders/a%07b/callbacks", null, null),
                new AdminCall("callbacks POST", "POST", a + "orders/" + alphaOrder + "/callbacks", json, "{}"),
                new AdminCall("resend of an unknown order", "POST", a + "orders/" + ref() + "/callbacks/resend", null, null),
                new AdminCall("resend control character", "POST", a + "orders/a%07b/callbacks/resend", null, null),
                new AdminCall("resend GET", "GET", a + "orders/" + alphaOrder + "/callbacks/resend", null, null),
                new AdminCall("merchant with a control character", "GET", "alphapay/a%07b/orders/x", null, null),
                new AdminCall("unknown path", "GET", "alphapay/" + alpha.name + "/nothing", null, null),
                new AdminCall("root", "GET", "", null, null)));
        calls.addAll(adminSettlementCalls());
        calls.addAll(adminBillCalls());
        assertTrue(calls.size() >= 50, calls.size() + " calls");
        for (AdminCall call : calls) {
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("Authorization", Http.basic("admin", Http.ADMIN_PASSWORD));
            if (call.contentType() != null) {
                headers.put("Content-Type", call.contentType());
            }
            Reply r = Http.send(call.method(), base.resolve(call.path()), headers, call.body());
            String what = call.name() + ": " + r;
            assertClean(r, what);
            assertTrue(r.status() >= 400 && r.status() < 500, what);
            assertEquals(r.status(), json(r, what).getInt("code"), what);
            assertTrue(r.json().get("message") instanceof JsonString, what);
        }
        ordersUnchanged();
        billsUnchanged();
    }

    /**
     * The bill helpers: a difference arranged in an account's bills (and listed, cleared), a payment
     * made at the company, and a payment's time. Malformed direct payments name orders that must
     * never come to exist, and malformed pays go to the unpaid order, so that one taken wrongly shows.
     */
    List<AdminCall> adminBillCalls() {
        String a = "alphapay/" + alpha.name + "/";
        String b = "betapay/" + beta.name + "/";
        String json = "application/json";
        String differences = a + "bill-differences";
        String pay = b + "payments/" + betaOrder + "/pay";
        String tomorrow = Instant.now().plus(Duration.ofDays(1)).toString();
        return List.of(
                new AdminCall("difference without body", "POST", differences, json, null),
                new AdminCall("difference without kind", "POST", differences, json, "{}"),
                new AdminCall("difference kind lower case", "POST", differences, json, "{\"kind\":\"omit\",\"reference\":\"o1\"}"),
                new AdminCall("difference kind number", "POST", differences, json, "{\"kind\":1,\"reference\":\"o1\"}"),
                new AdminCall("difference unknown kind", "POST", differences, json, "{\"kind\":\"LOSE\",\"reference\":\"o1\"}"),
                new AdminCall("difference without reference", "POST", differences, json, "{\"kind\":\"OMIT\"}"),
                new AdminCall("difference reference number", "POST", differences, json, "{\"kind\":\"OMIT\",\"reference\":5}"),
                new AdminCall("difference reference empty", "POST", differences, json, "{\"kind\":\"AMOUNT_PLUS_ONE_FEN\",\"reference\":\"\"}"),
                new AdminCall("difference reference too long", "POST", differences, json,
                        "{\"kind\":\"OMIT\",\"reference\":\"" + "r".repeat(65) + "\"}"),
                new AdminCall("difference reference NUL", "POST", differences, json, "{\"kind\":\"OMIT\",\"reference\":\"a\\u0000b\"}"),
                new AdminCall("difference wrong hash with reference", "POST", differences, json, "{\"kind\":\"WRONG_HASH\",\"reference\":\"o1\"}"),
                new AdminCall("difference shift without seconds", "POST", differences, json, "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\"}"),
                new AdminCall("difference shift by 0", "POST", differences, json,
                        "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":0}"),
                new AdminCall("difference shift over a day", "POST", differences, json,
                        "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":86401}"),
                new AdminCall("difference shift huge", "POST", differences, json,
                        "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":1e400}"),
                new AdminCall("difference shift text", "POST", differences, json,
                        "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":\"2\"}"),
                new AdminCall("difference shift fraction", "POST", differences, json,
                        "{\"kind\":\"SHIFT_SECONDS\",\"reference\":\"o1\",\"seconds\":1.5}"),
                new AdminCall("difference omit with seconds", "POST", differences, json, "{\"kind\":\"OMIT\",\"reference\":\"o1\",\"seconds\":2}"),
                new AdminCall("difference bad JSON", "POST", differences, json, "{kind}"),
                new AdminCall("difference array", "POST", differences, json, "[]"),
                new AdminCall("difference text/plain", "POST", differences, "text/plain", "{\"kind\":\"WRONG_HASH\"}"),
                new AdminCall("difference unknown merchant", "POST", "alphapay/nobody/bill-differences", json, "{\"kind\":\"WRONG_HASH\"}"),
                new AdminCall("difference unknown company", "POST", "gammapay/" + alpha.name + "/bill-differences", json,
                        "{\"kind\":\"WRONG_HASH\"}"),
                new AdminCall("difference PUT", "PUT", differences, json, "{\"kind\":\"WRONG_HASH\"}"),
                new AdminCall("differences of an unknown merchant", "GET", "betapay/nobody/bill-differences", null, null),
                new AdminCall("differences control character", "GET", "betapay/a%07b/bill-differences", null, null),
                new AdminCall("differences cleared of an unknown merchant", "DELETE", "alphapay/nobody/bill-differences", null, null),
                new AdminCall("direct payment without body", "POST", b + "payments", json, null),
                new AdminCall("direct payment empty", "POST", b + "payments", json, "{}"),
                new AdminCall("direct payment without orderRef", "POST", b + "payments", json, "{\"amount\":100}"),
                new AdminCall("direct payment orderRef number", "POST", b + "payments", json, "{\"orderRef\":7,\"amount\":100}"),
                new AdminCall("direct payment orderRef with a space", "POST", b + "payments", json, "{\"orderRef\":\"a b\",\"amount\":100}"),
                new AdminCall("direct payment orderRef 33", "POST", b + "payments", json,
                        "{\"orderRef\":\"" + "o".repeat(33) + "\",\"amount\":100}"),
                new AdminCall("direct payment without amount", "POST", b + "payments", json, "{\"orderRef\":\"" + doomed() + "\"}"),
                new AdminCall("direct payment amount 0", "POST", b + "payments", json, "{\"orderRef\":\"" + doomed() + "\",\"amount\":0}"),
                new AdminCall("direct payment amount negative", "POST", b + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":-100}"),
                new AdminCall("direct payment amount text", "POST", b + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":\"100\"}"),
                new AdminCall("direct payment amount fraction", "POST", b + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":1.5}"),
                new AdminCall("direct payment amount huge", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":1000000000001}"),
                new AdminCall("direct payment paidAt without offset", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100,\"paidAt\":\"2026-11-26T23:59:59\"}"),
                new AdminCall("direct payment paidAt tomorrow", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100,\"paidAt\":\"" + tomorrow + "\"}"),
                new AdminCall("direct payment paidAt number", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100,\"paidAt\":1764201599}"),
                new AdminCall("direct payment paidAt words", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100,\"paidAt\":\"yesterday\"}"),
                new AdminCall("direct payment of an orderRef the account has", "POST", a + "payments", json,
                        "{\"orderRef\":\"" + alphaOrder + "\",\"amount\":2599}"),
                new AdminCall("direct payment text/plain", "POST", a + "payments", "text/plain",
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100}"),
                new AdminCall("direct payment unknown merchant", "POST", "alphapay/nobody/payments", json,
                        "{\"orderRef\":\"" + doomed() + "\",\"amount\":100}"),
                new AdminCall("direct payments GET", "GET", a + "payments", null, null),
                new AdminCall("pay paidAt tomorrow", "POST", pay, json, "{\"paidAt\":\"" + tomorrow + "\"}"),
                new AdminCall("pay paidAt without offset", "POST", pay, json, "{\"paidAt\":\"2026-11-26T23:59:59\"}"),
                new AdminCall("pay paidAt date only", "POST", pay, json, "{\"paidAt\":\"2026-11-26\"}"),
                new AdminCall("pay paidAt number", "POST", pay, json, "{\"paidAt\":1764201599}"),
                new AdminCall("pay paidAt twenty years ago", "POST", pay, json, "{\"paidAt\":\"2006-11-26T23:59:59+08:00\"}"));
    }

    /** The refusals above arranged no difference in either account's bills. */
    void billsUnchanged() {
        for (SandboxMerchant m : List.of(alpha, beta)) {
            Reply r = Http.admin("GET", m.helper("bill-differences"), null);
            assertEquals(200, r.status(), r.toString());
            assertEquals(0, r.json().getJsonArray("differences").size(), r.toString());
        }
    }

    /**
     * The four settlement helpers: a receiver's failure (set and cleared), the receivers, an order's
     * settlement and its ageing. Malformed bodies go to the registered receiver and the held order,
     * so that one taken wrongly shows (an order aged 31 days is released when ordersUnchanged reads it).
     */
    List<AdminCall> adminSettlementCalls() {
        String a = "alphapay/" + alpha.name + "/";
        String b = "betapay/" + beta.name + "/";
        String json = "application/json";
        String failure = a + "receivers/" + ALPHA_RECEIVER + "/failure";
        String age = a + "orders/" + alphaHeld + "/age";
        return List.of(
                new AdminCall("failure without body", "POST", failure, json, null),
                new AdminCall("failure without reason", "POST", failure, json, "{}"),
                new AdminCall("failure reason empty", "POST", failure, json, "{\"reason\":\"\"}"),
                new AdminCall("failure reason number", "POST", failure, json, "{\"reason\":7}"),
                new AdminCall("failure reason too long", "POST", failure, json, "{\"reason\":\"" + "r".repeat(257) + "\"}"),
                new AdminCall("failure reason with NUL", "POST", failure, json, "{\"reason\":\"a\\u0000b\"}"),
                new AdminCall("failure bad JSON", "POST", failure, json, "{reason}"),
                new AdminCall("failure text/plain", "POST", failure, "text/plain", "{\"reason\":\"ACCOUNT_ABNORMAL\"}"),
                new AdminCall("failure of a receiver not registered", "POST", a + "receivers/oNobody/failure", json, "{\"reason\":\"X\"}"),
                new AdminCall("failure of another company's receiver", "POST", "betapay/" + beta.name + "/receivers/" + ALPHA_RECEIVER + "/failure",
                        json, "{\"reason\":\"X\"}"),
                new AdminCall("failure control character", "POST", a + "receivers/a%07b/failure", json, "{\"reason\":\"X\"}"),
                new AdminCall("failure account too long", "POST", a + "receivers/" + "o".repeat(65) + "/failure", json, "{\"reason\":\"X\"}"),
                new AdminCall("failure unknown merchant", "POST", "alphapay/nobody/receivers/" + ALPHA_RECEIVER + "/failure", json, "{\"reason\":\"X\"}"),
                new AdminCall("failure GET", "GET", failure, null, null),
                new AdminCall("failure PUT", "PUT", failure, json, "{\"reason\":\"X\"}"),
                new AdminCall("failure cleared of a receiver not registered", "DELETE", b + "receivers/2088000000000099/failure", null, null),
                new AdminCall("failure cleared control character", "DELETE", b + "receivers/a%07b/failure", null, null),
                new AdminCall("receivers unknown merchant", "GET", "betapay/nobody/receivers", null, null),
                new AdminCall("receivers unknown company", "GET", "gammapay/" + alpha.name + "/receivers", null, null),
                new AdminCall("receivers POST", "POST", a + "receivers", json, "{}"),
                new AdminCall("receivers DELETE", "DELETE", b + "receivers", null, null),
                new AdminCall("settlement of an unknown order", "GET", a + "orders/" + ref() + "/settlement", null, null),
                new AdminCall("settlement control character", "GET", b + "orders/a%07b/settlement", null, null),
                new AdminCall("settlement reference too long", "GET", b + "orders/" + "o".repeat(65) + "/settlement", null, null),
                new AdminCall("settlement unknown merchant", "GET", "betapay/nobody/orders/" + betaHeld + "/settlement", null, null),
                new AdminCall("settlement POST", "POST", a + "orders/" + alphaHeld + "/settlement", json, "{}"),
                new AdminCall("age without body", "POST", age, json, null),
                new AdminCall("age without days", "POST", age, json, "{}"),
                new AdminCall("age days zero", "POST", age, json, "{\"days\":0}"),
                new AdminCall("age days negative", "POST", age, json, "{\"days\":-31}"),
                new AdminCall("age days 3651", "POST", age, json, "{\"days\":3651}"),
                new AdminCall("age days text", "POST", age, json, "{\"days\":\"31\"}"),
                new AdminCall("age days fraction", "POST", age, json, "{\"days\":31.5}"),
                new AdminCall("age days huge", "POST", age, json, "{\"days\":1e400}"),
                new AdminCall("age repeated member", "POST", age, json, "{\"days\":1,\"days\":31}"),
                new AdminCall("age text/plain", "POST", age, "text/plain", "{\"days\":31}"),
                new AdminCall("age of an unpaid order", "POST", a + "orders/" + alphaOrder + "/age", json, "{\"days\":31}"),
                new AdminCall("age of an unknown order", "POST", b + "orders/" + ref() + "/age", json, "{\"days\":31}"),
                new AdminCall("age control character", "POST", b + "orders/a%07b/age", json, "{\"days\":31}"),
                new AdminCall("age GET", "GET", age, null, null));
    }

    /**
     * Paths that java.net.URI will not even build, sent as they are through HttpURLConnection, and
     * paths with NUL or escapes that are not UTF-8: the container (Grizzly) refuses these itself, 400
     * with an empty body, before any application sees them, so only "no 5xx, nothing leaked" can be
     * asked of them here.
     */
    @Test
    void rawPathJunkIsNeverAFailureOrAStackTrace() throws IOException {
        for (String path : List.of("alphapay/v3/pay/transactions/out-trade-no/%C3%28?mchid=1", "alphapay/v3/pay/transactions/out-trade-no/a%00b?mchid=1", "alphapay/bad-input-a/orders/a%00b",
                "alphapay/a%00b/orders/x", "alphapay/v3/pay/transactions/out-trade-no/%ZZ?mchid=1", "alphapay/v3/pay/transactions/out-trade-no/%",
                "betapay/gateway.do?%ZZ", "alphapay/%ZZ/orders/x", "alphapay/v3/pay/transactions/out-trade-no/a%00b/close",
                "alphapay/v3/pay/transactions/native;jsessionid=x", "..%2F..%2Fx", "alphapay/v3/pay/transactions/out-trade-no/%C0%AE%C0%AE",
                "alphapay/bad-input-a/requests?kind=%ZZ", "alphapay/bad-input-a/requests?orderRef=%", "alphapay/bad-input-a/orders/%ZZ",
                "alphapay/v3/global/customs/orders?mchid=%ZZ&order_no=%")) {
            HttpURLConnection c = (HttpURLConnection) new URL(base.toURL(), path).openConnection();
            c.setRequestMethod("GET");
            // Admin credentials, so that the admin paths get past the check to the bad parameter.
            c.setRequestProperty("Authorization", Http.basic("admin", Http.ADMIN_PASSWORD));
            int status = c.getResponseCode();
            String body;
            try (InputStream in = status >= 400 ? c.getErrorStream() : c.getInputStream()) {
                body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            Reply r = new Reply(status, Map.of(), body);
            assertClean(r, path + ": " + r);
            assertTrue(status < 500, path + ": " + r);
        }
        ordersUnchanged();
    }

    // ---- payouts abroad ------------------------------------------------------------------------

    /** The account's funds as the admin API shows them: the balance, the beneficiary (masked) and every payout. */
    static JsonObject funds(SandboxMerchant m) {
        Reply r = Http.admin("GET", m.helper("funds"), null);
        assertEquals(200, r.status(), r.toString());
        return r.json();
    }

    /**
     * Readies the account for the payout sweep: 100.00 CNY paid and not held, a GBP beneficiary,
     * and a payout of 10.00 made and waited for until PAID, so that a number used again has a
     * payout to be compared with and the funds then hold still. Returns the payout's number.
     */
    String payoutReady(SandboxMerchant m) {
        String order = ref();
        String payoutNo = "P" + ref();
        if (m.company.equals("alphapay")) {
            assertEquals(200, m.alphapay("POST", "v3/pay/transactions/native", m.createBody(order, 10000, "CNY")).status());
            assertEquals(200, Http.admin("POST", m.helper("payments/" + order + "/pay"), null).status());
            Reply b = m.alphapay("POST", "v3/global/settle/beneficiary",
                    m.alphapayBeneficiaryBody("Harbour Tea Ltd", "GB33BUKB20201555555555", "BUKBGB22", "GB", "GBP"));
            assertEquals(200, b.status(), b.toString());
            Reply p = m.alphapay("POST", "v3/global/settle/payouts", SandboxMerchant.alphapayPayoutBody(payoutNo, 1000, "GBP"));
            assertEquals(200, p.status(), p.toString());
        } else {
            assertEquals("10000", m.betapay("betapay.trade.precreate", "{\"out_trade_no\":\"" + order
                    + "\",\"total_amount\":\"100.00\",\"subject\":\"s\"}").getString("code"));
            assertEquals(200, Http.admin("POST", m.helper("payments/" + order + "/pay"), null).status());
            JsonObject b = m.betapay("betapay.overseas.beneficiary.bind",
                    SandboxMerchant.beneficiaryBiz("Harbour Tea Ltd", "GB33BUKB20201555555555", "BUKBGB22", "GB", "GBP"));
            assertEquals("10000", b.getString("code"), b.toString());
            JsonObject p = m.betapay("betapay.overseas.payout.apply", SandboxMerchant.payoutBiz(payoutNo, "10.00", "GBP"));
            assertEquals("10000", p.getString("code"), p.toString());
        }
        SandboxIT.await(m.company + " payout " + payoutNo + " paid", Duration.ofSeconds(30), () -> funds(m).getJsonArray("payouts")
                .stream().map(JsonValue::asJsonObject).anyMatch(p -> p.getString("payoutNo").equals(payoutNo) && p.getString("state").equals("PAID")));
        return payoutNo;
    }

    // ---- helpers -------------------------------------------------------------------------------

    static JsonObject json(Reply r, String what) {
        try {
            return r.json();
        } catch (RuntimeException e) {
            throw new AssertionError("not a JSON object: " + what, e);
        }
    }

    static void assertClean(Reply r, String what) {
        assertTrue(r.status() < 500, "no 5xx: " + what);
        for (String leak : List.of("Exception", "exception", "\tat ", "at org.", "at java.", "<html", "<HTML", "Caused by")) {
            assertFalse(r.body().contains(leak), "no '" + leak + "': " + what);
        }
    }

    /** The refusals above made no refund of the paid order. */
    static void noRefunds(SandboxMerchant m, String orderRef) {
        JsonObject order = Http.admin("GET", m.helper("orders/" + orderRef), null).json();
        assertEquals(0, order.getJsonArray("refunds").size(), order.toString());
    }

    void ordersUnchanged() {
        JsonObject a = Http.admin("GET", alpha.helper("orders/" + alphaOrder), null).json();
        assertEquals("NOTPAY", a.getString("state"));
        assertEquals(2599, a.getInt("amount"));
        JsonObject b = Http.admin("GET", beta.helper("orders/" + betaOrder), null).json();
        assertEquals("NOTPAY", b.getString("state"));
        assertEquals(2599, b.getInt("amount"));
        for (String ref : neverCreated) {
            assertEquals(404, Http.admin("GET", alpha.helper("orders/" + ref), null).status(), ref);
            assertEquals(404, Http.admin("GET", beta.helper("orders/" + ref), null).status(), ref);
        }
        settlementUnchanged(alpha, alphaHeld);
        settlementUnchanged(beta, betaHeld);
        assertEquals(alphaReceivers, receivers(alpha), "alphapay's receivers as they were");
        assertEquals(betaReceivers, receivers(beta), "betapay's receivers as they were");
    }

    /** The held order: nothing split, released or aged (an order aged 31 days is released by this very read). */
    static void settlementUnchanged(SandboxMerchant m, String held) {
        Reply r = Http.admin("GET", m.helper("orders/" + held + "/settlement"), null);
        assertEquals(200, r.status(), r.toString());
        JsonObject s = r.json();
        assertEquals(HELD_FEN, s.getInt("unsplit"), s.toString());
        assertFalse(s.getBoolean("released"), s.toString());
        assertEquals(0, s.getJsonArray("splits").size(), s.toString());
    }
}
