package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.Json;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.eclipse.microprofile.faulttolerance.Retry;
import org.junit.jupiter.api.Test;

/**
 * The payout operations of the adapter against alphapay's side played in the test: what goes on the
 * wire for each (method, path under the API base, body, the merchant's signature), how the company's
 * recorded answers and refusals (docs/companies/vectors/alphapay/payout-*.txt) come back, and what is
 * recorded of the beneficiary's call.
 */
class AlphapayPayoutExchangeTest {

    private static final String BASE = "https://alphapay.example/sandbox/alphapay";

    private final AlphapaySettlementExchangeTest.Company company = new AlphapaySettlementExchangeTest.Company();
    private final AlphapayCompany adapter = new AlphapayCompany();
    private final List<Exchange> recorded = new ArrayList<>();
    private final ExchangeRecorder recorder = (exchange, outcome) -> recorded.add(exchange);

    AlphapayPayoutExchangeTest() {
        adapter.transport = company;
        adapter.endpoint = Optional.of(BASE);
    }

    private static PayoutRequest payout() {
        return new PayoutRequest("P20261126001", 100000, "CNY", "GBP", "十一月货款");
    }

    @Test
    void aPayoutIsPostedToThePayoutsAndItsRecordRead() {
        company.answers("alphapay/payout-create.txt", "paid");
        PayoutStatus status = adapter.payout(AlphapaySettlementVectorsTest.ACCOUNT, payout(), recorder);
        assertEquals("POST", company.last().method());
        assertEquals(BASE + "/v3/global/settle/payouts", company.last().url());
        assertEquals(AlphapayPayoutVectorsTest.PAYOUT_BODY, company.last().body());
        assertEquals("payout", company.last().operation());
        assertEquals(AlphapayPayouts.payoutStatus(AlphapayPayoutVectorsTest.PAID_ANSWER), status);
    }

    @Test
    void aPayoutTheCompanyDoesNotHaveIsEmpty() {
        company.answers("alphapay/payout-query.txt", "not-found");
        assertEquals(Optional.empty(), adapter.queryPayout(AlphapaySettlementVectorsTest.ACCOUNT, "P20261126009", recorder));
        assertEquals("GET", company.last().method());
        assertEquals(BASE + "/v3/global/settle/payouts/out-payout-no/P20261126009", company.last().url());
        assertEquals("payout-query", company.last().operation());
        assertNull(company.last().body(), "a GET has no body");
    }

    @Test
    void aQueriedPayoutIsTheCompanysCurrentView() {
        company.answers("alphapay/payout-query.txt", "failed");
        PayoutStatus status = adapter.queryPayout(AlphapaySettlementVectorsTest.ACCOUNT, "P20261126002", recorder).orElseThrow();
        assertEquals(PayoutStatus.State.FAILED, status.state());
        assertEquals("BANK_REJECTED", status.failReason());
    }

    @Test
    void anyOtherRefusalIsTheCompanysRefusalWithItsCode() {
        company.answers("alphapay/payout-create.txt", "beneficiary-not-exist");
        CompanyRefusal refusal = assertThrows(CompanyRefusal.class, () -> adapter.payout(AlphapaySettlementVectorsTest.ACCOUNT, payout(),
                recorder));
        assertEquals("BENEFICIARY_NOT_EXIST", refusal.code());
        assertEquals("no beneficiary is registered", refusal.reason());
        assertFalse(adapter.invalidRequest(refusal.code()));
        company.answers("alphapay/payout-query.txt", "not-enough");
        assertEquals("NOT_ENOUGH", assertThrows(CompanyRefusal.class,
                () -> adapter.queryPayout(AlphapaySettlementVectorsTest.ACCOUNT, "P1", recorder)).code());
    }

    @Test
    void anUnreadablePayoutRecordIsNoAnswer() {
        company.answers("alphapay/payout-create.txt", "without-rate");
        assertThrows(CompanyUnavailable.class, () -> adapter.payout(AlphapaySettlementVectorsTest.ACCOUNT, payout(), recorder));
    }

    @Test
    void aRateLimitOrTheCompanysOwnFailureIsToBeTriedLaterNotARefusal() {
        for (String code : List.of("FREQUENCY_LIMITED", "SYSTEM_ERROR", "BANK_ERROR")) {
            assertTrue(adapter.tryLater(code), code);
            assertFalse(adapter.invalidRequest(code), code);
        }
        for (String code : List.of("NOT_ENOUGH", "PARAM_ERROR", "ORDER_NOT_EXIST", "RESOURCE_NOT_EXISTS", "OUT_PAYOUT_NO_USED")) {
            assertFalse(adapter.tryLater(code), code);
        }
        assertFalse(adapter.tryLater(null));
    }

    @Test
    void onlyTheQuerysNotFoundSaysTheCompanyHasNoSuchOrder() {
        assertTrue(adapter.noSuchOrder("ORDER_NOT_EXIST"));
        for (String code : List.of("SIGN_ERROR", "INVALID_REQUEST", "RESOURCE_NOT_EXISTS", "PARAM_ERROR")) {
            assertFalse(adapter.noSuchOrder(code), code);
        }
        assertFalse(adapter.noSuchOrder(null));
    }

    @Test
    void anUnsupportedCurrencyIsTheClientsMistakeLikeAParameterError() {
        assertTrue(adapter.invalidRequest("CURRENCY_NOT_SUPPORTED"));
        assertTrue(adapter.invalidRequest("PARAM_ERROR"));
        assertFalse(adapter.invalidRequest("NOT_ENOUGH"));
        assertFalse(adapter.invalidRequest("OUT_PAYOUT_NO_USED"));
    }

    @Test
    void theBeneficiaryIsPostedWithTheAccountAndHolderReadableByTheCompanyOnly() throws Exception {
        company.answers("alphapay/payout-beneficiary.txt", "masked");
        adapter.registerBeneficiary(AlphapaySettlementVectorsTest.ACCOUNT, AlphapayPayoutVectorsTest.BENEFICIARY, recorder);
        assertEquals("POST", company.last().method());
        assertEquals(BASE + "/v3/global/settle/beneficiary", company.last().url());
        assertEquals("beneficiary", company.last().operation());
        var body = Json.object(company.last().body());
        assertEquals(AlphapayPayoutVectorsTest.ACCOUNT_NUMBER,
                AlphapayVectorsTest.decrypt(Json.string(body, "account_number")));
        assertEquals(1, recorded.size());
        assertNoClearBeneficiary(recorded.get(0));
        assertTrue(recorded.get(0).request().contains(Json.string(body, "account_number")), "the ciphertext is kept");
    }

    @Test
    void aCompanyThatEchoesTheAccountInClearHasItMaskedInTheRecordAndTheRefusal() {
        company.answers("alphapay/payout-beneficiary.txt", "in-clear");
        adapter.registerBeneficiary(AlphapaySettlementVectorsTest.ACCOUNT, AlphapayPayoutVectorsTest.BENEFICIARY, recorder);
        assertNoClearBeneficiary(recorded.get(0));
        company.answers("alphapay/payout-beneficiary.txt", "refused-in-clear");
        CompanyRefusal refusal = assertThrows(CompanyRefusal.class, () -> adapter.registerBeneficiary(AlphapaySettlementVectorsTest.ACCOUNT,
                AlphapayPayoutVectorsTest.BENEFICIARY, recorder));
        assertEquals("account ****5555 of H*** is closed", refusal.reason());
        assertFalse(refusal.getMessage().contains(AlphapayPayoutVectorsTest.ACCOUNT_NUMBER), refusal.getMessage());
        assertNoClearBeneficiary(recorded.get(1));
    }

    @Test
    void aPayoutIsNotRetriedTheBeneficiaryAndTheQueryAre() throws NoSuchMethodException {
        assertNull(AlphapayCompany.class.getMethod("payout", org.cbec.company.CompanyAccount.class, PayoutRequest.class,
                ExchangeRecorder.class).getAnnotation(Retry.class), "a payout whose answer was lost is asked for, not sent again");
        assertTrue(AlphapayCompany.class.getMethod("registerBeneficiary", org.cbec.company.CompanyAccount.class,
                org.cbec.company.Beneficiary.class, ExchangeRecorder.class).isAnnotationPresent(Retry.class));
        assertTrue(AlphapayCompany.class.getMethod("queryPayout", org.cbec.company.CompanyAccount.class, String.class,
                ExchangeRecorder.class).isAnnotationPresent(Retry.class));
    }

    private static void assertNoClearBeneficiary(Exchange exchange) {
        String kept = exchange.request() + "\n" + exchange.response();
        assertFalse(kept.contains(AlphapayPayoutVectorsTest.ACCOUNT_NUMBER), kept);
        assertFalse(kept.contains("20201555555555"), kept);
        assertFalse(kept.contains(AlphapayPayoutVectorsTest.HOLDER), kept);
    }
}
