package org.cbec.plumbing.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.NoSuchAlgorithmException;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * RSA keys as PEM text, the form in which payment companies and merchants exchange them
 * (docs/companies/README.md): private keys as PKCS#8 ({@code PRIVATE KEY}), public keys as X.509
 * SubjectPublicKeyInfo ({@code PUBLIC KEY}). Only these two algorithm-neutral containers are read, so
 * nothing has to guess a layout; the label is checked, so a private key handed over as a public one
 * is refused. Reading tolerates white space and line breaks anywhere in the Base64; writing uses
 * 64-character lines, as OpenSSL does and RFC 7468 asks.
 *
 * <p>A refusal is an {@link IllegalArgumentException} whose message never quotes the input (it may
 * be a private key) and which carries no cause (a provider's message may quote the encoding).
 */
public final class Pem {

    private static final String PRIVATE = "PRIVATE KEY";
    private static final String PUBLIC = "PUBLIC KEY";

    static final String NOT_PRIVATE = "not a PKCS#8 RSA private key in PEM";
    static final String NOT_PUBLIC = "not an X.509 RSA public key in PEM";

    /** Keys held per kind, at most this many each. */
    static final int CACHED = 256;

    /**
     * Keys already read, by their PEM text: the broker reads a merchant's keys from its database as
     * text for every call to a company, and parsing them each time was a measurable share of a
     * call. A changed key is a different text. Bounded, the least recently used dropped first.
     */
    private static final Map<String, PrivateKey> PRIVATE_KEYS = cache();
    private static final Map<String, PublicKey> PUBLIC_KEYS = cache();

    private static final Base64.Encoder LINES = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII));

    private Pem() {
    }

    /** Reads a {@code BEGIN PRIVATE KEY} PEM holding an RSA key. */
    public static PrivateKey privateKey(String pem) {
        if (pem == null) {
            throw new IllegalArgumentException(NOT_PRIVATE);
        }
        return PRIVATE_KEYS.computeIfAbsent(pem, Pem::readPrivateKey);
    }

    /** Reads a {@code BEGIN PUBLIC KEY} PEM holding an RSA key. */
    public static PublicKey publicKey(String pem) {
        if (pem == null) {
            throw new IllegalArgumentException(NOT_PUBLIC);
        }
        return PUBLIC_KEYS.computeIfAbsent(pem, Pem::readPublicKey);
    }

    /** A private key as PKCS#8 PEM. */
    public static String privateKeyPem(PrivateKey key) {
        if (key == null || !"PKCS#8".equals(key.getFormat()) || key.getEncoded() == null) {
            throw new IllegalArgumentException("the private key has no PKCS#8 encoding");
        }
        return armour(PRIVATE, key.getEncoded());
    }

    /** A public key as X.509 SubjectPublicKeyInfo PEM. */
    public static String publicKeyPem(PublicKey key) {
        if (key == null || !"X.509".equals(key.getFormat()) || key.getEncoded() == null) {
            throw new IllegalArgumentException("the public key has no X.509 encoding");
        }
        return armour(PUBLIC, key.getEncoded());
    }

    private static PrivateKey readPrivateKey(String pem) {
        byte[] der = unarmour(PRIVATE, pem, NOT_PRIVATE);
        try {
            PrivateKey key = rsa().generatePrivate(new PKCS8EncodedKeySpec(der));
            if (!(key instanceof RSAPrivateKey)) {
                throw new IllegalArgumentException(NOT_PRIVATE);
            }
            return key;
        } catch (GeneralSecurityException | RuntimeException e) {
            throw new IllegalArgumentException(NOT_PRIVATE);
        }
    }

    private static PublicKey readPublicKey(String pem) {
        byte[] der = unarmour(PUBLIC, pem, NOT_PUBLIC);
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

    private static String armour(String label, byte[] der) {
        return "-----BEGIN " + label + "-----\n" + LINES.encodeToString(der) + "\n-----END " + label + "-----\n";
    }

    private static byte[] unarmour(String label, String pem, String refusal) {
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        String text = pem.strip();
        if (text.length() < begin.length() + end.length() || !text.startsWith(begin) || !text.endsWith(end)) {
            throw new IllegalArgumentException(refusal);
        }
        String base64 = text.substring(begin.length(), text.length() - end.length()).replaceAll("\\s+", "");
        if (base64.isEmpty()) {
            throw new IllegalArgumentException(refusal);
        }
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            // The decoder's message can quote a character of the key.
            throw new IllegalArgumentException(refusal);
        }
    }

    private static KeyFactory rsa() throws NoSuchAlgorithmException {
        return KeyFactory.getInstance("RSA");
    }

    private static <K> Map<String, K> cache() {
        return Collections.synchronizedMap(new LinkedHashMap<>(64, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, K> eldest) {
                return size() > CACHED;
            }
        });
    }
}
