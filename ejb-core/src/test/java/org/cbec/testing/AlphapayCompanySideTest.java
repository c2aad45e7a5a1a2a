package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.company.KnownKeys;
import org.cbec.company.RsaSignatures;
import org.cbec.company.alphapay.AlphapaySensitive;
import org.cbec.company.alphapay.AlphapaySigning;
import org.cbec.testing.AlphapayCompanySide.Authorization;
import org.cbec.testing.AlphapayCompanySide.ResponseSignature;
import org.junit.jupiter.api.Test;

/** The company's side of alphapay as the tests use it: it reads and checks what the merchant sends, and signs its answers. */
class AlphapayCompanySideTest {

    private static final String PATH = "/broker/sandbox/alphapay/v3/pay/transactions/native";
    private static final String BODY = "{\"appid\":\"wxd678efh567hg6787\",\"amount\":{\"total\":100}}";
    private static final long TS = 1_700_000_000L;
    private static final String NONCE = "593BEC0C930BF1AFEB40B4A08C8FB242";

    private static final PrivateKey MERCHANT = KnownKeys.merchantPrivate();
    private static final PublicKey MERCHANT_PUBLIC = KnownKeys.merchantPublic();
    private static final PrivateKey COMPANY = KnownKeys.companyPrivate();
    private static final PublicKey COMPANY_PUBLIC = KnownKeys.companyPublic();

    private static String header() {
        return AlphapaySigning.authorization("1900000001", "SERIAL01", MERCHANT, "post", PATH, BODY, TS, NONCE);
    }

    private static Authorization parsed() {
        return AlphapayCompanySide.parseAuthorization(header()).orElseThrow();
    }

    // ---------------------------------------------------------------- request

    @Test
    void methodCaseDoesNotMatterToVerification() {
        assertTrue(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "post", PATH, BODY, parsed()));
    }

    @Test
    void parseAcceptsReorderedParametersAndSpacesAfterCommas() {
        Authorization auth = parsed();
        String reordered = "ALPHAPAY2-SHA256-RSA2048 signature=\"" + auth.signature() + "\", serial_no=\"SERIAL01\", "
                + "timestamp=\"1700000000\",  nonce_str=\"" + NONCE + "\" , mchid=\"1900000001\"";
        assertEquals(Optional.of(auth), AlphapayCompanySide.parseAuthorization(reordered));
    }

    @Test
    void parseIgnoresUnknownParameters() {
        String header = header() + ",extra=\"x\"";
        assertEquals(Optional.of(parsed()), AlphapayCompanySide.parseAuthorization(header));
    }

    @Test
    void parseRejectsNullAndWrongScheme() {
        assertTrue(AlphapayCompanySide.parseAuthorization(null).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization("").isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("ALPHAPAY2", "WECHATPAY2")).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization("Bearer abc").isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace(AlphapaySigning.SCHEME + " ", AlphapaySigning.SCHEME)).isEmpty());
    }

    @Test
    void parseRejectsEachMissingParameter() {
        for (String name : List.of("mchid", "nonce_str", "timestamp", "serial_no", "signature")) {
            String header = header().replace(name + "=", "x" + name + "=");
            assertTrue(AlphapayCompanySide.parseAuthorization(header).isEmpty(), name);
        }
    }

    @Test
    void parseRejectsNonNumericTimestamp() {
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("timestamp=\"1700000000\"", "timestamp=\"17e8\"")).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("timestamp=\"1700000000\"", "timestamp=\"-1\"")).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("timestamp=\"1700000000\"", "timestamp=\"\"")).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("timestamp=\"1700000000\"",
                "timestamp=\"99999999999999999999\"")).isEmpty());
    }

    @Test
    void parseRejectsRepeatedParametersAndBrokenQuoting() {
        assertTrue(AlphapayCompanySide.parseAuthorization(header() + ",mchid=\"other\"").isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace("mchid=\"1900000001\"", "mchid=1900000001")).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().substring(0, header().length() - 1)).isEmpty());
        assertTrue(AlphapayCompanySide.parseAuthorization(header().replace(",nonce_str", " nonce_str")).isEmpty());
    }

    @Test
    void tamperedBodyFailsVerification() {
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "POST", PATH, BODY.replace("100", "1"), parsed()));
    }

    @Test
    void tamperedPathFailsVerification() {
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "POST", PATH + "?x=1", BODY, parsed()));
    }

    @Test
    void tamperedMethodFailsVerification() {
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "PUT", PATH, BODY, parsed()));
    }

    @Test
    void tamperedTimestampOrNonceFailsVerification() {
        Authorization auth = parsed();
        Authorization later = new Authorization(auth.mchid(), auth.nonce(), auth.timestamp() + 1, auth.serialNo(), auth.signature());
        Authorization otherNonce = new Authorization(auth.mchid(), "X" + auth.nonce(), auth.timestamp(), auth.serialNo(), auth.signature());
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "POST", PATH, BODY, later));
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "POST", PATH, BODY, otherNonce));
    }

    @Test
    void otherKeyAndNullsFailVerification() {
        assertFalse(AlphapayCompanySide.verifyRequest(COMPANY_PUBLIC, "POST", PATH, BODY, parsed()));
        assertFalse(AlphapayCompanySide.verifyRequest(null, "POST", PATH, BODY, parsed()));
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, "POST", PATH, BODY, null));
        assertFalse(AlphapayCompanySide.verifyRequest(MERCHANT_PUBLIC, null, PATH, BODY, parsed()));
    }

    // ---------------------------------------------------------------- response

    @Test
    void responseSignatureCarriesTimestampNonceAndSerial() {
        ResponseSignature rs = AlphapayCompanySide.signResponse(COMPANY, "COMPANY01", BODY, TS, NONCE);
        assertEquals("1700000000", rs.timestamp());
        assertEquals(NONCE, rs.nonce());
        assertEquals("COMPANY01", rs.serial());
        assertTrue(RsaSignatures.verify(COMPANY_PUBLIC, "1700000000\n" + NONCE + "\n" + BODY + "\n", rs.signature()));
    }

    // ---------------------------------------------------------------- invocation

    @Test
    void jsapiInvocationWithTamperedPackageFails() {
        Map<String, String> params = new LinkedHashMap<>(AlphapaySigning.jsapiInvocation("wxapp", "wx42", MERCHANT, TS, NONCE));
        params.put("package", "prepay_id=wx43");
        assertFalse(AlphapayCompanySide.verifyJsapiInvocation(MERCHANT_PUBLIC, params));
    }

    @Test
    void jsapiInvocationWithOtherSignTypeOrMissingKeyFails() {
        Map<String, String> params = new LinkedHashMap<>(AlphapaySigning.jsapiInvocation("wxapp", "wx42", MERCHANT, TS, NONCE));
        params.put("signType", "MD5");
        assertFalse(AlphapayCompanySide.verifyJsapiInvocation(MERCHANT_PUBLIC, params));
        params.put("signType", "RSA");
        params.remove("nonceStr");
        assertFalse(AlphapayCompanySide.verifyJsapiInvocation(MERCHANT_PUBLIC, params));
        assertFalse(AlphapayCompanySide.verifyJsapiInvocation(MERCHANT_PUBLIC, null));
    }

    @Test
    void appInvocationWithTamperedPackageOrPrepayIdFails() {
        Map<String, String> params = new LinkedHashMap<>(
                AlphapaySigning.appInvocation("wxapp", "1900000109", "wx42", MERCHANT, TS, NONCE));
        params.put("package", "prepay_id=wx42");
        assertFalse(AlphapayCompanySide.verifyAppInvocation(MERCHANT_PUBLIC, params));
        params.put("package", "Sign=WXPay");
        params.put("prepayid", "wx43");
        assertFalse(AlphapayCompanySide.verifyAppInvocation(MERCHANT_PUBLIC, params));
    }

    // ---------------------------------------------------------------- personal data

    @Test
    void personalDataTheMerchantEncryptsIsReadAndAnythingElseIsNull() {
        assertEquals("张三", AlphapayCompanySide.decryptPersonalData(COMPANY, AlphapaySensitive.encrypt(COMPANY_PUBLIC, "张三")));
        assertNull(AlphapayCompanySide.decryptPersonalData(MERCHANT, AlphapaySensitive.encrypt(COMPANY_PUBLIC, "张三")));
        assertNull(AlphapayCompanySide.decryptPersonalData(COMPANY, "not base64!"));
    }
}
