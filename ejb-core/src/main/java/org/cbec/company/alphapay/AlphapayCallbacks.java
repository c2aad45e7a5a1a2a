package org.cbec.company.alphapay;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.cbec.company.CompanyAccount;
import org.cbec.company.Json;
import org.cbec.company.Notification;
import org.cbec.company.NotificationRefused;
import org.cbec.company.PaymentCompany;

/**
 * alphapay's callbacks (WeChat-Pay-v3 style): a JSON envelope signed like the company's answers
 * ({@code Alphapay-Timestamp}, {@code -Nonce}, {@code -Signature} over timestamp, nonce and body),
 * whose {@code resource} is the transaction or refund record encrypted AEAD_AES_256_GCM with the
 * account's API v3 key (the nonce as IV, {@code associated_data} as AAD, the tag after the text).
 */
public final class AlphapayCallbacks {

    private AlphapayCallbacks() {
    }

    static Notification read(CompanyAccount account, Map<String, String> headers, String body, Instant now) {
        String timestamp = headers.get(AlphapaySigning.H_TIMESTAMP.toLowerCase(java.util.Locale.ROOT));
        String nonce = headers.get(AlphapaySigning.H_NONCE.toLowerCase(java.util.Locale.ROOT));
        String signature = headers.get(AlphapaySigning.H_SIGNATURE.toLowerCase(java.util.Locale.ROOT));
        if (timestamp == null || nonce == null || signature == null) {
            throw new NotificationRefused("the callback carries no company signature");
        }
        if (!AlphapaySigning.verifyResponse(account.companyKey(), timestamp, nonce, body, signature)) {
            throw new NotificationRefused("the callback's signature does not verify with the company's key");
        }
        long sent;
        try {
            sent = Long.parseLong(timestamp);
        } catch (NumberFormatException e) {
            throw new NotificationRefused("the callback's timestamp is not a number");
        }
        if (Math.abs(now.getEpochSecond() - sent) > PaymentCompany.CALLBACK_MAX_AGE_SECONDS) {
            throw new NotificationRefused("the callback's timestamp is more than five minutes away: a replay, or a stale one");
        }
        JsonObject envelope;
        JsonObject resource;
        try {
            envelope = Json.object(body);
            resource = Json.child(envelope, "resource");
        } catch (RuntimeException e) {
            throw new NotificationRefused("the callback is not the JSON alphapay sends");
        }
        if (resource == null || !"AEAD_AES_256_GCM".equals(Json.string(resource, "algorithm"))) {
            throw new NotificationRefused("the callback's resource is not AEAD_AES_256_GCM");
        }
        if (account.apiV3Key() == null) {
            throw new NotificationRefused("no API v3 key is registered for this alphapay account; its callbacks cannot be read");
        }
        JsonObject record;
        try {
            record = Json.object(decrypt(account.apiV3Key(), Json.string(resource, "nonce"), Json.string(resource, "associated_data"),
                    Json.string(resource, "ciphertext")));
        } catch (RuntimeException e) {
            throw new NotificationRefused("the callback's resource does not decrypt with the account's API v3 key");
        }
        String type = Json.string(resource, "original_type");
        String id = Json.string(envelope, "id");
        String orderRef = Json.string(record, "out_trade_no");
        if (orderRef == null) {
            throw new NotificationRefused("the callback's resource names no order");
        }
        if ("refund".equals(type)) {
            return new Notification(id, orderRef, null, Json.string(record, "out_refund_no"), AlphapayCompany.refundStatus(record));
        }
        if ("transaction".equals(type)) {
            return new Notification(id, orderRef, AlphapayCompany.orderStatus(record), null, null);
        }
        throw new NotificationRefused("the callback's resource is neither a transaction nor a refund");
    }

    /** AES-256-GCM: the key's 32 bytes, the nonce as IV, the associated data as AAD; the text base64 with its tag at the end. */
    public static String decrypt(String apiV3Key, String nonce, String associatedData, String ciphertext) {
        if (nonce == null || ciphertext == null) {
            throw new IllegalArgumentException("no nonce or ciphertext");
        }
        try {
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            if (associatedData != null) {
                cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
            }
            return new String(cipher.doFinal(Base64.getDecoder().decode(ciphertext)), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("does not decrypt", e);
        }
    }
}
