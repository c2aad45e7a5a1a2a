package org.cbec.sandbox.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AEAD_AES_256_GCM as alphapay's callbacks apply it to their resource: the key is the account's
 * API v3 key (32 ASCII characters, its UTF-8 bytes), the IV the resource's nonce and the associated
 * data its {@code associated_data}, both as UTF-8 bytes; the result is the ciphertext with the
 * 128-bit tag appended (as {@code AES/GCM/NoPadding} writes it), Base64 with padding.
 */
public final class AesGcm {

    static final int TAG_BITS = 128;
    static final int KEY_BYTES = 32;

    private AesGcm() {
    }

    /** @throws IllegalArgumentException when the key is not 32 bytes or the nonce is empty */
    public static String encrypt(String key, String nonce, String associatedData, String plaintext) {
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        byte[] iv = nonce.getBytes(StandardCharsets.UTF_8);
        if (k.length != KEY_BYTES) {
            throw new IllegalArgumentException("an AES-256 key is 32 bytes");
        }
        if (iv.length == 0) {
            throw new IllegalArgumentException("no nonce");
        }
        try {
            // A Cipher per call: not thread-safe, and GCM refuses a second encryption under one IV anyway.
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(k, "AES"), new GCMParameterSpec(TAG_BITS, iv));
            cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }
}
