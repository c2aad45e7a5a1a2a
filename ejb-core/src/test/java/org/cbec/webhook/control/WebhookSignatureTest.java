package org.cbec.webhook.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Known answers made with OpenSSL, not with this code: the key is the secret's base64 text after
 * {@code whsec_}, decoded; the signed text is {@code id.timestamp.body}.
 * <pre>
 * printf '%s' 'evt_0001.1795600000.{"id":"evt_0001","type":"payment.succeeded"}' \
 *   | openssl dgst -sha256 -mac HMAC -macopt hexkey:$(printf 'cbec-webhook-test-key-0123456789' | xxd -p -c 256) -binary | base64
 * </pre>
 */
class WebhookSignatureTest {

    private static final String SECRET = "whsec_Y2JlYy13ZWJob29rLXRlc3Qta2V5LTAxMjM0NTY3ODk=";
    private static final String OLD_SECRET = "whsec_YW5vdGhlci1zZWNyZXQta2V5LWZvci1yb3RhdGlvbiE=";
    private static final String BODY = "{\"id\":\"evt_0001\",\"type\":\"payment.succeeded\"}";

    @Test
    void theSignatureIsTheHmacOfIdTimestampAndBodyWithTheSecretsBytes() {
        assertEquals("Ylpl+b4scir0LWg/lkfq5TwcGvD6mOKaI7YLX3+M9wA=", WebhookSignature.sign(SECRET, "evt_0001", 1_795_600_000L, BODY));
    }

    @Test
    void duringARotationBothSecretsSignSeparatedByASpace() {
        assertEquals("v1,Ylpl+b4scir0LWg/lkfq5TwcGvD6mOKaI7YLX3+M9wA= v1,KKBgAcqZunxIPwybgKQ1FVZHFOS9Rl240o/PnuUBE0Y=",
                WebhookSignature.header(List.of(SECRET, OLD_SECRET), "evt_0001", 1_795_600_000L, BODY));
    }

    @Test
    void anyChangeOfIdTimestampOrBodyChangesTheSignature() {
        String genuine = WebhookSignature.sign(SECRET, "evt_0001", 1_795_600_000L, BODY);
        assertNotEquals(genuine, WebhookSignature.sign(SECRET, "evt_0002", 1_795_600_000L, BODY));
        assertNotEquals(genuine, WebhookSignature.sign(SECRET, "evt_0001", 1_795_600_001L, BODY));
        assertNotEquals(genuine, WebhookSignature.sign(SECRET, "evt_0001", 1_795_600_000L, BODY + " "));
    }

    @Test
    void aNewSecretIsThirtyTwoRandomBytesAfterThePrefix() {
        String s = WebhookSignature.newSecret();
        assertTrue(s.startsWith("whsec_"), s);
        assertEquals(32, Base64.getDecoder().decode(s.substring(6)).length);
        assertNotEquals(s, WebhookSignature.newSecret());
        assertThrows(IllegalArgumentException.class, () -> WebhookSignature.sign("plain", "evt_1", 1, BODY));
    }
}
