package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class BetapaySigningTest {

    private static final String METHOD = "betapay.trade.query";

    private static KeyPair merchant;
    private static KeyPair company;

    @BeforeAll
    static void generate() {
        merchant = Rsa.newKeyPair();
        company = Rsa.newKeyPair();
    }

    private static Map<String, String> request() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("method", METHOD);
        params.put("app_id", "2021000000000001");
        params.put("timestamp", "2024-01-02 03:04:05");
        params.put("charset", "utf-8");
        params.put("biz_content", "{\"out_trade_no\":\"T1&2=3\",\"subject\":\"中文\"}");
        params.put("sign_type", "RSA2");
        params.put("version", "1.0");
        return params;
    }

    // ---------------------------------------------------------------- request signatures

    @Test
    void signContentSortsByKeyAndLeavesOutSignAndEmptyValues() {
        Map<String, String> params = new HashMap<>();
        params.put("b", "2");
        params.put("a", "1");
        params.put("sign", "xyz");
        params.put("empty", "");
        params.put("none", null);
        params.put("B", "upper");
        params.put("a_b", "3");
        params.put("c", "x=y&z 中");
        assertEquals("B=upper&a=1&a_b=3&b=2&c=x=y&z 中", BetapaySigning.signContent(params));
    }

    @Test
    void signContentOfTheRequestIsTheLiteralSortedText() {
        assertEquals("app_id=2021000000000001&biz_content={\"out_trade_no\":\"T1&2=3\",\"subject\":\"中文\"}"
                + "&charset=utf-8&method=betapay.trade.query&sign_type=RSA2&timestamp=2024-01-02 03:04:05&version=1.0",
                BetapaySigning.signContent(request()));
    }

    @Test
    void signedRequestVerifies() {
        Map<String, String> params = request();
        params.put("sign", BetapaySigning.sign(params, merchant.getPrivate()));
        assertTrue(Vectors.verifies(merchant.getPublic(), BetapaySigning.signContent(request()), params.get("sign")));
    }

    @Test
    void addingAnEmptyParameterDoesNotChangeTheSignature() {
        Map<String, String> params = request();
        params.put("sign", BetapaySigning.sign(params, merchant.getPrivate()));
        params.put("notify_url", "");
        assertEquals(BetapaySigning.signContent(request()), BetapaySigning.signContent(params));
        assertTrue(Vectors.verifies(merchant.getPublic(), BetapaySigning.signContent(params), params.get("sign")));
    }

    // ---------------------------------------------------------------- response signatures

    /** The company's answer for {@link #METHOD}: the node verbatim and a signature over exactly its text, made with the JDK. */
    private static String signedResponse(String node, java.security.PrivateKey key) {
        return "{\"betapay_trade_query_response\":" + node + ",\"sign\":\"" + Vectors.sign(key, node) + "\"}";
    }

    @Test
    void responseKeyReplacesDotsAndAppendsResponse() {
        assertEquals("betapay_trade_query_response", BetapaySigning.responseKey("betapay.trade.query"));
        assertEquals("betapay_trade_precreate_response", BetapaySigning.responseKey("betapay.trade.precreate"));
    }

    @Test
    void responseKeyRefusesNamesThatNeedJsonEscaping() {
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.responseKey("a\"b"));
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.responseKey(null));
    }

    @Test
    void signedResponseRoundTripsToTheExactNodeText() {
        String node = "{\"code\":\"10000\",\"msg\":\"Success\",\"trade_no\":\"2024\",\"total_amount\":\"88.88\"}";
        String body = signedResponse(node, company.getPrivate());
        assertEquals(Optional.of(node), BetapaySigning.verifiedNode(body, METHOD, company.getPublic()));
    }

    @Test
    void reserialisedNodeDoesNotVerify() {
        String node = "{\"code\": \"10000\"}";
        String body = signedResponse(node, company.getPrivate()).replace("\"code\": ", "\"code\":");
        assertTrue(BetapaySigning.verifiedNode(body, METHOD, company.getPublic()).isEmpty());
    }

    @Test
    void wrongKeyGivesEmpty() {
        String body = signedResponse("{\"code\":\"10000\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body, METHOD, merchant.getPublic()).isEmpty());
    }

    @Test
    void otherMethodGivesEmpty() {
        String body = signedResponse("{\"code\":\"10000\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body, "betapay.trade.refund", company.getPublic()).isEmpty());
    }

    @Test
    void notJsonGivesEmpty() {
        String body = signedResponse("{\"code\":\"10000\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode("<html>502</html>", METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("", METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode(null, METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("[" + body + "]", METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode(body.substring(0, body.length() - 1), METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode(body + "{}", METHOD, company.getPublic()).isEmpty());
    }

    @Test
    void missingSignOrNodeGivesEmpty() {
        String node = "{\"code\":\"10000\"}";
        String sign = Vectors.sign(company.getPrivate(), node);
        assertTrue(BetapaySigning.verifiedNode("{\"betapay_trade_query_response\":" + node + "}", METHOD,
                company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("{\"sign\":\"" + sign + "\"}", METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("{\"betapay_trade_query_response\":" + node + ",\"sign\":42}", METHOD,
                company.getPublic()).isEmpty());
    }

    @Test
    void tamperedNodeGivesEmpty() {
        String body = signedResponse("{\"total_amount\":\"88.88\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body.replace("88.88", "0.01"), METHOD, company.getPublic()).isEmpty());
    }
}
