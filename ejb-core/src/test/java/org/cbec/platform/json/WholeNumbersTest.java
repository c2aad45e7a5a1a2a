package org.cbec.platform.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

class WholeNumbersTest {

    private static Long within(String json, long min, long max) {
        return WholeNumbers.within(new BigDecimal(json), min, max);
    }

    @Test
    void aWholeNumberIsTakenHoweverItIsWritten() {
        assertEquals(2L, within("2", 0, 10));
        assertEquals(2L, within("2.0", 0, 10));
        assertEquals(2L, within("2e0", 0, 10));
        assertEquals(1_795_290_000L, within("1.79529E9", 0, Long.MAX_VALUE));
    }

    @Test
    void aFractionIsRefused() {
        assertNull(within("2.5", 0, 10));
        assertNull(within("0.1", 0, 10));
    }

    @Test
    void theBoundsAreInclusiveAndAValueOutsideIsRefused() {
        assertEquals(0L, within("0", 0, 10));
        assertEquals(10L, within("10", 0, 10));
        assertNull(within("-1", 0, 10));
        assertNull(within("11", 0, 10));
        assertEquals(Long.MIN_VALUE, within(Long.toString(Long.MIN_VALUE), Long.MIN_VALUE, Long.MAX_VALUE));
        assertNull(within("9223372036854775808", Long.MIN_VALUE, Long.MAX_VALUE));
    }

    @Test
    void aHugeExponentIsRefusedWithoutExpandingIt() {
        assertNull(within("1e999999999", Long.MIN_VALUE, Long.MAX_VALUE));
        assertNull(within("-1e999999999", Long.MIN_VALUE, Long.MAX_VALUE));
        assertNull(within("1e-999999999", 0, 10));
    }
}
