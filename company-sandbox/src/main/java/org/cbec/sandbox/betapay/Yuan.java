package org.cbec.sandbox.betapay;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * betapay's amounts: yuan written with two decimals ({@code 25.99} for 2,599 fen). Read exactly: at
 * most two decimals, plain digits (no sign, exponent or spaces, which BigDecimal would accept); more
 * decimals are refused, never rounded, since a rounded amount is another amount.
 */
public final class Yuan {

    // 13 integer digits: 10^13 yuan is far beyond any order, and the fen stay well inside a long.
    private static final Pattern YUAN = Pattern.compile("(0|[1-9][0-9]{0,12})(\\.[0-9]{1,2})?");

    private Yuan() {
    }

    /** @throws IllegalArgumentException when the text is not such an amount */
    public static long fen(String yuan) {
        if (yuan == null || !YUAN.matcher(yuan).matches()) {
            throw new IllegalArgumentException("not an amount in yuan with at most two decimals");
        }
        return new BigDecimal(yuan).movePointRight(2).longValueExact();
    }

    /** Fen as yuan text, always two decimals: 1 → 0.01, 100000 → 1000.00. */
    public static String text(long fen) {
        if (fen < 0) {
            throw new IllegalArgumentException("negative amount");
        }
        return BigDecimal.valueOf(fen, 2).toPlainString();
    }
}
