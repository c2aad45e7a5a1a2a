package org.cbec.platform.json;

import java.math.BigDecimal;

/**
 * The one rule for "a whole number" in a JSON request, shared by the strict JSON-B binding of
 * {@code Long} members and the cart rules that read JSON-P numbers: a number that is integral in
 * value, however it is written ({@code 2}, {@code 2.0} and {@code 2e0} are all 2: JSON does not tell
 * them apart, and writers that hold numbers as doubles write {@code 2.0}).
 */
public final class WholeNumbers {

    private WholeNumbers() {
    }

    /**
     * The value of {@code value} when it is whole and within {@code [min, max]}, else null (a
     * fraction, or out of range). The bounds are compared first, which is as cheap for
     * {@code 1e999999999}.
     */
    public static Long within(BigDecimal value, long min, long max) {
        if (value.compareTo(BigDecimal.valueOf(min)) < 0 || value.compareTo(BigDecimal.valueOf(max)) > 0) {
            return null;
        }
        try {
            return value.longValueExact();
        } catch (ArithmeticException fraction) {
            return null;
        }
    }
}
