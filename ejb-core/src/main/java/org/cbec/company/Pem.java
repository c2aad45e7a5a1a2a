package org.cbec.company;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * RSA keys as PEM text, the form in which payment companies and merchants exchange them.
 *
 * <p>Only the two standard, algorithm-neutral containers are accepted (PKCS#8 for private keys,
 * X.509 SubjectPublicKeyInfo for public keys), so one parser serves every company and nothing
 * has to guess the layout. Error messages never echo the input: it may be a private key.
 */
public final class Pem {

    /**
     * Keys already parsed, by their PEM text, one cache for each kind: every payment operation reads
     * its merchant's keys from the database as text, and parsing them each time was a measurable
     * share of a call. A changed key is a different text. Bounded, least recently used first out.
     */
    private static final java.util.Map<String, PrivateKey> PRIVATE_KEYS = parsedKeys();
    private static final java.util.Map<String, PublicKey> PUBLIC_KEYS = parsedKeys();

    private static <K> java.util.Map<String, K> parsedKeys() {
        return java.util.Collections.synchronizedMap(new java.util.LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(java.util.Map.Entry<String, K> eldest) {
                return size() > 256;
            }
        });
    }

    private static final String PRIVATE_BEGIN = "-----BEGIN PRIVATE KEY-----";
    private static final String PRIVATE_END = "-----END PRIVATE KEY-----";
    private static final String PUBLIC_BEGIN = "-----BEGIN PUBLIC KEY-----";
    private static final String PUBLIC_END = "-----END PUBLIC KEY-----";

    private static final String NOT_PRIVATE = "not a PKCS#8 RSA private key in PEM";
    private static final String NOT_PUBLIC = "not an X.509 RSA public key in PEM";

    /** 64-character lines as RFC 7468 asks, so other tools read what we write. */
    private static final Base64.Encoder LINES = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));

    private static final int RSA_BITS = 2048;

    private Pem() {
    }

    /** Reads a {@code BEGIN PRIVATE KEY} PEM holding an RSA key; tolerant of whitespace and line breaks. */
    public static PrivateKey privateKey(String pem) {
        return PRIVATE_KEYS.computeIfAbsent(pem, Pem::parsePrivateKey);
    }

    private static PrivateKey parsePrivateKey(String pem) {
        byte[] der = body(pem, PRIVATE_BEGIN, PRIVATE_END, NOT_PRIVATE);
        try {
            PrivateKey key = rsa().generatePrivate(new PKCS8EncodedKeySpec(der));
            if (!(key instanceof RSAPrivateKey)) {
                throw new IllegalArgumentException(NOT_PRIVATE);
            }
            return key;
        } catch (GeneralSecurityException | RuntimeException e) {
            // The cause is dropped on purpose: provider messages may quote parts of the encoding.
            throw new IllegalArgumentException(NOT_PRIVATE);
        }
    }

    /** Reads a {@code BEGIN PUBLIC KEY} PEM holding an RSA key; tolerant of whitespace and line breaks. */
    public static PublicKey publicKey(String pem) {
        return PUBLIC_KEYS.computeIfAbsent(pem, Pem::parsePublicKey);
    }

    private static PublicKey parsePublicKey(String pem) {
        byte[] der = body(pem, PUBLIC_BEGIN, PUBLIC_END, NOT_PUBLIC);
        try {
            PublicKey key = rsa().generatePublic(new X509EncodedKeySpec(der));
            if (!(key instanceof RSAPublicKey)) {
                throw new IllegalArgumentException(NOT_PUBLIC);
            }
            return key;
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException(NOT_PUBLIC);
        }
    }

    /** Writes a private key as PKCS#8 PEM with 64-character lines. */
    public static String pem(PrivateKey key) {
        if (key == null || !"PKCS#8".equals(key.getFormat()) || key.getEncoded() == null) {
            throw new IllegalArgumentException("private key has no PKCS#8 encoding");
        }
        return armour(key.getEncoded(), PRIVATE_BEGIN, PRIVATE_END);
    }

    /** Writes a public key as X.509 SubjectPublicKeyInfo PEM with 64-character lines. */
    public static String pem(PublicKey key) {
        if (key == null || !"X.509".equals(key.getFormat()) || key.getEncoded() == null) {
            throw new IllegalArgumentException("public key has no X.509 encoding");
        }
        return armour(key.getEncoded(), PUBLIC_BEGIN, PUBLIC_END);
    }

    /** A fresh RSA 2048 key pair, the size every company we talk to accepts. */
    public static KeyPair newRsaKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(RSA_BITS);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is required by every Java platform", e);
        }
    }

    private static byte[] body(String pem, String begin, String end, String error) {
        if (pem == null) {
            throw new IllegalArgumentException(error);
        }
        String text = pem.strip();
        if (!text.startsWith(begin) || !text.endsWith(end) || text.length() < begin.length() + end.length()) {
            throw new IllegalArgumentException(error);
        }
        String base64 = text.substring(begin.length(), text.length() - end.length()).replaceAll("\\s+", "");
        if (base64.isEmpty()) {
            throw new IllegalArgumentException(error);
        }
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            // Same reason as above: the decoder's message can quote a character of the key.
            throw new IllegalArgumentException(error);
        }
    }

    private static String armour(byte[] der, String begin, String end) {
        return begin + "\n" + LINES.encodeToString(der) + "\n" + end + "\n";
    }

    private static KeyFactory rsa() throws NoSuchAlgorithmException {
        return KeyFactory.getInstance("RSA");
    }
}
