package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.Test;

/**
 * The betapay vectors of docs/companies/vectors/betapay (keys, texts and signatures made with
 * OpenSSL; the broker's BetapayVectorsTest reads the same files): the company's sorted {@code name=value} text of a
 * request decoded from its form, and the signed node of an answer.
 */
class BetapayProtocolVectorsTest {

    static final Vectors PRECREATE = Vectors.read("betapay/precreate.txt");
    static final Vectors INVOCATION = Vectors.read("betapay/wallet-invocation.txt");

    static final String BIZ = PRECREATE.get("param.biz_content");
    static final String REQ_TEXT = PRECREATE.get("request.signed-text");
    static final String REQ_SIGNATURE = PRECREATE.get("request.sign");

    static final String NODE = PRECREATE.get("answer.node");
    static final String NODE_SIGNATURE = PRECREATE.get("answer.sign");

    static final String INVOCATION_TEXT = INVOCATION.get("signed-text");
    static final String INVOCATION_SIGNATURE = INVOCATION.get("sign");

    static final PublicKey MERCHANT_KEY = Vectors.publicKey("merchant");
    static final PrivateKey COMPANY_KEY = Vectors.privateKey("company");

    /** The vector's parameters as a merchant posts them: form-encoded, in no particular order, signed. */
    static String form(Map<String, String> overrides) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("method", "betapay.trade.precreate");
        params.put("app_id", "betapay-app-2000000001");
        params.put("version", "1.0");
        params.put("timestamp", "2023-11-15 06:13:20");
        params.put("format", "JSON");
        params.put("sign_type", "RSA2");
        params.put("charset", "utf-8");
        params.put("biz_content", BIZ);
        params.put("sign", REQ_SIGNATURE);
        params.putAll(overrides);
        StringJoiner body = new StringJoiner("&");
        params.forEach((k, v) -> body.add(URLEncoder.encode(k, StandardCharsets.UTF_8) + "=" + URLEncoder.encode(v, StandardCharsets.UTF_8)));
        return body.toString();
    }

    @Test
    void companyBuildsTheRequestTextOfTheVectorFromTheDecodedForm() {
        Map<String, String> params = GatewayForm.decode(form(Map.of()));
        assertEquals(REQ_TEXT, SignContent.of(params));
    }

    @Test
    void theVectorsRequestSignatureVerifiesOverTheCompanyBuiltText() {
        Map<String, String> params = GatewayForm.decode(form(Map.of()));
        assertTrue(Rsa.verify(MERCHANT_KEY, SignContent.of(params), params.get("sign")));
    }

    @Test
    void emptyParametersAreLeftOutOfTheSignedText() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("notify_url", "")));
        assertEquals(REQ_TEXT, SignContent.of(params));
        assertTrue(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void aChangedValueDoesNotVerify() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("biz_content", BIZ.replace("25.99", "25.98"))));
        assertFalse(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void anAddedParameterDoesNotVerify() {
        Map<String, String> params = GatewayForm.decode(form(Map.of("notify_url", "https://merchant.example/notify")));
        assertFalse(Rsa.verify(MERCHANT_KEY, SignContent.of(params), REQ_SIGNATURE));
    }

    @Test
    void theUrlEncodedTextIsNotWhatIsSigned() {
        String encoded = REQ_TEXT.replace(" ", "+");
        assertFalse(Rsa.verify(MERCHANT_KEY, encoded, REQ_SIGNATURE));
    }

    @Test
    void theCompanyWritesTheVectorsNode() {
        String node = BetapayNode.success().add("out_trade_no", "kat0002")
                .add("qr_code", "betapay://qr/2023111422001400000001").build().toString();
        assertEquals(NODE, node);
    }

    @Test
    void signingTheVectorsNodeGivesExactlyItsSignature() {
        assertEquals(NODE_SIGNATURE, Rsa.sign(COMPANY_KEY, NODE));
        assertTrue(Rsa.verify(Vectors.publicKey("company"), NODE, NODE_SIGNATURE));
    }

    @Test
    void theAnswerBodyCarriesTheNodeVerbatimUnderTheMethodsKey() {
        String body = BetapaySigner.body(BetapaySigner.responseKey("betapay.trade.precreate"), NODE, NODE_SIGNATURE);
        assertEquals(PRECREATE.get("answer.body"), body);
    }

    @Test
    void theWalletInvocationVectorIsTheRequestRulesText() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("trade_no", "2023111422001400000001");
        params.put("timestamp", "2023-11-15 06:13:20");
        params.put("sign_type", "RSA2");
        params.put("nonce_str", "5K8264ILTKCH16CQ2502SI8ZNMTM67VS");
        params.put("method", "betapay.trade.pay");
        params.put("app_id", "betapay-app-2000000001");
        assertEquals(INVOCATION_TEXT, SignContent.of(params));
        assertTrue(Rsa.verify(MERCHANT_KEY, INVOCATION_TEXT, INVOCATION_SIGNATURE));
    }

    @Test
    void everyRecordedNodeOfTheVectorFilesIsSignedAsTheCompanySignsIt() throws Exception {
        int nodes = 0;
        try (var files = java.nio.file.Files.list(Vectors.dir().resolve("betapay"))) {
            for (java.nio.file.Path file : files.sorted().toList()) {
                Vectors vector = Vectors.read("betapay/" + file.getFileName());
                for (String name : vector.values().keySet()) {
                    if (name.startsWith("answer.") && name.endsWith(".node")) {
                        String prefix = name.substring(0, name.length() - ".node".length());
                        assertEquals(vector.get(prefix + ".sign"), Rsa.sign(COMPANY_KEY, vector.get(name)), file.getFileName() + " " + prefix);
                        nodes++;
                    }
                }
            }
        }
        assertTrue(nodes > 15, nodes + " nodes");
    }
}
