package org.cbec.cart.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Objects;

/**
 * Conversions between decimal amounts and the whole minor units (fen, pence, cents) the project stores.
 *
 * <p>Money is a {@code long} of minor units everywhere else so that sums are exact; this class is the one
 * place where decimals enter or leave, and every rounding names its {@link RoundingMode} so that no result
 * depends on a default. Amounts are never negative here: under {@code FLOOR} or {@code CEILING} a negative
 * amount would round the opposite way to what a caller reading "round down" expects, so refunds and
 * discounts carry their direction in their context, not in a sign.
 */
public final class Money {

    /** Every currency the project settles in has two decimal places. */
    private static final int MINOR_DIGITS = 2;

    private Money() {
    }

    /**
     * Units to minor units, rounding half-fen up ({@code 29.255 → 2926}), the convention customs and
     * payment companies expect for prices shown to a buyer.
     *
     * @throws IllegalArgumentException when {@code units} is negative
     * @throws ArithmeticException      when the result does not fit in a {@code long}
     */
    public static long toMinorUnits(BigDecimal units) {
        return minorUnits(units, RoundingMode.HALF_UP);
    }

    /**
     * Units to minor units with an explicit rounding, for the places (tax, fees) whose rule differs from
     * {@link #toMinorUnits}.
     *
     * @throws IllegalArgumentException when {@code units} is negative
     * @throws ArithmeticException      when the result does not fit in a {@code long}, or when {@code mode} is
     *                                  {@link RoundingMode#UNNECESSARY} and rounding is needed
     */
    public static long minorUnits(BigDecimal units, RoundingMode mode) {
        Objects.requireNonNull(units, "units");
        Objects.requireNonNull(mode, "mode");
        requireNotNegative(units.signum());
        return units.movePointRight(MINOR_DIGITS).setScale(0, mode).longValueExact();
    }

    /**
     * Minor units to units with exactly two decimals ({@code 2925 → 29.25}), for display and for APIs that
     * want decimals. Any {@code long} is accepted, since this direction is exact and cannot lose anything.
     */
    public static BigDecimal units(long minor) {
        return BigDecimal.valueOf(minor, MINOR_DIGITS);
    }

    /**
     * Converts an amount with an exchange rate ({@code minor × rate}), rounding once to a whole minor unit of
     * the target currency. The rate is applied to minor units directly, which is correct only because both
     * currencies have two decimals.
     *
     * @throws IllegalArgumentException when {@code minor} is negative or {@code rate} is not positive
     * @throws ArithmeticException      when the result does not fit in a {@code long}
     */
    public static long convert(long minor, BigDecimal rate, RoundingMode mode) {
        Objects.requireNonNull(rate, "rate");
        Objects.requireNonNull(mode, "mode");
        requireNotNegative(Long.signum(minor));
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("rate must be positive");
        }
        return BigDecimal.valueOf(minor).multiply(rate).setScale(0, mode).longValueExact();
    }

    /**
     * The total of a cart line, rounded half up to a minor unit once, after multiplying. Rounding the unit
     * price first and multiplying after would multiply its rounding error by the quantity: 0.333 × 3 is 1.00
     * here, but 3 × 0.33 = 0.99 the other way, and on a thousand units the gap grows to whole yuan.
     *
     * @throws IllegalArgumentException when {@code quantity} is below 1 or {@code unitPrice} is negative
     * @throws ArithmeticException      when the total does not fit in a {@code long}
     */
    public static long lineTotal(BigDecimal unitPrice, long quantity) {
        Objects.requireNonNull(unitPrice, "unitPrice");
        if (quantity < 1) {
            throw new IllegalArgumentException("quantity must be at least 1");
        }
        return toMinorUnits(unitPrice.multiply(BigDecimal.valueOf(quantity)));
    }

    private static void requireNotNegative(int signum) {
        if (signum < 0) {
            throw new IllegalArgumentException("amount must not be negative");
        }
    }
}
