package org.cbec.sandbox.alphapay;

import java.security.PrivateKey;
import org.cbec.plumbing.crypto.Oaep;
import org.cbec.sandbox.codec.Members;

/**
 * alphapay's personal data (cert_id, name, certificate_id, certificate_name, a receiver's name)
 * arrives OAEP-encrypted under the company's public key. An identity is decrypted only to be hashed
 * at once; a receiver's name only to go to the books, which keep it as the company knows its
 * receivers. The clear text is never logged or echoed, and a failure says which member, not why.
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
