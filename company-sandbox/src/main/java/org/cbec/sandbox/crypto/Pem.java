package org.cbec.sandbox.crypto;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * PEM text of RSA keys: private keys as PKCS#8 ({@code PRIVATE KEY}), public keys as X.509
 * SubjectPublicKeyInfo ({@code PUBLIC KEY}), the forms docs/companies/README.md names for an account's keys.
 */
public final class Pem {

    private static final String PRIVATE = "PRIVATE KEY";
    private static final String PUBLIC = "PUBLIC KEY";

    private Pem() {
    }

    public static String privateKeyPem(PrivateKey key) {
        return armour(PRIVATE, key.getEncoded());
    }

    public static String publicKeyPem(PublicKey key) {
        return armour(PUBLIC, key.getEncoded());
    }

    /** @throws IllegalArgumentException when the text is not a PKCS#8 RSA private key in PEM */
    public static PrivateKey privateKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(unarmour(PRIVATE, pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an RSA private key");
        }
    }

    /** @throws IllegalArgumentException when the text is not an X.509 RSA public key in PEM */
    public static PublicKey publicKey(String pem) {
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(unarmour(PUBLIC, pem)));
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not an RSA public key");
        }
    }

    private static String armour(String label, byte[] der) {
        // 64 characters a line, as OpenSSL writes it, so the text can be pasted into openssl.
        String base64 = Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der);
        return "-----BEGIN " + label + "-----\n" + base64 + "\n-----END " + label + "-----\n";
    }

    private static byte[] unarmour(String label, String pem) {
        if (pem == null) {
            throw new IllegalArgumentException("no key text");
        }
        String begin = "-----BEGIN " + label + "-----";
        String end = "-----END " + label + "-----";
        String text = pem.strip();
        // The label is checked, so a private key's text handed over as a public key is refused.
        if (!text.startsWith(begin) || !text.endsWith(end)) {
            throw new IllegalArgumentException("not a PEM " + label);
        }
        String body = text.substring(begin.length(), text.length() - end.length()).replaceAll("\\s", "");
        try {
            return Base64.getDecoder().decode(body);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a PEM " + label);
        }
    }
}
