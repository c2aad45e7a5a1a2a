package org.cbec.sandbox.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * alphapay's callback encryption against a receiver's decryption written here with its own Cipher
 * set-up, and against a vector made with Python's {@code cryptography} (AESGCM), not with the JDK.
 */
class AesGcmTest {

    // The written-out vector (also in AlphapayCallbacksTest and docs/companies/alphapay.md): key, nonce,
    // associated data and plaintext as UTF-8; the ciphertext with its 16-byte tag, Base64.
    static final String KEY = "SandboxVectorApiV3Key0123456789A";
    static final String NONCE = "nVq3Xe7LpT2k";
    static final String AAD = "transaction";
    static final String PLAINTEXT = "{\"mchid\":\"1900000001\",\"out_trade_no\":\"ORDER20261125A\",\"trade_type\":\"NATIVE\","
            + "\"trade_state\":\"SUCCESS\",\"trade_state_desc\":\"payment succeeded\",\"transaction_id\":\"4200000000000000000000000001\","
            + "\"bank_type\":\"OTHERS\",\"success_time\":\"2026-11-25T20:00:00+08:00\",\"amount\":{\"total\":2599,\"currency\":\"CNY\","
            + "\"payer_total\":2599,\"payer_currency\":\"CNY\"}}";
    static final String CIPHERTEXT = "FBa5DgmU7d6CB2Kc/0nAS4ksfAk/C24LtLaDqOO+sIGQ5Sc8JbsxUKgG+WsDAbDPM9JnEiQoCBoKwLHsxhmYiIvuHj2ZFD"
            + "SK+22set42J3pqtOTe7ovSt7dIEVVzpWEapDnL28xP7KQhhYgKxnQZEFlymz4fD+Bx3XOdjSSdgavYykcgtVlJGNb1A+du777FA79V3IuVWcurrHtH1ekJ"
            + "kgbyvGx+xanGrSm8HpfMQvaoJjxt7FWzDhSVxCZuvuowmKMv77VV2Cli0Mvxkv756uOcWwPw2W9AOhwzVYaBDAeeht8lBNDxqIX/yLhPlQ/4EurF2AYp7p"
            + "bDAKRjir6/u6xt9522PND5WHXbELsgOzt4Fhk1y3jb5PUo+uLHrZh0oLMPsO7ctEYd87P277u6dIZOt1ljTWnVdUOcJniNw5ZU0hSNei0+u72a4tcrXtH8"
            + "OYxVg31gAhYqU4+u8NU=";

    /** A receiver's decryption, as docs/companies/alphapay.md describes it. */
    static String decrypt(String key, String nonce, String associatedData, String ciphertext) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "AES"),
                new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
        cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
        return new String(cipher.doFinal(Base64.getDecoder().decode(ciphertext)), StandardCharsets.UTF_8);
    }

    @Test
    void encryptingTheVectorGivesExactlyItsCiphertext() {
        assertEquals(CIPHERTEXT, AesGcm.encrypt(KEY, NONCE, AAD, PLAINTEXT));
    }

    @Test
    void theCiphertextIsThePlaintextsLengthPlusTheSixteenByteTag() {
        assertEquals(PLAINTEXT.getBytes(StandardCharsets.UTF_8).length + 16, Base64.getDecoder().decode(CIPHERTEXT).length);
    }

    @Test
    void aReceiverDecryptsItWithTheKeyNonceAndAssociatedData() throws Exception {
        String text = "{\"out_trade_no\":\"测试\"}";
        assertEquals(text, decrypt(KEY, NONCE, AAD, AesGcm.encrypt(KEY, NONCE, AAD, text)));
        assertEquals(PLAINTEXT, decrypt(KEY, NONCE, AAD, CIPHERTEXT));
    }

    @Test
    void anotherKeyAssociatedDataOrNonceDoesNotDecrypt() {
        String ciphertext = AesGcm.encrypt(KEY, NONCE, AAD, PLAINTEXT);
        String otherKey = "A" + KEY.substring(1).replace('A', 'B');
        assertThrows(AEADBadTagException.class, () -> decrypt(otherKey, NONCE, AAD, ciphertext));
        assertThrows(AEADBadTagException.class, () -> decrypt(KEY, NONCE, "refund", ciphertext));
        assertThrows(AEADBadTagException.class, () -> decrypt(KEY, NONCE, "", ciphertext));
        assertThrows(AEADBadTagException.class, () -> decrypt(KEY, "nVq3Xe7LpT2K", AAD, ciphertext));
    }

    @Test
    void aChangedCiphertextDoesNotDecrypt() {
        byte[] bytes = Base64.getDecoder().decode(CIPHERTEXT);
        bytes[3] ^= 1;
        String tampered = Base64.getEncoder().encodeToString(bytes);
        assertThrows(AEADBadTagException.class, () -> decrypt(KEY, NONCE, AAD, tampered));
    }

    @Test
    void theKeyMustBeThirtyTwoBytes() {
        assertThrows(IllegalArgumentException.class, () -> AesGcm.encrypt(KEY.substring(1), NONCE, AAD, PLAINTEXT));
        assertThrows(IllegalArgumentException.class, () -> AesGcm.encrypt(KEY + "x", NONCE, AAD, PLAINTEXT));
        assertThrows(IllegalArgumentException.class, () -> AesGcm.encrypt(KEY, "", AAD, PLAINTEXT));
    }
}
