package org.cbec.webhook.control;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures: {@code webhook-signature} is {@code v1,} and the base64 HMAC-SHA256
 * of {@code {webhook-id}.{webhook-timestamp}.{body}}, keyed with the secret's bytes (the base64
 * text after {@code whsec_}); several signatures (a secret being rotated) are separated by spaces.
 */
public final class WebhookSignature {

    public static final String PREFIX = "whsec_";
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSignature() {
    }

    /** A new secret: {@code whsec_} and 32 random bytes in base64. */
    public static String newSecret() {
        byte[] key = new byte[32];
        RANDOM.nextBytes(key);
        return PREFIX + Base64.getEncoder().encodeToString(key);
    }

    /** The {@code webhook-signature} header: one {@code v1,…} per secret, in the order given. */
    public static String header(List<String> secrets, String id, long timestamp, String body) {
        return secrets.stream().map(s -> "v1," + sign(s, id, timestamp, body)).collect(Collectors.joining(" "));
    }

    /** The base64 HMAC-SHA256 of {@code id.timestamp.body} with this {@code whsec_} secret. */
    public static String sign(String secret, String id, long timestamp, String body) {
        if (!secret.startsWith(PREFIX)) {
            throw new IllegalArgumentException("a webhook secret starts with " + PREFIX);
        }
        byte[] key = Base64.getDecoder().decode(secret.substring(PREFIX.length()));
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            byte[] signed = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
            return Base64.getEncoder().encodeToString(signed);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
        }
    }
}
