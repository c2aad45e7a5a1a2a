package org.cbec.payment.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.time.Instant;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.payment.company.Pem;
import org.cbec.payment.company.RsaSignatures;
import org.cbec.testing.BetapayCompanySide;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class BetapaySigningTest {

    private static final String METHOD = "betapay.trade.query";

    private static KeyPair merchant;
    private static KeyPair company;

    @BeforeAll
    static void generate() {
        merchant = Pem.newRsaKeyPair();
        company = Pem.newRsaKeyPair();
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
        assertTrue(BetapayCompanySide.verifyRequest(params, merchant.getPublic()));
        assertTrue(RsaSignatures.verify(merchant.getPublic(), BetapaySigning.signContent(request()), params.get("sign")));
    }

    @Test
    void addingAnEmptyParameterDoesNotChangeTheSignature() {
        Map<String, String> params = request();
        params.put("sign", BetapaySigning.sign(params, merchant.getPrivate()));
        params.put("notify_url", "");
        assertTrue(BetapayCompanySide.verifyRequest(params, merchant.getPublic()));
    }

    // ---------------------------------------------------------------- response signatures

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
        String body = BetapayCompanySide.signedResponse(METHOD, node, company.getPrivate());
        assertEquals(Optional.of(node), BetapaySigning.verifiedNode(body, METHOD, company.getPublic()));
    }

    @Test
    void nodeWithBracesQuotesEscapesAndChineseRoundTrips() {
        String node = "{ \"subject\" : \"a } b { c\", \"note\":\"say \\\"hi\\\" \\\\ }\", \"nested\": {\"list\": [1, {\"x\": \"]\"}],"
                + " \"cn\": \"中文\", \"u\": \"\\u4e2d\"}, \"n\": 1.50 , \"ok\": true, \"nil\": null }";
        String body = BetapayCompanySide.signedResponse(METHOD, node, company.getPrivate());
        assertEquals(Optional.of(node), BetapaySigning.verifiedNode(body, METHOD, company.getPublic()));
    }

    @Test
    void signBeforeTheNodeAndWhitespaceAroundColonsAndCommasAreAccepted() {
        String node = "{\"code\":\"10000\",\"msg\":\"\\\"}{\\\"\"}";
        String sign = RsaSignatures.sign(company.getPrivate(), node);
        String body = "{\n  \"sign\" : \"" + sign + "\" ,\n  \"other\": {\"betapay_trade_query_response\": 1},"
                + "\n  \"betapay_trade_query_response\" :  " + node + "  \n}\n";
        assertEquals(Optional.of(node), BetapaySigning.verifiedNode(body, METHOD, company.getPublic()));
    }

    @Test
    void escapedMemberNameStillFindsTheNode() {
        String node = "{\"code\":\"10000\"}";
        String sign = RsaSignatures.sign(company.getPrivate(), node);
        String body = "{\"betapay_trade_query_\\u0072esponse\":" + node + ",\"sign\":\"" + sign + "\"}";
        assertEquals(Optional.of(node), BetapaySigning.verifiedNode(body, METHOD, company.getPublic()));
    }

    @Test
    void reserialisedNodeDoesNotVerify() {
        String node = "{\"code\": \"10000\"}";
        String body = BetapayCompanySide.signedResponse(METHOD, node, company.getPrivate()).replace("\"code\": ", "\"code\":");
        assertTrue(BetapaySigning.verifiedNode(body, METHOD, company.getPublic()).isEmpty());
    }

    @Test
    void wrongKeyGivesEmpty() {
        String body = BetapayCompanySide.signedResponse(METHOD, "{\"code\":\"10000\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body, METHOD, merchant.getPublic()).isEmpty());
    }

    @Test
    void otherMethodGivesEmpty() {
        String body = BetapayCompanySide.signedResponse(METHOD, "{\"code\":\"10000\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body, "betapay.trade.refund", company.getPublic()).isEmpty());
    }

    @Test
    void notJsonGivesEmpty() {
        String body = BetapayCompanySide.signedResponse(METHOD, "{\"code\":\"10000\"}", company.getPrivate());
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
        String sign = RsaSignatures.sign(company.getPrivate(), node);
        assertTrue(BetapaySigning.verifiedNode("{\"betapay_trade_query_response\":" + node + "}", METHOD,
                company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("{\"sign\":\"" + sign + "\"}", METHOD, company.getPublic()).isEmpty());
        assertTrue(BetapaySigning.verifiedNode("{\"betapay_trade_query_response\":" + node + ",\"sign\":42}", METHOD,
                company.getPublic()).isEmpty());
    }

    @Test
    void repeatedNodeGivesEmpty() {
        String node = "{\"code\":\"10000\"}";
        String sign = RsaSignatures.sign(company.getPrivate(), node);
        String body = "{\"betapay_trade_query_response\":" + node + ",\"betapay_trade_query_response\":{\"code\":\"40004\"},"
                + "\"sign\":\"" + sign + "\"}";
        assertTrue(BetapaySigning.verifiedNode(body, METHOD, company.getPublic()).isEmpty());
    }

    @Test
    void tamperedNodeGivesEmpty() {
        String body = BetapayCompanySide.signedResponse(METHOD, "{\"total_amount\":\"88.88\"}", company.getPrivate());
        assertTrue(BetapaySigning.verifiedNode(body.replace("88.88", "0.01"), METHOD, company.getPublic()).isEmpty());
    }

    // ---------------------------------------------------------------- amounts

    @Test
    void yuanAlwaysHasTwoDecimals() {
        assertEquals("0.00", BetapaySigning.yuan(0));
        assertEquals("0.01", BetapaySigning.yuan(1));
        assertEquals("1.00", BetapaySigning.yuan(100));
        assertEquals("88.88", BetapaySigning.yuan(8888));
        assertEquals("1000.00", BetapaySigning.yuan(100_000));
        assertEquals("92233720368547758.07", BetapaySigning.yuan(Long.MAX_VALUE));
    }

    @Test
    void yuanRefusesNegativeAmounts() {
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.yuan(-1));
    }

    @Test
    void fenParsesExactly() {
        assertEquals(1, BetapaySigning.fen("0.01"));
        assertEquals(100, BetapaySigning.fen("1.00"));
        assertEquals(8888, BetapaySigning.fen("88.88"));
        assertEquals(1200, BetapaySigning.fen("12"));
        assertEquals(1250, BetapaySigning.fen("12.5"));
        assertEquals(0, BetapaySigning.fen("0"));
        assertEquals(Long.MAX_VALUE, BetapaySigning.fen("92233720368547758.07"));
    }

    @Test
    void fenRefusesMoreThanTwoDecimalsInsteadOfRounding() {
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen("0.015"));
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen("1.000"));
    }

    @Test
    void fenRefusesNegativesAndGarbage() {
        for (String bad : List.of("-1.00", "+1.00", "", " 1.00", "1.00 ", "1,00", "abc", "1e2", ".5", "5.", "0x10", "１")) {
            assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen(null));
    }

    @Test
    void fenRefusesAmountsThatOverflowLong() {
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen("92233720368547758.08"));
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.fen("99999999999999999999999"));
    }

    @Test
    void yuanAndFenRoundTrip() {
        for (long fen : new long[] {0, 1, 9, 10, 99, 100, 101, 8888, 123_456_789}) {
            assertEquals(fen, BetapaySigning.fen(BetapaySigning.yuan(fen)));
        }
    }

    // ---------------------------------------------------------------- form encoding and time

    @Test
    void formEncodeDecodeRoundTripsSpecialCharactersAndChinese() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("biz_content", "{\"a\":\"x&y=z\"}");
        params.put("plus", "1+1 = 2");
        params.put("subject", "中文 商品");
        params.put("k&=", "v");
        params.put("empty", "");
        String form = BetapaySigning.formEncode(params);
        assertFalse(form.contains(" "));
        assertFalse(form.contains("中"));
        assertEquals(5, form.split("&").length);
        Map<String, String> decoded = BetapaySigning.formDecode(form);
        assertEquals(params, decoded);
        assertEquals(List.copyOf(params.keySet()), List.copyOf(decoded.keySet()));
    }

    @Test
    void formEncodeUsesUtf8PercentEscapesAndPlusForSpace() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("s", "中 +&=");
        assertEquals("s=%E4%B8%AD+%2B%26%3D", BetapaySigning.formEncode(params));
    }

    @Test
    void formDecodeToleratesEmptyBodyAndKeepsTheLastValueOfARepeatedName() {
        assertTrue(BetapaySigning.formDecode("").isEmpty());
        assertTrue(BetapaySigning.formDecode(null).isEmpty());
        Map<String, String> decoded = BetapaySigning.formDecode("a=1&b=2&&a=3&c");
        assertEquals(List.of("a", "b", "c"), List.copyOf(decoded.keySet()));
        assertEquals("3", decoded.get("a"));
        assertEquals("", decoded.get("c"));
    }

    @Test
    void formDecodeRejectsMalformedEscapes() {
        assertThrows(IllegalArgumentException.class, () -> BetapaySigning.formDecode("a=%zz"));
    }

    @Test
    void timestampIsShanghaiWallClockTime() {
        assertEquals("2024-01-01 08:00:00", BetapaySigning.timestamp(Instant.parse("2024-01-01T00:00:00Z")));
        assertEquals("2024-01-01 07:59:59", BetapaySigning.timestamp(Instant.parse("2023-12-31T23:59:59.999Z")));
        assertEquals("2024-07-01 00:30:05", BetapaySigning.timestamp(Instant.parse("2024-06-30T16:30:05Z")));
    }
}
