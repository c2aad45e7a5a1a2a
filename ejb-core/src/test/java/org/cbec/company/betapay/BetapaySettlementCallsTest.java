package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HeldMoney;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.KnownKeys;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The adapter's royalty calls against betapay's side of the protocol (the recorded answers of docs/companies/vectors/betapay/settlement-*.txt):
 * what goes out (method, signed parameters, biz_content), how the signed answers are read, and what
 * is stored of each exchange. No network: the transport hands the form to the company side.
 */
class BetapaySettlementCallsTest {

    private static final CompanyAccount ACCOUNT = new CompanyAccount("m-1", "2088000000009999", "betapay-app-2000000001", null,
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);
    private static final String TRADE_NO = "200123456789abcdef0123456789abcd";

    /** The company: verifies each request, answers its method with the recorded answer the test names. */
    private static final class Company extends BetapayTransport {

        final List<Map<String, String>> received = new ArrayList<>();
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
            recorder.record(new Exchange(call.operation(), call.redacted(), 200, call.storedAnswer().apply(body), 1, null),
                    ExchangeRecorder.Outcome.OK);
            return answer;
        }
    }

    private static BetapayCompany adapter(Company company) {
        BetapayCompany adapter = new BetapayCompany();
        adapter.transport = company;
        adapter.gateway = Optional.of("https://betapay.test/gateway.do");
        return adapter;
    }

    private static String biz(Company company) {
        return company.received.get(0).get("biz_content");
    }

    @Test
    void aSplitIsAcceptedWithItsSettleNoAndEveryPartPending() {
        Company company = new Company("betapay/settlement-settle.txt", "accepted");
        SplitRequest split = new SplitRequest("ORDER20261125B", TRADE_NO, "SPL20261125B01",
                List.of(new SplitRequest.Part("MERCHANT", "2088000000000001", 300, "平台服务费")), false);
        SplitStatus status = adapter(company).split(ACCOUNT, split, ExchangeRecorder.NONE);
        assertEquals("betapay.trade.order.settle", company.received.get(0).get("method"));
        assertEquals(BetapayRoyalty.settleBiz(split), biz(company));
        assertEquals(new SplitStatus("SPL20261125B01", "2026112500000001", SplitStatus.State.PROCESSING,
                List.of(new SplitStatus.Part("MERCHANT", "2088000000000001", 300, SplitStatus.Result.PENDING, null, null))), status);
    }

    @Test
    void aRefusedSplitIsTheCompanysRefusalWithItsSubCode() {
        Company company = new Company("betapay/settlement-settle.txt", "alloc-amount-error");
        SplitRequest split = new SplitRequest("ORDER20261125B", TRADE_NO, "SPL20261125B01",
                List.of(new SplitRequest.Part("MERCHANT", "2088000000000001", 9999, null)), false);
        CompanyRefusal refusal = assertThrows(CompanyRefusal.class, () -> adapter(company).split(ACCOUNT, split, ExchangeRecorder.NONE));
        assertEquals("ACQ.ALLOC_AMOUNT_VALIDATE_ERROR", refusal.code());
        assertEquals("the split passes the maximum share", refusal.reason());
        assertFalse(adapter(company).invalidRequest(refusal.code()), "the order's state, not a malformed request");
    }

    @Test
    void aReleaseIsAcceptedAsProcessingWithNoParts() {
        Company company = new Company("betapay/settlement-settle.txt", "release-accepted");
        SplitStatus status = adapter(company).release(ACCOUNT, new ReleaseRequest("ORDER20261125B", TRADE_NO, "REL20261125B", null),
                ExchangeRecorder.NONE);
        assertEquals("{\"out_request_no\":\"REL20261125B\",\"trade_no\":\"" + TRADE_NO + "\",\"extend_params\":{\"royalty_finish\":\"true\"},"
                + "\"royalty_mode\":\"async\"}", biz(company));
        assertEquals(new SplitStatus("REL20261125B", "2026112500000002", SplitStatus.State.PROCESSING, List.of()), status);
    }

    @Test
    void aSplitTheCompanyDoesNotHaveIsEmpty() {
        Company company = new Company("betapay/settlement-query.txt", "not-exist");
        assertEquals(Optional.empty(), adapter(company).querySplit(ACCOUNT, "ORDER20261125B", TRADE_NO, "SPL20261125B01",
                ExchangeRecorder.NONE));
        assertEquals("betapay.trade.order.settle.query", company.received.get(0).get("method"));
        assertEquals("{\"out_request_no\":\"SPL20261125B01\",\"trade_no\":\"" + TRADE_NO + "\"}", biz(company));
    }

    @Test
    void aSplitTheCompanyHasIsReadFromItsDetails() {
        Company company = new Company("betapay/settlement-query.txt", "found");
        Optional<SplitStatus> status = adapter(company).querySplit(ACCOUNT, "ORDER20261125B", TRADE_NO, "SPL20261125B01",
                ExchangeRecorder.NONE);
        assertEquals("2026112500000001", status.get().splitId());
        assertEquals(SplitStatus.State.PROCESSING, status.get().state());
        assertEquals(List.of(SplitStatus.Result.SUCCESS, SplitStatus.Result.CLOSED, SplitStatus.Result.PENDING),
                status.get().parts().stream().map(SplitStatus.Part::result).toList());
    }

    @Test
    void heldMoneyAsksByTradeNo() {
        Company company = new Company("betapay/settlement-onsettle.txt", "held");
        assertEquals(new HeldMoney(TRADE_NO, 2199), adapter(company).heldMoney(ACCOUNT, "ORDER20261125B", TRADE_NO, ExchangeRecorder.NONE));
        assertEquals("betapay.trade.order.onsettle.query", company.received.get(0).get("method"));
        assertEquals("{\"trade_no\":\"" + TRADE_NO + "\"}", biz(company));
    }

    @Test
    void aBindSendsTheNameButTheStoredExchangeNeverHoldsIt() {
        Company company = new Company("betapay/settlement-relation.txt", "success");
        List<Exchange> stored = new ArrayList<>();
        adapter(company).addReceiver(ACCOUNT, new SettlementReceiver("PERSONAL", "guide@example.com", "张三", "PARTNER", null),
                (exchange, outcome) -> stored.add(exchange));
        Map<String, String> sent = company.received.get(0);
        assertEquals("betapay.trade.royalty.relation.bind", sent.get("method"));
        assertTrue(sent.get("biz_content").contains("\"name\":\"张三\""), "betapay takes the name in clear");
        assertEquals(1, stored.size());
        assertFalse(stored.get(0).request().contains("张三"), stored.get(0).request());
        assertTrue(stored.get(0).request().contains("guide@example.com"));
    }

    @Test
    void anUnbindNamesTheReceiverByTypeAndAccount() {
        Company company = new Company("betapay/settlement-relation.txt", "success");
        adapter(company).deleteReceiver(ACCOUNT, "MERCHANT", "2088000000000001", ExchangeRecorder.NONE);
        assertEquals("betapay.trade.royalty.relation.unbind", company.received.get(0).get("method"));
        assertTrue(biz(company).startsWith("{\"receiver_list\":[{\"type\":\"userId\",\"account\":\"2088000000000001\"}],\"out_request_no\":\""),
                biz(company));
    }
}
