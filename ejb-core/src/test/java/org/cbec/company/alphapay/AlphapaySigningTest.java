package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class AlphapaySigningTest {

    private static final String PATH = "/broker/sandbox/alphapay/v3/pay/transactions/native";
    private static final String BODY = "{\"appid\":\"wxd678efh567hg6787\",\"amount\":{\"total\":100}}";
    private static final long TS = 1_700_000_000L;
    private static final String NONCE = "593BEC0C930BF1AFEB40B4A08C8FB242";

    private static KeyPair merchant;
    private static KeyPair company;

    @BeforeAll
    static void generate() {
        merchant = Rsa.newKeyPair();
        company = Rsa.newKeyPair();
    }

    private static String header() {
        return AlphapaySigning.authorization("1900000001", "SERIAL01", merchant.getPrivate(), "post", PATH, BODY, TS, NONCE);
    }

    /** The header's {@code name="value"} parameters (the vectors pin the header's exact text). */
    static Map<String, String> parameters(String header) {
        Map<String, String> params = new HashMap<>();
        Matcher m = Pattern.compile("(\\w+)=\"([^\"]*)\"").matcher(header);
        while (m.find()) {
            params.put(m.group(1), m.group(2));
        }
        return params;
    }

    private static Map<String, String> parsed() {
        return parameters(header());
    }

    /** What the company checks of a request: the signature over the written-out text, with the JDK. */
    private static boolean verifies(java.security.PublicKey key, String method, String pathAndQuery, String body, Map<String, String> auth) {
        return Vectors.verifies(key, method + "\n" + pathAndQuery + "\n" + auth.get("timestamp") + "\n" + auth.get("nonce_str") + "\n"
                + (body == null ? "" : body) + "\n", auth.get("signature"));
    }

    /** The company's answer signature over timestamp, nonce and body, each line ended by \\n, made with the JDK. */
    private static String answerSignature(java.security.PrivateKey key, String body) {
        return Vectors.sign(key, TS + "\n" + NONCE + "\n" + body + "\n");
    }

    // ---------------------------------------------------------------- request

    @Test
    void requestMessageIsFiveNewlineTerminatedLines() {
        assertEquals("POST\n" + PATH + "\n1700000000\n" + NONCE + "\n" + BODY + "\n",
                AlphapaySigning.requestMessage("post", PATH, BODY, "1700000000", NONCE));
        assertEquals("GET\n/v3/x?a=1\n1\nn\n\n", AlphapaySigning.requestMessage("GET", "/v3/x?a=1", null, "1", "n"));
    }

    @Test
    void authorizationHeaderHasSchemeAndParametersInOrder() {
        String header = header();
        assertTrue(header.matches("ALPHAPAY2-SHA256-RSA2048 mchid=\"1900000001\",nonce_str=\"" + NONCE
                + "\",timestamp=\"1700000000\",serial_no=\"SERIAL01\",signature=\"[A-Za-z0-9+/=]{344}\""), header);
    }

    @Test
    void headerSignatureIsOverTheRequestMessage() {
        String message = "POST\n" + PATH + "\n" + TS + "\n" + NONCE + "\n" + BODY + "\n";
        assertTrue(Vectors.verifies(merchant.getPublic(), message, parsed().get("signature")));
    }

    @Test
    void builtHeaderParsesBackToItsParts() {
        Map<String, String> auth = parsed();
        assertEquals("1900000001", auth.get("mchid"));
        assertEquals(NONCE, auth.get("nonce_str"));
        assertEquals(Long.toString(TS), auth.get("timestamp"));
        assertEquals("SERIAL01", auth.get("serial_no"));
        assertEquals(Vectors.sign(merchant.getPrivate(),
                AlphapaySigning.requestMessage("POST", PATH, BODY, Long.toString(TS), NONCE)), auth.get("signature"));
    }

    @Test
    void builtHeaderVerifies() {
        assertTrue(verifies(merchant.getPublic(), "POST", PATH, BODY, parsed()));
    }

    @Test
    void getWithoutBodyVerifiesWithNullOrEmptyBody() {
        String header = AlphapaySigning.authorization("m", "s", merchant.getPrivate(), "GET",
                "/v3/pay/transactions/id/42?mchid=m", null, TS, NONCE);
        Map<String, String> auth = parameters(header);
        assertTrue(verifies(merchant.getPublic(), "GET", "/v3/pay/transactions/id/42?mchid=m", "", auth));
    }

    @Test
    void authorizationRefusesValuesThatWouldBreakTheQuoting() {
        assertThrows(IllegalArgumentException.class, () -> AlphapaySigning.authorization("a\"b", "s",
                merchant.getPrivate(), "GET", "/", "", TS, NONCE));
    }

    // ---------------------------------------------------------------- response

    @Test
    void signedResponseVerifies() {
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", NONCE, BODY, answerSignature(company.getPrivate(), BODY)));
    }

    @Test
    void emptyResponseBodyVerifies() {
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", NONCE, "", answerSignature(company.getPrivate(), "")));
    }

    @Test
    void tamperedResponseFails() {
        String signature = answerSignature(company.getPrivate(), BODY);
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", NONCE, BODY + " ", signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000001", NONCE, BODY, signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", "other", BODY, signature));
        assertFalse(AlphapaySigning.verifyResponse(merchant.getPublic(), "1700000000", NONCE, BODY, signature));
    }

    @Test
    void responseVerificationIsFalseOnAnyNull() {
        String signature = answerSignature(company.getPrivate(), BODY);
        assertFalse(AlphapaySigning.verifyResponse(null, "1700000000", NONCE, BODY, signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), null, NONCE, BODY, signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", null, BODY, signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", NONCE, null, signature));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000000", NONCE, BODY, null));
    }

    // ---------------------------------------------------------------- invocation

    @Test
    void jsapiInvocationHasExactlyTheWalletKeysInOrder() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx201410272009395522657a690389285100",
                merchant.getPrivate(), TS, NONCE);
        assertEquals(List.of("appId", "timeStamp", "nonceStr", "package", "signType", "paySign"), List.copyOf(params.keySet()));
        assertEquals("wxapp", params.get("appId"));
        assertEquals("1700000000", params.get("timeStamp"));
        assertEquals(NONCE, params.get("nonceStr"));
        assertEquals("prepay_id=wx201410272009395522657a690389285100", params.get("package"));
        assertEquals("RSA", params.get("signType"));
        assertTrue(Vectors.verifies(merchant.getPublic(),
                "wxapp\n1700000000\n" + NONCE + "\nprepay_id=wx201410272009395522657a690389285100\n", params.get("paySign")));
    }

    @Test
    void jsapiInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        String text = "wxapp\n1700000000\n" + NONCE + "\nprepay_id=wx42\n";
        assertTrue(Vectors.verifies(merchant.getPublic(), text, params.get("paySign")));
        assertFalse(Vectors.verifies(company.getPublic(), text, params.get("paySign")));
    }

    @Test
    void appInvocationHasExactlyTheSdkKeysInOrder() {
        Map<String, String> params = AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", merchant.getPrivate(), TS, NONCE);
        assertEquals(List.of("appid", "partnerid", "prepayid", "package", "noncestr", "timestamp", "sign"),
                List.copyOf(params.keySet()));
        assertEquals("1900000109", params.get("partnerid"));
        assertEquals("wx42", params.get("prepayid"));
        assertEquals("Sign=WXPay", params.get("package"));
        assertEquals(NONCE, params.get("noncestr"));
        assertEquals("1700000000", params.get("timestamp"));
        assertTrue(Vectors.verifies(merchant.getPublic(), "wxapp\n1700000000\n" + NONCE + "\nwx42\n", params.get("sign")));
    }

    @Test
    void appInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", merchant.getPrivate(), TS, NONCE);
        String text = "wxapp\n1700000000\n" + NONCE + "\nwx42\n";
        assertTrue(Vectors.verifies(merchant.getPublic(), text, params.get("sign")));
        assertFalse(Vectors.verifies(company.getPublic(), text, params.get("sign")));
    }

    @Test
    void invocationMapsCannotBeChanged() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        assertThrows(UnsupportedOperationException.class, () -> params.put("package", "prepay_id=wx43"));
    }
}
