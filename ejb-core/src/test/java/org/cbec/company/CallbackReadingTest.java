package org.cbec.company;

import org.cbec.plumbing.vectors.Vectors;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Instant;
import java.util.Map;
import org.cbec.company.alphapay.AlphapayCompany;
import org.cbec.company.betapay.BetapayCompany;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.junit.jupiter.api.Test;

/**
 * The companies' callbacks as docs/companies/alphapay.md and betapay.md describe them: the recorded
 * callbacks of docs/companies/vectors (alphapay/callback-*.txt, betapay/callback-*.txt; the paid
 * ones are what company-sandbox's callback tests compose), read by the adapters at the time they
 * were sent.
 */
class CallbackReadingTest {

    private static final Vectors ALPHAPAY_PAID = Vectors.read("alphapay/callback-paid.txt");
    private static final Vectors ALPHAPAY_REFUND = Vectors.read("alphapay/callback-refund.txt");
    private static final Vectors BETAPAY_PAID = Vectors.read("betapay/callback-paid.txt");
    private static final Vectors BETAPAY_REFUND = Vectors.read("betapay/callback-refund.txt");

    private static CompanyAccount account(String apiV3Key) {
        return new CompanyAccount("m", "1900000001", "alphapay-app-1900000001", "serial", KnownKeys.merchantPrivate(),
                KnownKeys.companyPublic(), apiV3Key);
    }

    private static final CompanyAccount ACCOUNT = account(ALPHAPAY_PAID.get("api-v3-key"));
    private static final CompanyAccount BETAPAY_ACCOUNT = new CompanyAccount("m", "2000000001", "betapay-app-2000000001", null,
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);

    /** When the alphapay callback was sent: its timestamp header. */
    private static Instant sent(Vectors callback) {
        return Instant.ofEpochSecond(Long.parseLong(callback.get("header.Alphapay-Timestamp")));
    }

    private static Map<String, String> headers(Vectors callback) {
        return Map.of("alphapay-timestamp", callback.get("header.Alphapay-Timestamp"), "alphapay-nonce", callback.get("header.Alphapay-Nonce"),
                "alphapay-signature", callback.get("header.Alphapay-Signature"), "alphapay-serial", callback.get("header.Alphapay-Serial"));
    }

    @Test
    void aSignedAlphapayCallbackDecryptsToTheTransaction() {
        Notification n = alphapay().readNotification(ACCOUNT, headers(ALPHAPAY_PAID), ALPHAPAY_PAID.get("body"), sent(ALPHAPAY_PAID));
        assertEquals(Json.string(Json.object(ALPHAPAY_PAID.get("resource.plaintext")), "out_trade_no"), n.orderRef());
        assertEquals(TradeState.SUCCESS, n.order().state());
        assertEquals("4200000000000000000000000001", n.order().transactionId());
        assertEquals(2599L, n.order().payerTotal());
        assertNull(n.refund());
    }

    @Test
    void anAlphapayRefundCallbackNamesTheRefund() {
        Notification n = alphapay().readNotification(ACCOUNT, headers(ALPHAPAY_REFUND), ALPHAPAY_REFUND.get("body"), sent(ALPHAPAY_REFUND));
        assertEquals("R20261125001", n.refundNo());
        assertEquals(RefundState.SUCCESS, n.refund().state());
        assertEquals(1000L, n.refund().payerRefund());
    }

    @Test
    void forgedStaleUndecryptableAndUnsignedAlphapayCallbacksAreRefused() {
        String body = ALPHAPAY_PAID.get("body");
        Map<String, String> headers = headers(ALPHAPAY_PAID);
        Instant at = sent(ALPHAPAY_PAID);
        assertRefused(() -> alphapay().readNotification(ACCOUNT, headers, body.replace("transaction\"", "transactioN\""), at), "signature");
        assertRefused(() -> alphapay().readNotification(ACCOUNT, headers, body, at.plusSeconds(301)), "five minutes");
        assertRefused(() -> alphapay().readNotification(account("ZZZZ456789abcdefghijABCDEFGHIJ01"), headers, body, at), "decrypt");
        assertRefused(() -> alphapay().readNotification(ACCOUNT, Map.of(), body, at), "signature");
        assertRefused(() -> alphapay().readNotification(account(null), headers, body, at), "API v3 key");
    }

    /** The form's notify_time, Beijing, as an instant: when the notification was sent. */
    private static Instant notified(Vectors notification) {
        String signed = notification.get("signed-text");
        int at = signed.indexOf("notify_time=") + "notify_time=".length();
        return java.time.LocalDateTime.parse(signed.substring(at, at + 19).replace(' ', 'T')).atZone(java.time.ZoneId.of("Asia/Shanghai"))
                .toInstant();
    }

    @Test
    void aSignedBetapayNotificationGivesTheTradeOrTheRefund() {
        Notification n = betapay().readNotification(BETAPAY_ACCOUNT, Map.of(), BETAPAY_PAID.get("body"), notified(BETAPAY_PAID));
        assertEquals("ORDER20261125B", n.orderRef());
        assertEquals(TradeState.SUCCESS, n.order().state());
        assertEquals(2599L, n.order().total());
        Notification r = betapay().readNotification(BETAPAY_ACCOUNT, Map.of(), BETAPAY_REFUND.get("body"), notified(BETAPAY_REFUND));
        assertEquals("RF20261125B01", r.refundNo());
        assertEquals(1000L, r.refund().payerRefund());
    }

    @Test
    void forgedAndStaleBetapayNotificationsAreRefused() {
        String form = BETAPAY_PAID.get("body");
        Instant at = notified(BETAPAY_PAID);
        assertTrue(form.contains("total_amount=25.99&"), form);
        assertRefused(() -> betapay().readNotification(BETAPAY_ACCOUNT, Map.of(), form.replace("total_amount=25.99&", "total_amount=0.01&"), at), "sign");
        assertRefused(() -> betapay().readNotification(BETAPAY_ACCOUNT, Map.of(), form, at.plusSeconds(301)), "five minutes");
        String unsigned = form.replaceAll("&sign=[^&]*", "");
        assertTrue(!unsigned.contains("&sign="), unsigned);
        assertRefused(() -> betapay().readNotification(BETAPAY_ACCOUNT, Map.of(), unsigned, at), "sign");
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
