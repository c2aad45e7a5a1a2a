package org.cbec.sandbox.alphapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class AlphapayOperationsTest {

    @Test
    void aGbpPayerPaysCnyAtNine() {
        assertEquals(2599L * 9, AlphapayOperations.payerTotal(2599, "GBP"));
        assertEquals(2599L, AlphapayOperations.payerTotal(2599, "CNY"));
    }

    @Test
    void contentTypeMustBeJsonInUtf8() {
        assertTrue(AlphapayOperations.isJson("application/json"));
        assertTrue(AlphapayOperations.isJson("Application/JSON; charset=UTF-8"));
        assertTrue(AlphapayOperations.isJson("application/json;charset=\"utf-8\""));
        assertFalse(AlphapayOperations.isJson(null));
        assertFalse(AlphapayOperations.isJson("text/plain"));
        assertFalse(AlphapayOperations.isJson("application/json; charset=ISO-8859-1"));
        assertFalse(AlphapayOperations.isJson("application/jsonx"));
    }

    @Test
    void createsAreNamedByThePathsTradeType() {
        assertEquals(AlphapayOperations.Operation.CREATE_NATIVE, AlphapayOperations.Operation.create("native"));
        assertEquals(AlphapayOperations.Operation.CREATE_JSAPI, AlphapayOperations.Operation.create("jsapi"));
        assertEquals("create", AlphapayOperations.Operation.create("h5").kind());
    }
}
