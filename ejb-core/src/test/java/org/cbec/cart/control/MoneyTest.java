package org.cbec.cart.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.math.RoundingMode;
import org.junit.jupiter.api.Test;

class MoneyTest {

    private static BigDecimal d(String value) {
        return new BigDecimal(value);
    }

    @Test
    void halfFenRoundsUpByDefault() {
        assertEquals(2926, Money.toMinorUnits(d("29.255")));
    }

    @Test
    void belowHalfFenRoundsDown() {
        assertEquals(2925, Money.toMinorUnits(d("29.254")));
    }

    @Test
    void smallestHalfFenBecomesOneFen() {
        assertEquals(1, Money.toMinorUnits(d("0.005")));
    }

    @Test
    void wholeAmountsNeedNoRounding() {
        assertEquals(2900, Money.toMinorUnits(d("29")));
        assertEquals(2925, Money.toMinorUnits(d("29.25")));
        assertEquals(0, Money.toMinorUnits(BigDecimal.ZERO));
    }

    @Test
    void halfEvenRoundsHalfFenToTheEvenNeighbour() {
        assertEquals(2926, Money.minorUnits(d("29.255"), RoundingMode.HALF_EVEN));
        assertEquals(2924, Money.minorUnits(d("29.245"), RoundingMode.HALF_EVEN));
        assertEquals(2925, Money.minorUnits(d("29.245"), RoundingMode.HALF_UP));
    }

    @Test
    void explicitModeAppliesBeyondHalf() {
        assertEquals(2925, Money.minorUnits(d("29.2599"), RoundingMode.DOWN));
        assertEquals(2926, Money.minorUnits(d("29.2501"), RoundingMode.UP));
    }

    @Test
    void unnecessaryModeRefusesAnAmountThatNeedsRounding() {
        assertThrows(ArithmeticException.class, () -> Money.minorUnits(d("29.255"), RoundingMode.UNNECESSARY));
    }

    @Test
    void unitsHaveTwoDecimals() {
        assertEquals(d("29.25"), Money.units(2925));
        assertEquals(d("0.01"), Money.units(1));
        assertEquals(d("0.00"), Money.units(0));
        assertEquals(d("29.00"), Money.units(2900));
    }

    @Test
    void unitsAndMinorUnitsRoundTrip() {
        assertEquals(Long.MAX_VALUE, Money.toMinorUnits(Money.units(Long.MAX_VALUE)));
    }

    @Test
    void convertAppliesASixDecimalRateAndRoundsOnce() {
        // 100 × 9.172345 = 917.2345
        assertEquals(917, Money.convert(100, d("9.172345"), RoundingMode.HALF_UP));
        // 12 345 × 9.172854 = 113 238.882630
        assertEquals(113_239, Money.convert(12_345, d("9.172854"), RoundingMode.HALF_UP));
        assertEquals(113_238, Money.convert(12_345, d("9.172854"), RoundingMode.DOWN));
    }

    @Test
    void convertHonoursTheModeOnAnExactHalf() {
        assertEquals(1, Money.convert(5, d("0.1"), RoundingMode.HALF_UP));
        assertEquals(0, Money.convert(5, d("0.1"), RoundingMode.HALF_EVEN));
    }

    @Test
    void convertRefusesANonPositiveRate() {
        assertThrows(IllegalArgumentException.class, () -> Money.convert(100, BigDecimal.ZERO, RoundingMode.HALF_UP));
        assertThrows(IllegalArgumentException.class, () -> Money.convert(100, d("-1.2"), RoundingMode.HALF_UP));
    }

    @Test
    void convertRefusesANegativeAmount() {
        assertThrows(IllegalArgumentException.class, () -> Money.convert(-100, d("9.17"), RoundingMode.HALF_UP));
    }

    @Test
    void convertOverflowIsAnError() {
        assertThrows(ArithmeticException.class, () -> Money.convert(Long.MAX_VALUE, d("1.5"), RoundingMode.HALF_UP));
    }

    @Test
    void lineTotalRoundsOnceAfterMultiplying() {
        // Per unit it would be 3 × 33 = 99.
        assertEquals(100, Money.lineTotal(d("0.333"), 3));
    }

    @Test
    void lineTotalDoesNotDriftOnLargeQuantities() {
        // 0.335 × 1000 = 335.000 exactly, where per-unit rounding would give 1000 × 34 = 34 000.
        assertEquals(33_500, Money.lineTotal(d("0.335"), 1000));
    }

    @Test
    void lineTotalOfOneIsTheRoundedUnitPrice() {
        assertEquals(2926, Money.lineTotal(d("29.255"), 1));
    }

    @Test
    void lineTotalRefusesAQuantityBelowOne() {
        assertThrows(IllegalArgumentException.class, () -> Money.lineTotal(d("1.00"), 0));
        assertThrows(IllegalArgumentException.class, () -> Money.lineTotal(d("1.00"), -2));
    }

    @Test
    void lineTotalOverflowIsAnError() {
        assertThrows(ArithmeticException.class, () -> Money.lineTotal(d("1000000"), Long.MAX_VALUE));
    }

    @Test
    void overflowingAmountIsAnError() {
        assertThrows(ArithmeticException.class, () -> Money.toMinorUnits(d("92233720368547758.08")));
    }

    @Test
    void largestAmountStillFits() {
        assertEquals(Long.MAX_VALUE, Money.toMinorUnits(d("92233720368547758.07")));
    }

    @Test
    void negativeAmountIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Money.toMinorUnits(d("-0.01")));
        assertThrows(IllegalArgumentException.class, () -> Money.minorUnits(d("-29.25"), RoundingMode.HALF_EVEN));
    }

    @Test
    void negativeUnitPriceIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> Money.lineTotal(d("-0.50"), 2));
    }
}
