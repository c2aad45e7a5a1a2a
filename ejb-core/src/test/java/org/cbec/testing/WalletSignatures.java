package org.cbec.testing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PublicKey;
import java.security.Signature;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The wallet-invocation signatures as a wallet checks them, written here from the README's protocol
 * section with the JDK only, so that a test of the broker's invocation does not check the broker's
 * signing code with itself. Alphapay's wallet checks are in {@link AlphapayCompanySide}.
 */
public final class WalletSignatures {

    private WalletSignatures() {
    }

    /** The public half of a PKCS#8 PEM RSA private key (its modulus and public exponent). */
    public static PublicKey publicKeyOf(String privateKeyPem) {
        try {
            String base64 = privateKeyPem.replace("-----BEGIN PRIVATE KEY-----", "").replace("-----END PRIVATE KEY-----", "")
                    .replaceAll("\\s", "");
            KeyFactory rsa = KeyFactory.getInstance("RSA");
            RSAPrivateCrtKey key = (RSAPrivateCrtKey) rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(base64)));
            return rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent()));
        } catch (GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    /** betapay: sign over the other non-empty parameters sorted by name, raw name=value joined by &. */
    public static boolean betapay(PublicKey merchantKey, Map<String, String> p) {
        StringJoiner text = new StringJoiner("&");
        new TreeMap<>(p).forEach((k, v) -> {
            if (!k.equals("sign") && v != null && !v.isEmpty()) {
                text.add(k + "=" + v);
            }
        });
        return verify(merchantKey, text.toString(), p.get("sign"));
    }

    private static boolean verify(PublicKey key, String text, String base64) {
        if (base64 == null) {
            return false;
        }
        try {
            Signature s = Signature.getInstance("SHA256withRSA");
            s.initVerify(key);
            s.update(text.getBytes(StandardCharsets.UTF_8));
            return s.verify(Base64.getDecoder().decode(base64));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            return false;
        }
    }
}
