package org.cbec.sandbox.books;

import org.cbec.sandbox.crypto.Hashes;

/**
 * How a company remembers a payer's identity: the SHA-256 of the normalised name, {@code |} and the
 * ID number, never the text. Normalised so that the ways one name is commonly written compare
 * equal: spaces and ideographic spaces (U+3000) removed, the katakana middle dot (U+30FB) written
 * as the middle dot (U+00B7) that Chinese transliterated names use.
 */
public final class Identity {

    private Identity() {
    }

    /** The hash, or null when either part is missing (no identity was given). */
    public static String hash(String name, String idNumber) {
        if (name == null || idNumber == null) {
            return null;
        }
        return Hashes.sha256Hex(normalise(name) + "|" + idNumber);
    }

    static String normalise(String name) {
        return name.replace(" ", "").replace("\u3000", "").replace('\u30FB', '\u00B7');
    }
}
