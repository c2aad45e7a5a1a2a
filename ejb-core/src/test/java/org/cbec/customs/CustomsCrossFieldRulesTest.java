package org.cbec.customs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.ResidentId;
import org.junit.jupiter.api.Test;
import org.cbec.customs.control.CustomsRules;

/**
 * The rules of CustomsRules that read several fields (a split order's fees, the fees' sum) and where
 * they stand among the field constraints, so that a request with several mistakes is told about the
 * same one as before; also the exact words of the refusals and of the query parameters' checks.
 */
class CustomsCrossFieldRulesTest {

    private static final String ID = "11010519491231002" + ResidentId.checkCharacter("11010519491231002");

    private static DeclareCustoms split(String subOrderNo, String feeType, Long orderFee, Long transportFee, Long productFee) {
        return new DeclareCustoms("ORDER1", "4200001", null, null, null, null, null, null, null, null, subOrderNo, feeType,
                orderFee, transportFee, productFee);
    }

    private static InvalidRequestException refusal(DeclareCustoms c) {
        return assertThrows(InvalidRequestException.class, () -> CustomsRules.checkDeclare(c));
    }

    private static void assertRefused(String field, String message, InvalidRequestException e) {
        assertEquals(field, e.field());
        assertEquals(message, e.getMessage());
    }

    @Test
    void aSplitOrderNeedsEachFeeInTheOrderFeeTypeOrderFeeTransportFeeProductFee() {
        assertRefused("feeType", "feeType is required when the order is split (subOrderNo)", refusal(split("S1", null, null, null, null)));
        assertRefused("orderFee", "orderFee is required when the order is split (subOrderNo)", refusal(split("S1", "CNY", null, null, null)));
        assertRefused("transportFee", "transportFee is required when the order is split (subOrderNo)", refusal(split("S1", "CNY", 100L, null, null)));
        assertRefused("productFee", "productFee is required when the order is split (subOrderNo)", refusal(split("S1", "CNY", 100L, 100L, null)));
    }

    @Test
    void anOrderThatIsNotSplitNeedsNoFees() {
        assertEquals("CNY", CustomsRules.checkDeclare(split(null, null, null, null, null)).feeType());
        assertEquals(null, CustomsRules.checkDeclare(split(null, null, 100L, null, null)).subOrderNo());
    }

    @Test
    void aMissingFeeOfASplitOrderIsToldBeforeAnotherFeesWrongValue() {
        assertRefused("orderFee", "orderFee is required when the order is split (subOrderNo)", refusal(split("S1", "CNY", null, -1L, -1L)));
    }

    @Test
    void aWrongFeeTypeOrSubOrderNoIsToldBeforeTheSplitsMissingFees() {
        assertRefused("feeType", "feeType must be CNY", refusal(split("S1", "USD", null, null, null)));
        assertRefused("subOrderNo", "subOrderNo must be 1 to 32 letters or digits", refusal(split("S-1", null, null, null, null)));
        assertRefused("subOrderNo", "subOrderNo is required", refusal(split(" ", null, null, null, null)));
    }

    @Test
    void theFeesMustAddUpWhenAllThreeAreGiven() {
        assertRefused("orderFee", "orderFee must equal transportFee + productFee", refusal(split(null, null, 100L, 60L, 50L)));
        assertEquals("S1", CustomsRules.checkDeclare(split("S1", "CNY", 110L, 60L, 50L)).subOrderNo());
        CustomsRules.checkDeclare(split(null, null, 100L, 60L, null));
    }

    @Test
    void eachFeesOwnRuleIsToldBeforeTheSumAndTheTransportFeeBeforeTheOrderFee() {
        assertRefused("transportFee", "transportFee must be an amount in fen, not negative", refusal(split(null, null, 0L, -1L, 50L)));
        assertRefused("orderFee", "orderFee must be a positive amount in fen", refusal(split(null, null, 0L, 0L, 0L)));
    }

    @Test
    void theFieldsOfADeclarationAreCheckedInTheirFormerOrderNotTheRecordsDeclarationOrder() {
        // actionType is declared after certType and certId but was checked before them
        DeclareCustoms c = new DeclareCustoms("ORDER1", "4200001", null, null, null, "PASSPORT", "1", null, null, "DELETE", null, null,
                null, null, null);
        assertRefused("actionType", "actionType must be ADD or MODIFY", refusal(c));
    }

    @Test
    void theWordsOfTheFieldRulesAreUnchanged() {
        DeclareCustoms badId = new DeclareCustoms("ORDER1", "4200001", "BEIJING", null, null, null, "1101051949123100", null, null, null,
                null, null, null, null, null);
        assertRefused("customs", "customs must be one of CHONGQING, GUANGZHOU_ZS, HANGZHOU_ZS, NINGBO, SHANGHAI_ZS, SHENZHEN, TIANJIN,"
                + " ZHENGZHOU_BS, ZHENGZHOU_ZH_ZS", refusal(badId));
        assertRefused("certId", "certId must be 18 characters", refusal(new DeclareCustoms("ORDER1", "4200001", null, null, null, null,
                "1101051949123100", null, null, null, null, null, null, null, null)));
        assertRefused("transactionId", "transactionId must be 1 to 64 letters, digits, '_' or '-'", refusal(new DeclareCustoms("ORDER1", " ",
                null, null, null, null, null, null, null, null, null, null, null, null, null)));
        assertRefused("paymentMethod", "paymentMethod is required", refusal(new DeclareCustoms("ORDER1", "4200001", null, "", null, null,
                null, null, null, null, null, null, null, null, null)));
        assertRefused("certType", "certType must be IDCARD (mainland resident identity card)", refusal(new DeclareCustoms("ORDER1", "4200001",
                null, null, null, "PASSPORT", null, null, null, null, null, null, null, null, null)));
    }

    @Test
    void aRedeclarationAndAnIdentityUploadAreCheckedInDeclarationOrder() {
        assertRefused("mchCustomsNo", "mchCustomsNo is required", assertThrows(InvalidRequestException.class,
                () -> CustomsRules.checkRedeclare(new RedeclareCustoms(null, null, null, null, null, null, "cashpay"))));
        assertRefused("customs", "customs must be one of CHONGQING, GUANGZHOU_ZS, HANGZHOU_ZS, NINGBO, SHANGHAI_ZS, SHENZHEN, TIANJIN,"
                + " ZHENGZHOU_BS, ZHENGZHOU_ZH_ZS", assertThrows(InvalidRequestException.class,
                () -> CustomsRules.checkRedeclare(new RedeclareCustoms("BEIJING", null, null, null, null, null, null))));
        assertEquals("NINGBO", CustomsRules.checkRedeclare(new RedeclareCustoms("NINGBO", "M-1", "ORDER1", null, null, null, null)));
        assertRefused("certName", "certName is required, in Chinese characters (a middle dot is allowed)", assertThrows(InvalidRequestException.class,
                () -> CustomsRules.checkIdentity(new IdentityUpload("ORDER1", "4200001", null, null, null, null, null, ID, null))));
        assertRefused("certId", "certId is required", assertThrows(InvalidRequestException.class,
                () -> CustomsRules.checkIdentity(new IdentityUpload("ORDER1", "4200001", null, null, null, null, null, null, null))));
    }

    @Test
    void theQueryParametersUseTheSameRulesAndWords() {
        assertRefused("order_no", "order_no is required", assertThrows(InvalidRequestException.class, () -> CustomsRules.orderNo("order_no", "")));
        assertRefused("order_no", "order_no must be 1 to 32 letters or digits",
                assertThrows(InvalidRequestException.class, () -> CustomsRules.orderNo("order_no", "A-1")));
        assertEquals("GUANGZHOU_ZS", CustomsRules.customs(null));
        assertEquals("customs", assertThrows(InvalidRequestException.class, () -> CustomsRules.customs("")).field());
    }
}
