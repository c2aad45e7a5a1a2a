package org.cbec.company.alphapay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.util.Base64;
import javax.crypto.Cipher;

/**
 * alphapay's protection of personal data in requests (identity numbers, names): RSA-OAEP with
 * SHA-1/MGF1 under the company's public key, Base64, as wallet companies require for such fields.
 * Only the company can read them; the broker's stored exchanges hold the ciphertext. (The company's
 * reading is in the tests, {@code org.cbec.testing.AlphapayCompanySide}.)
 */
public final class AlphapaySensitive {

    private static final String TRANSFORMATION = "RSA/ECB/OAEPWithSHA-1AndMGF1Padding";

    private AlphapaySensitive() {
    }

    public static String encrypt(PublicKey companyKey, String plain) {
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, companyKey);
            return Base64.getEncoder().encodeToString(cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("personal data could not be encrypted");
        }
    }
}
