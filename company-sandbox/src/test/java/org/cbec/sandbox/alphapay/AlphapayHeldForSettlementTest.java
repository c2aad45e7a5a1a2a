package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.junit.jupiter.api.Test;

/** How alphapay reads a create's {@code settle_info.profit_sharing}, the flag that holds an order's money for settlement. */
class AlphapayHeldForSettlementTest {

    private static boolean held(String body) {
        return AlphapayOperations.heldForSettlement(JsonText.parseObject(body));
    }

    @Test
    void profitSharingTrueHoldsTheOrder() {
        assertTrue(held("{\"settle_info\":{\"profit_sharing\":true}}"));
    }

    @Test
    void falseOrAbsentDoesNot() {
        assertFalse(held("{\"settle_info\":{\"profit_sharing\":false}}"));
        assertFalse(held("{\"settle_info\":{}}"));
        assertFalse(held("{}"));
    }

    @Test
    void anythingButABooleanIsAParamErrorNamingTheMember() {
        assertEquals("settle_info.profit_sharing", assertThrows(Members.Invalid.class,
                () -> held("{\"settle_info\":{\"profit_sharing\":\"true\"}}")).member());
        assertEquals("settle_info", assertThrows(Members.Invalid.class, () -> held("{\"settle_info\":true}")).member());
    }
}
