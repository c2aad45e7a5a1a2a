package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.cbec.company.Beneficiary;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.Json;
import org.cbec.company.KnownKeys;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.testing.AlphapayCompanySide;
import org.junit.jupiter.api.Test;

/**
 * alphapay's payouts abroad (this project's convention, docs/companies/alphapay.md) as
 * written-out vectors: the bodies the broker sends for fixed requests, and fixed payout records read
 * into the broker's terms. company-sandbox's {@code AlphapayPayoutProtocolTest} holds the same
 * strings on the company's side (it reads {@link #PAYOUT_BODY} and {@link #BENEFICIARY_BODY}, and
 * writes {@link #PAID_ANSWER} and {@link #FAILED_ANSWER}), so a change on one side alone fails a test.
 */
class AlphapayPayoutVectorsTest {

    static final String HOLDER = "Harbour Tea Ltd";
    static final String ACCOUNT_NUMBER = "GB33BUKB20201555555555";
    static final Beneficiary BENEFICIARY = new Beneficiary(HOLDER, ACCOUNT_NUMBER, "BUKBGB22", "GB", "GBP");

    /** OpenSSL's RSA-OAEP (SHA-1, MGF1-SHA-1) of {@link #HOLDER} under the company's public key ({@code KnownKeys}). */
    static final String HOLDER_CIPHERTEXT = "QbKp93RaNxYdpEojwrklOKey8kh/40JC6N6iU7m2+VV1oklCAg/DPgxECRH0lVfeyQPq6inVo6mWggDcsrUehs0AXy"
            + "QOxfm6ufzRXV7fJaQRe9esip9B9xMQp58eqjhiQ9h0mJKE7U4eFxS9/lfOYY5+xyOCbr6Fpt5BRxviFTHPKnP5LQzKYCI/jT5v/Q/X9B3fX/HxuJk2oX"
            + "f0qZIthoXspK3eIRsVzlTLdeVCcmZ44sEWdBInhOok+JHRdBWzx9Ke90Z6ADThNy+KCW6nplOOmYr227oqUh4htj+OVgDuZttVHAMJjKi4jhoKV6GgC0"
            + "sEzmdLR7qSwfhenwWC1w==";

    /** The same of {@link #ACCOUNT_NUMBER}. */
    static final String ACCOUNT_CIPHERTEXT = "VEuxY3EjOQNeaYny1ZhAwLnUe1jJCWutI5QHLBag9U5+2uLKUK6ORBi4/rozP28GIwnBYpRLMiRwlQ4gIysBxjD"
            + "8J3Btm0zP8H4jHOjOn+ilxmHFKZG1GLUVSvbMKMMVSgIrAoCRy3/leWY/MA83HqtW2R/58Rm//Vm48XbIbnC2FXaTyhth4yWmFEtlKMHCjvXbPLcP/k+"
            + "gD7fU3H6LX/gAJbiNGeb2fFjDb/LqHgs8ZC51vDkABmosYkzzulWT+ApIykdkdbyF0GeZluQtTpnlv9QooKC/yi+GlOXVvefeoUhCCw3KOpnpTskSWAW"
            + "ZrrdPIZI9tnOJG56F6IvnEQ==";

    static final String BENEFICIARY_BODY = "{\"account_name\":\"" + HOLDER_CIPHERTEXT + "\",\"account_number\":\"" + ACCOUNT_CIPHERTEXT
            + "\",\"swift_code\":\"BUKBGB22\",\"bank_country\":\"GB\",\"currency\":\"GBP\"}";

    static final String BENEFICIARY_ANSWER = "{\"account_number\":\"****5555\",\"swift_code\":\"BUKBGB22\",\"bank_country\":\"GB\","
            + "\"currency\":\"GBP\"}";

    static final String PAYOUT_BODY = "{\"out_payout_no\":\"P20261126001\",\"amount\":{\"total\":100000,\"currency\":\"CNY\"},"
            + "\"target_currency\":\"GBP\",\"description\":\"十一月货款\"}";

    /** 1000.00 CNY less a 15.00 fee at 9.12345678 CNY per GBP: 985.00 / 9.12345678 = 107.9634… GBP, 10796 pence. */
    static final String PAID_ANSWER = "{\"out_payout_no\":\"P20261126001\",\"payout_id\":\"1030000071100000000000000001\","
            + "\"state\":\"PAID\",\"amount\":{\"total\":100000,\"currency\":\"CNY\"},\"fee\":{\"total\":1500,\"currency\":\"CNY\"},"
            + "\"rate\":912345678,\"rate_date\":\"20261126\",\"target_amount\":{\"total\":10796,\"currency\":\"GBP\"},"
            + "\"accept_time\":\"2026-11-26T18:00:00+08:00\",\"success_time\":\"2026-11-27T10:30:00+08:00\"}";

    static final String FAILED_ANSWER = "{\"out_payout_no\":\"P20261126002\",\"payout_id\":\"1030000071100000000000000002\","
            + "\"state\":\"FAILED\",\"amount\":{\"total\":50000,\"currency\":\"CNY\"},\"fee\":{\"total\":1500,\"currency\":\"CNY\"},"
            + "\"rate\":912345678,\"rate_date\":\"20261126\",\"target_amount\":{\"total\":5316,\"currency\":\"GBP\"},"
            + "\"fail_reason\":\"BANK_REJECTED\",\"accept_time\":\"2026-11-26T18:00:00+08:00\"}";

    static final String ACCEPTED_ANSWER = "{\"out_payout_no\":\"P20261126003\",\"payout_id\":\"1030000071100000000000000003\","
            + "\"state\":\"ACCEPTED\",\"amount\":{\"total\":100000,\"currency\":\"CNY\"},\"fee\":{\"total\":1500,\"currency\":\"CNY\"},"
            + "\"rate\":912345678,\"rate_date\":\"20261126\",\"target_amount\":{\"total\":10796,\"currency\":\"GBP\"},"
            + "\"accept_time\":\"2026-11-26T18:00:00+08:00\"}";

    static final BigDecimal RATE = new BigDecimal("9.12345678");
    static final LocalDate RATE_DATE = LocalDate.of(2026, 11, 26);
    static final OffsetDateTime ACCEPTED_AT = OffsetDateTime.parse("2026-11-26T18:00:00+08:00");

    @Test
    void thePayoutBodyOfAFixedPayoutIsExactlyTheWrittenOutJson() {
        assertEquals(PAYOUT_BODY, AlphapayPayouts.payoutBody(new PayoutRequest("P20261126001", 100000, "CNY", "GBP", "十一月货款")));
    }

    @Test
    void aPayoutWithoutDescriptionSendsNone() {
        assertEquals("{\"out_payout_no\":\"P20261126004\",\"amount\":{\"total\":1,\"currency\":\"CNY\"},\"target_currency\":\"GBP\"}",
                AlphapayPayouts.payoutBody(new PayoutRequest("P20261126004", 1, "CNY", "GBP", null)));
    }

    @Test
    void thePaidAnswerIsReadIntoExactlyTheBrokersPayoutStatus() {
        assertEquals(new PayoutStatus("P20261126001", "1030000071100000000000000001", PayoutStatus.State.PAID, 100000, "CNY", 1500, RATE,
                RATE_DATE, 10796, "GBP", null, ACCEPTED_AT, OffsetDateTime.parse("2026-11-27T10:30:00+08:00")),
                AlphapayPayouts.payoutStatus(PAID_ANSWER));
    }

    @Test
    void theFailedAnswerCarriesItsReasonAndNoPaidTime() {
        assertEquals(new PayoutStatus("P20261126002", "1030000071100000000000000002", PayoutStatus.State.FAILED, 50000, "CNY", 1500, RATE,
                RATE_DATE, 5316, "GBP", "BANK_REJECTED", ACCEPTED_AT, null), AlphapayPayouts.payoutStatus(FAILED_ANSWER));
    }

    @Test
    void anAcceptedAnswerHasTheRateAndFeeFixedAlready() {
        assertEquals(new PayoutStatus("P20261126003", "1030000071100000000000000003", PayoutStatus.State.ACCEPTED, 100000, "CNY", 1500, RATE,
                RATE_DATE, 10796, "GBP", null, ACCEPTED_AT, null), AlphapayPayouts.payoutStatus(ACCEPTED_ANSWER));
    }

    @Test
    void theRateIsTheIntegerOverTenToTheEighthWithScaleEightAndBackExactly() {
        BigDecimal rate = AlphapayPayouts.payoutStatus(PAID_ANSWER).rate();
        assertEquals("9.12345678", rate.toPlainString());
        assertEquals(8, rate.scale());
        assertEquals(912345678L, AlphapayPayouts.wireRate(rate));
        assertEquals("1.00000000", AlphapayPayouts.rate(100000000L).toPlainString());
        assertEquals(912345670L, AlphapayPayouts.wireRate(new BigDecimal("9.1234567")));
        assertThrows(ArithmeticException.class, () -> AlphapayPayouts.wireRate(new BigDecimal("9.123456789")));
    }

    @Test
    void anUnknownStateIsNotFinalAndItsReasonAndPaidTimeAreNotRead() {
        PayoutStatus s = AlphapayPayouts.payoutStatus(PAID_ANSWER.replace("\"PAID\"", "\"REVIEWING\"")
                .replace("\"accept_time\"", "\"fail_reason\":\"X\",\"accept_time\""));
        assertEquals(PayoutStatus.State.ACCEPTED, s.state());
        assertEquals(null, s.failReason());
        assertEquals(null, s.paidAt());
    }

    @Test
    void anAnswerWhoseFiguresCannotBeReadIsNoAnswer() {
        for (String broken : new String[] {
                PAID_ANSWER.replace("\"out_payout_no\":\"P20261126001\",", ""),
                PAID_ANSWER.replace("\"rate\":912345678,", ""),
                PAID_ANSWER.replace("\"rate\":912345678", "\"rate\":9.12345678"),
                PAID_ANSWER.replace("\"rate\":912345678", "\"rate\":\"912345678\""),
                PAID_ANSWER.replace("\"rate\":912345678", "\"rate\":0"),
                PAID_ANSWER.replace("\"rate_date\":\"20261126\"", "\"rate_date\":\"2026-11-26\""),
                PAID_ANSWER.replace("\"rate_date\":\"20261126\"", "\"rate_date\":\"20261131\""),
                PAID_ANSWER.replace("\"amount\":{\"total\":100000,", "\"amount\":{"),
                PAID_ANSWER.replace("\"fee\":{\"total\":1500,", "\"fee\":{\"total\":15.5,"),
                PAID_ANSWER.replace("\"total\":10796", "\"total\":99999999999999999999"),
                PAID_ANSWER.replace("2026-11-26T18:00:00+08:00", "yesterday"),
                PAID_ANSWER.replace("2026-11-27T10:30:00+08:00", "today"),
                "<html>busy</html>"}) {
            CompanyUnavailable e = assertThrows(CompanyUnavailable.class, () -> AlphapayPayouts.payoutStatus(broken), broken);
            assertTrue(e.getMessage().startsWith("the company's payout answer"), e.getMessage());
        }
    }

    @Test
    void theQueryPathNamesThePayoutByItsNumber() {
        assertEquals("/v3/global/settle/payouts/out-payout-no/P20261126001", AlphapayPayouts.queryPath("P20261126001"));
        assertEquals("/v3/global/settle/payouts/out-payout-no/P%2F1", AlphapayPayouts.queryPath("P/1"));
    }

    @Test
    void theWrittenOutBeneficiaryBodyCarriesTheAccountAndTheHolderForTheCompanyOnly() {
        JsonObject vector = Json.object(BENEFICIARY_BODY);
        assertEquals(HOLDER, AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(), Json.string(vector, "account_name")));
        assertEquals(ACCOUNT_NUMBER, AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(),
                Json.string(vector, "account_number")));
    }

    @Test
    void theBrokersBeneficiaryBodyIsTheVectorWithItsOwnCiphertexts() {
        String body = AlphapayPayouts.beneficiaryBody(AlphapaySettlementVectorsTest.ACCOUNT, BENEFICIARY);
        assertFalse(body.contains(ACCOUNT_NUMBER) || body.contains("20201555555555") || body.contains(HOLDER), body);
        JsonObject o = Json.object(body);
        String name = Json.string(o, "account_name");
        String number = Json.string(o, "account_number");
        assertNotEquals(HOLDER_CIPHERTEXT, name, "OAEP is randomised");
        assertEquals(HOLDER, AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(), name));
        assertEquals(ACCOUNT_NUMBER, AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(), number));
        assertEquals(BENEFICIARY_BODY, body.replace(name, HOLDER_CIPHERTEXT).replace(number, ACCOUNT_CIPHERTEXT));
    }

    @Test
    void whatTheCompanyEchoesIsMaskedBeforeItIsKept() {
        assertEquals("account ****5555 of H*** is closed",
                AlphapayPayouts.masked(BENEFICIARY, "account " + ACCOUNT_NUMBER + " of " + HOLDER + " is closed"));
        assertEquals(BENEFICIARY_ANSWER, AlphapayPayouts.masked(BENEFICIARY, BENEFICIARY_ANSWER));
    }
}
