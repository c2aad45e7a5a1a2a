package org.cbec.company.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.json.JsonObject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.HeldMoney;
import org.cbec.company.Json;
import org.cbec.company.KnownKeys;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * alphapay's settlement wire format (docs/companies/alphapay.md, "Settlement") as written-out
 * vectors (docs/companies/vectors/alphapay/settlement-*.txt): the bodies the broker sends for fixed
 * requests, and fixed answers read into the broker's terms. company-sandbox's
 * {@code AlphapaySettlementProtocolTest} reads the split's body and writes its answer from the same
 * file, so a change on one side alone fails a test.
 */
class AlphapaySettlementVectorsTest {

    static final CompanyAccount ACCOUNT = new CompanyAccount("m", "1900000001", "alphapay-app-1900000001", "5157F09EFDC096DE",
            KnownKeys.merchantPrivate(), KnownKeys.companyPublic(), null);

    static final Vectors SPLIT_VECTOR = Vectors.read("alphapay/settlement-split.txt");
    static final String SPLIT_BODY = SPLIT_VECTOR.get("request.body");
    static final String SPLIT_ANSWER = SPLIT_VECTOR.get("answer.finished.body");
    static final String PROCESSING_ANSWER = Vectors.read("alphapay/settlement-query.txt").get("answer.processing.body");
    static final String UNFREEZE_BODY = Vectors.read("alphapay/settlement-unfreeze.txt").get("request.body");

    private static final OffsetDateTime FINISHED_AT = OffsetDateTime.of(2026, 11, 26, 10, 1, 0, 0, ZoneOffset.ofHours(8));

    @Test
    void theSplitBodyOfAFixedSplitIsExactlyTheWrittenOutJson() {
        SplitRequest split = new SplitRequest("kat0001", "4200000000000000000000000001", "S20261126001", List.of(
                new SplitRequest.Part("MERCHANT", "1900000109", 300, "分给门店"),
                new SplitRequest.Part("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", 120, "分给店员")), false);
        assertEquals(SPLIT_BODY, AlphapayProfitSharing.splitBody(ACCOUNT, split));
    }

    @Test
    void aFinishingSplitAsksTheCompanyToUnfreezeTheRest() {
        SplitRequest split = new SplitRequest("kat0001", "4200000000000000000000000001", "S20261126003",
                List.of(new SplitRequest.Part("MERCHANT", "1900000109", 1, "d")), true);
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"transaction_id\":\"4200000000000000000000000001\","
                + "\"out_order_no\":\"S20261126003\",\"receivers\":[{\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\",\"amount\":1,"
                + "\"description\":\"d\"}],\"unfreeze_unsplit\":true}", AlphapayProfitSharing.splitBody(ACCOUNT, split));
    }

    @Test
    void theFinishedSplitAnswerIsReadIntoExactlyTheBrokersSplitStatus() {
        assertEquals(new SplitStatus("S20261126001", "30000000000000000000000000001", SplitStatus.State.FINISHED, List.of(
                new SplitStatus.Part("MERCHANT", "1900000109", 300, SplitStatus.Result.SUCCESS, null, FINISHED_AT),
                new SplitStatus.Part("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", 120, SplitStatus.Result.CLOSED, "ACCOUNT_ABNORMAL",
                        FINISHED_AT))), AlphapayProfitSharing.splitStatus(SPLIT_ANSWER));
    }

    @Test
    void aProcessingSplitHasPendingPartsWithoutFinishTime() {
        assertEquals(new SplitStatus("S20261126002", "30000000000000000000000000002", SplitStatus.State.PROCESSING,
                List.of(new SplitStatus.Part("MERCHANT", "1900000109", 50, SplitStatus.Result.PENDING, null, null))),
                AlphapayProfitSharing.splitStatus(PROCESSING_ANSWER));
    }

    @Test
    void unknownStatesAreNotFinalAndAnAnswerWithoutItsNumberIsNoAnswer() {
        SplitStatus s = AlphapayProfitSharing.splitStatus("{\"out_order_no\":\"S1\",\"state\":\"SOMETHING_NEW\",\"receivers\":["
                + "{\"amount\":5,\"type\":\"MERCHANT_ID\",\"account\":\"1\",\"result\":\"RETRYING\",\"finish_time\":\"2026-11-26T10:01:00+08:00\"}]}");
        assertEquals(SplitStatus.State.PROCESSING, s.state());
        assertEquals(SplitStatus.Result.PENDING, s.parts().get(0).result());
        assertEquals(null, s.parts().get(0).finishTime());
        assertThrows(CompanyUnavailable.class, () -> AlphapayProfitSharing.splitStatus("{\"state\":\"FINISHED\"}"));
        assertThrows(CompanyUnavailable.class, () -> AlphapayProfitSharing.splitStatus("<html>busy</html>"));
    }

    @Test
    void theUnfreezeBodyIsExactlyTheWrittenOutJson() {
        assertEquals(UNFREEZE_BODY, AlphapayProfitSharing.unfreezeBody(
                new ReleaseRequest("kat0001", "4200000000000000000000000001", "R20261126001", "解冻全部剩余资金")));
    }

    @Test
    void theAddBodyCarriesTheNameEncryptedForTheCompanyOnly() throws Exception {
        SettlementReceiver receiver = new SettlementReceiver("MERCHANT", "1900000109", "示例门店有限公司", "STORE", null);
        JsonObject body = Json.object(AlphapayProfitSharing.receiverAddBody(ACCOUNT, receiver));
        String name = Json.string(body, "name");
        assertNotEquals("示例门店有限公司", name);
        assertEquals("示例门店有限公司", AlphapayVectorsTest.decrypt(name));
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"type\":\"MERCHANT_ID\",\"account\":\"1900000109\",\"name\":\"" + name
                + "\",\"relation_type\":\"STORE\"}", body.toString());
    }

    @Test
    void aPersonalReceiverWithACustomRelationAndNoName() {
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\","
                + "\"relation_type\":\"CUSTOM\",\"custom_relation\":\"代理商\"}", AlphapayProfitSharing.receiverAddBody(ACCOUNT,
                new SettlementReceiver("PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o", null, "CUSTOM", "代理商")));
    }

    @Test
    void theDeleteBodyNamesTheReceiverInTheCompanysTypes() {
        assertEquals("{\"appid\":\"alphapay-app-1900000001\",\"type\":\"PERSONAL_OPENID\",\"account\":\"oUpF8uMuAJO_M2pxb1Q9zNjWeS6o\"}",
                AlphapayProfitSharing.receiverDeleteBody(ACCOUNT, "PERSONAL", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"));
        assertThrows(IllegalArgumentException.class, () -> AlphapayProfitSharing.receiverDeleteBody(ACCOUNT, "MERCHANT_ID", "1"));
    }

    @Test
    void theQueryAndAmountPathsNameTheSplitAndTheTransaction() {
        assertEquals("/v3/profitsharing/orders/S20261126001?transaction_id=4200000000000000000000000001",
                AlphapayProfitSharing.queryPath("S20261126001", "4200000000000000000000000001"));
        assertEquals("/v3/profitsharing/transactions/4200000000000000000000000001/amounts",
                AlphapayProfitSharing.amountsPath("4200000000000000000000000001"));
    }

    @Test
    void theAmountsAnswerIsWhatIsStillHeld() {
        assertEquals(new HeldMoney("4200000000000000000000000001", 1280), AlphapayProfitSharing.heldMoney(
                "{\"transaction_id\":\"4200000000000000000000000001\",\"unsplit_amount\":1280}", "4200000000000000000000000001"));
        assertThrows(CompanyUnavailable.class, () -> AlphapayProfitSharing.heldMoney("{}", "4200000000000000000000000001"));
    }
}
