package org.cbec.sandbox.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.util.Base64;

/** RSA-2048 key pairs and SHA256withRSA (RSASSA-PKCS1-v1_5) signatures, Base64 with padding. */
public final class Rsa {

    private static final String ALGORITHM = "SHA256withRSA";
    private static final SecureRandom RANDOM = new SecureRandom();

    private Rsa() {
    }

    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048, RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("RSA key generation is not available", e);
        }
    }

    public static String sign(PrivateKey key, String text) {
        return sign(key, text.getBytes(StandardCharsets.UTF_8));
    }

    public static String sign(PrivateKey key, byte[] text) {
        try {
            // Signature objects are not thread-safe: one per call (cheap next to the RSA operation).
            Signature signature = Signature.getInstance(ALGORITHM);
            signature.initSign(key);
            signature.update(text);
            return Base64.getEncoder().encodeToString(signature.sign());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot sign with this key", e);
        }
    }

    public static boolean verify(PublicKey key, String text, String base64Signature) {
        return verify(key, text.getBytes(StandardCharsets.UTF_8), base64Signature);
    }

    /**
     * Whether {@code base64Signature} is a signature of {@code text} by the holder of {@code key}.
     * Anything malformed (not Base64, wrong length, no key) is simply "no": the caller answers a
     * refusal either way, and a verifier that throws on hostile input is a 500 waiting to happen.
     */
    public static boolean verify(PublicKey key, byte[] text, String base64Signature) {
        if (key == null || text == null || base64Signature == null || base64Signature.isEmpty()) {
            return false;
        }
        try {
            byte[] raw = Base64.getDecoder().decode(base64Signature);
            Signature signature = Signature.getInstance(ALGORITHM);
            signature.initVerify(key);
            signature.update(text);
            return signature.verify(raw);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            return false;
        }
    }
}
