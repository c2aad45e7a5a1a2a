package org.cbec.plumbing.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.Base64;
import java.util.Objects;

/**
 * RSA-2048 key pairs, the size every company here accepts, and SHA256withRSA (RSASSA-PKCS1-v1_5)
 * signatures, standard Base64 with padding. Text is signed as its UTF-8 bytes.
 */
public final class Rsa {

    private static final String ALGORITHM = "SHA256withRSA";
    private static final int BITS = 2048;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Rsa() {
    }

    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(BITS, RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA is required by every Java platform", e);
        }
    }

    public static String sign(PrivateKey key, String text) {
        Objects.requireNonNull(text, "text");
        return sign(key, text.getBytes(StandardCharsets.UTF_8));
    }

    /** @throws IllegalArgumentException when the key cannot sign (no cause: a provider's message may describe the key) */
    public static String sign(PrivateKey key, byte[] text) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(text, "text");
        try {
            // Signature objects are not thread-safe: one per call (cheap next to the RSA operation).
            Signature signer = Signature.getInstance(ALGORITHM);
            signer.initSign(key);
            signer.update(text);
            return Base64.getEncoder().encodeToString(signer.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("the key cannot make " + ALGORITHM + " signatures");
        }
    }

    public static boolean verify(PublicKey key, String text, String base64Signature) {
        return text != null && verify(key, text.getBytes(StandardCharsets.UTF_8), base64Signature);
    }

    /**
     * Whether {@code base64Signature} is a signature of {@code text} by the holder of {@code key}.
     * Never throws: what is verified comes from the network, and anything malformed (not Base64, the
     * wrong length, no key, no text) is simply not a valid signature.
     */
    public static boolean verify(PublicKey key, byte[] text, String base64Signature) {
        if (key == null || text == null || base64Signature == null || base64Signature.isEmpty()) {
            return false;
        }
        try {
            byte[] raw = Base64.getDecoder().decode(base64Signature);
            Signature verifier = Signature.getInstance(ALGORITHM);
            verifier.initVerify(key);
            verifier.update(text);
            return verifier.verify(raw);
        } catch (GeneralSecurityException | RuntimeException e) {
            return false;
        }
    }
}
