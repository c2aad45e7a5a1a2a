package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.books.RequestLog;
import org.junit.jupiter.api.Test;

/**
 * betapay's payout methods on the company's side (this project's convention, docs/companies/betapay.md,
 * "Payouts abroad"): a written-out request reaches the payouts as exactly these terms, and the answer
 * node is exactly this text. The biz_content literals and the answer nodes are the broker's (its
 * BetapayPayoutsTest builds and reads the same ones). The payouts are a stand-in that records what it
 * is asked and answers what the test arranged.
 */
class BetapayPayoutVectorsTest {

    static final Party PARTY = new Party(7, "betapay", "m-1", "2088000000009999", "betapay-app-2000000001", null, null);

    static final Vectors BIND = Vectors.read("betapay/payout-bind.txt");
    static final Vectors APPLY = Vectors.read("betapay/payout-apply.txt");
    static final Vectors QUERY = Vectors.read("betapay/payout-query.txt");

    static final String BIND_BIZ = BIND.get("param.biz_content");
    static final String BIND_NODE = BIND.get("answer.bound.node");
    static final String APPLY_BIZ = APPLY.get("param.biz_content");
    static final String QUERY_BIZ = QUERY.get("param.biz_content");
    static final String ACCEPTED_NODE = APPLY.get("answer.accepted.node");
    static final String PAID_NODE = QUERY.get("answer.paid.node");
    static final String FAILED_NODE = QUERY.get("answer.failed.node");

    /** The books' times are UTC instants; the wire has them in Beijing time. */
    static final Payouts.PayoutView ACCEPTED = new Payouts.PayoutView("PO20261126B01", "2026112600000001", "ACCEPTED", 100000, "CNY",
            500, new BigDecimal("9.12345678"), LocalDate.of(2026, 11, 26), 10906, "GBP", null,
            OffsetDateTime.parse("2026-11-26T10:00:00Z"), null);

    private static Payouts.PayoutView with(String state, String failReason, OffsetDateTime paidAt) {
        Payouts.PayoutView a = ACCEPTED;
        return new Payouts.PayoutView(a.payoutNo(), a.payoutId(), state, a.amount(), a.currency(), a.fee(), a.rate(), a.rateDate(),
                a.targetAmount(), a.targetCurrency(), failReason, a.acceptedAt(), paidAt);
    }

    /** Records every call; answers with what the test put in. */
    static final class Books extends Payouts {

        final List<Object> asked = new ArrayList<>();
        BeneficiaryOutcome bound = new BeneficiaryOutcome(
                new BeneficiaryView("J***", "****6819", "NWBKGB2L", "GB", "GBP"), null, null);
        PayoutOutcome outcome = new PayoutOutcome(ACCEPTED, false, null, null);
        Optional<PayoutView> found = Optional.of(ACCEPTED);

        @Override
        public BeneficiaryOutcome registerBeneficiary(Party party, BeneficiaryTerms terms) {
            asked.add(terms);
            return bound;
        }

        @Override
        public PayoutOutcome payout(Party party, PayoutTerms terms) {
            asked.add(terms);
            return outcome;
        }

        @Override
        public Optional<PayoutView> payout(Party party, String payoutNo) {
            asked.add("find " + party.accountId() + " " + payoutNo);
            return found;
        }
    }

    private final Books books = new Books();

    private BetapayOperations.Call read(BetapayOperations.Method method, String biz) {
        BetapayOperations operations = new BetapayOperations();
        operations.payouts = new BetapayPayouts();
        operations.payouts.payouts = books;
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", "betapay-app-2000000001");
        params.put("method", method.method());
        params.put("format", "JSON");
        params.put("charset", "utf-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", "2026-11-26 18:00:00");
        params.put("version", "1.0");
        params.put("biz_content", biz);
        return operations.read(method, params, PARTY, "https://sandbox.test/betapay");
    }

    private String answer(BetapayOperations.Method method, String biz) {
        return read(method, biz).work().get();
    }

    private static String refusal(String subCode, String subMsg) {
        return "{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"" + subCode + "\",\"sub_msg\":\"" + subMsg + "\"}";
    }

    @Test
    void theBrokersBindReachesTheBooksAsThisBeneficiaryAndIsAnsweredMasked() {
        BetapayOperations.Call call = read(BetapayOperations.Method.BENEFICIARY_BIND, BIND_BIZ);
        assertNull(call.orderRef(), "a bind is about no order or payout");
        assertEquals(BIND_NODE, call.work().get());
        assertEquals(List.of(new Payouts.BeneficiaryTerms("Jane Smith", "GB29NWBK60161331926819", "NWBKGB2L", "GB", "GBP")), books.asked);
    }

    @Test
    void theBindAnswerShowsOnlyTheLastFourEvenWhenTheBooksGiveMore() {
        books.bound = new Payouts.BeneficiaryOutcome(
                new Payouts.BeneficiaryView("Jane Smith", "GB29NWBK60161331926819", "NWBKGB2L", "GB", "GBP"), null, null);
        assertEquals(BIND_NODE, answer(BetapayOperations.Method.BENEFICIARY_BIND, BIND_BIZ));
    }

    @Test
    void aBadAccountNumberIsNamedWithoutItsValue() {
        String answer = answer(BetapayOperations.Method.BENEFICIARY_BIND, BIND_BIZ.replace("GB29NWBK60161331926819", "GB29-NWBK-6016"));
        assertEquals(refusal("ACQ.INVALID_PARAMETER", "account_no must be 4 to 34 letters or digits (an account number or IBAN)"), answer);
        assertFalse(answer.contains("6016"));
        assertEquals(List.of(), books.asked);
    }

    @Test
    void aBadSwiftCodeIsAnInvalidParameter() {
        assertEquals(refusal("ACQ.INVALID_PARAMETER", "swift_code must be a SWIFT (BIC) code of 8 or 11 characters"),
                answer(BetapayOperations.Method.BENEFICIARY_BIND, BIND_BIZ.replace("NWBKGB2L", "NWBK")));
    }

    @Test
    void theBrokersPayoutReachesTheBooksAsThesePayoutTermsAndIsAnsweredAccepted() {
        BetapayOperations.Call call = read(BetapayOperations.Method.PAYOUT_APPLY, APPLY_BIZ);
        assertEquals("PO20261126B01", call.orderRef(), "logged and faulted by its out_payout_no");
        assertNull(call.kind(), "logged as the method's kind");
        assertEquals(ACCEPTED_NODE, call.work().get());
        assertEquals(List.of(new Payouts.PayoutTerms("PO20261126B01", 100000, "CNY", "GBP", "十一月结算")), books.asked);
    }

    @Test
    void aPayoutWithoutDescriptionHasNone() {
        answer(BetapayOperations.Method.PAYOUT_APPLY,
                "{\"out_payout_no\":\"PO20261126B02\",\"amount\":\"0.01\",\"currency\":\"CNY\",\"target_currency\":\"GBP\"}");
        assertEquals(List.of(new Payouts.PayoutTerms("PO20261126B02", 1, "CNY", "GBP", null)), books.asked);
    }

    @Test
    void aPayoutOfAnotherCurrencyThanCnyIsAnInvalidParameter() {
        BetapayOperations.Call call = read(BetapayOperations.Method.PAYOUT_APPLY, APPLY_BIZ.replace("\"CNY\"", "\"USD\""));
        assertEquals("PO20261126B01", call.orderRef(), "a refused payout is logged by its number too");
        assertEquals(refusal("ACQ.INVALID_PARAMETER", "currency must be CNY: a payout is of the CNY balance"), call.work().get());
        assertEquals(List.of(), books.asked);
    }

    @Test
    void aPayoutAmountWithThreeDecimalsIsAnInvalidParameter() {
        assertEquals(refusal("ACQ.INVALID_PARAMETER", "amount must be yuan with at most two decimals, like 1000.00"),
                answer(BetapayOperations.Method.PAYOUT_APPLY, APPLY_BIZ.replace("1000.00", "1000.001")));
    }

    @Test
    void eachRefusalOfTheBooksIsItsSubCode() {
        Map<Payouts.Refusal, String> expected = Map.of(
                Payouts.Refusal.INVALID_REQUEST, "ACQ.INVALID_PARAMETER",
                Payouts.Refusal.NOT_ENOUGH, "ACQ.BALANCE_NOT_ENOUGH",
                Payouts.Refusal.NO_BENEFICIARY, "ACQ.BENEFICIARY_NOT_EXIST",
                Payouts.Refusal.CURRENCY_NOT_ACCEPTED, "ACQ.CURRENCY_NOT_SUPPORT",
                Payouts.Refusal.NUMBER_REUSED, "ACQ.PAYOUT_NO_USED");
        assertEquals(Payouts.Refusal.values().length, expected.size());
        for (Payouts.Refusal r : Payouts.Refusal.values()) {
            books.outcome = new Payouts.PayoutOutcome(null, false, r, "reason of " + r);
            assertEquals(refusal(expected.get(r), "reason of " + r), answer(BetapayOperations.Method.PAYOUT_APPLY, APPLY_BIZ), r.name());
        }
        assertEquals(expected.size(), Arrays.stream(Payouts.Refusal.values()).map(BetapayPayouts::subCode).distinct().count());
    }

    @Test
    void aRefusedBindIsItsSubCode() {
        books.bound = new Payouts.BeneficiaryOutcome(null, Payouts.Refusal.CURRENCY_NOT_ACCEPTED, "betapay pays out in GBP only");
        assertEquals(refusal("ACQ.CURRENCY_NOT_SUPPORT", "betapay pays out in GBP only"),
                answer(BetapayOperations.Method.BENEFICIARY_BIND, BIND_BIZ.replace("GBP", "JPY")));
    }

    @Test
    void theQueryAnswersThePayoutAsTheBrokersVector() {
        BetapayOperations.Call call = read(BetapayOperations.Method.PAYOUT_QUERY, QUERY_BIZ);
        assertEquals("PO20261126B01", call.orderRef());
        assertEquals(ACCEPTED_NODE, call.work().get());
        assertEquals(List.of("find 7 PO20261126B01"), books.asked);
    }

    @Test
    void aPaidPayoutHasItsPaidTimeInBeijing() {
        books.found = Optional.of(with("PAID", null, OffsetDateTime.parse("2026-11-27T02:30:00Z")));
        assertEquals(PAID_NODE, answer(BetapayOperations.Method.PAYOUT_QUERY, QUERY_BIZ));
    }

    @Test
    void aFailedPayoutHasItsReason() {
        books.found = Optional.of(with("FAILED", "the beneficiary's bank refused the transfer", null));
        assertEquals(FAILED_NODE, answer(BetapayOperations.Method.PAYOUT_QUERY, QUERY_BIZ));
    }

    @Test
    void aPayoutTheBooksDoNotHaveIsPayoutNotExist() {
        books.found = Optional.empty();
        assertEquals(refusal("ACQ.PAYOUT_NOT_EXIST", "no payout with this out_payout_no"),
                answer(BetapayOperations.Method.PAYOUT_QUERY, QUERY_BIZ));
    }

    @Test
    void theTargetAmountIsWrittenWithTheTargetCurrencysFractionDigits() {
        assertEquals("108.99", BetapayPayouts.majorUnits(10899, "GBP"));
        assertEquals("10899", BetapayPayouts.majorUnits(10899, "JPY"));
        assertEquals("10.899", BetapayPayouts.majorUnits(10899, "BHD"));
    }

    @Test
    void thePayoutMethodsAreLoggedUnderThePayoutKinds() {
        assertEquals(RequestLog.BENEFICIARY, BetapayOperations.Method.named("betapay.overseas.beneficiary.bind").orElseThrow().kind());
        assertEquals(RequestLog.PAYOUT, BetapayOperations.Method.named("betapay.overseas.payout.apply").orElseThrow().kind());
        assertEquals(RequestLog.PAYOUT_QUERY, BetapayOperations.Method.named("betapay.overseas.payout.query").orElseThrow().kind());
        assertEquals(List.of("beneficiary", "payout", "payout-query"),
                List.of(RequestLog.BENEFICIARY, RequestLog.PAYOUT, RequestLog.PAYOUT_QUERY));
        assertTrue(RequestLog.KINDS.containsAll(List.of("beneficiary", "payout", "payout-query")), "listed by the admin API");
    }
}
