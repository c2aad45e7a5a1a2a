package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.junit.jupiter.api.Test;

/** How betapay reads a create's {@code extend_params.royalty_freeze}, the flag that holds an order's money for settlement. */
class BetapayHeldForSettlementTest {

    private static boolean held(String biz) {
        return BetapayOperations.heldForSettlement(JsonText.parseObject(biz));
    }

    @Test
    void royaltyFreezeTrueHoldsTheOrder() {
        assertTrue(held("{\"extend_params\":{\"royalty_freeze\":\"true\"}}"));
    }

    @Test
    void falseOrAbsentDoesNot() {
        assertFalse(held("{\"extend_params\":{\"royalty_freeze\":\"false\"}}"));
        assertFalse(held("{\"extend_params\":{}}"));
        assertFalse(held("{}"));
    }

    @Test
    void anythingButTheTwoStringsIsInvalidNamingTheMember() {
        assertEquals("extend_params.royalty_freeze", assertThrows(Members.Invalid.class,
                () -> held("{\"extend_params\":{\"royalty_freeze\":true}}")).member());
        assertEquals("extend_params.royalty_freeze", assertThrows(Members.Invalid.class,
                () -> held("{\"extend_params\":{\"royalty_freeze\":\"yes\"}}")).member());
    }
}
