package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class BetapayMoneyTest {

    @Test
    void yuanAlwaysHasTwoDecimals() {
        assertEquals("0.00", BetapayMoney.yuan(0));
        assertEquals("0.01", BetapayMoney.yuan(1));
        assertEquals("1.00", BetapayMoney.yuan(100));
        assertEquals("88.88", BetapayMoney.yuan(8888));
        assertEquals("1000.00", BetapayMoney.yuan(100_000));
        assertEquals("92233720368547758.07", BetapayMoney.yuan(Long.MAX_VALUE));
    }

    @Test
    void yuanRefusesNegativeAmounts() {
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.yuan(-1));
    }

    @Test
    void fenParsesExactly() {
        assertEquals(1, BetapayMoney.fen("0.01"));
        assertEquals(100, BetapayMoney.fen("1.00"));
        assertEquals(8888, BetapayMoney.fen("88.88"));
        assertEquals(1200, BetapayMoney.fen("12"));
        assertEquals(1250, BetapayMoney.fen("12.5"));
        assertEquals(0, BetapayMoney.fen("0"));
        assertEquals(Long.MAX_VALUE, BetapayMoney.fen("92233720368547758.07"));
    }

    @Test
    void fenRefusesMoreThanTwoDecimalsInsteadOfRounding() {
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen("0.015"));
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen("1.000"));
    }

    @Test
    void fenRefusesNegativesAndGarbage() {
        for (String bad : List.of("-1.00", "+1.00", "", " 1.00", "1.00 ", "1,00", "abc", "1e2", ".5", "5.", "0x10", "１")) {
            assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen(bad), bad);
        }
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen(null));
    }

    @Test
    void fenRefusesAmountsThatOverflowLong() {
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen("92233720368547758.08"));
        assertThrows(IllegalArgumentException.class, () -> BetapayMoney.fen("99999999999999999999999"));
    }

    @Test
    void yuanAndFenRoundTrip() {
        for (long fen : new long[] {0, 1, 9, 10, 99, 100, 101, 8888, 123_456_789}) {
            assertEquals(fen, BetapayMoney.fen(BetapayMoney.yuan(fen)));
        }
    }
}
