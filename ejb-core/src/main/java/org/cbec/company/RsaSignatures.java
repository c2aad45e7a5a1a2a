package org.cbec.company;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.util.Base64;
import java.util.Objects;

/**
 * SHA256withRSA (PKCS#1 v1.5) over UTF-8 text, Base64 with padding: the one signature both
 * simulated companies use, so their protocol classes only decide <em>what</em> text is signed.
 */
public final class RsaSignatures {

    private static final String ALGORITHM = "SHA256withRSA";

    private RsaSignatures() {
    }

    /** Signs the UTF-8 bytes of the message; standard Base64 with padding. */
    public static String sign(PrivateKey key, String message) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(message, "message");
        try {
            Signature signer = Signature.getInstance(ALGORITHM);
            signer.initSign(key);
            signer.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signer.sign());
        } catch (GeneralSecurityException e) {
            // No cause: a provider message about an unusable key should not travel with key details.
            throw new IllegalArgumentException("key cannot make " + ALGORITHM + " signatures");
        }
    }

    /**
     * Whether the signature is valid for the message. Never throws: every input here comes from
     * the network, and a malformed one is simply not a valid signature.
     */
    public static boolean verify(PublicKey key, String message, String base64Signature) {
        if (key == null || message == null || base64Signature == null) {
            return false;
        }
        try {
            byte[] signature = Base64.getDecoder().decode(base64Signature);
            Signature verifier = Signature.getInstance(ALGORITHM);
            verifier.initVerify(key);
            verifier.update(message.getBytes(StandardCharsets.UTF_8));
            return verifier.verify(signature);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }
}
