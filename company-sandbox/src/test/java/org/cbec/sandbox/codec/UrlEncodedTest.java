package org.cbec.sandbox.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class UrlEncodedTest {

    @Test
    void aPathSegmentKeepsItsPlus() {
        assertEquals("a+b c", UrlEncoded.component("a+b%20c", false));
        assertEquals("a b c", UrlEncoded.component("a+b%20c", true));
    }

    @Test
    void keepsRawNonAsciiAndRepeatedNamesForTheCallerToJudge() {
        var pairs = UrlEncoded.decode("a=测试&a=2");
        assertEquals(2, pairs.size());
        assertEquals("测试", pairs.get(0).getValue());
    }

    @Test
    void aTruncatedEscapeAtTheEndIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> UrlEncoded.component("abc%4", true));
        assertThrows(IllegalArgumentException.class, () -> UrlEncoded.component("abc%", true));
    }
}
