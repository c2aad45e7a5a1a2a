package org.cbec.access.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import org.cbec.access.entity.ApiService;

/**
 * Key text, key ids and key hashes.
 *
 * <p>A key carries 256 random bits, so a single SHA-256 is enough to store it: there is nothing to
 * guess that a slow password hash would protect, and checking a key stays cheap on every request.
 */
public final class KeyMaterial {

    /** Longer presented keys are refused before hashing: no key we issue is this long. */
    public static final int MAX_PRESENTED_LENGTH = 256;

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Base64.Encoder KEY_ENCODING = Base64.getUrlEncoder().withoutPadding();

    private KeyMaterial() {
    }

    /** A new key: a service prefix (so a leaked key is recognisable) and 256 random bits. */
    public static String newKey(ApiService service) {
        byte[] secret = new byte[32];
        RANDOM.nextBytes(secret);
        String prefix = service == ApiService.BROKER ? "cbk_" : "cck_";
        return prefix + KEY_ENCODING.encodeToString(secret);
    }

    /** A public handle to administer a key with; 80 random bits, unrelated to the key text. */
    public static String newKeyId() {
        byte[] id = new byte[10];
        RANDOM.nextBytes(id);
        return "key_" + HexFormat.of().formatHex(id);
    }

    /** Lower-case hex SHA-256 of the key text as UTF-8. */
    public static String hash(String keyText) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(keyText.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is required by every Java platform", e);
        }
    }

    /** Compares two hashes in time that does not depend on where they differ. */
    public static boolean sameHash(String expected, String actual) {
        if (expected == null || actual == null) {
            return false;
        }
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII), actual.getBytes(StandardCharsets.US_ASCII));
    }

    /** Whether a presented value is worth a look-up at all. */
    public static boolean plausible(String presented) {
        return presented != null && !presented.isBlank() && presented.length() <= MAX_PRESENTED_LENGTH;
    }
}
