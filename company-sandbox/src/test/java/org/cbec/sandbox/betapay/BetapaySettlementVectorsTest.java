package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.plumbing.vectors.Vectors;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.RequestLog;
import org.cbec.sandbox.books.Settlements;
import org.junit.jupiter.api.Test;

/**
 * betapay's royalty methods on the company's side (docs/companies/betapay.md, "Settlement"): a
 * written-out request reaches the settlements as exactly these terms, and the answer node is
 * exactly this text. The biz_content literals and the settle query's node are the broker's
 * (its BetapayRoyaltyTest builds and reads the same ones). The settlements are a stand-in that
 * records what it is asked and answers what the test arranged.
 */
class BetapaySettlementVectorsTest {

    static final String TRADE_NO = "200123456789abcdef0123456789abcd";
    static final Party PARTY = new Party(7, "betapay", "m-1", "2088000000009999", "betapay-app-2000000001", null, null);

    static final Vectors SETTLE = Vectors.read("betapay/settlement-settle.txt");

    static final String SETTLE_BIZ = SETTLE.get("param.biz_content");
    static final String RELEASE_BIZ = SETTLE.get("release.biz_content");
    static final String QUERY_NODE = Vectors.read("betapay/settlement-query.txt").get("answer.found.node");

    static final OffsetDateTime CREATED = OffsetDateTime.parse("2026-11-25T12:10:00Z");

    static final Settlements.SplitView SPLIT = new Settlements.SplitView("ORDER20261125B", TRADE_NO, "SPL20261125B01",
            "2026112500000001", "SPLIT", "PROCESSING", List.of(
                    new Settlements.PartView("MERCHANT", "2088000000000001", 300, "平台服务费", "SUCCESS", null,
                            OffsetDateTime.parse("2026-11-25T12:11:00Z")),
                    new Settlements.PartView("PERSONAL", "guide@example.com", 99, null, "CLOSED", "the receiver's account cannot take money",
                            OffsetDateTime.parse("2026-11-25T12:11:30Z")),
                    new Settlements.PartView("MERCHANT", "2088000000000002", 101, null, "PENDING", null, null)),
            false, CREATED);

    /** Records every call; answers with what the test put in. */
    static final class Books extends Settlements {

        final List<Object> asked = new ArrayList<>();
        SplitOutcome outcome = new SplitOutcome(SPLIT, false, null, null);
        Optional<SplitView> found = Optional.of(SPLIT);
        List<ReceiverView> receivers = List.of();

        @Override
        public ReceiverOutcome addReceiver(Party party, ReceiverTerms terms) {
            asked.add(terms);
            return new ReceiverOutcome(new ReceiverView(terms.type(), terms.account(), terms.name(), terms.relationType(),
                    terms.customRelation(), CREATED), false, null, null);
        }

        @Override
        public boolean deleteReceiver(Party party, String type, String account) {
            asked.add("delete " + type + " " + account);
            return false;
        }

        @Override
        public List<ReceiverView> receivers(long accountId) {
            return receivers;
        }

        @Override
        public SplitOutcome split(Party party, SplitTerms terms) {
            asked.add(terms);
            return outcome;
        }

        @Override
        public SplitOutcome release(Party party, String orderRef, String transactionId, String releaseNo, String description) {
            asked.add("release " + orderRef + " " + transactionId + " " + releaseNo + " " + description);
            return outcome;
        }

        @Override
        public Optional<SplitView> split(long accountId, String orderRef, String transactionId, String splitNo) {
            asked.add("find " + accountId + " " + orderRef + " " + transactionId + " " + splitNo);
            return found;
        }

        @Override
        public Optional<HeldView> held(long accountId, String orderRef, String transactionId) {
            return TRADE_NO.equals(transactionId) ? Optional.of(new HeldView("ORDER20261125B", TRADE_NO, 1000, 0, 400, 2199, false, 0))
                    : Optional.empty();
        }
    }

    private final Books books = new Books();

    private BetapayOperations.Call read(BetapayOperations.Method method, String biz) {
        BetapayOperations operations = new BetapayOperations();
        operations.royalties = new BetapayRoyalties();
        operations.royalties.settlements = books;
        Map<String, String> params = new LinkedHashMap<>();
        params.put("app_id", "betapay-app-2000000001");
        params.put("method", method.method());
        params.put("format", "JSON");
        params.put("charset", "utf-8");
        params.put("sign_type", "RSA2");
        params.put("timestamp", "2026-11-25 20:10:00");
        params.put("version", "1.0");
        params.put("biz_content", biz);
        return operations.read(method, params, PARTY, "https://sandbox.test/betapay");
    }

    private String answer(BetapayOperations.Method method, String biz) {
        return read(method, biz).work().get();
    }

    @Test
    void theSettleOfTheBrokersVectorReachesTheBooksAsThisSplit() {
        books.outcome = new Settlements.SplitOutcome(SPLIT, false, null, null);
        BetapayOperations.Call call = read(BetapayOperations.Method.SETTLE, SETTLE_BIZ);
        assertEquals(RequestLog.SPLIT, call.kind());
        assertEquals("ORDER20261125B", call.orderRef(), "logged and faulted by the trade's out_trade_no");
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"trade_no\":\"" + TRADE_NO + "\",\"settle_no\":\"2026112500000001\"}",
                call.work().get());
        assertEquals(List.of(new Settlements.SplitTerms(null, TRADE_NO, "SPL20261125B01", List.of(
                new Settlements.PartTerms("MERCHANT", "2088000000000001", 300, "平台服务费"),
                new Settlements.PartTerms("PERSONAL", "guide@example.com", 99, null)), false)), books.asked);
    }

    @Test
    void aSettleThatFinishesWithoutParametersIsARelease() {
        BetapayOperations.Call call = read(BetapayOperations.Method.SETTLE, RELEASE_BIZ);
        assertEquals(RequestLog.RELEASE, call.kind());
        call.work().get();
        assertEquals(List.of("release null " + TRADE_NO + " REL20261125B null"), books.asked);
    }

    @Test
    void aSettleWithoutParametersThatDoesNotFinishIsInvalid() {
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.INVALID_PARAMETER\","
                + "\"sub_msg\":\"royalty_parameters is required unless extend_params.royalty_finish is \\\"true\\\"\"}",
                answer(BetapayOperations.Method.SETTLE, RELEASE_BIZ.replace("\"true\"", "\"false\"")));
        assertEquals(List.of(), books.asked);
    }

    @Test
    void aSynchronousSettleIsInvalid() {
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.INVALID_PARAMETER\","
                + "\"sub_msg\":\"royalty_mode must be async: betapay splits asynchronously\"}",
                answer(BetapayOperations.Method.SETTLE, SETTLE_BIZ.replace("async", "sync")));
    }

    @Test
    void aBadPartIsNamedByItsPlaceInTheList() {
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.INVALID_PARAMETER\","
                + "\"sub_msg\":\"royalty_parameters[1].trans_in_type must be userId or loginName\"}",
                answer(BetapayOperations.Method.SETTLE, SETTLE_BIZ.replace("loginName", "openId")));
    }

    @Test
    void aRefusalOfTheBooksIsItsAlipayStyleSubCode() {
        books.outcome = new Settlements.SplitOutcome(null, false, Settlements.Refusal.SHARE_EXCEEDED, "more than 30% of what was paid");
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.ALLOC_AMOUNT_VALIDATE_ERROR\","
                + "\"sub_msg\":\"more than 30% of what was paid\"}", answer(BetapayOperations.Method.SETTLE, SETTLE_BIZ));
    }

    @Test
    void everyRefusalHasItsOwnSubCode() {
        assertEquals(Settlements.Refusal.values().length, java.util.Arrays.stream(Settlements.Refusal.values())
                .map(BetapayRoyalties::subCode).distinct().count());
        assertEquals("ACQ.INVALID_PARAMETER", BetapayRoyalties.subCode(Settlements.Refusal.INVALID_REQUEST));
        assertEquals("ACQ.ROYALTY_RECEIVER_NOT_BIND", BetapayRoyalties.subCode(Settlements.Refusal.RECEIVER_NOT_REGISTERED));
    }

    @Test
    void theSettleQueryAnswersTheBrokersVectorNode() {
        BetapayOperations.Call call = read(BetapayOperations.Method.SETTLE_QUERY,
                "{\"out_request_no\":\"SPL20261125B01\",\"trade_no\":\"" + TRADE_NO + "\"}");
        assertNull(call.kind(), "logged as the method's kind");
        assertEquals(QUERY_NODE, call.work().get());
        assertEquals(List.of("find 7 null " + TRADE_NO + " SPL20261125B01"), books.asked);
    }

    @Test
    void whatASettleThatFinishesLeavesToTheMerchantIsAFinish() {
        books.found = Optional.of(new Settlements.SplitView("ORDER20261125B", TRADE_NO, "SPL20261125B02", "2026112500000003", "SPLIT",
                "FINISHED", List.of(new Settlements.PartView("MERCHANT", "2088000000009999", 2199, "the rest released", "SUCCESS", null,
                        OffsetDateTime.parse("2026-11-25T12:11:00Z"))), false, CREATED));
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"out_request_no\":\"SPL20261125B02\",\"settle_no\":\"2026112500000003\","
                + "\"operation_dt\":\"2026-11-25 20:10:00\",\"royalty_detail_list\":[{\"operation_type\":\"finish\","
                + "\"execute_dt\":\"2026-11-25 20:11:00\",\"trans_in\":\"2088000000009999\",\"trans_in_type\":\"userId\",\"amount\":\"21.99\","
                + "\"state\":\"SUCCESS\",\"detail_id\":\"202611250000000301\"}]}",
                answer(BetapayOperations.Method.SETTLE_QUERY, "{\"out_request_no\":\"SPL20261125B02\",\"trade_no\":\"" + TRADE_NO + "\"}"));
    }

    @Test
    void aSettleTheBooksDoNotHaveIsSettleNotExist() {
        books.found = Optional.empty();
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.SETTLE_NOT_EXIST\","
                + "\"sub_msg\":\"no settle with this out_request_no of this trade\"}", answer(BetapayOperations.Method.SETTLE_QUERY,
                        "{\"out_request_no\":\"SPL20261125B01\",\"trade_no\":\"" + TRADE_NO + "\"}"));
    }

    @Test
    void aSettleNoThatIsNotThatSettlesFindsNothing() {
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.SETTLE_NOT_EXIST\","
                + "\"sub_msg\":\"no settle with this out_request_no of this trade\"}", answer(BetapayOperations.Method.SETTLE_QUERY,
                        "{\"out_request_no\":\"SPL20261125B01\",\"trade_no\":\"" + TRADE_NO + "\",\"settle_no\":\"2026112500000009\"}"));
    }

    @Test
    void theOnsettleQueryAnswersWhatIsStillHeldInYuan() {
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"unsettled_amount\":\"21.99\"}",
                answer(BetapayOperations.Method.ONSETTLE_QUERY, "{\"trade_no\":\"" + TRADE_NO + "\"}"));
        assertEquals("{\"code\":\"40004\",\"msg\":\"Business Failed\",\"sub_code\":\"ACQ.TRADE_NOT_EXIST\","
                + "\"sub_msg\":\"no trade with this trade_no\"}",
                answer(BetapayOperations.Method.ONSETTLE_QUERY, "{\"trade_no\":\"200000000000000000000000000000ff\"}"));
    }

    @Test
    void aBindOfTheBrokersVectorReachesTheBooksAsThisReceiver() {
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"result_code\":\"SUCCESS\"}", answer(BetapayOperations.Method.RELATION_BIND,
                "{\"receiver_list\":[{\"type\":\"loginName\",\"account\":\"guide@example.com\",\"name\":\"张三\","
                        + "\"relation_type\":\"CUSTOM\",\"custom_relation\":\"导游\"}],\"out_request_no\":\"BND0001\"}"));
        assertEquals(List.of(new Settlements.ReceiverTerms("PERSONAL", "guide@example.com", "张三", "CUSTOM", "导游")), books.asked);
    }

    @Test
    void anUnbindOfTheBrokersVectorDeletesThatReceiver() {
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"result_code\":\"SUCCESS\"}", answer(BetapayOperations.Method.RELATION_UNBIND,
                "{\"receiver_list\":[{\"type\":\"userId\",\"account\":\"2088000000000001\"}],\"out_request_no\":\"UNB0001\"}"));
        assertEquals(List.of("delete MERCHANT 2088000000000001"), books.asked);
    }

    @Test
    void theBatchQueryListsAPageOfReceiversWithoutTheirNames() {
        books.receivers = List.of(
                new Settlements.ReceiverView("MERCHANT", "2088000000000001", null, "SERVICE_PROVIDER", null, CREATED),
                new Settlements.ReceiverView("PERSONAL", "guide@example.com", "张三", "CUSTOM", "导游", CREATED),
                new Settlements.ReceiverView("MERCHANT", "2088000000000002", null, "PARTNER", null, CREATED));
        assertEquals("{\"code\":\"10000\",\"msg\":\"Success\",\"result_code\":\"SUCCESS\",\"receiver_list\":["
                + "{\"type\":\"loginName\",\"account\":\"guide@example.com\",\"relation_type\":\"CUSTOM\",\"custom_relation\":\"导游\"}],"
                + "\"total_page_num\":3,\"total_record_num\":3,\"current_page_num\":2,\"current_page_size\":1}",
                answer(BetapayOperations.Method.RELATION_BATCHQUERY, "{\"page_num\":2,\"page_size\":1,\"out_request_no\":\"BQ0001\"}"));
    }

    @Test
    void theRoyaltyMethodsAreLoggedUnderTheSettlementKinds() {
        assertEquals(RequestLog.RECEIVER_ADD, BetapayOperations.Method.named("betapay.trade.royalty.relation.bind").orElseThrow().kind());
        assertEquals(RequestLog.RECEIVER_DELETE, BetapayOperations.Method.named("betapay.trade.royalty.relation.unbind").orElseThrow().kind());
        assertEquals(RequestLog.RECEIVER_QUERY, BetapayOperations.Method.named("betapay.trade.royalty.relation.batchquery").orElseThrow().kind());
        assertEquals(RequestLog.SPLIT, BetapayOperations.Method.named("betapay.trade.order.settle").orElseThrow().kind());
        assertEquals(RequestLog.SPLIT_QUERY, BetapayOperations.Method.named("betapay.trade.order.settle.query").orElseThrow().kind());
        assertEquals(RequestLog.HELD_QUERY, BetapayOperations.Method.named("betapay.trade.order.onsettle.query").orElseThrow().kind());
    }
}
