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
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * alphapay's payouts abroad (this project's convention, docs/companies/alphapay.md) as
 * written-out vectors (docs/companies/vectors/alphapay/payout-*.txt): the bodies the broker sends for
 * fixed requests, and fixed payout records read into the broker's terms. company-sandbox's
 * {@code AlphapayPayoutProtocolTest} reads the same files on the company's side (it reads the payout's
 * and the beneficiary's bodies, and writes the paid, accepted and failed answers), so a change on one
 * side alone fails a test.
 */
class AlphapayPayoutVectorsTest {

    static final Vectors BENEFICIARY_VECTOR = Vectors.read("alphapay/payout-beneficiary.txt");
    static final String HOLDER = BENEFICIARY_VECTOR.get("holder");
    static final String ACCOUNT_NUMBER = BENEFICIARY_VECTOR.get("account-number");
    static final Beneficiary BENEFICIARY = new Beneficiary(HOLDER, ACCOUNT_NUMBER, BENEFICIARY_VECTOR.get("swift-code"),
            BENEFICIARY_VECTOR.get("bank-country"), BENEFICIARY_VECTOR.get("currency"));
    /** OpenSSL's RSA-OAEP (SHA-1, MGF1-SHA-1) of {@link #HOLDER} under the company's public key. */
    static final String HOLDER_CIPHERTEXT = BENEFICIARY_VECTOR.get("holder.ciphertext");
    static final String ACCOUNT_CIPHERTEXT = BENEFICIARY_VECTOR.get("account-number.ciphertext");
    static final String BENEFICIARY_BODY = BENEFICIARY_VECTOR.get("request.body");
    static final String BENEFICIARY_ANSWER = BENEFICIARY_VECTOR.get("answer.masked.body");

    static final Vectors PAYOUT_VECTOR = Vectors.read("alphapay/payout-create.txt");
    static final String PAYOUT_BODY = PAYOUT_VECTOR.get("request.body");
    /** 1000.00 CNY less a 15.00 fee at 9.12345678 CNY per GBP: 985.00 / 9.12345678 = 107.9634… GBP, 10796 pence. */
    static final String PAID_ANSWER = PAYOUT_VECTOR.get("answer.paid.body");
    static final String ACCEPTED_ANSWER = PAYOUT_VECTOR.get("answer.accepted.body");
    static final String FAILED_ANSWER = Vectors.read("alphapay/payout-query.txt").get("answer.failed.body");

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
    void theWrittenOutBeneficiaryBodyCarriesTheAccountAndTheHolderForTheCompanyOnly() throws Exception {
        JsonObject vector = Json.object(BENEFICIARY_BODY);
        assertEquals(HOLDER, AlphapayVectorsTest.decrypt(Json.string(vector, "account_name")));
        assertEquals(ACCOUNT_NUMBER, AlphapayVectorsTest.decrypt(Json.string(vector, "account_number")));
    }

    @Test
    void theBrokersBeneficiaryBodyIsTheVectorWithItsOwnCiphertexts() throws Exception {
        String body = AlphapayPayouts.beneficiaryBody(AlphapaySettlementVectorsTest.ACCOUNT, BENEFICIARY);
        assertFalse(body.contains(ACCOUNT_NUMBER) || body.contains("20201555555555") || body.contains(HOLDER), body);
        JsonObject o = Json.object(body);
        String name = Json.string(o, "account_name");
        String number = Json.string(o, "account_number");
        assertNotEquals(HOLDER_CIPHERTEXT, name, "OAEP is randomised");
        assertEquals(HOLDER, AlphapayVectorsTest.decrypt(name));
        assertEquals(ACCOUNT_NUMBER, AlphapayVectorsTest.decrypt(number));
        assertEquals(BENEFICIARY_BODY, body.replace(name, HOLDER_CIPHERTEXT).replace(number, ACCOUNT_CIPHERTEXT));
    }

    @Test
    void whatTheCompanyEchoesIsMaskedBeforeItIsKept() {
        assertEquals("account ****5555 of H*** is closed",
                AlphapayPayouts.masked(BENEFICIARY, "account " + ACCOUNT_NUMBER + " of " + HOLDER + " is closed"));
        assertEquals(BENEFICIARY_ANSWER, AlphapayPayouts.masked(BENEFICIARY, BENEFICIARY_ANSWER));
    }
}
