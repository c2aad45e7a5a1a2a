package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.Beneficiary;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.KnownKeys;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.plumbing.vectors.Vectors;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

/**
 * The adapter's payout calls against betapay's side of the protocol (the recorded answers of docs/companies/vectors/betapay/payout-*.txt): the
 * method and biz_content that go out, signed; how the signed answers are read (a payout the company
 * does not have is empty, a refusal keeps its sub_code, an unreadable answer is no answer); and what
 * is stored of each exchange. No network: the transport hands the form to the company side.
 */
class BetapayPayoutCallsTest {

    private static final CompanyAccount ACCOUNT = new CompanyAccount("m-1", "2088000000009999", "betapay-app-2000000001", null,
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);

    /** The company: verifies each request, answers its method with the recorded answer the test names; stores what the adapter stores. */
    private static final class Company extends BetapayTransport {

        final List<Map<String, String>> received = new ArrayList<>();
        final List<Exchange> stored = new ArrayList<>();
        final Vectors vector;
        final String answer;

        /** Answers every request with the recorded answer {@code answer.<answer>} of the vector file. */
        Company(String file, String answer) {
            this.vector = Vectors.read(file);
            this.answer = answer;
        }

        @Override
        public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            Map<String, String> params = BetapayVectorsTest.readForm(call.body());
            assertTrue(BetapayVectorsTest.signedByTheMerchant(params), "the request is signed by the merchant");
            received.add(params);
            String body = BetapayVectorsTest.recorded(vector, answer, params.get("method"));
            HttpExchange answer = new HttpExchange(200, Map.of(), body, 1);
            if (!verified.test(answer)) {
                throw new UnverifiedAnswer("unverified");
            }
            Exchange exchange = new Exchange(call.operation(), call.redacted(), 200, call.storedAnswer().apply(body), 1, null);
            stored.add(exchange);
            recorder.record(exchange, ExchangeRecorder.Outcome.OK);
            return answer;
        }
    }

    private static BetapayCompany adapter(Company company) {
        BetapayCompany adapter = new BetapayCompany();
        adapter.transport = company;
        adapter.gateway = Optional.of("https://betapay.test/gateway.do");
        return adapter;
    }

    @Test
    void aBindSendsTheAccountInClearButStoresItMasked() {
        Company company = new Company("betapay/payout-bind.txt", "bound");
        adapter(company).registerBeneficiary(ACCOUNT, BetapayPayoutsTest.BENEFICIARY, ExchangeRecorder.NONE);
        Map<String, String> sent = company.received.get(0);
        assertEquals("betapay.overseas.beneficiary.bind", sent.get("method"));
        assertEquals(BetapayPayoutsTest.BIND_BIZ, sent.get("biz_content"));
        Exchange stored = company.stored.get(0);
        assertEquals("beneficiary", stored.operation());
        for (String secret : new String[] {"GB29NWBK60161331926819", "60161331926819", "Jane", "Smith"}) {
            assertFalse(stored.request().contains(secret), stored.request());
            assertFalse(stored.response().contains(secret), stored.response());
        }
        assertTrue(stored.request().contains("****6819"), stored.request());
    }

    @Test
    void anAcceptedPayoutIsReadFromTheApplysAnswer() {
        Company company = new Company("betapay/payout-apply.txt", "accepted");
        PayoutStatus status = adapter(company).payout(ACCOUNT, BetapayPayoutsTest.PAYOUT, ExchangeRecorder.NONE);
        assertEquals("betapay.overseas.payout.apply", company.received.get(0).get("method"));
        assertEquals(BetapayPayoutsTest.APPLY_BIZ, company.received.get(0).get("biz_content"));
        assertEquals("payout", company.stored.get(0).operation());
        assertEquals(PayoutStatus.State.ACCEPTED, status.state());
        assertEquals(10906, status.targetAmount());
        assertEquals(500, status.fee());
    }

    @Test
    void aPayoutRefusedForWantOfFundsKeepsItsSubCodeAndIsNotAnInvalidRequest() {
        Company company = new Company("betapay/payout-apply.txt", "balance-not-enough");
        CompanyRefusal refused = assertThrows(CompanyRefusal.class,
                () -> adapter(company).payout(ACCOUNT, BetapayPayoutsTest.PAYOUT, ExchangeRecorder.NONE));
        assertEquals("ACQ.BALANCE_NOT_ENOUGH", refused.code());
        assertEquals("the available balance is 500.00", refused.reason());
        assertFalse(adapter(company).invalidRequest(refused.code()));
    }

    @Test
    void theCompanysOwnFailureIsToBeTriedLaterNotARefusal() {
        Company company = new Company("betapay/payout-apply.txt", "currency-not-support");
        for (String code : List.of("isp.unknow-error", "ACQ.SYSTEM_ERROR", "aop.ACQ.SYSTEM_ERROR")) {
            assertTrue(adapter(company).tryLater(code), code);
            assertFalse(adapter(company).invalidRequest(code), code);
        }
        for (String code : List.of("ACQ.BALANCE_NOT_ENOUGH", "ACQ.TRADE_NOT_EXIST", "isv.invalid-signature", "ACQ.INVALID_PARAMETER", "isp.bill_not_exist")) {
            assertFalse(adapter(company).tryLater(code), code);
        }
        assertFalse(adapter(company).tryLater(null));
    }

    @Test
    void onlyTheQuerysNotFoundSaysTheCompanyHasNoSuchOrder() {
        Company company = new Company("betapay/payout-apply.txt", "currency-not-support");
        assertTrue(adapter(company).noSuchOrder("ACQ.TRADE_NOT_EXIST"));
        for (String code : List.of("ACQ.PAYOUT_NOT_EXIST", "isv.invalid-signature", "ACQ.INVALID_PARAMETER", "ACQ.SETTLE_NOT_EXIST")) {
            assertFalse(adapter(company).noSuchOrder(code), code);
        }
        assertFalse(adapter(company).noSuchOrder(null));
    }

    @Test
    void aCurrencyTheCompanyDoesNotPayIsAnInvalidRequest() {
        Company company = new Company("betapay/payout-apply.txt", "currency-not-support");
        CompanyRefusal refused = assertThrows(CompanyRefusal.class, () -> adapter(company).payout(ACCOUNT,
                new PayoutRequest("PO20261126B03", 100000, "CNY", "EUR", null), ExchangeRecorder.NONE));
        assertTrue(adapter(company).invalidRequest(refused.code()));
    }

    @Test
    void aPayoutAnswerWithUnreadableFiguresIsNoAnswer() {
        Company company = new Company("betapay/payout-apply.txt", "unreadable");
        CompanyUnavailable unavailable = assertThrows(CompanyUnavailable.class,
                () -> adapter(company).payout(ACCOUNT, BetapayPayoutsTest.PAYOUT, ExchangeRecorder.NONE));
        assertEquals("the company's payout answer has amounts, rates, states or times that are not betapay's", unavailable.getMessage());
    }

    @Test
    void aPayoutTheCompanyHasIsQueriedByItsNumber() {
        Company company = new Company("betapay/payout-query.txt", "paid");
        Optional<PayoutStatus> status = adapter(company).queryPayout(ACCOUNT, "PO20261126B01", ExchangeRecorder.NONE);
        assertEquals("betapay.overseas.payout.query", company.received.get(0).get("method"));
        assertEquals(BetapayPayoutsTest.QUERY_BIZ, company.received.get(0).get("biz_content"));
        assertEquals("payout-query", company.stored.get(0).operation());
        assertEquals(PayoutStatus.State.PAID, status.orElseThrow().state());
        assertNotNull(status.get().paidAt());
    }

    @Test
    void aPayoutTheCompanyDoesNotHaveIsEmpty() {
        Company company = new Company("betapay/payout-query.txt", "not-exist");
        assertEquals(Optional.empty(), adapter(company).queryPayout(ACCOUNT, "PO20261126B09", ExchangeRecorder.NONE));
    }

    @Test
    void anotherRefusalOfTheQueryIsARefusal() {
        Company company = new Company("betapay/payout-query.txt", "system-error");
        assertEquals("ACQ.SYSTEM_ERROR", assertThrows(CompanyRefusal.class,
                () -> adapter(company).queryPayout(ACCOUNT, "PO20261126B01", ExchangeRecorder.NONE)).code());
    }

    @Test
    void thePayoutIsNeverRetriedButTheBindAndTheQueryAre() throws NoSuchMethodException {
        Class<BetapayCompany> c = BetapayCompany.class;
        assertNull(c.getMethod("payout", CompanyAccount.class, PayoutRequest.class, ExchangeRecorder.class).getAnnotation(Retry.class));
        assertNotNull(c.getMethod("registerBeneficiary", CompanyAccount.class, Beneficiary.class, ExchangeRecorder.class)
                .getAnnotation(Retry.class));
        assertNotNull(c.getMethod("queryPayout", CompanyAccount.class, String.class, ExchangeRecorder.class).getAnnotation(Retry.class));
    }
}
