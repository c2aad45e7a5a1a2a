package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.plumbing.crypto.Oaep;
import org.cbec.plumbing.crypto.Pem;
import org.junit.jupiter.api.Test;

/**
 * alphapay's payouts abroad on the company's side (this project's convention,
 * docs/companies/alphapay.md): a literal request, once authenticated, reaches the books as exactly
 * these terms, and the books' views go back as exactly these bodies. The strings are the broker's
 * {@code AlphapayPayoutVectorsTest} vectors, so both sides hold the same bytes.
 */
class AlphapayPayoutProtocolTest {

    static final Vectors BENEFICIARY_VECTOR = Vectors.read("alphapay/payout-beneficiary.txt");
    static final Vectors PAYOUT_VECTOR = Vectors.read("alphapay/payout-create.txt");

    static final String HOLDER = BENEFICIARY_VECTOR.get("holder");
    static final String ACCOUNT_NUMBER = BENEFICIARY_VECTOR.get("account-number");

    /** OpenSSL's RSA-OAEP (SHA-1, MGF1-SHA-1) of {@link #HOLDER} under the company's public key. */
    static final String HOLDER_CIPHERTEXT = BENEFICIARY_VECTOR.get("holder.ciphertext");

    /** The same of {@link #ACCOUNT_NUMBER}. */
    static final String ACCOUNT_CIPHERTEXT = BENEFICIARY_VECTOR.get("account-number.ciphertext");

    static final String BENEFICIARY_BODY = BENEFICIARY_VECTOR.get("request.body");

    static final String BENEFICIARY_ANSWER = BENEFICIARY_VECTOR.get("answer.masked.body");

    static final String PAYOUT_BODY = PAYOUT_VECTOR.get("request.body");

    static final String PAID_ANSWER = PAYOUT_VECTOR.get("answer.paid.body");

    static final String FAILED_ANSWER = Vectors.read("alphapay/payout-query.txt").get("answer.failed.body");

    static final String ACCEPTED_ANSWER = PAYOUT_VECTOR.get("answer.accepted.body");

    static final BigDecimal RATE = new BigDecimal("9.12345678");
    static final LocalDate RATE_DATE = LocalDate.of(2026, 11, 26);
    /** The books' times in UTC: the answers show them in Beijing time. */
    static final OffsetDateTime ACCEPTED = OffsetDateTime.parse("2026-11-26T10:00:00Z");
    static final OffsetDateTime PAID = OffsetDateTime.parse("2026-11-27T02:30:00Z");

    static final Payouts.PayoutView PAID_VIEW = new Payouts.PayoutView("P20261126001", "1030000071100000000000000001", "PAID", 100000,
            "CNY", 1500, RATE, RATE_DATE, 10796, "GBP", null, ACCEPTED, PAID);
    static final Payouts.PayoutView FAILED_VIEW = new Payouts.PayoutView("P20261126002", "1030000071100000000000000002", "FAILED", 50000,
            "CNY", 1500, RATE, RATE_DATE, 5316, "GBP", "BANK_REJECTED", ACCEPTED, null);
    static final Payouts.PayoutView ACCEPTED_VIEW = new Payouts.PayoutView("P20261126003", "1030000071100000000000000003", "ACCEPTED",
            100000, "CNY", 1500, RATE, RATE_DATE, 10796, "GBP", null, ACCEPTED, null);

    static final Party PARTY = AlphapaySettlementProtocolTest.PARTY;

    /** The books as the protocol sees them: what each call was given, and the answers the test set. */
    static final class FakePayouts extends Payouts {

        final List<Object> calls = new ArrayList<>();
        Payouts.BeneficiaryOutcome beneficiaryOutcome = new Payouts.BeneficiaryOutcome(
                new Payouts.BeneficiaryView("H", "****5555", "BUKBGB22", "GB", "GBP"), null, null);
        Payouts.PayoutOutcome payoutOutcome = new Payouts.PayoutOutcome(PAID_VIEW, false, null, null);
        Optional<Payouts.PayoutView> found = Optional.of(FAILED_VIEW);

        @Override
        public BeneficiaryOutcome registerBeneficiary(Party party, BeneficiaryTerms terms) {
            calls.add(terms);
            return beneficiaryOutcome;
        }

        @Override
        public PayoutOutcome payout(Party party, PayoutTerms terms) {
            calls.add(terms);
            return payoutOutcome;
        }

        @Override
        public Optional<PayoutView> payout(Party party, String payoutNo) {
            calls.add(List.of("query", party.accountId(), payoutNo));
            return found;
        }
    }

    private final FakePayouts books = new FakePayouts();
    private final AlphapayOperations operations = new AlphapayOperations();

    AlphapayPayoutProtocolTest() {
        operations.payouts = new AlphapayPayouts();
        operations.payouts.payouts = books;
        operations.payouts.accounts = new Accounts() {
            @Override
            public CompanySigner companySigner(String paymentMethod) {
                return new CompanySigner(paymentMethod, "SANDBOX-ALPHAPAY-1", AlphapayProtocolVectorsTest.COMPANY_KEY,
                        AlphapayProtocolVectorsTest.COMPANY_PUBLIC);
            }
        };
    }

    private AlphapayOperations.Call post(Operation operation, String body) {
        return operations.read(operation, new AlphapayRequest("POST", "/sandbox/alphapay/v3/global/settle/…", null, null,
                "application/json", body.getBytes(StandardCharsets.UTF_8), "http://localhost/sandbox/alphapay", null), PARTY);
    }

    private AlphapayOperations.Call get(String rawPayoutNo) {
        return operations.read(Operation.PAYOUT_QUERY, new AlphapayRequest("GET",
                "/sandbox/alphapay/v3/global/settle/payouts/out-payout-no/" + rawPayoutNo, null, null, null, new byte[0],
                "http://localhost/sandbox/alphapay", rawPayoutNo), PARTY);
    }

    @Test
    void thePayoutVectorReachesTheBooksAsExactlyTheseTermsAndThePaidPayoutIsTheWrittenOutAnswer() {
        AlphapayOperations.Call call = post(Operation.PAYOUT, PAYOUT_BODY);
        AlphapayAnswer answer = call.work().get();
        assertEquals(List.of(new Payouts.PayoutTerms("P20261126001", 100000, "CNY", "GBP", "十一月货款")), books.calls);
        assertEquals(new AlphapayAnswer(200, PAID_ANSWER), answer);
        assertEquals("P20261126001", call.orderRef(), "the request log and faults know the payout by its number");
    }

    @Test
    void aPayoutWithoutDescriptionReachesTheBooksWithNone() {
        post(Operation.PAYOUT, PAYOUT_BODY.replace(",\"description\":\"十一月货款\"", "")).work().get();
        assertEquals(List.of(new Payouts.PayoutTerms("P20261126001", 100000, "CNY", "GBP", null)), books.calls);
    }

    @Test
    void theAcceptedAndTheFailedPayoutsAreTheWrittenOutAnswers() {
        books.payoutOutcome = new Payouts.PayoutOutcome(ACCEPTED_VIEW, false, null, null);
        assertEquals(new AlphapayAnswer(200, ACCEPTED_ANSWER), post(Operation.PAYOUT, PAYOUT_BODY).work().get());
        books.payoutOutcome = new Payouts.PayoutOutcome(FAILED_VIEW, true, null, null);
        assertEquals(new AlphapayAnswer(200, FAILED_ANSWER), post(Operation.PAYOUT, PAYOUT_BODY).work().get(),
                "a payout sent again is answered as it stands");
    }

    @Test
    void aQueryAsksForThePayoutOfThatNumberAndAnUnknownOneIs404ResourceNotExists() {
        AlphapayOperations.Call call = get("P20261126002");
        assertEquals(new AlphapayAnswer(200, FAILED_ANSWER), call.work().get());
        assertEquals("P20261126002", call.orderRef());
        assertEquals(List.of(List.of("query", 7L, "P20261126002")), books.calls);
        books.found = Optional.empty();
        AlphapayAnswer none = get("P20261126009").work().get();
        assertEquals(404, none.status());
        assertEquals("RESOURCE_NOT_EXISTS", code(none));
    }

    @Test
    void theBeneficiaryVectorReachesTheBooksDecryptedAndIsAnsweredMasked() {
        AlphapayOperations.Call call = post(Operation.BENEFICIARY, BENEFICIARY_BODY);
        AlphapayAnswer answer = call.work().get();
        assertEquals(List.of(new Payouts.BeneficiaryTerms(HOLDER, ACCOUNT_NUMBER, "BUKBGB22", "GB", "GBP")), books.calls);
        assertEquals(new AlphapayAnswer(200, BENEFICIARY_ANSWER), answer);
        assertEquals(null, call.orderRef());
    }

    @Test
    void anAccountTheBooksShowedInClearIsStillAnsweredMasked() {
        books.beneficiaryOutcome = new Payouts.BeneficiaryOutcome(
                new Payouts.BeneficiaryView(HOLDER, ACCOUNT_NUMBER, "BUKBGB22", "GB", "GBP"), null, null);
        AlphapayAnswer answer = post(Operation.BENEFICIARY, BENEFICIARY_BODY).work().get();
        assertEquals(new AlphapayAnswer(200, BENEFICIARY_ANSWER), answer);
    }

    @Test
    void aBeneficiaryTheMerchantEncryptsIsReadBack() {
        var key = Pem.publicKey(AlphapayProtocolVectorsTest.COMPANY_PUBLIC);
        post(Operation.BENEFICIARY, "{\"account_name\":\"" + Oaep.encrypt(key, "张伟贸易 Ltd") + "\",\"account_number\":\""
                + Oaep.encrypt(key, "12345678") + "\",\"swift_code\":\"NWBKGB2LXXX\",\"bank_country\":\"GB\",\"currency\":\"GBP\"}")
                .work().get();
        assertEquals(List.of(new Payouts.BeneficiaryTerms("张伟贸易 Ltd", "12345678", "NWBKGB2LXXX", "GB", "GBP")), books.calls);
    }

    @Test
    void aMalformedMemberIsA400ParamErrorNamingItWithoutItsValueAndNeverReachesTheBooks() {
        var key = Pem.publicKey(AlphapayProtocolVectorsTest.COMPANY_PUBLIC);
        assertEquals("account_number", paramError(Operation.BENEFICIARY, BENEFICIARY_BODY.replace(ACCOUNT_CIPHERTEXT, ACCOUNT_NUMBER)));
        assertEquals("account_number", paramError(Operation.BENEFICIARY,
                BENEFICIARY_BODY.replace(ACCOUNT_CIPHERTEXT, Oaep.encrypt(key, "GB33 BUKB 2020 1555 5555 55"))));
        assertEquals("account_name", paramError(Operation.BENEFICIARY, BENEFICIARY_BODY.replace(HOLDER_CIPHERTEXT, HOLDER)));
        assertEquals("account_name", paramError(Operation.BENEFICIARY,
                BENEFICIARY_BODY.replace(HOLDER_CIPHERTEXT, Oaep.encrypt(key, "Harbour\nTea"))));
        assertEquals("swift_code", paramError(Operation.BENEFICIARY, BENEFICIARY_BODY.replace("BUKBGB22", "bukbgb22")));
        assertEquals("bank_country", paramError(Operation.BENEFICIARY, BENEFICIARY_BODY.replace("\"GB\"", "\"GBR\"")));
        assertEquals("currency", paramError(Operation.BENEFICIARY, BENEFICIARY_BODY.replace(",\"currency\":\"GBP\"", "")));
        assertEquals("out_payout_no", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("P20261126001", "P 1")));
        assertEquals("amount.total", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("100000", "\"100000\"")));
        assertEquals("amount.total", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("100000", "0")));
        assertEquals("amount.currency", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("\"currency\":\"CNY\"", "\"currency\":\"GBP\"")));
        assertEquals("target_currency", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("\"GBP\"", "\"gbp\"")));
        assertEquals("description", paramError(Operation.PAYOUT, PAYOUT_BODY.replace("十一月货款", "x".repeat(81))));
        AlphapayAnswer badNumber = get("P%201").work().get();
        assertEquals(400, badNumber.status());
        assertEquals("PARAM_ERROR", code(badNumber));
        assertEquals(List.of(), books.calls);
    }

    @Test
    void theBooksRefusalsAreAlphapaysCodes() {
        assertRefusal(400, "PARAM_ERROR", Payouts.Refusal.INVALID_REQUEST);
        assertRefusal(403, "NOT_ENOUGH", Payouts.Refusal.NOT_ENOUGH);
        assertRefusal(403, "BENEFICIARY_NOT_EXIST", Payouts.Refusal.NO_BENEFICIARY);
        assertRefusal(400, "CURRENCY_NOT_SUPPORTED", Payouts.Refusal.CURRENCY_NOT_ACCEPTED);
        assertRefusal(403, "OUT_PAYOUT_NO_USED", Payouts.Refusal.NUMBER_REUSED);
        books.beneficiaryOutcome = new Payouts.BeneficiaryOutcome(null, Payouts.Refusal.CURRENCY_NOT_ACCEPTED, "GBP only");
        assertEquals(new AlphapayAnswer(400, "{\"code\":\"CURRENCY_NOT_SUPPORTED\",\"message\":\"GBP only\"}"),
                post(Operation.BENEFICIARY, BENEFICIARY_BODY).work().get());
    }

    @Test
    void theRequestLogAndFaultsKnowThePayoutOperationsByName() {
        assertEquals("beneficiary", Operation.BENEFICIARY.kind());
        assertEquals("payout", Operation.PAYOUT.kind());
        assertEquals("payout-query", Operation.PAYOUT_QUERY.kind());
        assertTrue(RequestLog.KINDS.containsAll(List.of("beneficiary", "payout", "payout-query")), "the admin API lists them by kind");
    }

    private void assertRefusal(int status, String code, Payouts.Refusal refusal) {
        books.payoutOutcome = new Payouts.PayoutOutcome(null, false, refusal, "the books' reason");
        AlphapayAnswer answer = post(Operation.PAYOUT, PAYOUT_BODY).work().get();
        assertEquals(new AlphapayAnswer(status, "{\"code\":\"" + code + "\",\"message\":\"the books' reason\"}"), answer, refusal.name());
    }

    /** The member a PARAM_ERROR names: its message starts with it, and shows no account or holder. */
    private String paramError(Operation operation, String body) {
        AlphapayAnswer answer = post(operation, body).work().get();
        assertEquals(400, answer.status(), answer.body());
        assertEquals("PARAM_ERROR", code(answer));
        String message = JsonText.parseObject(answer.body()).getString("message");
        for (String secret : new String[] {ACCOUNT_NUMBER, "1555", HOLDER, "Harbour", "GB33"}) {
            assertFalse(message.contains(secret), message);
        }
        return message.substring(0, message.indexOf(' '));
    }

    private static String code(AlphapayAnswer answer) {
        return JsonText.parseObject(answer.body()).getString("code");
    }
}
