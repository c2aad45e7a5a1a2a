package org.cbec.sandbox.web;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.cbec.sandbox.web.Refusals.Format;
import org.junit.jupiter.api.Test;

class RefusalsTest {

    @Test
    void eachPathIsAnsweredInItsOwnersFormat() {
        assertEquals(Format.ALPHAPAY, Format.of("/sandbox/alphapay/v3/pay/transactions/nope", "/sandbox"));
        assertEquals(Format.ALPHAPAY, Format.of("/sandbox/alphapay/v3", "/sandbox"));
        assertEquals(Format.BETAPAY, Format.of("/sandbox/betapay/gateway.do", "/sandbox"));
        assertEquals(Format.ADMIN, Format.of("/sandbox/betapay/gateway.dox", "/sandbox"));
        assertEquals(Format.ADMIN, Format.of("/sandbox/alphapay/accounts", "/sandbox"));
        assertEquals(Format.ADMIN, Format.of("/sandbox/alphapay/v3x", "/sandbox"));
        assertEquals(Format.ADMIN, Format.of(null, null));
    }
}
