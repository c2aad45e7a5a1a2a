package org.cbec.company;

import java.security.PrivateKey;
import java.security.PublicKey;
import org.cbec.plumbing.crypto.Rsa;

/**
 * The name under which the companies' side of both protocols in {@code org.cbec.testing}
 * ({@code AlphapayCompanySide}, {@code BetapayCompanySide} and their tests) signs and verifies: the
 * signature itself is plumbing's {@link Rsa}, as in the broker's own adapters. Test code only; goes
 * when those classes name {@link Rsa} themselves.
 */
public final class RsaSignatures {

    private RsaSignatures() {
    }

    public static String sign(PrivateKey key, String message) {
        return Rsa.sign(key, message);
    }

    public static boolean verify(PublicKey key, String message, String base64Signature) {
        return Rsa.verify(key, message, base64Signature);
    }
}
