package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.company.CompanyRefusal;
import org.cbec.company.Exchange;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.Json;
import org.cbec.company.KnownKeys;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.company.UnverifiedAnswer;
import org.cbec.testing.AlphapayCompanySide;
import org.junit.jupiter.api.Test;

/**
 * The settlement operations of the adapter against alphapay's side played in the test
 * ({@link AlphapayCompanySide}): what goes on the wire for each (method, path under the API base,
 * body, a signature the company accepts) and how the company's answers and refusals come back.
 */
class AlphapaySettlementExchangeTest {

    private static final String BASE = "https://alphapay.example/sandbox/alphapay";

    /**
     * The company: checks each request's signature, keeps it, and answers what the test set, signed;
     * the exchange goes to the recorder as {@code CompanyTransport} stores it (the call's redacted
     * text, the answer as the call's {@code storedAnswer} makes it). AlphapayPayoutExchangeTest plays it too.
     */
    static final class Company extends AlphapayTransport {

        final List<HttpCall> calls = new ArrayList<>();
        int status = 200;
        String answer = "";

        @Override
        public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            URI uri = URI.create(call.url());
            String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            var auth = AlphapayCompanySide.parseAuthorization(call.headers().get("Authorization")).orElseThrow();
            assertTrue(AlphapayCompanySide.verifyRequest(KnownKeys.merchantPublic(), call.method(), pathAndQuery, call.body(), auth),
                    "the merchant's signature over " + call.method() + " " + pathAndQuery);
            calls.add(call);
            var signed = AlphapayCompanySide.signResponse(KnownKeys.companyPrivate(), "SANDBOX-ALPHAPAY-1", answer, 1700000001L,
                    "QX1D9W3ZP0J7H2K4M6N8B5V7C1X3Z9L0");
            HttpExchange exchange = new HttpExchange(status, Map.of("alphapay-timestamp", signed.timestamp(), "alphapay-nonce",
                    signed.nonce(), "alphapay-signature", signed.signature(), "alphapay-serial", signed.serial()), answer, 1);
            if (!verified.test(exchange)) {
                throw new UnverifiedAnswer("unverified");
            }
            recorder.record(new Exchange(call.operation(), call.redacted(), status, call.storedAnswer().apply(answer), 1, null),
                    status < 300 ? ExchangeRecorder.Outcome.OK : ExchangeRecorder.Outcome.REFUSED);
            return exchange;
        }

        HttpCall last() {
            return calls.get(calls.size() - 1);
        }
    }

    private final Company company = new Company();
    private final AlphapayCompany adapter = new AlphapayCompany();
    private final ExchangeRecorder recorder = (exchange, outcome) -> { };

    AlphapaySettlementExchangeTest() {
        adapter.transport = company;
        adapter.endpoint = Optional.of(BASE);
    }

    @Test
    void aSplitIsPostedToTheOrdersAndItsAnswerRead() {
        company.answer = AlphapaySettlementVectorsTest.SPLIT_ANSWER;
        SplitStatus status = adapter.split(AlphapaySettlementVectorsTest.ACCOUNT, new SplitRequest("kat0001",
                "4200000000000000000000000001", "S20261126001", List.of(
                        new SplitRequest.Part("MERCHANT", "1900000109", 300, "分给门店"),
                        new SplitRequest.Part("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", 120, "分给店员")), false), recorder);
        assertEquals("POST", company.last().method());
        assertEquals(BASE + "/v3/profitsharing/orders", company.last().url());
        assertEquals(AlphapaySettlementVectorsTest.SPLIT_BODY, company.last().body());
        assertEquals("split", company.last().operation());
        assertEquals(SplitStatus.State.FINISHED, status.state());
        assertEquals(SplitStatus.Result.CLOSED, status.parts().get(1).result());
    }

    @Test
    void aReleaseIsPostedToTheUnfreezePath() {
        company.answer = "{\"transaction_id\":\"4200000000000000000000000001\",\"out_order_no\":\"R20261126001\",\"order_id\":\"300002\","
                + "\"state\":\"PROCESSING\",\"receivers\":[{\"amount\":880,\"description\":\"解冻全部剩余资金\",\"type\":\"MERCHANT_ID\","
                + "\"account\":\"1900000001\",\"result\":\"PENDING\",\"detail_id\":\"30000201\",\"create_time\":\"2026-11-26T10:00:00+08:00\"}]}";
        SplitStatus status = adapter.release(AlphapaySettlementVectorsTest.ACCOUNT,
                new ReleaseRequest("kat0001", "4200000000000000000000000001", "R20261126001", "解冻全部剩余资金"), recorder);
        assertEquals(BASE + "/v3/profitsharing/orders/unfreeze", company.last().url());
        assertEquals(AlphapaySettlementVectorsTest.UNFREEZE_BODY, company.last().body());
        assertEquals(new SplitStatus.Part("MERCHANT", "1900000001", 880, SplitStatus.Result.PENDING, null, null), status.parts().get(0));
    }

    @Test
    void aSplitTheCompanyDoesNotHaveIsEmpty() {
        company.status = 404;
        company.answer = "{\"code\":\"RESOURCE_NOT_EXISTS\",\"message\":\"no split with this out_order_no\"}";
        assertEquals(Optional.empty(), adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001",
                "4200000000000000000000000001", "S20261126009", recorder));
        assertEquals("GET", company.last().method());
        assertEquals(BASE + "/v3/profitsharing/orders/S20261126009?transaction_id=4200000000000000000000000001", company.last().url());
        assertNull(company.last().body(), "a GET has no body");
    }

    @Test
    void aQueriedSplitIsTheCompanysCurrentView() {
        company.answer = AlphapaySettlementVectorsTest.PROCESSING_ANSWER;
        assertEquals(SplitStatus.State.PROCESSING, adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001",
                "4200000000000000000000000001", "S20261126002", recorder).orElseThrow().state());
    }

    @Test
    void anyOtherRefusalIsTheCompanysRefusalWithItsCode() {
        company.status = 403;
        company.answer = "{\"code\":\"NOT_ENOUGH\",\"message\":\"the split would take more than is still held\"}";
        CompanyRefusal refusal = assertThrows(CompanyRefusal.class, () -> adapter.split(AlphapaySettlementVectorsTest.ACCOUNT,
                new SplitRequest("kat0001", "4200000000000000000000000001", "S1", List.of(
                        new SplitRequest.Part("MERCHANT", "1900000109", 300, "d")), false), recorder));
        assertEquals("NOT_ENOUGH", refusal.code());
        assertEquals("the split would take more than is still held", refusal.reason());
        company.status = 400;
        company.answer = "{\"code\":\"ORDER_NOT_EXIST\",\"message\":\"no order with this transaction_id\"}";
        assertEquals("ORDER_NOT_EXIST", assertThrows(CompanyRefusal.class, () -> adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT,
                "kat0001", "4200000000000000000000000001", "S1", recorder)).code());
    }

    @Test
    void heldMoneyAsksForTheTransactionsUnsplitAmount() {
        company.answer = "{\"transaction_id\":\"4200000000000000000000000001\",\"unsplit_amount\":1280}";
        assertEquals(1280, adapter.heldMoney(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001", "4200000000000000000000000001",
                recorder).unsplitAmount());
        assertEquals(BASE + "/v3/profitsharing/transactions/4200000000000000000000000001/amounts", company.last().url());
        assertEquals("held-query", company.last().operation());
    }

    @Test
    void receiversAreAddedAndDeletedWithTheNameReadableByTheCompanyOnly() {
        company.answer = "{\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\",\"relation_type\":\"STORE\"}";
        adapter.addReceiver(AlphapaySettlementVectorsTest.ACCOUNT,
                new SettlementReceiver("MERCHANT", "1900000109", "示例门店有限公司", "STORE", null), recorder);
        assertEquals(BASE + "/v3/profitsharing/receivers/add", company.last().url());
        String name = Json.string(Json.object(company.last().body()), "name");
        assertEquals("示例门店有限公司", AlphapayCompanySide.decryptPersonalData(KnownKeys.companyPrivate(), name));
        assertTrue(!company.last().redacted().contains("示例门店有限公司"), "the stored exchange holds the ciphertext only");
        company.answer = "{\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\"}";
        adapter.deleteReceiver(AlphapaySettlementVectorsTest.ACCOUNT, "MERCHANT", "1900000109", recorder);
        assertEquals(BASE + "/v3/profitsharing/receivers/delete", company.last().url());
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\"}", company.last().body());
    }
}
