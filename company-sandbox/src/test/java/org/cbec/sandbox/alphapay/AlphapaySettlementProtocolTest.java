package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Settlements;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.plumbing.crypto.Oaep;
import org.cbec.plumbing.crypto.Pem;
import org.junit.jupiter.api.Test;

/**
 * alphapay's profit sharing on the company's side (docs/companies/alphapay.md, "Settlement"): a
 * literal request, once authenticated, reaches the books as exactly these terms, and the books'
 * views go back as exactly these bodies. {@link #SPLIT_BODY} and {@link #SPLIT_ANSWER} are the
 * broker's {@code AlphapaySettlementVectorsTest} vectors, so both sides hold the same bytes.
 */
class AlphapaySettlementProtocolTest {

    static final Vectors SPLIT_VECTOR = Vectors.read("alphapay/settlement-split.txt");

    static final String SPLIT_BODY = SPLIT_VECTOR.get("request.body");

    static final String SPLIT_ANSWER = SPLIT_VECTOR.get("answer.finished.body");

    static final String TRANSACTION = "4200000000000000000000000001";
    static final OffsetDateTime CREATED = OffsetDateTime.parse("2026-11-26T02:00:00Z");
    static final OffsetDateTime FINISHED = OffsetDateTime.parse("2026-11-26T02:01:00Z");

    static final Settlements.SplitView SPLIT = new Settlements.SplitView("kat0001", TRANSACTION, "S20261126001",
            "30000000000000000000000000001", "SPLIT", "FINISHED", List.of(
                    new Settlements.PartView("MERCHANT", "1900000109", 300, "分给门店", "SUCCESS", null, FINISHED),
                    new Settlements.PartView("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", 120, "分给店员", "CLOSED", "ACCOUNT_ABNORMAL",
                            FINISHED)), false, CREATED);

    static final Party PARTY = new Party(7, "alphapay", "m", "1900000001", "alphapay-app-1900000001", "5157F1A2B3C4D5E6",
            AlphapayProtocolVectorsTest.MERCHANT_KEY);

    /** The books as the protocol sees them: what each call was given, and the answers the test set. */
    static final class FakeSettlements extends Settlements {

        final List<Object> calls = new ArrayList<>();
        Settlements.SplitOutcome splitOutcome = new Settlements.SplitOutcome(SPLIT, false, null, null);
        Optional<Settlements.SplitView> found = Optional.of(SPLIT);
        Optional<Settlements.HeldView> held = Optional.of(new Settlements.HeldView("kat0001", TRANSACTION, 10000, 0, 420, 1280, false, 0));

        @Override
        public ReceiverOutcome addReceiver(Party party, ReceiverTerms terms) {
            calls.add(terms);
            return new ReceiverOutcome(new ReceiverView(terms.type(), terms.account(), "示*", terms.relationType(),
                    terms.customRelation(), CREATED), false, null, null);
        }

        @Override
        public boolean deleteReceiver(Party party, String type, String account) {
            calls.add(List.of("delete", type, account));
            return false;
        }

        @Override
        public SplitOutcome split(Party party, SplitTerms terms) {
            calls.add(terms);
            return splitOutcome;
        }

        @Override
        public SplitOutcome release(Party party, String orderRef, String transactionId, String releaseNo, String description) {
            calls.add(java.util.Arrays.asList("release", orderRef, transactionId, releaseNo, description));
            return splitOutcome;
        }

        @Override
        public Optional<SplitView> split(long accountId, String orderRef, String transactionId, String splitNo) {
            calls.add(java.util.Arrays.asList("query", accountId, orderRef, transactionId, splitNo));
            return found;
        }

        @Override
        public Optional<HeldView> held(long accountId, String orderRef, String transactionId) {
            return held;
        }
    }

    private final FakeSettlements books = new FakeSettlements();
    private final AlphapayOperations operations = new AlphapayOperations();

    AlphapaySettlementProtocolTest() {
        operations.profitSharing = new AlphapayProfitSharing();
        operations.profitSharing.settlements = books;
        operations.profitSharing.accounts = new Accounts() {
            @Override
            public CompanySigner companySigner(String paymentMethod) {
                return new CompanySigner(paymentMethod, "SANDBOX-ALPHAPAY-1", AlphapayProtocolVectorsTest.COMPANY_KEY,
                        AlphapayProtocolVectorsTest.COMPANY_PUBLIC);
            }
        };
    }

    private AlphapayOperations.Call post(Operation operation, String path, String body) {
        return operations.read(operation, new AlphapayRequest("POST", "/sandbox/alphapay/v3/profitsharing/" + path, null, null,
                "application/json", body.getBytes(StandardCharsets.UTF_8), "http://localhost/sandbox/alphapay", null), PARTY);
    }

    private AlphapayAnswer get(Operation operation, String rawPathNumber, String rawQuery) {
        return operations.read(operation, new AlphapayRequest("GET", "/sandbox/alphapay/v3/profitsharing/…", rawQuery, null, null,
                new byte[0], "http://localhost/sandbox/alphapay", rawPathNumber), PARTY).work().get();
    }

    @Test
    void theSplitVectorReachesTheBooksAsExactlyTheseTermsAndTheSplitOrderIsTheWrittenOutAnswer() {
        AlphapayOperations.Call call = post(Operation.SPLIT, "orders", SPLIT_BODY);
        AlphapayAnswer answer = call.work().get();
        assertEquals(List.of(new Settlements.SplitTerms(null, TRANSACTION, "S20261126001", List.of(
                new Settlements.PartTerms("MERCHANT", "1900000109", 300, "分给门店"),
                new Settlements.PartTerms("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", 120, "分给店员")), false)), books.calls);
        assertEquals(new AlphapayAnswer(200, SPLIT_ANSWER), answer);
        assertEquals("kat0001", call.orderRef(), "the request log and faults know the order by its transaction");
    }

    @Test
    void anAddWithTheNameOfTheOaepVectorReachesTheBooksDecryptedAndIsNotEchoed() {
        String body = "{\"appid\":\"alphapay-app-1900000001\",\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\",\"name\":\""
                + AlphapayProtocolVectorsTest.OAEP_CIPHERTEXT + "\",\"relation_type\":\"STORE\"}";
        AlphapayAnswer answer = post(Operation.RECEIVER_ADD, "receivers/add", body).work().get();
        assertEquals(List.of(new Settlements.ReceiverTerms("MERCHANT", "1900000109", "11010519491231002X", "STORE", null)), books.calls);
        assertEquals(new AlphapayAnswer(200, "{\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\",\"relation_type\":\"STORE\"}"), answer);
    }

    @Test
    void aNameTheMerchantEncryptsIsReadBackAndACustomRelationPassesThrough() {
        String name = Oaep.encrypt(Pem.publicKey(AlphapayProtocolVectorsTest.COMPANY_PUBLIC), "示例门店有限公司");
        assertNotEquals("示例门店有限公司", name);
        AlphapayAnswer answer = post(Operation.RECEIVER_ADD, "receivers/add", "{\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8u\","
                + "\"name\":\"" + name + "\",\"relation_type\":\"CUSTOM\",\"custom_relation\":\"代理商\"}").work().get();
        assertEquals(List.of(new Settlements.ReceiverTerms("PERSONAL", "oUpF8u", "示例门店有限公司", "CUSTOM", "代理商")), books.calls);
        assertEquals("{\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8u\",\"relation_type\":\"CUSTOM\",\"custom_relation\":\"代理商\"}",
                answer.body());
    }

    @Test
    void aDeleteReachesTheBooksAndIsAnsweredAlsoForAReceiverTheAccountDidNotHave() {
        AlphapayAnswer answer = post(Operation.RECEIVER_DELETE, "receivers/delete",
                "{\"appid\":\"alphapay-app-1900000001\",\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"}").work().get();
        assertEquals(List.of(List.of("delete", "PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o")), books.calls);
        assertEquals(new AlphapayAnswer(200, "{\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"}"), answer);
    }

    @Test
    void anUnfreezeReachesTheBooksAsAReleaseAndIsAnsweredAsASplitOrder() {
        books.splitOutcome = new Settlements.SplitOutcome(new Settlements.SplitView("kat0001", TRANSACTION, "R20261126001", "300002",
                "RELEASE", "FINISHED", List.of(new Settlements.PartView("MERCHANT", "1900000001", 880, "解冻全部剩余资金", "SUCCESS", null,
                        CREATED)), false, CREATED), false, null, null);
        AlphapayAnswer answer = post(Operation.RELEASE, "orders/unfreeze", "{\"transaction_id\":\"" + TRANSACTION
                + "\",\"out_order_no\":\"R20261126001\",\"description\":\"解冻全部剩余资金\"}").work().get();
        assertEquals(List.of(java.util.Arrays.asList("release", null, TRANSACTION, "R20261126001", "解冻全部剩余资金")), books.calls);
        assertEquals(new AlphapayAnswer(200, "{\"transaction_id\":\"4200000000000000000000000001\",\"out_order_no\":\"R20261126001\","
                + "\"order_id\":\"300002\",\"state\":\"FINISHED\",\"receivers\":[{\"amount\":880,\"description\":\"解冻全部剩余资金\","
                + "\"type\":\"MERCHANT_ID\",\"account\":\"1900000001\",\"result\":\"SUCCESS\",\"detail_id\":\"30000201\","
                + "\"create_time\":\"2026-11-26T10:00:00+08:00\",\"finish_time\":\"2026-11-26T10:00:00+08:00\"}]}"), answer);
    }

    @Test
    void aQueryAsksForTheSplitOfThatTransactionAndAnUnknownOneIs404ResourceNotExists() {
        assertEquals(new AlphapayAnswer(200, SPLIT_ANSWER), get(Operation.SPLIT_QUERY, "S20261126001", "transaction_id=" + TRANSACTION));
        assertEquals(List.of(java.util.Arrays.asList("query", 7L, null, TRANSACTION, "S20261126001")), books.calls);
        books.found = Optional.empty();
        AlphapayAnswer none = get(Operation.SPLIT_QUERY, "S20261126009", "transaction_id=" + TRANSACTION);
        assertEquals(404, none.status());
        assertEquals("RESOURCE_NOT_EXISTS", code(none));
    }

    @Test
    void theAmountsAreWhatTheOrderStillHolds() {
        assertEquals(new AlphapayAnswer(200, "{\"transaction_id\":\"4200000000000000000000000001\",\"unsplit_amount\":1280}"),
                get(Operation.HELD_QUERY, TRANSACTION, null));
        books.held = Optional.empty();
        AlphapayAnswer none = get(Operation.HELD_QUERY, TRANSACTION, null);
        assertEquals(404, none.status());
        assertEquals("ORDER_NOT_EXIST", code(none));
    }

    @Test
    void aMalformedMemberIsA400ParamErrorNamingItAndNeverReachesTheBooks() {
        assertParamError("receivers[1].amount", SPLIT_BODY.replace("\"amount\":120", "\"amount\":\"120\""));
        assertParamError("receivers[0].type", SPLIT_BODY.replace("\"MERCHANT_ID\"", "\"MERCHANT\""));
        assertParamError("receivers[0].description", SPLIT_BODY.replace(",\"description\":\"分给门店\"", ""));
        assertParamError("unfreeze_unsplit", SPLIT_BODY.replace("\"unfreeze_unsplit\":false", "\"unfreeze_unsplit\":\"false\""));
        assertParamError("out_order_no", SPLIT_BODY.replace("S20261126001", "S 1"));
        assertParamError("appid", SPLIT_BODY.replace("alphapay-app-1900000001", "another-app"));
        StringBuilder many = new StringBuilder("{\"transaction_id\":\"" + TRANSACTION + "\",\"out_order_no\":\"S1\",\"receivers\":[");
        for (int i = 0; i < 51; i++) {
            many.append(i == 0 ? "" : ",").append("{\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"amount\":1,\"description\":\"d\"}");
        }
        assertParamError("receivers", many + "],\"unfreeze_unsplit\":false}");
        assertEquals("name", paramError(Operation.RECEIVER_ADD, "{\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"name\":\"bm90IGVuY3J5cHRlZA==\","
                + "\"relation_type\":\"STORE\"}"));
        assertEquals("relation_type", paramError(Operation.RECEIVER_ADD, "{\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"relation_type\":\"FRIEND\"}"));
        assertEquals("custom_relation", paramError(Operation.RECEIVER_ADD, "{\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"relation_type\":\"CUSTOM\"}"));
        assertEquals("custom_relation", paramError(Operation.RECEIVER_ADD,
                "{\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"relation_type\":\"STORE\",\"custom_relation\":\"x\"}"));
        assertEquals("description", paramError(Operation.RELEASE, "{\"transaction_id\":\"" + TRANSACTION + "\",\"out_order_no\":\"R1\"}"));
        AlphapayAnswer noTransaction = get(Operation.SPLIT_QUERY, "S20261126001", null);
        assertEquals(400, noTransaction.status());
        assertTrue(noTransaction.body().contains("transaction_id is required"), noTransaction.body());
        assertEquals(List.of(), books.calls);
    }

    @Test
    void theBooksRefusalsAreAlphapaysCodes() {
        assertRefusal(403, "NOT_ENOUGH", Settlements.Refusal.NOT_ENOUGH_HELD);
        assertRefusal(404, "ORDER_NOT_EXIST", Settlements.Refusal.ORDER_NOT_EXIST);
        for (Settlements.Refusal r : new Settlements.Refusal[] {Settlements.Refusal.ORDER_NOT_HELD, Settlements.Refusal.ALREADY_RELEASED,
                Settlements.Refusal.RECEIVER_NOT_REGISTERED, Settlements.Refusal.SHARE_EXCEEDED, Settlements.Refusal.SPLIT_CONFLICT,
                Settlements.Refusal.TOO_MANY, Settlements.Refusal.INVALID_REQUEST}) {
            assertRefusal(400, "INVALID_REQUEST", r);
        }
    }

    private void assertRefusal(int status, String code, Settlements.Refusal refusal) {
        books.splitOutcome = new Settlements.SplitOutcome(null, false, refusal, "the books' reason");
        AlphapayAnswer answer = post(Operation.SPLIT, "orders", SPLIT_BODY).work().get();
        assertEquals(new AlphapayAnswer(status, "{\"code\":\"" + code + "\",\"message\":\"the books' reason\"}"), answer, refusal.name());
    }

    private void assertParamError(String member, String splitBody) {
        assertEquals(member, paramError(Operation.SPLIT, splitBody));
    }

    /** The member a PARAM_ERROR names: its message starts with it. */
    private String paramError(Operation operation, String body) {
        AlphapayAnswer answer = post(operation, "x", body).work().get();
        assertEquals(400, answer.status(), answer.body());
        assertEquals("PARAM_ERROR", code(answer));
        String message = JsonText.parseObject(answer.body()).getString("message");
        assertFalse(message.contains("示例"), "no personal data in a refusal");
        return message.substring(0, message.indexOf(' '));
    }

    private static String code(AlphapayAnswer answer) {
        return JsonText.parseObject(answer.body()).getString("code");
    }
}
