package org.cbec.sandbox.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class YuanTest {

    @ParameterizedTest
    @CsvSource({"25.99,2599", "25.9,2590", "25,2500", "0.01,1", "0,0", "0.10,10", "1000.00,100000", "9999999999999.99,999999999999999"})
    void readsYuanExactly(String yuan, long fen) {
        assertEquals(fen, Yuan.fen(yuan));
    }

    @ParameterizedTest
    @ValueSource(strings = {"25.999", "0.005", "0.001", "-1", "+1", "1e3", "1E2", " 1", "1 ", "1,00", ".5", "5.", "01", "00.10", "",
        "NaN", "10000000000000", "一"})
    void refusesWhatIsNotPlainYuanWithAtMostTwoDecimalsNeverRounding(String yuan) {
        assertThrows(IllegalArgumentException.class, () -> Yuan.fen(yuan), yuan);
    }

    @Test
    void refusesNoAmount() {
        assertThrows(IllegalArgumentException.class, () -> Yuan.fen(null));
    }

    @ParameterizedTest
    @CsvSource({"2599,25.99", "1,0.01", "10,0.10", "0,0.00", "100000,1000.00", "23391,233.91"})
    void writesTwoDecimals(long fen, String yuan) {
        assertEquals(yuan, Yuan.text(fen));
    }

    @Test
    void aNegativeAmountHasNoText() {
        assertThrows(IllegalArgumentException.class, () -> Yuan.text(-1));
    }
}
