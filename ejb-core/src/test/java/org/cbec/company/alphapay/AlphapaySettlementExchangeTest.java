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
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * The settlement operations of the adapter against alphapay's side played in the test: what goes on
 * the wire for each (method, path under the API base, body, a signature over the request's text by
 * the merchant's key), and how the company's answers and refusals come back: the answers are the
 * recorded ones of docs/companies/vectors/alphapay, with their recorded signatures.
 */
class AlphapaySettlementExchangeTest {

    private static final String BASE = "https://alphapay.example/sandbox/alphapay";

    /**
     * The company: checks each request's signature (with the JDK, over the text the adapter's
     * {@code requestMessage} writes, which AlphapayVectorsTest pins to the vectors), keeps it, and
     * answers the recorded answer the test chose, with its recorded signature headers; the exchange
     * goes to the recorder as {@code CompanyTransport} stores it (the call's redacted text, the answer
     * as the call's {@code storedAnswer} makes it). AlphapayPayoutExchangeTest plays it too.
     */
    static final class Company extends AlphapayTransport {

        final List<HttpCall> calls = new ArrayList<>();
        Vectors vector;
        String answer;

        /** The answer {@code answer.<name>} of the vector file. */
        void answers(String file, String name) {
            vector = Vectors.read(file);
            answer = name;
        }

        @Override
        public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
            assertSignedByTheMerchant(call);
            calls.add(call);
            HttpExchange exchange = recorded(vector, answer);
            if (!verified.test(exchange)) {
                throw new UnverifiedAnswer("unverified");
            }
            recorder.record(new Exchange(call.operation(), call.redacted(), exchange.status(), call.storedAnswer().apply(exchange.body()), 1,
                    null), exchange.status() < 300 ? ExchangeRecorder.Outcome.OK : ExchangeRecorder.Outcome.REFUSED);
            return exchange;
        }

        HttpCall last() {
            return calls.get(calls.size() - 1);
        }
    }

    /** The recorded answer {@code answer.<name>} of an alphapay vector file: its status, body and signature headers. */
    static HttpExchange recorded(Vectors vector, String name) {
        return new HttpExchange(Integer.parseInt(vector.get("answer." + name + ".status")), Map.of(
                "alphapay-timestamp", vector.get("answer.timestamp"), "alphapay-nonce", vector.get("answer.nonce"),
                "alphapay-signature", vector.get("answer." + name + ".signature"), "alphapay-serial", vector.get("answer.serial")),
                vector.get("answer." + name + ".body"), 1);
    }

    /** The request's Authorization carries the merchant's signature over its method, path with query, timestamp, nonce and body. */
    static void assertSignedByTheMerchant(HttpCall call) {
        URI uri = URI.create(call.url());
        String pathAndQuery = uri.getRawPath() + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        Map<String, String> auth = AlphapaySigningTest.parameters(call.headers().get("Authorization"));
        assertTrue(Vectors.verifies(KnownKeys.merchantPublic(), AlphapaySigning.requestMessage(call.method(), pathAndQuery, call.body(),
                auth.get("timestamp"), auth.get("nonce_str")), auth.get("signature")),
                "the merchant's signature over " + call.method() + " " + pathAndQuery);
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
        company.answers("alphapay/settlement-split.txt", "finished");
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
        company.answers("alphapay/settlement-unfreeze.txt", "processing");
        SplitStatus status = adapter.release(AlphapaySettlementVectorsTest.ACCOUNT,
                new ReleaseRequest("kat0001", "4200000000000000000000000001", "R20261126001", "解冻全部剩余资金"), recorder);
        assertEquals(BASE + "/v3/profitsharing/orders/unfreeze", company.last().url());
        assertEquals(AlphapaySettlementVectorsTest.UNFREEZE_BODY, company.last().body());
        assertEquals(new SplitStatus.Part("MERCHANT", "1900000001", 880, SplitStatus.Result.PENDING, null, null), status.parts().get(0));
    }

    @Test
    void aSplitTheCompanyDoesNotHaveIsEmpty() {
        company.answers("alphapay/settlement-query.txt", "not-found");
        assertEquals(Optional.empty(), adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001",
                "4200000000000000000000000001", "S20261126009", recorder));
        assertEquals("GET", company.last().method());
        assertEquals(BASE + "/v3/profitsharing/orders/S20261126009?transaction_id=4200000000000000000000000001", company.last().url());
        assertNull(company.last().body(), "a GET has no body");
    }

    @Test
    void aQueriedSplitIsTheCompanysCurrentView() {
        company.answers("alphapay/settlement-query.txt", "processing");
        assertEquals(SplitStatus.State.PROCESSING, adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001",
                "4200000000000000000000000001", "S20261126002", recorder).orElseThrow().state());
    }

    @Test
    void anyOtherRefusalIsTheCompanysRefusalWithItsCode() {
        company.answers("alphapay/settlement-split.txt", "not-enough");
        CompanyRefusal refusal = assertThrows(CompanyRefusal.class, () -> adapter.split(AlphapaySettlementVectorsTest.ACCOUNT,
                new SplitRequest("kat0001", "4200000000000000000000000001", "S1", List.of(
                        new SplitRequest.Part("MERCHANT", "1900000109", 300, "d")), false), recorder));
        assertEquals("NOT_ENOUGH", refusal.code());
        assertEquals("the split would take more than is still held", refusal.reason());
        company.answers("alphapay/settlement-query.txt", "order-not-exist");
        assertEquals("ORDER_NOT_EXIST", assertThrows(CompanyRefusal.class, () -> adapter.querySplit(AlphapaySettlementVectorsTest.ACCOUNT,
                "kat0001", "4200000000000000000000000001", "S1", recorder)).code());
    }

    @Test
    void heldMoneyAsksForTheTransactionsUnsplitAmount() {
        company.answers("alphapay/settlement-amounts.txt", "held");
        assertEquals(1280, adapter.heldMoney(AlphapaySettlementVectorsTest.ACCOUNT, "kat0001", "4200000000000000000000000001",
                recorder).unsplitAmount());
        assertEquals(BASE + "/v3/profitsharing/transactions/4200000000000000000000000001/amounts", company.last().url());
        assertEquals("held-query", company.last().operation());
    }

    @Test
    void receiversAreAddedAndDeletedWithTheNameReadableByTheCompanyOnly() throws Exception {
        company.answers("alphapay/settlement-receiver-add.txt", "added");
        adapter.addReceiver(AlphapaySettlementVectorsTest.ACCOUNT,
                new SettlementReceiver("MERCHANT", "1900000109", "示例门店有限公司", "STORE", null), recorder);
        assertEquals(BASE + "/v3/profitsharing/receivers/add", company.last().url());
        String name = Json.string(Json.object(company.last().body()), "name");
        assertEquals("示例门店有限公司", AlphapayVectorsTest.decrypt(name));
        assertTrue(!company.last().redacted().contains("示例门店有限公司"), "the stored exchange holds the ciphertext only");
        company.answers("alphapay/settlement-receiver-delete.txt", "deleted");
        adapter.deleteReceiver(AlphapaySettlementVectorsTest.ACCOUNT, "MERCHANT", "1900000109", recorder);
        assertEquals(BASE + "/v3/profitsharing/receivers/delete", company.last().url());
        assertEquals(Vectors.read("alphapay/settlement-receiver-delete.txt").get("request.body"), company.last().body());
    }
}
