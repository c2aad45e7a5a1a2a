package org.cbec.payment.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.payment.company.Pem;
import org.cbec.payment.company.RsaSignatures;
import org.cbec.payment.company.alphapay.AlphapaySigning.Authorization;
import org.cbec.payment.company.alphapay.AlphapaySigning.ResponseSignature;
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
        merchant = Pem.newRsaKeyPair();
        company = Pem.newRsaKeyPair();
    }

    private static String header() {
        return AlphapaySigning.authorization("1900000001", "SERIAL01", merchant.getPrivate(), "post", PATH, BODY, TS, NONCE);
    }

    private static Authorization parsed() {
        return AlphapaySigning.parse(header()).orElseThrow();
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
        assertTrue(RsaSignatures.verify(merchant.getPublic(), message, parsed().signature()));
    }

    @Test
    void builtHeaderParsesBackToItsParts() {
        Authorization auth = parsed();
        assertEquals("1900000001", auth.mchid());
        assertEquals(NONCE, auth.nonce());
        assertEquals(TS, auth.timestamp());
        assertEquals("SERIAL01", auth.serialNo());
        assertEquals(RsaSignatures.sign(merchant.getPrivate(),
                AlphapaySigning.requestMessage("POST", PATH, BODY, Long.toString(TS), NONCE)), auth.signature());
    }

    @Test
    void builtHeaderVerifies() {
        assertTrue(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH, BODY, parsed()));
    }

    @Test
    void methodCaseDoesNotMatterToVerification() {
        assertTrue(AlphapaySigning.verifyRequest(merchant.getPublic(), "post", PATH, BODY, parsed()));
    }

    @Test
    void getWithoutBodyVerifiesWithNullOrEmptyBody() {
        String header = AlphapaySigning.authorization("m", "s", merchant.getPrivate(), "GET",
                "/v3/pay/transactions/id/42?mchid=m", null, TS, NONCE);
        Authorization auth = AlphapaySigning.parse(header).orElseThrow();
        assertTrue(AlphapaySigning.verifyRequest(merchant.getPublic(), "GET", "/v3/pay/transactions/id/42?mchid=m", "", auth));
        assertTrue(AlphapaySigning.verifyRequest(merchant.getPublic(), "GET", "/v3/pay/transactions/id/42?mchid=m", null, auth));
    }

    @Test
    void parseAcceptsReorderedParametersAndSpacesAfterCommas() {
        Authorization auth = parsed();
        String reordered = "ALPHAPAY2-SHA256-RSA2048 signature=\"" + auth.signature() + "\", serial_no=\"SERIAL01\", "
                + "timestamp=\"1700000000\",  nonce_str=\"" + NONCE + "\" , mchid=\"1900000001\"";
        assertEquals(Optional.of(auth), AlphapaySigning.parse(reordered));
    }

    @Test
    void parseIgnoresUnknownParameters() {
        String header = header() + ",extra=\"x\"";
        assertEquals(Optional.of(parsed()), AlphapaySigning.parse(header));
    }

    @Test
    void parseRejectsNullAndWrongScheme() {
        assertTrue(AlphapaySigning.parse(null).isEmpty());
        assertTrue(AlphapaySigning.parse("").isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace("ALPHAPAY2", "WECHATPAY2")).isEmpty());
        assertTrue(AlphapaySigning.parse("Bearer abc").isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace(AlphapaySigning.SCHEME + " ", AlphapaySigning.SCHEME)).isEmpty());
    }

    @Test
    void parseRejectsEachMissingParameter() {
        for (String name : List.of("mchid", "nonce_str", "timestamp", "serial_no", "signature")) {
            String header = header().replace(name + "=", "x" + name + "=");
            assertTrue(AlphapaySigning.parse(header).isEmpty(), name);
        }
    }

    @Test
    void parseRejectsNonNumericTimestamp() {
        assertTrue(AlphapaySigning.parse(header().replace("timestamp=\"1700000000\"", "timestamp=\"17e8\"")).isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace("timestamp=\"1700000000\"", "timestamp=\"-1\"")).isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace("timestamp=\"1700000000\"", "timestamp=\"\"")).isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace("timestamp=\"1700000000\"",
                "timestamp=\"99999999999999999999\"")).isEmpty());
    }

    @Test
    void parseRejectsRepeatedParametersAndBrokenQuoting() {
        assertTrue(AlphapaySigning.parse(header() + ",mchid=\"other\"").isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace("mchid=\"1900000001\"", "mchid=1900000001")).isEmpty());
        assertTrue(AlphapaySigning.parse(header().substring(0, header().length() - 1)).isEmpty());
        assertTrue(AlphapaySigning.parse(header().replace(",nonce_str", " nonce_str")).isEmpty());
    }

    @Test
    void tamperedBodyFailsVerification() {
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH, BODY.replace("100", "1"), parsed()));
    }

    @Test
    void tamperedPathFailsVerification() {
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH + "?x=1", BODY, parsed()));
    }

    @Test
    void tamperedMethodFailsVerification() {
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "PUT", PATH, BODY, parsed()));
    }

    @Test
    void tamperedTimestampOrNonceFailsVerification() {
        Authorization auth = parsed();
        Authorization later = new Authorization(auth.mchid(), auth.nonce(), auth.timestamp() + 1, auth.serialNo(), auth.signature());
        Authorization otherNonce = new Authorization(auth.mchid(), "X" + auth.nonce(), auth.timestamp(), auth.serialNo(), auth.signature());
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH, BODY, later));
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH, BODY, otherNonce));
    }

    @Test
    void otherKeyAndNullsFailVerification() {
        assertFalse(AlphapaySigning.verifyRequest(company.getPublic(), "POST", PATH, BODY, parsed()));
        assertFalse(AlphapaySigning.verifyRequest(null, "POST", PATH, BODY, parsed()));
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), "POST", PATH, BODY, null));
        assertFalse(AlphapaySigning.verifyRequest(merchant.getPublic(), null, PATH, BODY, parsed()));
    }

    @Test
    void authorizationRefusesValuesThatWouldBreakTheQuoting() {
        assertThrows(IllegalArgumentException.class, () -> AlphapaySigning.authorization("a\"b", "s",
                merchant.getPrivate(), "GET", "/", "", TS, NONCE));
    }

    // ---------------------------------------------------------------- response

    @Test
    void responseSignatureCarriesTimestampNonceAndSerial() {
        ResponseSignature rs = AlphapaySigning.signResponse(company.getPrivate(), "COMPANY01", BODY, TS, NONCE);
        assertEquals("1700000000", rs.timestamp());
        assertEquals(NONCE, rs.nonce());
        assertEquals("COMPANY01", rs.serial());
        assertTrue(RsaSignatures.verify(company.getPublic(), "1700000000\n" + NONCE + "\n" + BODY + "\n", rs.signature()));
    }

    @Test
    void signedResponseVerifies() {
        ResponseSignature rs = AlphapaySigning.signResponse(company.getPrivate(), "COMPANY01", BODY, TS, NONCE);
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), BODY, rs.signature()));
    }

    @Test
    void emptyResponseBodyVerifies() {
        ResponseSignature rs = AlphapaySigning.signResponse(company.getPrivate(), "C", "", TS, NONCE);
        assertTrue(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), "", rs.signature()));
    }

    @Test
    void tamperedResponseFails() {
        ResponseSignature rs = AlphapaySigning.signResponse(company.getPrivate(), "C", BODY, TS, NONCE);
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), rs.nonce(), BODY + " ", rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), "1700000001", rs.nonce(), BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(company.getPublic(), rs.timestamp(), "other", BODY, rs.signature()));
        assertFalse(AlphapaySigning.verifyResponse(merchant.getPublic(), rs.timestamp(), rs.nonce(), BODY, rs.signature()));
    }

    @Test
    void responseVerificationIsFalseOnAnyNull() {
        ResponseSignature rs = AlphapaySigning.signResponse(company.getPrivate(), "C", BODY, TS, NONCE);
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
        assertTrue(RsaSignatures.verify(merchant.getPublic(),
                "wxapp\n1700000000\n" + NONCE + "\nprepay_id=wx201410272009395522657a690389285100\n", params.get("paySign")));
    }

    @Test
    void jsapiInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        assertTrue(AlphapaySigning.verifyJsapiInvocation(merchant.getPublic(), params));
        assertFalse(AlphapaySigning.verifyJsapiInvocation(company.getPublic(), params));
    }

    @Test
    void jsapiInvocationWithTamperedPackageFails() {
        Map<String, String> params = new LinkedHashMap<>(
                AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE));
        params.put("package", "prepay_id=wx43");
        assertFalse(AlphapaySigning.verifyJsapiInvocation(merchant.getPublic(), params));
    }

    @Test
    void jsapiInvocationWithOtherSignTypeOrMissingKeyFails() {
        Map<String, String> params = new LinkedHashMap<>(
                AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE));
        params.put("signType", "MD5");
        assertFalse(AlphapaySigning.verifyJsapiInvocation(merchant.getPublic(), params));
        params.put("signType", "RSA");
        params.remove("nonceStr");
        assertFalse(AlphapaySigning.verifyJsapiInvocation(merchant.getPublic(), params));
        assertFalse(AlphapaySigning.verifyJsapiInvocation(merchant.getPublic(), null));
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
        assertTrue(RsaSignatures.verify(merchant.getPublic(), "wxapp\n1700000000\n" + NONCE + "\nwx42\n", params.get("sign")));
    }

    @Test
    void appInvocationVerifies() {
        Map<String, String> params = AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", merchant.getPrivate(), TS, NONCE);
        assertTrue(AlphapaySigning.verifyAppInvocation(merchant.getPublic(), params));
        assertFalse(AlphapaySigning.verifyAppInvocation(company.getPublic(), params));
    }

    @Test
    void appInvocationWithTamperedPackageOrPrepayIdFails() {
        Map<String, String> params = new LinkedHashMap<>(
                AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", merchant.getPrivate(), TS, NONCE));
        params.put("package", "prepay_id=wx42");
        assertFalse(AlphapaySigning.verifyAppInvocation(merchant.getPublic(), params));
        params.put("package", "Sign=WXPay");
        params.put("prepayid", "wx43");
        assertFalse(AlphapaySigning.verifyAppInvocation(merchant.getPublic(), params));
    }

    @Test
    void invocationMapsCannotBeChanged() {
        Map<String, String> params = AlphapaySigning.jsapiInvocation("wxapp", "wx42", merchant.getPrivate(), TS, NONCE);
        assertThrows(UnsupportedOperationException.class, () -> params.put("package", "prepay_id=wx43"));
    }
}
