package org.cbec.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cbec.company.KnownKeys;
import org.cbec.company.RsaSignatures;
import org.cbec.company.betapay.BetapaySigning;
import org.junit.jupiter.api.Test;

/** The company's side of betapay as the tests use it: it checks the merchant's requests and signs its answers and notifications. */
class BetapayCompanySideTest {

    private static final String METHOD = "betapay.trade.query";

    private static final PrivateKey MERCHANT = KnownKeys.merchantPrivate();
    private static final PublicKey MERCHANT_PUBLIC = KnownKeys.merchantPublic();
    private static final PrivateKey COMPANY = KnownKeys.companyPrivate();
    private static final PublicKey COMPANY_PUBLIC = KnownKeys.companyPublic();

    /** A query as the merchant signs it, with characters that form encoding would change. */
    private static Map<String, String> signedRequest() {
        Map<String, String> params = new HashMap<>(Map.of("method", METHOD, "app_id", "2021000000000001", "sign_type", "RSA2",
                "biz_content", "{\"out_trade_no\":\"T1&2=3\",\"subject\":\"中文\"}"));
        params.put("sign", BetapaySigning.sign(params, MERCHANT));
        return params;
    }

    // ---------------------------------------------------------------- requests

    @Test
    void tamperedRequestFails() {
        Map<String, String> params = signedRequest();
        assertTrue(BetapayCompanySide.verifyRequest(params, MERCHANT_PUBLIC));
        params.put("biz_content", params.get("biz_content").replace("T1", "T2"));
        assertFalse(BetapayCompanySide.verifyRequest(params, MERCHANT_PUBLIC));
    }

    @Test
    void requestWithoutSignOrWithOtherKeyFails() {
        Map<String, String> params = signedRequest();
        assertFalse(BetapayCompanySide.verifyRequest(params, COMPANY_PUBLIC));
        assertFalse(BetapayCompanySide.verifyRequest(null, MERCHANT_PUBLIC));
        assertFalse(BetapayCompanySide.verifyRequest(params, null));
        params.remove("sign");
        assertFalse(BetapayCompanySide.verifyRequest(params, MERCHANT_PUBLIC));
    }

    // ---------------------------------------------------------------- answers

    @Test
    void signedResponseIsTheNodeVerbatimAndASignatureOverIt() {
        String node = "{\"code\":\"10000\", \"msg\" : \"Success\",\"total_amount\":88.88}";
        String body = BetapayCompanySide.signedResponse(METHOD, node, COMPANY);
        String prefix = "{\"betapay_trade_query_response\":" + node + ",\"sign\":\"";
        assertTrue(body.startsWith(prefix), body);
        assertTrue(body.endsWith("\"}"));
        String sign = body.substring(prefix.length(), body.length() - 2);
        assertEquals(RsaSignatures.sign(COMPANY, node), sign);
    }

    @Test
    void signedResponseRefusesANodeThatIsNotJson() {
        assertThrows(IllegalArgumentException.class, () -> BetapayCompanySide.signedResponse(METHOD, "{\"code\":", COMPANY));
    }

    @Test
    void signedResponseRefusesMethodNamesThatNeedJsonEscaping() {
        assertThrows(IllegalArgumentException.class, () -> BetapayCompanySide.signedResponse("a\"b", "{}", COMPANY));
    }

    // ---------------------------------------------------------------- notifications

    @Test
    void aSignedNotificationVerifiesAsTheMerchantChecksIt() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("notify_id", "n-1");
        fields.put("trade_status", "TRADE_SUCCESS");
        fields.put("gmt_refund", "");
        Map<String, String> signed = BetapayCompanySide.signedNotification(fields, COMPANY);
        assertEquals("RSA2", signed.get("sign_type"));
        assertTrue(BetapaySigning.verifyNotification(signed, COMPANY_PUBLIC));
    }

    @Test
    void theNotificationFormIsUtf8PercentEncoded() {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("subject", "中 +&=");
        fields.put("sign", "a/b+c=");
        assertEquals("subject=%E4%B8%AD+%2B%26%3D&sign=a%2Fb%2Bc%3D", BetapayCompanySide.form(fields));
    }
}
