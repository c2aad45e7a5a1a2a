package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.List;
import java.util.Map;
import org.cbec.plumbing.crypto.Rsa;
import org.cbec.testing.AlphapayCompanySide;
import org.cbec.testing.AlphapayCompanySide.Authorization;
import org.cbec.testing.AlphapayCompanySide.ResponseSignature;
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

    private static Authorization parsed() {
        return AlphapayCompanySide.parseAuthorization(header()).orElseThrow();
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
        assertTrue(Rsa.verify(merchant.getPublic(), message, parsed().signature()));
    }

    @Test
    void builtHeaderParsesBackToItsParts() {
        Authorization auth = parsed();
        assertEquals("1900000001", auth.mchid());
        assertEquals(NONCE, auth.nonce());
        assertEquals(TS, auth.timestamp());
        assertEquals("SERIAL01", auth.serialNo());
        assertEquals(Rsa.sign(merchant.getPrivate(),
                AlphapaySigning.requestMessage("POST", PATH, BODY, Long.toString(TS), NONCE)), auth.signature());
    }

    @Test
    void builtHeaderVerifies() {
        assertTrue(AlphapayCompanySide.verifyRequest(merchant.getPublic(), "POST", PATH, BODY, parsed()));
    }

    @Test
    void getWithoutBodyVerifiesWithNullOrEmptyBody() {
        String header = AlphapaySigning.authorization("m", "s", merchant.getPrivate(), "GET",
                "/v3/pay/transactions/id/42?mchid=m", null, TS, NONCE);
        Authorization auth = AlphapayCompanySide.parseAuthorization(header).orElseThrow();
        assertTrue(AlphapayCompanySide.verifyRequest(merchant.getPublic(), "GET", "/v3/pay/transactions/id/42?mchid=m", "", auth));
        assertTrue(AlphapayCompanySide.verifyRequest(merchant.getPublic(), "GET", "/v3/pay/transactions/id/42?mchid=m", null, auth));
    }

    @Test
    void authorizationRefusesValuesThatWouldBreakTheQuoting() {
        assertThrows(IllegalArgumentException.class, () -> AlphapaySigning.authorization("a\"b", "s",
                merchant.getPrivate(), "GET", "/", "", TS, NONCE));
    }

    // ---------------------------------------------------------------- response

    @Test
    void signedResponseVerifies() {
        ResponseSignature rs = AlphapayCompanySide.signResponse(company.getPrivate(), "COMPANY01", BODY, TS, NONCE);
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), BODY, rs.signature()));
    }

    @Test
    void emptyResponseBodyVerifies() {
        ResponseSignature rs = AlphapayCompanySide.signResponse(company.getPrivate(), "C", "", TS, NONCE);
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), "", rs.signature()));
    }

    @Test
    void tamperedResponseFails() {
        ResponseSignature rs = AlphapayCompanySide.signResponse(company.getPrivate(), "C", BODY, TS, NONCE);
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), BODY + " ", rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000001", rs.nonce(), BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), "other", BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(merchant.getPublic(), rs.timestamp(), rs.nonce(), BODY, rs.signature()));
    }

    @Test
    void responseVerificationIsFalseOnAnyNull() {
        ResponseSignature rs = AlphapayCompanySide.signResponse(company.getPrivate(), "C", BODY, TS, NONCE);
        assertFalse(AlphapaySigning.verifyResponse(null, rs.timestamp(), rs.nonce(), BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), null, rs.nonce(), BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), null, BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), null, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), BODY, null));
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
        assertTrue(Rsa.verify(merchant.getPublic(),
                "wxapp\n1700000000\n" + NONCE + "\nprepay_id=wx201410272009395522657a690389285100\n", params.get("paySign")));
    }

    @Test
    void jsapiInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        assertTrue(AlphapayCompanySide.verifyJsapiInvocation(merchant.getPublic(), params));
        assertFalse(AlphapayCompanySide.verifyJsapiInvocation(company.getPublic(), params));
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
        assertTrue(Rsa.verify(merchant.getPublic(), "wxapp\n1700000000\n" + NONCE + "\nwx42\n", params.get("sign")));
    }

    @Test
    void appInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", merchant.getPrivate(), TS, NONCE);
        assertTrue(AlphapayCompanySide.verifyAppInvocation(merchant.getPublic(), params));
        assertFalse(AlphapayCompanySide.verifyAppInvocation(company.getPublic(), params));
    }

    @Test
    void invocationMapsCannotBeChanged() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        assertThrows(UnsupportedOperationException.class, () -> params.put("package", "prepay_id=wx43"));
    }
}
