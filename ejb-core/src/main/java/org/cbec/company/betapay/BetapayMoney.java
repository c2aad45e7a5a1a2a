package org.cbec.company.betapay;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/** Betapay's amounts: yuan as decimal text with at most two places, fen inside the broker. */
final class BetapayMoney {

    // Plain decimals only: no sign, exponent or spaces, which BigDecimal would otherwise accept.
    private static final Pattern YUAN = Pattern.compile("[0-9]+(\\.[0-9]{1,2})?");

    private BetapayMoney() {
    }

    /** Fen as the gateway's yuan text, always with two decimals: 1 → "0.01", 100000 → "1000.00". */
    static String yuan(long fen) {
        if (fen < 0) {
            throw new IllegalArgumentException("amount must not be negative");
        }
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }

    /**
     * The gateway's yuan text as fen, exactly. More than two decimals is refused rather than
     * rounded: a rounded amount is a different amount.
     */
    static long fen(String yuan) {
        if (yuan == null || !YUAN.matcher(yuan).matches()) {
            throw new IllegalArgumentException("not a non-negative yuan amount with at most two decimals");
        }
        try {
            return new BigDecimal(yuan).movePointRight(2).longValueExact();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException("yuan amount too large");
        }
    }
}
