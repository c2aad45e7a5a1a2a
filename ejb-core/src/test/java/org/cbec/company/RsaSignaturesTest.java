package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RsaSignaturesTest {

    private static KeyPair pair;
    private static KeyPair other;

    @BeforeAll
    static void generate() {
        pair = Pem.newRsaKeyPair();
        other = Pem.newRsaKeyPair();
    }

    @Test
    void signatureVerifiesWithTheMatchingPublicKey() {
        String signature = RsaSignatures.sign(pair.getPrivate(), "hello 中文");
        assertTrue(RsaSignatures.verify(pair.getPublic(), "hello 中文", signature));
    }

    @Test
    void signatureIsPaddedStandardBase64Of256Bytes() {
        String signature = RsaSignatures.sign(pair.getPrivate(), "m");
        assertEquals(256, Base64.getDecoder().decode(signature).length);
        assertEquals(344, signature.length());
        assertTrue(signature.endsWith("="));
    }

    @Test
    void pkcs1v15SignaturesAreDeterministic() {
        assertEquals(RsaSignatures.sign(pair.getPrivate(), "same"), RsaSignatures.sign(pair.getPrivate(), "same"));
    }

    @Test
    void tamperedMessageFails() {
        String signature = RsaSignatures.sign(pair.getPrivate(), "amount=100");
        assertFalse(RsaSignatures.verify(pair.getPublic(), "amount=101", signature));
    }

    @Test
    void tamperedSignatureFails() {
        byte[] raw = Base64.getDecoder().decode(RsaSignatures.sign(pair.getPrivate(), "m"));
        raw[10] ^= 1;
        assertFalse(RsaSignatures.verify(pair.getPublic(), "m", Base64.getEncoder().encodeToString(raw)));
    }

    @Test
    void otherKeyFails() {
        String signature = RsaSignatures.sign(pair.getPrivate(), "m");
        assertFalse(RsaSignatures.verify(other.getPublic(), "m", signature));
    }

    @Test
    void garbageBase64FailsWithoutThrowing() {
        assertDoesNotThrow(() -> assertFalse(RsaSignatures.verify(pair.getPublic(), "m", "not base64!!")));
        assertFalse(RsaSignatures.verify(pair.getPublic(), "m", ""));
        assertFalse(RsaSignatures.verify(pair.getPublic(), "m", "AAAA"));
    }

    @Test
    void nullsFailWithoutThrowing() {
        String signature = RsaSignatures.sign(pair.getPrivate(), "m");
        assertFalse(RsaSignatures.verify(null, "m", signature));
        assertFalse(RsaSignatures.verify(pair.getPublic(), null, signature));
        assertFalse(RsaSignatures.verify(pair.getPublic(), "m", null));
    }
}
