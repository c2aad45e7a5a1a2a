package org.cbec.company.alphapay;

import java.security.PublicKey;
import org.cbec.plumbing.crypto.Oaep;

/**
 * alphapay's protection of personal data in requests (identity numbers, names): RSA-OAEP with
 * SHA-1/MGF1 under the company's public key, Base64, as wallet companies require for such fields
 * ({@link Oaep}). Only the company can read them; the broker's stored exchanges hold the ciphertext.
 * (A known ciphertext, and how the company reads it: docs/companies/vectors/alphapay/personal-data.txt.)
 */
public final class AlphapaySensitive {

    private AlphapaySensitive() {
    }

    public static String encrypt(PublicKey companyKey, String plain) {
        return Oaep.encrypt(companyKey, plain);
    }
}
