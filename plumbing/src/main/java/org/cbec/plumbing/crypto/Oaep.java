package org.cbec.plumbing.crypto;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.MGF1ParameterSpec;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.OAEPParameterSpec;
import javax.crypto.spec.PSource;

/**
 * RSA-OAEP with SHA-1 as the digest and for MGF1, empty label, of UTF-8 text, Base64 with padding
 * (how alphapay's merchants send personal data, docs/companies/alphapay.md). The parameters are
 * spelled out rather than left to the provider's defaults for
 * {@code OAEPWithSHA-1AndMGF1Padding}, because providers disagree on the MGF1 digest of that name.
 */
public final class Oaep {

    private static final String TRANSFORMATION = "RSA/ECB/OAEPPadding";
    private static final OAEPParameterSpec SHA1_MGF1_SHA1 =
            new OAEPParameterSpec("SHA-1", "MGF1", MGF1ParameterSpec.SHA1, PSource.PSpecified.DEFAULT);

    private Oaep() {
    }

    /** OAEP is randomised: each call gives another ciphertext of the same text. */
    public static String encrypt(PublicKey key, String text) {
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.ENCRYPT_MODE, key, SHA1_MGF1_SHA1);
            return Base64.getEncoder().encodeToString(cipher.doFinal(text.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            // No cause, no text: what failed to be encrypted is personal data.
            throw new IllegalStateException("cannot encrypt with this key");
        }
    }

    /** @throws IllegalArgumentException when the text is not Base64 of a ciphertext of UTF-8 text under this key's public half */
    public static String decrypt(PrivateKey key, String base64) {
        if (base64 == null || base64.isEmpty()) {
            throw new IllegalArgumentException("no ciphertext");
        }
        try {
            Cipher cipher = Cipher.getInstance(TRANSFORMATION);
            cipher.init(Cipher.DECRYPT_MODE, key, SHA1_MGF1_SHA1);
            byte[] plain = cipher.doFinal(Base64.getDecoder().decode(base64));
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(plain)).toString();
        } catch (GeneralSecurityException | CharacterCodingException | IllegalArgumentException e) {
            // No detail: why a ciphertext fails is nothing its sender should learn.
            throw new IllegalArgumentException("cannot be decrypted with this key");
        }
    }
}
