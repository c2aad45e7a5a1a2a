package org.cbec.platform.crypto;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The key-encryption keys, newest last, and the sealed form of a value:
 * {@code A256GCM:<key id>:<base64url(nonce | ciphertext | tag)>}. The key id beside the ciphertext
 * says which key opens it; the context (which table, row and field the value belongs to) is
 * authenticated with it, so a sealed value copied to another row or field does not open.
 * <p>
 * Written as {@code id:base64key[,id:base64key...]}: each key 32 bytes in standard base64, ids of
 * letters, digits, {@code -} and {@code _}. New values are sealed under the last key.
 */
public final class KeyRing {

    public static final String PREFIX = "A256GCM:";

    private static final Pattern ID = Pattern.compile("[A-Za-z0-9_-]{1,32}");
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Map<String, SecretKey> keys;
    private final String newest;

    private KeyRing(Map<String, SecretKey> keys, String newest) {
        this.keys = keys;
        this.newest = newest;
    }

    /**
     * The keys written in {@code spec}. The message of a refusal names the entry by position, never
     * a key's bytes.
     */
    public static KeyRing parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("no key-encryption key is configured (credentials.key, CREDENTIALS_KEY)");
        }
        Map<String, SecretKey> keys = new LinkedHashMap<>();
        String newest = null;
        List<String> entries = List.of(spec.trim().split("\\s*,\\s*"));
        for (int i = 0; i < entries.size(); i++) {
            String entry = entries.get(i);
            int colon = entry.indexOf(':');
            String id = colon < 0 ? "" : entry.substring(0, colon);
            if (!ID.matcher(id).matches()) {
                throw new IllegalArgumentException("credentials.key entry " + (i + 1) + " is not id:base64key (an id of letters, digits, - or _)");
            }
            byte[] key;
            try {
                key = Base64.getDecoder().decode(entry.substring(colon + 1));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("credentials.key entry " + id + " is not base64");
            }
            if (key.length != 32) {
                throw new IllegalArgumentException("credentials.key entry " + id + " must be 32 bytes (AES-256), not " + key.length);
            }
            if (keys.put(id, new SecretKeySpec(key, "AES")) != null) {
                throw new IllegalArgumentException("credentials.key names the key id " + id + " twice");
            }
            newest = id;
        }
        return new KeyRing(Map.copyOf(keys), newest);
    }

    /** The id of the key new values are sealed under. */
    public String newestId() {
        return newest;
    }

    /** Whether {@code value} is in the sealed form (else it is a value stored before sealing existed). */
    public static boolean isSealed(String value) {
        return value != null && value.startsWith(PREFIX);
    }

    /** The id of the key {@code sealed} was sealed under. */
    public static String keyIdOf(String sealed) {
        if (!isSealed(sealed)) {
            throw new IllegalArgumentException("not a sealed value");
        }
        int end = sealed.indexOf(':', PREFIX.length());
        if (end < 0) {
            throw new IllegalArgumentException("a sealed value without its key id");
        }
        return sealed.substring(PREFIX.length(), end);
    }

    /** Whether {@code value} is sealed under the newest key (nothing to do for a rotation). */
    public boolean isCurrent(String value) {
        return isSealed(value) && newest.equals(keyIdOf(value));
    }

    /** {@code plain} sealed under the newest key, bound to {@code context}. */
    public String seal(String plain, String context) {
        byte[] nonce = new byte[NONCE_BYTES];
        RANDOM.nextBytes(nonce);
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, keys.get(newest), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(aad(newest, context));
            byte[] sealed = cipher.doFinal(plain.getBytes(StandardCharsets.UTF_8));
            byte[] out = new byte[NONCE_BYTES + sealed.length];
            System.arraycopy(nonce, 0, out, 0, NONCE_BYTES);
            System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
            return PREFIX + newest + ":" + Base64.getUrlEncoder().withoutPadding().encodeToString(out);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /**
     * The value {@code sealed} holds. Refused (without the value in the message) when its key is not
     * in this ring, or when it was altered or sealed for another context.
     */
    public String open(String sealed, String context) {
        String id = keyIdOf(sealed);
        SecretKey key = keys.get(id);
        if (key == null) {
            throw new IllegalStateException("a value sealed under key-encryption key " + id + ", which credentials.key no longer holds");
        }
        byte[] in;
        try {
            in = Base64.getUrlDecoder().decode(sealed.substring(PREFIX.length() + id.length() + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("a sealed value under key " + id + " is damaged");
        }
        if (in.length < NONCE_BYTES + TAG_BITS / 8) {
            throw new IllegalStateException("a sealed value under key " + id + " is damaged");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, NONCE_BYTES));
            cipher.updateAAD(aad(id, context));
            return new String(cipher.doFinal(in, NONCE_BYTES, in.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (javax.crypto.AEADBadTagException e) {
            throw new IllegalStateException("a sealed value under key " + id + " does not open for " + context + " (altered, or moved)");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM is not available", e);
        }
    }

    /** {@code value} sealed under the newest key: opened first if sealed under another. */
    public String resealed(String value, String context) {
        if (isCurrent(value)) {
            return value;
        }
        return seal(isSealed(value) ? open(value, context) : value, context);
    }

    private static byte[] aad(String keyId, String context) {
        return (keyId + "\n" + context).getBytes(StandardCharsets.UTF_8);
    }
}
