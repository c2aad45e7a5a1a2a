package org.cbec.sandbox.crypto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HashesTest {

    @Test
    void constantTimeEqualityIsEquality() {
        assertTrue(Hashes.constantTimeEquals("a", "a"));
        assertFalse(Hashes.constantTimeEquals("a", "ab"));
        assertFalse(Hashes.constantTimeEquals(null, "a"));
        assertEquals(64, Hashes.sha256Hex("x").length());
    }
}
