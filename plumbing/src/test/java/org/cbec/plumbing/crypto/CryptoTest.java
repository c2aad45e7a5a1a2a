package org.cbec.plumbing.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import org.junit.jupiter.api.Test;

class CryptoTest {

    static final KeyPair KEYS = Rsa.newKeyPair();

    @Test
    void pemTextRoundTripsInTheFormOpenSslWrites() {
        String priv = Pem.privateKeyPem(KEYS.getPrivate());
        String pub = Pem.publicKeyPem(KEYS.getPublic());
        assertTrue(priv.startsWith("-----BEGIN PRIVATE KEY-----\n") && priv.endsWith("-----END PRIVATE KEY-----\n"));
        assertTrue(pub.startsWith("-----BEGIN PUBLIC KEY-----\n"));
        assertTrue(priv.lines().allMatch(l -> l.length() <= 64));
        assertEquals(KEYS.getPrivate(), Pem.privateKey(priv));
        assertEquals(KEYS.getPublic(), Pem.publicKey(pub));
    }

    @Test
    void aKeyOfTheOtherKindIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(Pem.privateKeyPem(KEYS.getPrivate())));
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(Pem.publicKeyPem(KEYS.getPublic())));
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey("-----BEGIN PUBLIC KEY-----\n!!\n-----END PUBLIC KEY-----"));
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(null));
    }

    @Test
    void aSignatureVerifiesOnlyOverItsTextWithItsKey() {
        String sig = Rsa.sign(KEYS.getPrivate(), "text");
        assertTrue(Rsa.verify(KEYS.getPublic(), "text", sig));
        assertFalse(Rsa.verify(KEYS.getPublic(), "text ", sig));
        assertFalse(Rsa.verify(Rsa.newKeyPair().getPublic(), "text", sig));
    }

    @Test
    void malformedSignaturesAreJustNo() {
        for (String bad : new String[] {null, "", "%%%", "AAAA", "c2ln"}) {
            assertFalse(Rsa.verify(KEYS.getPublic(), "text", bad));
        }
        assertFalse(Rsa.verify(null, "text", Rsa.sign(KEYS.getPrivate(), "text")));
    }

    @Test
    void oaepRoundTripsUtf8AndRefusesJunk() {
        assertEquals("张三·李", Oaep.decrypt(KEYS.getPrivate(), Oaep.encrypt(KEYS.getPublic(), "张三·李")));
        assertThrows(IllegalArgumentException.class, () -> Oaep.decrypt(KEYS.getPrivate(), "not base64!"));
        assertThrows(IllegalArgumentException.class, () -> Oaep.decrypt(KEYS.getPrivate(), "AAAA"));
        assertThrows(IllegalArgumentException.class, () -> Oaep.decrypt(KEYS.getPrivate(), ""));
    }
}
