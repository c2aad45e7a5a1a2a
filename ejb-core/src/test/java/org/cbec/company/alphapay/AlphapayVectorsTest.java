package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.spec.MGF1ParameterSpec;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;
import org.cbec.company.KnownKeys;
import org.cbec.testing.AlphapayCompanySide;
import org.junit.jupiter.api.Test;

/**
 * Known answers for every text alphapay's protocol signs (docs/companies/alphapay.md): the texts
 * and signatures below are written out, the signatures made with OpenSSL from {@link KnownKeys}.
 * company-sandbox's {@code AlphapayProtocolVectorsTest} checks the same vectors on the company's
 * side, so a change to a canonical text on one side alone fails a test.
 */
class AlphapayVectorsTest {

    static final String BODY = "{\"appid\":\"alphapay-app-1900000001\",\"mchid\":\"1900000001\",\"description\":\"测试订单\",\"out_trade_no\":\"kat0001\",\"amount\":{\"total\":2599,\"currency\":\"CNY\"}}";
    static final String NONCE = "5K8264ILTKCH16CQ2502SI8ZNMTM67VS";
    static final String CREATE_TEXT = "POST\n/sandbox/alphapay/v3/pay/transactions/native\n1700000000\n" + NONCE + "\n" + BODY + "\n";
    static final String CREATE_SIGNATURE = "HCp4Yum6tes/miCQ0HK38Mwnb7u0Fx8n4Ooa5Wt/LeAPzbLeCgtCV31v+UbGoPh9IXwyDHBPJ3NGNz/WF7EE9zEjhXJo2/cf9ZPtKLpwWM626TxkrCU+9yLxq5NminF7GIjCnSwyIvKQveWvu2EiPzEywjf+EbWG8Ujcp9ei+haHaCxzl1Bn7XKw7cGWXnvcMy9khKO+SAdk0Ookb/vmSY3fuYLUEZKo/dgqKUtGTuMf9/5efo3dxW8bMIoLdyx+53n+0bJn2FMq1lCbosnsCOh6ScNZaPOjwTIIwZV3/Sq/dGdApNvpF5BaBHbG5fcUPFaHU2IO9G3xNxIVAiLOfw==";
    static final String QUERY_TEXT = "GET\n/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001?mchid=1900000001\n1700000000\n"
            + NONCE + "\n\n";
    static final String QUERY_SIGNATURE = "b7FhJvvGL1od8KAvyOUU+O/dL3Vu/NtAuki9aYYM1lAS20RJpLIj6oLZ9eZ/tb48PsrKdwJCZ8+zYxniYnMy1Ufwa5+ZE9cOH21+9RzWEbmc86FHRkdJwZNo/6ve0enNOYCnqoguxSi9Y0r2ayfIb7I/CIlbtcY/2rxObvCxQu+yezClbRS6+MgsvajPelrk6qLjolvftrzOaCy5JQ/v2gQA8xxdM141Esr6d5fqbU86cSZsHtFV5ERj7SjjN0gAATyFahZOI1yqXHLjUaN6V2EYXnQkNocwQmiB4eTPkAwXsh7X+NPbOAlMPvrg0ZBdK4VVOOXFliodaYzefldqGg==";
    static final String ANSWER_BODY = "{\"code_url\":\"alphapay://pay/bizpayurl?pr=wx2023111414000000001\"}";
    static final String ANSWER_SIGNATURE = "diEtyEuGisK9NBG/XatvTDYfLHl8wYwa2uliOg46bmeqwl88Mts9E2rI6lPQK5GOngL64PAG/7L5Z0ibqDXmV3FuY+Rg5fl2Kt6WbSxjc/ml8dWvGendg3ntxUUiWYt9e4jgHNEG70t4vHwV6lO9PdngEWFCb1hWHzHXE/QQqcrm9v+58kAc4r7IMZ+LOxHJmEZjf1uyNPLqqPSkRIFdGrRMdu9Zg2ek0MEX9MnGdBuQhbIXvhjKgnpRKMZyo5XvsS8tUJDTYfseCmSzdC5EvYsGFFYLJoICXMcCxnEWhRVx2Y8jNLE5tOxSgMNxTZrXt49pqKnQ84Y2MHYUAOu9IQ==";
    static final String JSAPI_SIGNATURE = "gWHo/JLiO/t0OWgkXzDaOh6qWvOTQKDW8Mf2fFT8/UawFKS34R2CnowYj58GxhT1bdSQUxDidLlJDJ2KKIpB1WSbfpNZQBFb0hneGrD2c6W4CeWPQ1TttRzQFq85LLhk1Ek0R2yrk5dNh61w0ZK78daqDAydR4j/RfabWq0DGVVo8V5WFpfrBQCPCI6CprVa9sPSp92h1Z8XLiLwkBG3EuBODpSx6FlKICZc4L039Pr2wmltxc4mbp/PM0PSAEVnbNWrnK7Wi2ta90SilUCSkQqWkIjdqODWE0UcSVxCtBRLNTqKyjMRA+mOjDUF7T+T337Mnm9AjAFMgnB1ELh5GA==";
    static final String APP_SIGNATURE = "XfirFEGT/u4/Zcu3nx2fQ8MJ9czmtQOnzx+XEb50Oo9TabZhrc8jNNQRlXAbwj27t8BqE0VC92EQVU3zheCSHH7lH3J+/XfWIbmG6BgCUnMOKUnH3v4uivd/fIhPE3sw0HlTFvnp9ODlm06cUkEcE0+3EetYsLf40VlIUbRixSuclzn0b5xVT/VBBeeGcnUbdwFuy15hS5kmnLlJrYa/V17PBVghQWlgj4YG3usoQ7vXwvV22M5G3GzPBVckZLlmRKqENm1a/k1HdfkzkH2hGNKXvXsLMHt4IYKXptlflHbiYyX+L7QRuUj1MmL5T65HyvW1xpdUyL4g0WiuVFiyUg==";
    static final String OAEP_CIPHERTEXT = "f1REEzFAXjlO0+V1H4MRR2dW8uzWRGxiHRLPxVQR4qxAt1fxwe13Ol9aXArOHmTpRSH4dJCpkT/Mi4/q8NwDkaa2yTXaPrZ7UrqY3z2nSOWg96G677WsuBIV0txdoQqxT8AIpy6jIEQ1QhDLrMK0YB0I02kLfvflVlT3WSwZpP5ipju0E7ORFW3yGP9A34nyNTGm/gyp++HXAbRKYUF3cfPvhrSOh76/nPehOrhYtsqmko2dBz93/P/OuXXFmjj3MSoHlPClRF8oFOTCFWX5iiXvlyPOHAuCio+8aaRsxEu9wMPAj4/auMIfGwi2jmVX52NCIyo6dlOJr0KG+DUdVA==";

    @Test
    void theCreateRequestSignsTheWrittenOutTextAndCarriesTheKnownSignature() {
        assertEquals(CREATE_TEXT, AlphapaySigning.requestMessage("POST", "/sandbox/alphapay/v3/pay/transactions/native", BODY,
                "1700000000", NONCE));
        String header = AlphapaySigning.authorization("1900000001", "5157F09EFDC096DE", KnownKeys.merchantPrivate(), "POST",
                "/sandbox/alphapay/v3/pay/transactions/native", BODY, 1700000000L, NONCE);
        assertEquals("ALPHAPAY2-SHA256-RSA2048 mchid=\"1900000001\",nonce_str=\"" + NONCE + "\",timestamp=\"1700000000\","
                + "serial_no=\"5157F09EFDC096DE\",signature=\"" + CREATE_SIGNATURE + "\"", header);
    }

    @Test
    void aGetSignsAnEmptyBodyLine() {
        assertEquals(QUERY_TEXT, AlphapaySigning.requestMessage("GET", "/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001?mchid=1900000001",
                "", "1700000000", NONCE));
        String header = AlphapaySigning.authorization("1900000001", "5157F09EFDC096DE", KnownKeys.merchantPrivate(), "GET",
                "/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001?mchid=1900000001", "", 1700000000L, NONCE);
        assertTrue(header.endsWith("signature=\"" + QUERY_SIGNATURE + "\""), header);
    }

    @Test
    void theKnownRequestSignatureVerifiesAndATamperedRequestDoesNot() {
        var auth = AlphapayCompanySide.parseAuthorization("ALPHAPAY2-SHA256-RSA2048 mchid=\"1900000001\",nonce_str=\"" + NONCE
                + "\",timestamp=\"1700000000\",serial_no=\"5157F09EFDC096DE\",signature=\"" + CREATE_SIGNATURE + "\"").orElseThrow();
        assertTrue(AlphapayCompanySide.verifyRequest(KnownKeys.merchantPublic(), "POST", "/sandbox/alphapay/v3/pay/transactions/native", BODY, auth));
        assertFalse(AlphapayCompanySide.verifyRequest(KnownKeys.merchantPublic(), "POST", "/sandbox/alphapay/v3/pay/transactions/h5", BODY, auth));
        assertFalse(AlphapayCompanySide.verifyRequest(KnownKeys.merchantPublic(), "POST", "/sandbox/alphapay/v3/pay/transactions/native",
                BODY.replace("2599", "2598"), auth));
    }

    @Test
    void theCompanysAnswerSignatureIsKnownAndVerifies() {
        var signed = AlphapayCompanySide.signResponse(KnownKeys.companyPrivate(), "SANDBOX-ALPHAPAY-1", ANSWER_BODY, 1700000001L,
                "QX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0");
        assertEquals(ANSWER_SIGNATURE, signed.signature());
        assertTrue(AlphapaySigning.verifyResponse(KnownKeys.companyPublic(), "1700000001", "QX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0",
                ANSWER_BODY, ANSWER_SIGNATURE));
        assertFalse(AlphapaySigning.verifyResponse(KnownKeys.companyPublic(), "1700000002", "QX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0",
                ANSWER_BODY, ANSWER_SIGNATURE));
    }

    @Test
    void theWalletInvocationSignaturesAreKnown() {
        Map<String, String> jsapi = AlphapaySigning.jsapiInvocation("alphapay-app-1900000001", "wx2023111414000000001",
                KnownKeys.merchantPrivate(), 1700000000L, NONCE);
        assertEquals("prepay_id=wx2023111414000000001", jsapi.get("package"));
        assertEquals("RSA", jsapi.get("signType"));
        assertEquals(JSAPI_SIGNATURE, jsapi.get("paySign"));
        Map<String, String> app = AlphapaySigning.appInvocation("alphapay-app-1900000001", "1900000001", "wx2023111414000000001",
                KnownKeys.merchantPrivate(), 1700000000L, NONCE);
        assertEquals("Sign=WXPay", app.get("package"));
        assertEquals(APP_SIGNATURE, app.get("sign"));
    }

    @Test
    void personalDataIsOaepWithSha1AsTheCompanyReadsIt() throws Exception {
        assertEquals("11010519491231002X", AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(), OAEP_CIPHERTEXT),
                "OpenSSL's OAEP (SHA-1, MGF1-SHA-1) ciphertext");
        // OAEP padding is random, so the broker's ciphertext is checked by decrypting it with the
        // parameters spelled out here rather than with the production code.
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
        cipher.init(Cipher.DECRYPT_MODE, KnownKeys.companyPrivate(),
                new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT));
        String ours = AlphapaySensitive.encrypt(KnownKeys.companyPublic(), "张三");
        assertEquals("张三", new String(cipher.doFinal(Base64.getDecoder().decode(ours)), StandardCharsets.UTF_8));
    }
}
