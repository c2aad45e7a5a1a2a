package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.cbec.payment.entity.TradeState;
import org.cbec.company.PaymentType;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.PaymentView;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.InvokePayment;
import org.cbec.refund.CreateRefund;
import org.cbec.refund.control.RefundRules;

class PaymentRulesTest {

    private static final Set<PaymentType> ALL = EnumSet.allOf(PaymentType.class);

    private static CreatePayment create(String method, String type, String ref, Long amount, Long total, String currency,
            String payerId, String notifyUrl, String timeExpire) {
        return new CreatePayment(method, type, ref, amount, total, null, null, null, currency, null, null, null, timeExpire,
                null, payerId, null, notifyUrl, null, null, null, null, null, null);
    }

    private static String failingField(CreatePayment c, Set<PaymentType> supported) {
        return assertThrows(InvalidRequestException.class, () -> PaymentRules.checkCreate(c, supported)).field();
    }

    @Test
    void aCompleteRequestPassesAndGivesItsType() {
        assertEquals(PaymentType.H5, PaymentRules.checkCreate(
                create("alphapay", "H5", "A_1-b|c*", 1L, 1L, "GBP", null, "https://m.example/n", "2026-12-01T10:00:00+08:00"), ALL));
    }

    @Test
    void amountsArePositiveBoundedAndWithinTheTotal() {
        assertEquals("actualAmount", failingField(create("alphapay", "NATIVE", "r", 0L, null, "CNY", null, null, null), ALL));
        assertEquals("actualAmount", failingField(create("alphapay", "NATIVE", "r", PaymentFormats.MAX_AMOUNT + 1, null, "CNY", null, null, null), ALL));
        assertEquals("actualAmount", failingField(create("alphapay", "NATIVE", "r", 101L, 100L, "CNY", null, null, null), ALL));
        assertEquals("total", failingField(create("alphapay", "NATIVE", "r", 1L, -1L, "CNY", null, null, null), ALL));
    }

    @Test
    void orderRefIsLettersDigitsAndFourSeparatorsUpTo32() {
        assertEquals("orderRef", failingField(create("alphapay", "NATIVE", "a/b", 1L, null, "CNY", null, null, null), ALL));
        assertEquals("orderRef", failingField(create("alphapay", "NATIVE", "订单1", 1L, null, "CNY", null, null, null), ALL));
        assertEquals("orderRef", failingField(create("alphapay", "NATIVE", "x".repeat(33), 1L, null, "CNY", null, null, null), ALL));
    }

    @Test
    void urlsMustBeAbsoluteHttpOrHttps() {
        assertEquals("notifyUrl", failingField(create("alphapay", "NATIVE", "r", 1L, null, "CNY", null, "javascript:alert(1)", null), ALL));
        assertEquals("notifyUrl", failingField(create("alphapay", "NATIVE", "r", 1L, null, "CNY", null, "http:/nohost", null), ALL));
    }

    @Test
    void freeTextRefusesNulLineBreaksAndOtherControlCharacters() {
        assertEquals("payerId", failingField(create("alphapay", "JSAPI", "r", 1L, null, "CNY", "o-\u0000", null, null), ALL));
        assertEquals("payMessage", assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(
                new InvokePayment("alphapay", "APP", "wx\u0000prepay", null, null, null))).field());
        assertEquals("payMessage", assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(
                new InvokePayment("alphapay", "APP", "wx\u001bprepay", null, null, null))).field());
        assertEquals("payMessage", assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(
                new InvokePayment("alphapay", "APP", "wx-prepay\n", null, null, null))).field());
        assertEquals("payMessage", assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(
                new InvokePayment("alphapay", "APP", "wx-prepay\t", null, null, null))).field(), "the companies refuse a tab");
    }

    @Test
    void timeExpireNeedsAnOffset() {
        assertEquals("timeExpire", failingField(create("alphapay", "NATIVE", "r", 1L, null, "CNY", null, null, "2026-12-01T10:00:00"), ALL));
    }

    @Test
    void aTypeTheCompanyDoesNotSupportNamesPaymentType() {
        assertEquals("paymentType", failingField(create("betapay", "JSAPI", "r", 1L, null, "CNY", null, null, null),
                EnumSet.of(PaymentType.NATIVE)));
    }

    @Test
    void alphapayInWalletPaymentsNeedThePayer() {
        assertEquals("payerId", failingField(create("alphapay", "MINIPRO", "r", 1L, null, "CNY", null, null, null), ALL));
    }

    @Test
    void invocationIsOnlyForInvokedTypesWithAShortAlphanumericNonce() {
        assertEquals("paymentType", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "NATIVE", "p", null, null, null))).field());
        assertEquals("nonceStr", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "APP", "p", null, "a-b", null))).field());
        assertEquals("timeStamp", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "APP", "p", "12:00", null, null))).field());
        assertEquals(PaymentType.APP, PaymentRules.checkInvoke(new InvokePayment("alphapay", "APP", "p", "1795290000", "abc123", null)));
    }

    @Test
    void aRefundRequestNamesTheFieldThatFails() {
        RefundRules.checkRefund(new CreateRefund("betapay", "o-1", "R_1-a|b*c@d", 1L, "GBP", "退货", "https://m.example/r"));
        RefundRules.checkRefund(new CreateRefund("alphapay", "o-1", "r".repeat(64), PaymentFormats.MAX_AMOUNT, null, "x".repeat(80), null));
        record Case(String field, CreateRefund refund) {
        }
        for (Case c : java.util.List.of(
                new Case("paymentMethod", new CreateRefund("gammapay", "o-1", "r", 1L, null, null, null)),
                new Case("orderRef", new CreateRefund("alphapay", null, "r", 1L, null, null, null)),
                new Case("refundRef", new CreateRefund("alphapay", "o-1", null, 1L, null, null, null)),
                new Case("refundRef", new CreateRefund("alphapay", "o-1", "r".repeat(65), 1L, null, null, null)),
                new Case("refundRef", new CreateRefund("alphapay", "o-1", "r/1", 1L, null, null, null)),
                new Case("amount", new CreateRefund("alphapay", "o-1", "r", null, null, null, null)),
                new Case("amount", new CreateRefund("alphapay", "o-1", "r", 0L, null, null, null)),
                new Case("amount", new CreateRefund("alphapay", "o-1", "r", PaymentFormats.MAX_AMOUNT + 1, null, null, null)),
                new Case("currency", new CreateRefund("alphapay", "o-1", "r", 1L, "USD", null, null)),
                new Case("reason", new CreateRefund("alphapay", "o-1", "r", 1L, null, "x".repeat(81), null)),
                new Case("reason", new CreateRefund("alphapay", "o-1", "r", 1L, null, "a\u0000b", null)),
                new Case("notifyUrl", new CreateRefund("alphapay", "o-1", "r", 1L, null, null, "ftp://m.example/r")))) {
            assertEquals(c.field(), assertThrows(InvalidRequestException.class, () -> RefundRules.checkRefund(c.refund())).field(),
                    c::toString);
        }
    }

    // ---- which payment an orderRef names (QueryPayment, ClosePayment, the refunds) -------------------

    private static PaymentView paymentAt(String method, String orderRef, long id) {
        return new PaymentView("demo", method, orderRef, PaymentType.NATIVE, "CNY", 100, null, TradeState.NOTPAY, false, null, null, null, null, null, null,
                null, null, null, null, null, false, id);
    }

    @Test
    void withoutAPaymentMethodBothCompaniesAreSearched() {
        assertEquals(List.of("alphapay", "betapay"), PaymentRules.methodsToSearch("payment_method", null));
    }

    @Test
    void aBlankPaymentMethodCountsAsAbsent() {
        assertEquals(List.of("alphapay", "betapay"), PaymentRules.methodsToSearch("payment_method", ""));
    }

    @Test
    void aGivenPaymentMethodRestrictsTheSearchToThatCompany() {
        assertEquals(List.of("betapay"), PaymentRules.methodsToSearch("payment_method", "betapay"));
    }

    @Test
    void anUnknownPaymentMethodIsStill422NamingIt() {
        assertEquals("payment_method", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.methodsToSearch("payment_method", "gammapay")).field());
        assertEquals("paymentMethod", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.methodsToSearch("paymentMethod", "ALPHAPAY")).field());
    }

    @Test
    void anOrderRefAtOneCompanyNamesThatPayment() {
        PaymentView atBetapay = paymentAt("betapay", "o-1", 7);
        assertEquals(Optional.of(atBetapay), PaymentRules.onePayment(List.of(atBetapay), "payment_method", "o-1"));
    }

    @Test
    void anOrderRefAtNoCompanyNamesNoPayment() {
        assertEquals(Optional.empty(), PaymentRules.onePayment(List.of(), "payment_method", "o-1"));
    }

    @Test
    void anOrderRefAtBothCompaniesIs422NamingTheMethodParameter() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, () -> PaymentRules.onePayment(
                List.of(paymentAt("alphapay", "o-1", 1), paymentAt("betapay", "o-1", 2)), "payment_method", "o-1"));
        assertEquals("payment_method", e.field());
        assertTrue(e.getMessage().contains("alphapay and betapay"), e::getMessage);
    }

    @Test
    void anOrderRefAtBothCompaniesNamesTheFieldAsTheRequestSpellsIt() {
        assertEquals("paymentMethod", assertThrows(InvalidRequestException.class, () -> PaymentRules.onePayment(
                List.of(paymentAt("alphapay", "o-1", 1), paymentAt("betapay", "o-1", 2)), "paymentMethod", "o-1")).field());
    }

    @Test
    void aRefundRequestWithoutPaymentMethodPassesTheRules() {
        RefundRules.checkRefund(new CreateRefund(null, "o-1", "r-1", 1L, null, null, null));
    }
}
