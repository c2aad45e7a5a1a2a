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
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Known answers for every text alphapay's protocol signs (docs/companies/alphapay.md), read from
 * docs/companies/vectors/alphapay (texts and signatures made with OpenSSL from the keys there).
 * company-sandbox's {@code AlphapayProtocolVectorsTest} reads the same files on the company's side,
 * so a change to a canonical text on one side alone fails a test.
 */
class AlphapayVectorsTest {

    static final Vectors CREATE = Vectors.read("alphapay/create-native.txt");
    static final Vectors QUERY = Vectors.read("alphapay/query.txt");

    @Test
    void theCreateRequestSignsTheWrittenOutTextAndCarriesTheKnownSignature() {
        assertEquals(CREATE.get("request.signed-text"), AlphapaySigning.requestMessage(CREATE.get("request.method"),
                CREATE.get("request.path"), CREATE.get("request.body"), CREATE.get("request.timestamp"), CREATE.get("request.nonce")));
        String header = AlphapaySigning.authorization(CREATE.get("request.mchid"), CREATE.get("request.serial-no"),
                KnownKeys.merchantPrivate(), CREATE.get("request.method"), CREATE.get("request.path"), CREATE.get("request.body"),
                Long.parseLong(CREATE.get("request.timestamp")), CREATE.get("request.nonce"));
        assertEquals(CREATE.get("request.authorization"), header);
    }

    @Test
    void aGetSignsAnEmptyBodyLine() {
        assertEquals(QUERY.get("request.signed-text"), AlphapaySigning.requestMessage("GET", QUERY.get("request.path"), "",
                QUERY.get("request.timestamp"), QUERY.get("request.nonce")));
        String header = AlphapaySigning.authorization("1900000001", "5157F09EFDC096DE", KnownKeys.merchantPrivate(), "GET",
                QUERY.get("request.path"), "", Long.parseLong(QUERY.get("request.timestamp")), QUERY.get("request.nonce"));
        assertTrue(header.endsWith("signature=\"" + QUERY.get("request.signature") + "\""), header);
    }

    @Test
    void theKnownRequestSignatureVerifiesOverItsTextOnly() {
        String text = CREATE.get("request.signed-text");
        String signature = CREATE.get("request.signature");
        assertTrue(Vectors.verifies(KnownKeys.merchantPublic(), text, signature));
        assertFalse(Vectors.verifies(KnownKeys.merchantPublic(), text.replace("/native", "/h5"), signature));
        assertFalse(Vectors.verifies(KnownKeys.merchantPublic(), text.replace("2599", "2598"), signature));
    }

    @Test
    void theCompanysAnswerSignatureVerifiesAndATamperedAnswerDoesNot() {
        String ts = CREATE.get("answer.timestamp");
        String nonce = CREATE.get("answer.nonce");
        assertEquals(CREATE.get("answer.signed-text"), ts + "\n" + nonce + "\n" + CREATE.get("answer.body") + "\n",
                "the answer's signed text as docs/companies/alphapay.md writes it");
        assertTrue(AlphapaySigning.verifyResponse(KnownKeys.companyPublic(), ts, nonce, CREATE.get("answer.body"),
                CREATE.get("answer.signature")));
        assertFalse(AlphapaySigning.verifyResponse(KnownKeys.companyPublic(), "1700000002", nonce, CREATE.get("answer.body"),
                CREATE.get("answer.signature")));
        assertFalse(AlphapaySigning.verifyResponse(KnownKeys.companyPublic(), ts, nonce, CREATE.get("answer.body") + " ",
                CREATE.get("answer.signature")));
    }

    @Test
    void theWalletInvocationSignaturesAreKnown() {
        Vectors jsapiVector = Vectors.read("alphapay/wallet-jsapi.txt");
        Map<String, String> jsapi = AlphapaySigning.jsapiInvocation(jsapiVector.get("appId"), jsapiVector.get("prepay-id"),
                KnownKeys.merchantPrivate(), Long.parseLong(jsapiVector.get("timeStamp")), jsapiVector.get("nonceStr"));
        for (String name : new String[] {"appId", "timeStamp", "nonceStr", "package", "signType", "paySign"}) {
            assertEquals(jsapiVector.get(name), jsapi.get(name), name);
        }
        Vectors appVector = Vectors.read("alphapay/wallet-app.txt");
        Map<String, String> app = AlphapaySigning.appInvocation(appVector.get("appid"), appVector.get("partnerid"),
                appVector.get("prepayid"), KnownKeys.merchantPrivate(), Long.parseLong(appVector.get("timestamp")), appVector.get("noncestr"));
        for (String name : new String[] {"appid", "partnerid", "prepayid", "package", "noncestr", "timestamp", "sign"}) {
            assertEquals(appVector.get(name), app.get(name), name);
        }
    }

    @Test
    void personalDataIsOaepWithSha1AsTheCompanyReadsIt() throws Exception {
        Vectors oaep = Vectors.read("alphapay/personal-data.txt");
        assertEquals(oaep.get("plaintext"), decrypt(oaep.get("ciphertext")), "OpenSSL's OAEP (SHA-1, MGF1-SHA-1) ciphertext");
        // OAEP padding is random, so the broker's ciphertext is checked by decrypting it with the
        // parameters spelled out here rather than with the production code.
        assertEquals("张三", decrypt(AlphapaySensitive.encrypt(KnownKeys.companyPublic(), "张三")));
    }

    /** The company's reading of personal data: RSA-OAEP with SHA-1 and MGF1-SHA-1 under its private key, with the JDK's Cipher. */
    static String decrypt(String base64) throws Exception {
        Cipher cipher = Cipher.getInstance("RSA/ECB/OAEPPadding");
        cipher.init(Cipher.DECRYPT_MODE, KnownKeys.companyPrivate(),
                new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT));
        return new String(cipher.doFinal(Base64.getDecoder().decode(base64)), StandardCharsets.UTF_8);
    }
}
