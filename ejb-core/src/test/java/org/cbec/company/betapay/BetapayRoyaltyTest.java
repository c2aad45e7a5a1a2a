package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.company.HeldMoney;
import org.cbec.company.Json;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Known answers for betapay's royalty methods (docs/companies/betapay.md, "Settlement"): the
 * biz_content built for fixed broker values, written out member by member, and fixed answers read
 * into the exact broker values. company-sandbox's {@code BetapaySettlementVectorsTest} reads the
 * same requests on the company's side.
 */
class BetapayRoyaltyTest {

    static final Vectors SETTLE = Vectors.read("betapay/settlement-settle.txt");
    static final String SETTLE_BIZ = SETTLE.get("param.biz_content");

    static final String QUERY_NODE = Vectors.read("betapay/settlement-query.txt").get("answer.found.node");

    private static SplitRequest split() {
        return new SplitRequest("ORDER20261125B", "200123456789abcdef0123456789abcd", "SPL20261125B01",
                List.of(new SplitRequest.Part("MERCHANT", "2088000000000001", 300, "平台服务费"),
                        new SplitRequest.Part("PERSONAL", "guide@example.com", 99, null)), false);
    }

    @Test
    void aSplitIsAnAsyncSettleOfTransfersInYuanNumberedByTheSplit() {
        assertEquals(SETTLE_BIZ, BetapayRoyalty.settleBiz(split()));
    }

    @Test
    void aSplitThatFinishesSaysSoAsAStringFlag() {
        SplitRequest last = new SplitRequest("ORDER20261125B", "200123456789abcdef0123456789abcd", "SPL20261125B02",
                List.of(new SplitRequest.Part("MERCHANT", "2088000000000001", 1, "尾款")), true);
        assertEquals("{\"out_request_no\":\"SPL20261125B02\",\"trade_no\":\"200123456789abcdef0123456789abcd\","
                + "\"royalty_parameters\":[{\"royalty_type\":\"transfer\",\"trans_in_type\":\"userId\",\"trans_in\":\"2088000000000001\","
                + "\"amount\":\"0.01\",\"desc\":\"尾款\"}],\"extend_params\":{\"royalty_finish\":\"true\"},\"royalty_mode\":\"async\"}",
                BetapayRoyalty.settleBiz(last));
    }

    @Test
    void aReleaseIsASettleThatFinishesWithoutParameters() {
        assertEquals("{\"out_request_no\":\"REL20261125B\",\"trade_no\":\"200123456789abcdef0123456789abcd\","
                + "\"extend_params\":{\"royalty_finish\":\"true\"},\"royalty_mode\":\"async\"}",
                BetapayRoyalty.releaseBiz(new ReleaseRequest("ORDER20261125B", "200123456789abcdef0123456789abcd", "REL20261125B",
                        "end of the season")));
    }

    @Test
    void aBindCarriesTheNameInClearAndTheRelationInBetapaysOwnMembers() {
        SettlementReceiver r = new SettlementReceiver("PERSONAL", "guide@example.com", "张三", "CUSTOM", "导游");
        assertEquals("{\"receiver_list\":[{\"type\":\"loginName\",\"account\":\"guide@example.com\",\"name\":\"张三\","
                + "\"relation_type\":\"CUSTOM\",\"custom_relation\":\"导游\"}],\"out_request_no\":\"BND0001\"}",
                BetapayRoyalty.bindBiz(r, "BND0001"));
        assertEquals("{\"receiver_list\":[{\"type\":\"loginName\",\"account\":\"guide@example.com\",\"name\":\"*\","
                + "\"relation_type\":\"CUSTOM\",\"custom_relation\":\"导游\"}],\"out_request_no\":\"BND0001\"}",
                BetapayRoyalty.bindBizRedacted(r, "BND0001"));
    }

    @Test
    void aMerchantReceiverIsAUserIdAndAnUnbindNamesOnlyTypeAndAccount() {
        assertEquals("{\"receiver_list\":[{\"type\":\"userId\",\"account\":\"2088000000000001\",\"relation_type\":\"SERVICE_PROVIDER\"}],"
                + "\"out_request_no\":\"BND0002\"}",
                BetapayRoyalty.bindBiz(new SettlementReceiver("MERCHANT", "2088000000000001", null, "SERVICE_PROVIDER", null), "BND0002"));
        assertEquals("{\"receiver_list\":[{\"type\":\"userId\",\"account\":\"2088000000000001\"}],\"out_request_no\":\"UNB0001\"}",
                BetapayRoyalty.unbindBiz("MERCHANT", "2088000000000001", "UNB0001"));
    }

    @Test
    void theSettleQueryIsReadIntoEachPartsResult() {
        SplitStatus status = BetapayRoyalty.splitStatus("SPL20261125B01", Json.object(QUERY_NODE));
        assertEquals(new SplitStatus("SPL20261125B01", "2026112500000001", SplitStatus.State.PROCESSING, List.of(
                new SplitStatus.Part("MERCHANT", "2088000000000001", 300, SplitStatus.Result.SUCCESS, null,
                        OffsetDateTime.parse("2026-11-25T20:11:00+08:00")),
                new SplitStatus.Part("PERSONAL", "guide@example.com", 99, SplitStatus.Result.CLOSED,
                        "the receiver's account cannot take money", OffsetDateTime.parse("2026-11-25T20:11:30+08:00")),
                new SplitStatus.Part("MERCHANT", "2088000000000002", 101, SplitStatus.Result.PENDING, null, null))), status);
    }

    @Test
    void aSettleIsFinishedWhenNoPartIsProcessing() {
        String done = QUERY_NODE.replace("\"state\":\"PROCESSING\"", "\"execute_dt\":\"2026-11-25 20:12:00\",\"state\":\"SUCCESS\"");
        SplitStatus status = BetapayRoyalty.splitStatus("SPL20261125B01", Json.object(done));
        assertEquals(SplitStatus.State.FINISHED, status.state());
        assertEquals(new SplitStatus.Part("MERCHANT", "2088000000000002", 101, SplitStatus.Result.SUCCESS, null,
                OffsetDateTime.parse("2026-11-25T20:12:00+08:00")), status.parts().get(2));
    }

    @Test
    void theOnsettleQueryIsWhatIsStillHeldInFen() {
        assertEquals(new HeldMoney("200123456789abcdef0123456789abcd", 2199),
                BetapayRoyalty.heldMoney("200123456789abcdef0123456789abcd",
                        Json.object("{\"code\":\"10000\",\"msg\":\"Success\",\"unsettled_amount\":\"21.99\"}")));
    }
}
