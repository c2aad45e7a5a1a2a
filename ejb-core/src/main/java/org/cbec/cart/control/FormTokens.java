package org.cbec.cart.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The token in the shipping form's URL. The buyer's browser has no API key; what it has is a link
 * that names one cart and stops working at a given time: {@code <expiry epoch seconds>.<HMAC-SHA256
 * of cartId|expiry>}. Without the server's secret a token can neither be guessed nor moved to
 * another cart or a later time.
 */
public final class FormTokens {

    private static final Base64.Encoder ENCODER = Base64.getUrlEncoder().withoutPadding();

    private FormTokens() {
    }

    public static String issue(String cartId, Instant expires, byte[] secret) {
        long epoch = expires.getEpochSecond();
        return epoch + "." + ENCODER.encodeToString(mac(secret, cartId + "|" + epoch));
    }

    /** Whether the token was issued for this cart by this secret and has not expired at {@code now}. */
    public static boolean valid(String cartId, String token, Instant now, byte[] secret) {
        if (cartId == null || token == null || token.length() > 100) {
            return false;
        }
        int dot = token.indexOf('.');
        if (dot <= 0) {
            return false;
        }
        long epoch;
        try {
            epoch = Long.parseLong(token.substring(0, dot));
        } catch (NumberFormatException e) {
            return false;
        }
        byte[] expected = ENCODER.encode(mac(secret, cartId + "|" + epoch));
        return MessageDigest.isEqual(expected, token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))
                && now.getEpochSecond() < epoch;
    }

    private static byte[] mac(byte[] secret, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret, "HmacSHA256"));
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is required by every Java platform", e);
        }
    }
}
