package org.cbec.sandbox.alphapay;

import java.security.PrivateKey;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.crypto.Oaep;

/**
 * alphapay's personal data (cert_id, name, certificate_id, certificate_name) arrives OAEP-encrypted
 * under the company's public key. Decrypted only to be hashed at once: the clear text is never
 * stored, logged or echoed, and a failure says which member, not why.
 */
final class PersonalData {

    private PersonalData() {
    }

    static String decrypt(PrivateKey companyKey, String member, String ciphertext) {
        try {
            return Oaep.decrypt(companyKey, ciphertext);
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid(member, member + " must be encrypted with the company's public key (RSA-OAEP, Base64)");
        }
    }
}
