package org.cbec.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.EnumSet;
import java.util.Set;
import org.cbec.company.PaymentType;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.cbec.payment.control.PaymentRules;
import org.cbec.refund.CreateRefund;
import org.cbec.refund.control.RefundRules;

/**
 * The rules of PaymentRules that read more than one field (or the company), and where they stand
 * among the field constraints: a client sent several mistakes is told about the same one as before
 * the field rules became constraints. Also the exact words of the refusals.
 */
class PaymentCrossFieldRulesTest {

    private static final Set<PaymentType> ALL = EnumSet.allOf(PaymentType.class);

    /** A valid NATIVE create at alphapay, with the fields these tests vary. */
    private static CreatePayment create(String method, String type, Long amount, Long total, Long subsidy, String payerId,
            String notifyUrl, String timeExpire) {
        return new CreatePayment(method, type, "o-1", amount, total, subsidy, null, null, "CNY", null, null, null, timeExpire,
                null, payerId, null, notifyUrl, null, null, null, null, null, null);
    }

    private static InvalidRequestException refusal(CreatePayment c, Set<PaymentType> supported) {
        return assertThrows(InvalidRequestException.class, () -> PaymentRules.checkCreate(c, supported));
    }

    private static void assertRefused(String field, String message, InvalidRequestException e) {
        assertEquals(field, e.field());
        assertEquals(message, e.getMessage());
    }

    @Test
    void anAmountAboveTheTotalNamesActualAmount() {
        assertRefused("actualAmount", "actualAmount must not exceed total", refusal(create("alphapay", "NATIVE", 101L, 100L, null, null, null, null), ALL));
        assertEquals(PaymentType.NATIVE, PaymentRules.checkCreate(create("alphapay", "NATIVE", 100L, 100L, null, null, null, null), ALL));
        assertEquals(PaymentType.NATIVE, PaymentRules.checkCreate(create("alphapay", "NATIVE", 100L, null, null, null, null, null), ALL));
    }

    @Test
    void anAmountAboveTheTotalIsToldBeforeTheLaterFieldsMistakes() {
        assertRefused("actualAmount", "actualAmount must not exceed total",
                refusal(create("alphapay", "NATIVE", 101L, 100L, -1L, null, "/relative", "soon"), ALL));
    }

    @Test
    void aTotalThatIsNotAnAmountIsToldBeforeTheComparison() {
        assertRefused("total", "total must be a positive amount in the smallest unit, at most 1000000000",
                refusal(create("alphapay", "NATIVE", 101L, 0L, null, null, null, null), ALL));
    }

    @Test
    void aTypeTheCompanyDoesNotSupportIsToldAfterEveryFieldsOwnRule() {
        Set<PaymentType> nativeOnly = EnumSet.of(PaymentType.NATIVE);
        assertRefused("timeExpire", "timeExpire must be an ISO 8601 timestamp with offset",
                refusal(create("betapay", "JSAPI", 1L, null, null, null, null, "2026-12-01T10:00:00"), nativeOnly));
        assertRefused("paymentType", "betapay does not support paymentType JSAPI; it supports [NATIVE]",
                refusal(create("betapay", "JSAPI", 1L, null, null, null, null, null), nativeOnly));
    }

    @Test
    void alphapayNeedsThePayerForJsapiAndMiniProgramOnly() {
        assertRefused("payerId", "payerId (the payer's id at alphapay) is required for JSAPI",
                refusal(create("alphapay", "JSAPI", 1L, null, null, null, null, null), ALL));
        assertRefused("payerId", "payerId (the payer's id at alphapay) is required for MINIPRO",
                refusal(create("alphapay", "MINIPRO", 1L, null, null, " ", null, null), ALL));
        assertEquals(PaymentType.JSAPI, PaymentRules.checkCreate(create("alphapay", "JSAPI", 1L, null, null, "o-payer", null, null), ALL));
        assertEquals(PaymentType.APP, PaymentRules.checkCreate(create("alphapay", "APP", 1L, null, null, null, null, null), ALL));
        assertEquals(PaymentType.JSAPI, PaymentRules.checkCreate(create("betapay", "JSAPI", 1L, null, null, null, null, null), ALL));
    }

    @Test
    void theUnsupportedTypeIsToldBeforeTheMissingPayer() {
        assertEquals("paymentType", refusal(create("alphapay", "JSAPI", 1L, null, null, null, null, null), EnumSet.of(PaymentType.NATIVE)).field());
    }

    @Test
    void theFieldsOfACreateAreCheckedInTheirFormerOrderNotTheRecordsDeclarationOrder() {
        // invoiceId is declared before currency, timeExpire before the URLs; they were checked after them
        CreatePayment c = new CreatePayment("alphapay", "NATIVE", "o-1", 1L, null, null, null, "x".repeat(65), "USD", null, null, null,
                "soon", null, null, null, "/relative", null, null, null, null, null, null);
        assertRefused("currency", "currency must be CNY or GBP", refusal(c, ALL));
        CreatePayment noCurrencyMistake = new CreatePayment("alphapay", "NATIVE", "o-1", 1L, null, null, null, "x".repeat(65), "CNY", null,
                null, null, "soon", null, null, null, "/relative", null, null, null, null, null, null);
        assertRefused("invoiceId", "invoiceId must be at most 64 characters", refusal(noCurrencyMistake, ALL));
        CreatePayment urlAndTime = new CreatePayment("alphapay", "NATIVE", "o-1", 1L, null, null, null, null, "CNY", null, null, null,
                "soon", null, null, null, "/relative", null, null, null, null, null, null);
        assertRefused("notifyUrl", "notifyUrl must be an absolute http or https URL of at most 256 characters", refusal(urlAndTime, ALL));
    }

    @Test
    void theWordsOfTheFieldRulesAreUnchanged() {
        assertRefused("paymentMethod", "paymentMethod is required", refusal(create(" ", "NATIVE", 1L, null, null, null, null, null), ALL));
        assertRefused("paymentMethod", "paymentMethod must be alphapay or betapay", refusal(create("cashpay", "NATIVE", 1L, null, null, null, null, null), ALL));
        assertRefused("paymentType", "paymentType must be one of NATIVE, H5, JSAPI, MINIPRO, APP",
                refusal(create("alphapay", "QR", 1L, null, null, null, null, null), ALL));
        assertRefused("actualAmount", "actualAmount is required", refusal(create("alphapay", "NATIVE", null, null, null, null, null, null), ALL));
        assertRefused("subsidyAmount", "subsidyAmount must be between 0 and 1000000000",
                refusal(create("alphapay", "NATIVE", 1L, null, -1L, null, null, null), ALL));
    }

    @Test
    void onlyInvokedTypesAreInvokedAndThatIsToldBeforeThePayMessage() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "NATIVE", null, "x", null, null)));
        assertRefused("paymentType", "only JSAPI, MINIPRO and APP payments are invoked by the client", e);
        assertRefused("payMessage", "payMessage is required", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "APP", " ", "x", null, null))));
        assertRefused("timeStamp", "timeStamp must be seconds since the epoch: a whole number from 0, or a string of digits, at most 13 digits",
                assertThrows(InvalidRequestException.class, () -> PaymentRules.checkInvoke(new InvokePayment("alphapay", "APP", "p", "x", null, null))));
    }

    @Test
    void aRefundWithABlankPaymentMethodSearchesBothCompaniesButAnUnknownOneIsRefused() {
        RefundRules.checkRefund(new CreateRefund(" ", "o-1", "r-1", 1L, null, null, null));
        assertRefused("paymentMethod", "paymentMethod must be alphapay or betapay", assertThrows(InvalidRequestException.class,
                () -> RefundRules.checkRefund(new CreateRefund("cashpay", "o-1", "r-1", 1L, null, null, null))));
        assertRefused("refundRef", "refundRef must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'", assertThrows(InvalidRequestException.class,
                () -> RefundRules.checkRefund(new CreateRefund(null, "o-1", "r/1", 1L, null, null, null))));
    }

    @Test
    void theQueryParametersUseTheSameRulesAndWords() {
        assertRefused("order_ref", "order_ref is required", assertThrows(InvalidRequestException.class, () -> PaymentRules.requireOrderRef("order_ref", " ")));
        assertRefused("order_ref", "order_ref must be 1 to 32 letters, digits, '_', '-', '|' or '*'",
                assertThrows(InvalidRequestException.class, () -> PaymentRules.requireOrderRef("order_ref", "a b")));
        assertRefused("refund_ref", "refund_ref must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'",
                assertThrows(InvalidRequestException.class, () -> PaymentRules.requireRefundRef("refund_ref", "r/1")));
        assertEquals("A_1-b|c*", PaymentRules.requireOrderRef("order_ref", "A_1-b|c*"));
    }
}
