package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.security.PublicKey;
import java.security.Signature;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.books.Books;
import org.cbec.sandbox.books.Notice;
import org.cbec.sandbox.entity.CompanyOrder;
import org.junit.jupiter.api.Test;

/**
 * betapay's callback form, read as a receiver reads it: decoded, its {@code sign} verified with the
 * company's public key over the rule written out here (every non-empty field but sign and
 * sign_type, sorted, raw {@code k=v} joined by {@code &}). The paid trade is a written-out vector
 * signed with OpenSSL ({@code openssl dgst -sha256 -sign}) by BetapayProtocolVectorsTest's company key.
 */
class BetapayCallbacksTest {

    static final OffsetDateTime PAID_AT = OffsetDateTime.of(2026, 11, 25, 12, 0, 0, 0, ZoneOffset.UTC);
    static final Vectors PAID_CALLBACK = Vectors.read("betapay/callback-paid.txt");

    static final String NOTIFY_ID = PAID_CALLBACK.get("notify-id");
    static final String TRADE_NO = "200123456789abcdef0123456789abcd";
    static final Books.OrderView PAID = new Books.OrderView("ORDER20261125B", "NATIVE", 2599, "CNY", TRADE_NO,
            CompanyOrder.State.SUCCESS, TRADE_NO, PAID_AT, false);

    static final String PAID_TEXT = PAID_CALLBACK.get("signed-text");
    static final String PAID_SIGN = PAID_CALLBACK.get("sign");

    static final PublicKey COMPANY_PUBLIC = Vectors.publicKey("company");

    static Notice notice(Notice.Event event, Books.OrderView order, Books.RefundView refund) {
        return new Notice(event, "2000000001", "betapay-app-2000000001", null, order, refund);
    }

    static Map<String, String> posted(Notice notice) {
        return GatewayForm.decode(BetapayCallbacks.form(BetapayCallbacks.fields(notice, NOTIFY_ID, PAID_AT.plusSeconds(5)),
                BetapayProtocolVectorsTest.COMPANY_KEY));
    }

    /** The receiver's rule, written here: every non-empty field but sign and sign_type, sorted, raw, joined by &. */
    static String signedText(Map<String, String> fields) {
        StringJoiner text = new StringJoiner("&");
        new TreeMap<>(fields).forEach((k, v) -> {
            if (!k.equals("sign") && !k.equals("sign_type") && !v.isEmpty()) {
                text.add(k + "=" + v);
            }
        });
        return text.toString();
    }

    static boolean verifies(Map<String, String> fields) throws Exception {
        Signature s = Signature.getInstance("SHA256withRSA");
        s.initVerify(COMPANY_PUBLIC);
        s.update(signedText(fields).getBytes(StandardCharsets.UTF_8));
        return s.verify(Base64.getDecoder().decode(fields.get("sign")));
    }

    @Test
    void thePaidTradesCallbackIsTheWrittenOutVector() throws Exception {
        Map<String, String> form = posted(notice(Notice.Event.PAID, PAID, null));
        assertEquals(PAID_TEXT, signedText(form));
        assertEquals(PAID_SIGN, form.get("sign"));
        assertEquals("RSA2", form.get("sign_type"));
        assertTrue(verifies(form));
    }

    @Test
    void aChangedFieldBreaksTheSignatureButSignTypeIsNotSigned() throws Exception {
        Map<String, String> form = posted(notice(Notice.Event.PAID, PAID, null));
        for (String field : new String[] {"total_amount", "trade_status", "out_trade_no", "notify_id", "app_id"}) {
            Map<String, String> changed = new TreeMap<>(form);
            changed.put(field, changed.get(field) + "0");
            assertFalse(verifies(changed), field);
        }
        Map<String, String> added = new TreeMap<>(form);
        added.put("refund_fee", "1.00");
        assertFalse(verifies(added), "an added field");
        Map<String, String> otherType = new TreeMap<>(form);
        otherType.put("sign_type", "RSA");
        assertTrue(verifies(otherType), "sign_type is outside the signed text, as in Alipay's notifications");
    }

    @Test
    void theFormIsUrlEncodedUtf8() {
        String form = BetapayCallbacks.form(BetapayCallbacks.fields(notice(Notice.Event.PAID, PAID, null), NOTIFY_ID, PAID_AT),
                BetapayProtocolVectorsTest.COMPANY_KEY);
        assertTrue(form.contains("&gmt_payment=2026-11-25+20%3A00%3A00&"), form);
        assertTrue(form.startsWith("app_id=betapay-app-2000000001&buyer_pay_amount=25.99&"), form);
    }

    @Test
    void aClosedUnpaidTradeIsTradeClosedWithoutPayment() throws Exception {
        Books.OrderView closed = new Books.OrderView("ORDER20261125D", "NATIVE", 100, "CNY", TRADE_NO, CompanyOrder.State.CLOSED, null, null, false);
        Map<String, String> form = posted(notice(Notice.Event.CLOSED, closed, null));
        assertEquals("TRADE_CLOSED", form.get("trade_status"));
        assertEquals("1.00", form.get("total_amount"));
        assertEquals(TRADE_NO, form.get("trade_no"));
        assertFalse(form.containsKey("buyer_pay_amount"));
        assertFalse(form.containsKey("gmt_payment"));
        assertFalse(form.containsKey("out_biz_no"));
        assertTrue(verifies(form));
    }

    @Test
    void aPartRefundKeepsTheTradeSuccessAndAFullOneClosesIt() throws Exception {
        Books.OrderView gbp = new Books.OrderView("ORDER20261125E", "NATIVE", 1000, "GBP", TRADE_NO, CompanyOrder.State.SUCCESS, TRADE_NO,
                PAID_AT, false);
        Books.RefundView part = new Books.RefundView("ORDER20261125E", TRADE_NO, 1000, "GBP", "r1", "21x", 300, null, "SUCCESS",
                PAID_AT.plusSeconds(60), PAID_AT.plusSeconds(60), 300);
        Map<String, String> first = posted(notice(Notice.Event.REFUND, gbp, part));
        assertEquals("TRADE_SUCCESS", first.get("trade_status"));
        assertEquals("r1", first.get("out_biz_no"));
        assertEquals("3.00", first.get("refund_fee"));
        assertEquals("27.00", first.get("send_back_fee"), "this refund, in CNY at the sandbox's 9.00");
        assertEquals("2026-11-25 20:01:00", first.get("gmt_refund"));
        assertEquals("90.00", first.get("buyer_pay_amount"));
        assertEquals("10.00", first.get("total_amount"));
        assertTrue(verifies(first));

        Books.RefundView rest = new Books.RefundView("ORDER20261125E", TRADE_NO, 1000, "GBP", "r2", "21y", 700, null, "SUCCESS",
                PAID_AT.plusSeconds(90), PAID_AT.plusSeconds(90), 1000);
        Map<String, String> second = posted(notice(Notice.Event.REFUND, gbp, rest));
        assertEquals("TRADE_CLOSED", second.get("trade_status"));
        assertEquals("r2", second.get("out_biz_no"));
        assertEquals("10.00", second.get("refund_fee"), "what the trade has refunded in all");
        assertEquals("63.00", second.get("send_back_fee"));
        assertTrue(verifies(second));
    }
}
