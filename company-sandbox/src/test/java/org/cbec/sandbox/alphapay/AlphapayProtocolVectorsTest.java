package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.PrivateKey;
import java.security.PublicKey;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.plumbing.crypto.Oaep;
import org.cbec.plumbing.crypto.Rsa;
import org.junit.jupiter.api.Test;

/**
 * The alphapay vectors of docs/companies/vectors/alphapay (keys, texts and signatures made with
 * OpenSSL; the broker's AlphapayVectorsTest reads the same files): if the company side's idea of a
 * signed text changes alone, a test here fails. PKCS#1 v1.5 signatures are deterministic, so answer
 * signing must give exactly the written signature.
 */
class AlphapayProtocolVectorsTest {

    static final Vectors CREATE = Vectors.read("alphapay/create-native.txt");
    static final Vectors QUERY = Vectors.read("alphapay/query.txt");
    static final Vectors JSAPI = Vectors.read("alphapay/wallet-jsapi.txt");
    static final Vectors APP = Vectors.read("alphapay/wallet-app.txt");
    static final Vectors OAEP = Vectors.read("alphapay/personal-data.txt");

    static final String REQ_PATH = CREATE.get("request.path");
    static final String REQ_TIMESTAMP = CREATE.get("request.timestamp");
    static final String REQ_NONCE = CREATE.get("request.nonce");
    static final String REQ_BODY = CREATE.get("request.body");
    static final String REQ_TEXT = CREATE.get("request.signed-text");
    static final String REQ_SIGNATURE = CREATE.get("request.signature");

    static final String GET_PATH = QUERY.get("request.path");
    static final String GET_TEXT = QUERY.get("request.signed-text");
    static final String GET_SIGNATURE = QUERY.get("request.signature");

    static final String ANS_TIMESTAMP = CREATE.get("answer.timestamp");
    static final String ANS_NONCE = CREATE.get("answer.nonce");
    static final String ANS_BODY = CREATE.get("answer.body");
    static final String ANS_TEXT = CREATE.get("answer.signed-text");
    static final String ANS_SIGNATURE = CREATE.get("answer.signature");

    static final String JSAPI_TEXT = JSAPI.get("signed-text");
    static final String JSAPI_SIGNATURE = JSAPI.get("paySign");
    static final String APP_TEXT = APP.get("signed-text");
    static final String APP_SIGNATURE = APP.get("sign");

    static final String OAEP_CIPHERTEXT = OAEP.get("ciphertext");

    /** The header a merchant sends with the create. */
    static final String REQ_AUTHORIZATION = CREATE.get("request.authorization");

    /** The company's public key in PEM, as an account holds it. */
    static final String COMPANY_PUBLIC = Vectors.pem("company-public");

    static final PublicKey MERCHANT_KEY = Vectors.publicKey("merchant");
    static final PrivateKey COMPANY_KEY = Vectors.privateKey("company");

    @Test
    void companyBuildsTheCreateRequestTextOfTheVector() {
        String text = AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, REQ_BODY);
        assertEquals(REQ_TEXT, text);
        assertTrue(text.endsWith("}\n"), "the last line ends with \\n too");
    }

    @Test
    void companyBuildsTheGetRequestTextOfTheVectorWithAnEmptyBody() {
        assertEquals(GET_TEXT, AlphapayTexts.request("GET", GET_PATH, REQ_TIMESTAMP, REQ_NONCE, ""));
        assertTrue(GET_TEXT.endsWith("\n\n"));
    }

    @Test
    void theVectorsRequestSignatureVerifiesOverTheCompanyBuiltBytes() {
        byte[] text = AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, REQ_BODY.getBytes(StandardCharsets.UTF_8));
        assertTrue(Rsa.verify(MERCHANT_KEY, text, REQ_SIGNATURE));
    }

    @Test
    void theVectorsGetSignatureVerifiesOverTheCompanyBuiltText() {
        assertTrue(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("GET", GET_PATH, REQ_TIMESTAMP, REQ_NONCE, new byte[0]),
                GET_SIGNATURE));
    }

    @Test
    void theAuthorizationParserReadsTheVectorsHeaderAndItsPartsVerify() {
        AlphapayAuthorization auth = AlphapayAuthorization.parse(REQ_AUTHORIZATION).orElseThrow();
        assertEquals("1900000001", auth.mchid());
        assertEquals(REQ_NONCE, auth.nonce());
        assertEquals(REQ_TIMESTAMP, auth.timestamp());
        assertEquals(1_700_000_000L, auth.epochSecond());
        assertEquals(CREATE.get("request.serial-no"), auth.serialNo());
        assertEquals(REQ_SIGNATURE, auth.signature());
        assertTrue(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, auth.timestamp(), auth.nonce(),
                REQ_BODY.getBytes(StandardCharsets.UTF_8)), auth.signature()));
    }

    @Test
    void aChangedBodyDoesNotVerify() {
        String changed = REQ_BODY.replace("2599", "2598");
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE,
                changed.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aBodyWithAnotherSpacingDoesNotVerify() {
        String respaced = REQ_BODY.replace(",\"mchid\"", ", \"mchid\"");
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE,
                respaced.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aPathWithoutTheContextRootDoesNotVerify() {
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", "/v3/pay/transactions/native", REQ_TIMESTAMP,
                REQ_NONCE, REQ_BODY.getBytes(StandardCharsets.UTF_8)), REQ_SIGNATURE));
    }

    @Test
    void aGetWithoutItsQueryStringDoesNotVerify() {
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("GET", "/sandbox/alphapay/v3/pay/transactions/out-trade-no/kat0001",
                REQ_TIMESTAMP, REQ_NONCE, new byte[0]), GET_SIGNATURE));
    }

    @Test
    void anotherMethodOrTimestampOrNonceDoesNotVerify() {
        byte[] body = REQ_BODY.getBytes(StandardCharsets.UTF_8);
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("PUT", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE, body), REQ_SIGNATURE));
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, "1700000001", REQ_NONCE, body), REQ_SIGNATURE));
        assertFalse(Rsa.verify(MERCHANT_KEY, AlphapayTexts.request("POST", REQ_PATH, REQ_TIMESTAMP, REQ_NONCE.toLowerCase(), body),
                REQ_SIGNATURE));
    }

    @Test
    void theCompanysAnswerTextIsTheVectors() {
        assertEquals(ANS_TEXT, AlphapayTexts.answer(ANS_TIMESTAMP, ANS_NONCE, ANS_BODY));
    }

    @Test
    void signingTheVectorsAnswerGivesExactlyItsSignature() {
        assertEquals(ANS_SIGNATURE, AlphapaySigner.sign(COMPANY_KEY, AlphapayTexts.answer(ANS_TIMESTAMP, ANS_NONCE, ANS_BODY)));
    }

    @Test
    void theAnswersSignatureVerifiesWithTheCompanysPublicKey() {
        assertTrue(Rsa.verify(Vectors.publicKey("company"), ANS_TEXT, ANS_SIGNATURE));
        assertFalse(Rsa.verify(Vectors.publicKey("company"), ANS_TEXT.replace("wx2023", "wx2024"), ANS_SIGNATURE));
    }

    @Test
    void theWalletInvocationVectorsVerifyWithTheMerchantsKey() {
        assertTrue(Rsa.verify(MERCHANT_KEY, JSAPI_TEXT, JSAPI_SIGNATURE));
        assertTrue(Rsa.verify(MERCHANT_KEY, APP_TEXT, APP_SIGNATURE));
    }

    @Test
    void theOaepVectorDecryptsWithTheCompanysKey() {
        assertEquals(OAEP.get("plaintext"), Oaep.decrypt(COMPANY_KEY, OAEP_CIPHERTEXT));
        assertEquals(OAEP.get("plaintext"), PersonalData.decrypt(COMPANY_KEY, "cert_id", OAEP_CIPHERTEXT));
    }

    @Test
    void oaepUnderAnotherKeyIsRefusedWithoutDetail() {
        PrivateKey merchant = Vectors.privateKey("merchant");
        org.junit.jupiter.api.Assertions.assertThrows(org.cbec.sandbox.codec.Members.Invalid.class,
                () -> PersonalData.decrypt(merchant, "cert_id", OAEP_CIPHERTEXT));
    }

    @Test
    void everyRecordedAnswerOfTheVectorFilesIsSignedAsTheCompanySignsIt() throws Exception {
        int answers = 0;
        try (var files = java.nio.file.Files.list(Vectors.dir().resolve("alphapay"))) {
            for (java.nio.file.Path file : files.sorted().toList()) {
                Vectors vector = Vectors.read("alphapay/" + file.getFileName());
                for (String name : vector.values().keySet()) {
                    if (name.startsWith("answer.") && name.endsWith(".body") && !name.equals("answer.body")) {
                        String prefix = name.substring(0, name.length() - ".body".length());
                        assertEquals(vector.get(prefix + ".signature"), AlphapaySigner.sign(COMPANY_KEY, AlphapayTexts.answer(
                                vector.get("answer.timestamp"), vector.get("answer.nonce"), vector.get(name))), file.getFileName() + " " + prefix);
                        answers++;
                    }
                }
            }
        }
        assertTrue(answers > 20, answers + " answers");
    }
}
