package org.cbec.plumbing.crypto;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPublicKey;
import java.util.Base64;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class PemTest {

    private static KeyPair pair;

    @BeforeAll
    static void generate() {
        pair = Rsa.newKeyPair();
    }

    @Test
    void newKeyPairIsRsa2048() {
        assertEquals("RSA", pair.getPublic().getAlgorithm());
        assertEquals(2048, ((RSAPublicKey) pair.getPublic()).getModulus().bitLength());
    }

    @Test
    void privateKeyRoundTripsThroughPkcs8Pem() {
        String pem = Pem.privateKeyPem(pair.getPrivate());
        assertTrue(pem.startsWith("-----BEGIN PRIVATE KEY-----\n"), pem.substring(0, 30));
        assertTrue(pem.endsWith("\n-----END PRIVATE KEY-----\n"));
        PrivateKey read = Pem.privateKey(pem);
        assertArrayEquals(pair.getPrivate().getEncoded(), read.getEncoded());
    }

    @Test
    void publicKeyRoundTripsThroughX509Pem() {
        String pem = Pem.publicKeyPem(pair.getPublic());
        assertTrue(pem.startsWith("-----BEGIN PUBLIC KEY-----\n"));
        assertTrue(pem.endsWith("\n-----END PUBLIC KEY-----\n"));
        PublicKey read = Pem.publicKey(pem);
        assertEquals(pair.getPublic(), read);
    }

    @Test
    void pemBodyLinesAreAtMost64Characters() {
        String[] lines = Pem.privateKeyPem(pair.getPrivate()).split("\n");
        for (int i = 1; i < lines.length - 1; i++) {
            assertTrue(lines[i].length() <= 64, "line " + i);
        }
        assertEquals(64, lines[1].length());
    }

    @Test
    void readingToleratesCrLfIndentationAndSurroundingBlankLines() {
        String pem = Pem.publicKeyPem(pair.getPublic()).replace("\n", "\r\n  ");
        assertEquals(pair.getPublic(), Pem.publicKey("\n\n" + pem + "\n"));
    }

    @Test
    void readingToleratesAllBase64OnOneLine() {
        String oneLine = "-----BEGIN PRIVATE KEY-----"
                + Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded()) + "-----END PRIVATE KEY-----";
        assertArrayEquals(pair.getPrivate().getEncoded(), Pem.privateKey(oneLine).getEncoded());
    }

    @Test
    void garbageIsRejectedWithoutEchoingTheInput() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pem.privateKey("secret-garbage"));
        assertEquals("not a PKCS#8 RSA private key in PEM", e.getMessage());
        assertFalse(e.getMessage().contains("secret"));
    }

    @Test
    void nullAndEmptyAreRejected() {
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(null));
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(null));
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(""));
        assertThrows(IllegalArgumentException.class,
                () -> Pem.privateKey("-----BEGIN PRIVATE KEY-----\n-----END PRIVATE KEY-----"));
    }

    @Test
    void publicPemIsNotAcceptedAsPrivateKeyAndViceVersa() {
        String publicPem = Pem.publicKeyPem(pair.getPublic());
        String privatePem = Pem.privateKeyPem(pair.getPrivate());
        assertEquals("not a PKCS#8 RSA private key in PEM",
                assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(publicPem)).getMessage());
        assertEquals("not an X.509 RSA public key in PEM",
                assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(privatePem)).getMessage());
    }

    @Test
    void pkcs1RsaPrivateKeyHeaderIsRejected() {
        String pkcs1 = Pem.privateKeyPem(pair.getPrivate()).replace("PRIVATE KEY", "RSA PRIVATE KEY");
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(pkcs1));
    }

    @Test
    void invalidBase64InsideArmourIsRejectedWithoutEchoingIt() {
        String pem = "-----BEGIN PRIVATE KEY-----\nMII*secret*\n-----END PRIVATE KEY-----";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(pem));
        assertFalse(e.getMessage().contains("secret"));
        assertEquals(null, e.getCause());
    }

    @Test
    void validArmourAroundNonKeyBytesIsRejected() {
        String pem = "-----BEGIN PRIVATE KEY-----\n" + Base64.getEncoder().encodeToString(new byte[] {1, 2, 3, 4})
                + "\n-----END PRIVATE KEY-----";
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(pem));
    }

    @Test
    void ecKeysAreRejected() throws Exception {
        KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
        ec.initialize(256);
        KeyPair ecPair = ec.generateKeyPair();
        String privatePem = "-----BEGIN PRIVATE KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(ecPair.getPrivate().getEncoded()) + "\n-----END PRIVATE KEY-----";
        String publicPem = "-----BEGIN PUBLIC KEY-----\n"
                + Base64.getMimeEncoder().encodeToString(ecPair.getPublic().getEncoded()) + "\n-----END PUBLIC KEY-----";
        assertThrows(IllegalArgumentException.class, () -> Pem.privateKey(privatePem));
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(publicPem));
    }

    @Test
    void trailingTextAfterTheArmourIsRejected() {
        String pem = Pem.publicKeyPem(pair.getPublic()) + "extra";
        assertThrows(IllegalArgumentException.class, () -> Pem.publicKey(pem));
    }
}
