package org.cbec.plumbing.crypto;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class RsaTest {

    private static KeyPair pair;
    private static KeyPair other;

    @BeforeAll
    static void generate() {
        pair = Rsa.newKeyPair();
        other = Rsa.newKeyPair();
    }

    @Test
    void signatureVerifiesWithTheMatchingPublicKey() {
        String signature = Rsa.sign(pair.getPrivate(), "hello 中文");
        assertTrue(Rsa.verify(pair.getPublic(), "hello 中文", signature));
    }

    @Test
    void signatureIsPaddedStandardBase64Of256Bytes() {
        String signature = Rsa.sign(pair.getPrivate(), "m");
        assertEquals(256, Base64.getDecoder().decode(signature).length);
        assertEquals(344, signature.length());
        assertTrue(signature.endsWith("="));
    }

    @Test
    void pkcs1v15SignaturesAreDeterministic() {
        assertEquals(Rsa.sign(pair.getPrivate(), "same"), Rsa.sign(pair.getPrivate(), "same"));
    }

    @Test
    void tamperedMessageFails() {
        String signature = Rsa.sign(pair.getPrivate(), "amount=100");
        assertFalse(Rsa.verify(pair.getPublic(), "amount=101", signature));
    }

    @Test
    void tamperedSignatureFails() {
        byte[] raw = Base64.getDecoder().decode(Rsa.sign(pair.getPrivate(), "m"));
        raw[10] ^= 1;
        assertFalse(Rsa.verify(pair.getPublic(), "m", Base64.getEncoder().encodeToString(raw)));
    }

    @Test
    void otherKeyFails() {
        String signature = Rsa.sign(pair.getPrivate(), "m");
        assertFalse(Rsa.verify(other.getPublic(), "m", signature));
    }

    @Test
    void garbageBase64FailsWithoutThrowing() {
        assertDoesNotThrow(() -> assertFalse(Rsa.verify(pair.getPublic(), "m", "not base64!!")));
        assertFalse(Rsa.verify(pair.getPublic(), "m", ""));
        assertFalse(Rsa.verify(pair.getPublic(), "m", "AAAA"));
    }

    @Test
    void nullsFailWithoutThrowing() {
        String signature = Rsa.sign(pair.getPrivate(), "m");
        assertFalse(Rsa.verify(null, "m", signature));
        assertFalse(Rsa.verify(pair.getPublic(), (String) null, signature));
        assertFalse(Rsa.verify(pair.getPublic(), "m", null));
    }
}
