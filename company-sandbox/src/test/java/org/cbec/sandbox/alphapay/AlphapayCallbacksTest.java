package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.CallbackFormat;
import org.cbec.sandbox.books.Notice;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.entity.CompanyOrder;
import org.junit.jupiter.api.Test;

/**
 * alphapay's callback body, read as a receiver reads it: the event's members, then the resource
 * decrypted with a Cipher set up here (AES/GCM/NoPadding, the API v3 key, the nonce, the associated
 * data) to exactly what the query or the refund query answers. The paid transaction is the
 * written-out vector (ciphertext made with Python's cryptography; AesGcmTest holds the same).
 */
class AlphapayCallbacksTest {

    static final Vectors PAID_CALLBACK = Vectors.read("alphapay/callback-paid.txt");

    static final String KEY = PAID_CALLBACK.get("api-v3-key");
    static final String NONCE = "nVq3Xe7LpT2k";
    static final String ID = PAID_CALLBACK.get("id");
    static final OffsetDateTime PAID_AT = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);
    static final OffsetDateTime AT = PAID_AT.plusSeconds(5);

    static final Books.OrderView PAID = new Books.OrderView("ORDER20261125A", "NATIVE", 2599, "CNY", "wx0123456789abcdef0123456789abcdef",
            CompanyOrder.State.SUCCESS, "4200000000000000000000000001", PAID_AT, false);

    /** The whole body for the vector's paid order, id, time and nonce. */
    static final String PAID_BODY = PAID_CALLBACK.get("body");

    static Notice notice(Notice.Event event, Books.OrderView order, Books.RefundView refund) {
        return new Notice(event, "1900000001", "alphapay-app-1900000001", KEY, order, refund);
    }

    /** A receiver's decryption of the event's resource. */
    static String decrypt(JsonObject resource, String key, String associatedData) throws Exception {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.DECRYPT_MODE, new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "AES"),
                new GCMParameterSpec(128, resource.getString("nonce").getBytes(StandardCharsets.UTF_8)));
        cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
        return new String(cipher.doFinal(Base64.getDecoder().decode(resource.getString("ciphertext"))), StandardCharsets.UTF_8);
    }

    @Test
    void thePaidTransactionsCallbackIsTheWrittenOutVector() {
        CallbackFormat.Composed c = AlphapayCallbacks.compose(notice(Notice.Event.PAID, PAID, null), ID, AT, NONCE);
        assertEquals("TRANSACTION.SUCCESS", c.kind());
        assertEquals(PAID_BODY, c.body());
    }

    @Test
    void itsResourceDecryptsToExactlyWhatTheQueryAnswers() throws Exception {
        JsonObject event = JsonText.parseObject(AlphapayCallbacks.compose(notice(Notice.Event.PAID, PAID, null), ID, AT, NONCE).body());
        JsonObject resource = event.getJsonObject("resource");
        assertEquals("transaction", resource.getString("original_type"));
        assertEquals("transaction", resource.getString("associated_data"));
        assertEquals("AEAD_AES_256_GCM", resource.getString("algorithm"));
        String plaintext = decrypt(resource, KEY, resource.getString("associated_data"));
        assertEquals(AlphapayOperations.transaction("1900000001", PAID).toString(), plaintext);
        assertEquals("SUCCESS", JsonText.parseObject(plaintext).getString("trade_state"));
    }

    @Test
    void anotherKeyOrAssociatedDataDoesNotDecryptIt() {
        JsonObject resource = JsonText.parseObject(PAID_BODY).getJsonObject("resource");
        assertThrows(AEADBadTagException.class, () -> decrypt(resource, "0123456789abcdef0123456789abcdef", "transaction"));
        assertThrows(AEADBadTagException.class, () -> decrypt(resource, KEY, "refund"));
    }

    @Test
    void aCloseIsTransactionClosedWithTheClosedOrder() throws Exception {
        Books.OrderView closed = new Books.OrderView("ORDER20261125C", "H5", 100, "GBP", "wx01", CompanyOrder.State.CLOSED, null, null, false);
        CallbackFormat.Composed c = AlphapayCallbacks.compose(notice(Notice.Event.CLOSED, closed, null), ID, AT, NONCE);
        assertEquals("TRANSACTION.CLOSED", c.kind());
        JsonObject event = JsonText.parseObject(c.body());
        assertEquals("TRANSACTION.CLOSED", event.getString("event_type"));
        JsonObject transaction = JsonText.parseObject(decrypt(event.getJsonObject("resource"), KEY, "transaction"));
        assertEquals("CLOSED", transaction.getString("trade_state"));
        assertFalse(transaction.containsKey("transaction_id"));
    }

    @Test
    void aRefundsCallbackCarriesTheRefundRecordUnderItsFinalState() throws Exception {
        for (String state : new String[] {"SUCCESS", "CLOSED", "ABNORMAL"}) {
            Books.RefundView refund = new Books.RefundView("ORDER20261125A", "4200000000000000000000000001", 2599, "CNY", "R1",
                    "50" + "1".repeat(27), 600, "size", state, PAID_AT.plusSeconds(60), PAID_AT.plusSeconds(62), 600);
            CallbackFormat.Composed c = AlphapayCallbacks.compose(notice(Notice.Event.REFUND, PAID, refund), ID, AT, NONCE);
            assertEquals("REFUND." + state, c.kind());
            JsonObject event = JsonText.parseObject(c.body());
            assertEquals("REFUND." + state, event.getString("event_type"));
            JsonObject resource = event.getJsonObject("resource");
            assertEquals("refund", resource.getString("original_type"));
            assertEquals("refund", resource.getString("associated_data"));
            String plaintext = decrypt(resource, KEY, "refund");
            assertEquals(AlphapayOperations.refundRecord(refund).toString(), plaintext);
            assertEquals(state, JsonText.parseObject(plaintext).getString("status"));
            assertThrows(AEADBadTagException.class, () -> decrypt(resource, KEY, "transaction"));
        }
    }

    @Test
    void eachCallbackHasItsOwnIdAndTwelveCharacterNonce() {
        AlphapayCallbacks format = new AlphapayCallbacks();
        JsonObject a = JsonText.parseObject(format.compose(notice(Notice.Event.PAID, PAID, null)).orElseThrow().body());
        JsonObject b = JsonText.parseObject(format.compose(notice(Notice.Event.PAID, PAID, null)).orElseThrow().body());
        assertFalse(a.getString("id").equals(b.getString("id")));
        assertTrue(a.getString("id").matches("[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"), a.toString());
        assertTrue(a.getJsonObject("resource").getString("nonce").matches("[A-Za-z0-9]{12}"), a.toString());
        assertTrue(a.getString("create_time").matches("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\+08:00"), a.toString());
    }

    @Test
    void anAccountWithoutAnApiV3KeyGetsNoCallback() {
        Notice keyless = new Notice(Notice.Event.PAID, "1900000001", "alphapay-app-1900000001", null, PAID, null);
        assertTrue(new AlphapayCallbacks().compose(keyless).isEmpty());
    }
}
