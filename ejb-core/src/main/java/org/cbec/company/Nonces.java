package org.cbec.company;

import java.security.SecureRandom;

/**
 * Random nonces for signed messages. Letters and digits only, so a nonce can sit inside a quoted
 * header parameter, a form field or JSON without any escaping.
 */
public final class Nonces {

    private static final char[] ALPHABET =
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".toCharArray();
    private static final int LENGTH = 32;
    private static final SecureRandom RANDOM = new SecureRandom();

    private Nonces() {
    }

    /** 32 characters from [A-Za-z0-9], about 190 random bits. */
    public static String newNonce() {
        char[] nonce = new char[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            // nextInt(bound) is unbiased, unlike taking a random byte modulo 62.
            nonce[i] = ALPHABET[RANDOM.nextInt(ALPHABET.length)];
        }
        return new String(nonce);
    }
}
