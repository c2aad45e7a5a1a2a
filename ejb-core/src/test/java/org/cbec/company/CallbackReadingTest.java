package org.cbec.company;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.cbec.company.alphapay.AlphapayCompany;
import org.cbec.company.betapay.BetapayCompany;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.testing.AlphapayCompanySide;
import org.cbec.testing.BetapayCompanySide;
import org.junit.jupiter.api.Test;

/**
 * The companies' callbacks as docs/companies/alphapay.md and betapay.md describe them, made here
 * the way the companies make them (the encryption and the signed form written out in the test),
 * read by the adapters.
 */
class CallbackReadingTest {

    private static final String API_V3_KEY = "0123456789abcdefghijABCDEFGHIJ01";
    private static final CompanyAccount ACCOUNT = new CompanyAccount("m", "1900000001", "wx-app", "serial", KnownKeys.merchantPrivate(),
            KnownKeys.companyPublic(), API_V3_KEY);
    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");
    private static final String TRANSACTION = "{\"mchid\":\"1900000001\",\"appid\":\"wx-app\",\"out_trade_no\":\"o-1\","
            + "\"transaction_id\":\"4200000001\",\"trade_type\":\"NATIVE\",\"trade_state\":\"SUCCESS\",\"trade_state_desc\":\"paid\","
            + "\"bank_type\":\"OTHERS\",\"success_time\":\"2026-11-25T19:59:58+08:00\","
            + "\"amount\":{\"total\":2599,\"currency\":\"CNY\",\"payer_total\":2599,\"payer_currency\":\"CNY\"}}";

    @Test
    void aSignedAlphapayCallbackDecryptsToTheTransaction() {
        Notification n = alphapay().readNotification(ACCOUNT, alphapayHeaders(envelope("transaction", TRANSACTION, API_V3_KEY), NOW),
                envelope("transaction", TRANSACTION, API_V3_KEY), NOW);
        assertEquals("o-1", n.orderRef());
        assertEquals(TradeState.SUCCESS, n.order().state());
        assertEquals("4200000001", n.order().transactionId());
        assertEquals(2599L, n.order().payerTotal());
        assertNull(n.refund());
    }

    @Test
    void anAlphapayRefundCallbackNamesTheRefund() {
        String refund = "{\"out_trade_no\":\"o-1\",\"out_refund_no\":\"o-1-1\",\"refund_id\":\"5001\",\"status\":\"SUCCESS\","
                + "\"success_time\":\"2026-11-25T20:00:00+08:00\",\"amount\":{\"total\":2599,\"refund\":100,\"payer_total\":2599,"
                + "\"payer_refund\":100,\"settlement_total\":2599,\"settlement_refund\":100,\"currency\":\"CNY\",\"payer_currency\":\"CNY\"}}";
        String body = envelope("refund", refund, API_V3_KEY);
        Notification n = alphapay().readNotification(ACCOUNT, alphapayHeaders(body, NOW), body, NOW);
        assertEquals("o-1-1", n.refundNo());
        assertEquals(RefundState.SUCCESS, n.refund().state());
        assertEquals(100L, n.refund().payerRefund());
    }

    @Test
    void forgedStaleUndecryptableAndUnsignedAlphapayCallbacksAreRefused() {
        String body = envelope("transaction", TRANSACTION, API_V3_KEY);
        Map<String, String> headers = alphapayHeaders(body, NOW);
        assertRefused(() -> alphapay().readNotification(ACCOUNT, headers, body.replace("transaction\"", "transactioN\""), NOW), "signature");
        assertRefused(() -> alphapay().readNotification(ACCOUNT, headers, body, NOW.plusSeconds(301)), "five minutes");
        String wrongKey = envelope("transaction", TRANSACTION, "ZZZZ456789abcdefghijABCDEFGHIJ01");
        assertRefused(() -> alphapay().readNotification(ACCOUNT, alphapayHeaders(wrongKey, NOW), wrongKey, NOW), "decrypt");
        assertRefused(() -> alphapay().readNotification(ACCOUNT, Map.of(), body, NOW), "signature");
        CompanyAccount noKey = new CompanyAccount("m", "1900000001", "wx-app", "serial", KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);
        assertRefused(() -> alphapay().readNotification(noKey, headers, body, NOW), "API v3 key");
    }

    @Test
    void aSignedBetapayNotificationGivesTheTradeOrTheRefund() {
        Map<String, String> paid = betapayFields(NOW);
        Notification n = betapay().readNotification(ACCOUNT, Map.of(), form(signed(paid)), NOW);
        assertEquals("o-2", n.orderRef());
        assertEquals(TradeState.SUCCESS, n.order().state());
        assertEquals(8888L, n.order().total());
        Map<String, String> refund = betapayFields(NOW);
        refund.put("out_biz_no", "o-2-1");
        refund.put("refund_fee", "10.00");
        refund.put("send_back_fee", "10.00");
        refund.put("gmt_refund", "2026-11-25 20:00:00");
        Notification r = betapay().readNotification(ACCOUNT, Map.of(), form(signed(refund)), NOW);
        assertEquals("o-2-1", r.refundNo());
        assertEquals(1000L, r.refund().payerRefund());
    }

    @Test
    void forgedAndStaleBetapayNotificationsAreRefused() {
        Map<String, String> fields = signed(betapayFields(NOW));
        Map<String, String> forged = new HashMap<>(fields);
        forged.put("total_amount", "0.01");
        assertRefused(() -> betapay().readNotification(ACCOUNT, Map.of(), form(forged), NOW), "sign");
        assertRefused(() -> betapay().readNotification(ACCOUNT, Map.of(), form(fields), NOW.plusSeconds(301)), "five minutes");
        Map<String, String> unsigned = new HashMap<>(fields);
        unsigned.remove("sign");
        assertRefused(() -> betapay().readNotification(ACCOUNT, Map.of(), form(unsigned), NOW), "sign");
    }

    // ---- the companies' side, written out -------------------------------------------------------

    private static String envelope(String type, String plaintext, String key) {
        String nonce = "n0nce1234567";
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "AES"),
                    new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
            c.updateAAD(type.getBytes(StandardCharsets.UTF_8));
            String ciphertext = Base64.getEncoder().encodeToString(c.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
            return "{\"id\":\"EV-1\",\"create_time\":\"2026-11-25T20:00:00+08:00\",\"resource_type\":\"encrypt-resource\","
                    + "\"event_type\":\"TRANSACTION.SUCCESS\",\"summary\":\"paid\",\"resource\":{\"original_type\":\"" + type
                    + "\",\"algorithm\":\"AEAD_AES_256_GCM\",\"ciphertext\":\"" + ciphertext + "\",\"associated_data\":\"" + type
                    + "\",\"nonce\":\"" + nonce + "\"}}";
        } catch (java.security.GeneralSecurityException e) {
            throw new AssertionError(e);
        }
    }

    private static Map<String, String> alphapayHeaders(String body, Instant at) {
        AlphapayCompanySide.ResponseSignature s = AlphapayCompanySide.signResponse(KnownKeys.companyPrivate(), "serial", body, at.getEpochSecond(), "cbnonce1");
        return Map.of("alphapay-timestamp", s.timestamp(), "alphapay-nonce", s.nonce(), "alphapay-signature", s.signature(),
                "alphapay-serial", "serial");
    }

    private static Map<String, String> betapayFields(Instant at) {
        Map<String, String> f = new TreeMap<>();
        f.put("notify_id", "n-1");
        f.put("notify_time", DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss").format(at.atZone(ZoneId.of("Asia/Shanghai"))));
        f.put("notify_type", "trade_status_sync");
        f.put("app_id", "wx-app");
        f.put("charset", "utf-8");
        f.put("version", "1.0");
        f.put("trade_no", "2026112500001");
        f.put("out_trade_no", "o-2");
        f.put("trade_status", "TRADE_SUCCESS");
        f.put("total_amount", "88.88");
        f.put("buyer_pay_amount", "88.88");
        f.put("gmt_payment", "2026-11-25 19:59:58");
        return f;
    }

    private static Map<String, String> signed(Map<String, String> fields) {
        return BetapayCompanySide.signedNotification(fields, KnownKeys.companyPrivate());
    }

    private static String form(Map<String, String> fields) {
        return BetapayCompanySide.form(fields);
    }

    private static void assertRefused(org.junit.jupiter.api.function.Executable read, String reason) {
        NotificationRefused e = assertThrows(NotificationRefused.class, read);
        assertTrue(e.getMessage().contains(reason), e.getMessage());
    }

    private static AlphapayCompany alphapay() {
        return new AlphapayCompany();
    }

    private static BetapayCompany betapay() {
        return new BetapayCompany();
    }
}
