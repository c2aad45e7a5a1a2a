package org.cbec.sandbox.books;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The companies' fee, as they charge it: the account's rate (a percentage, two places) of each paid
 * order, rounded to the fen half up; a refund gives back its own share of its order's fee, the fee
 * × the refund ÷ the order, half up. Both are billed on their lines.
 */
public final class Fees {

    /** A rate as an account is opened with it: up to two digits and two places. */
    private static final Pattern RATE = Pattern.compile("\\d{1,2}(\\.\\d{1,2})?");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private Fees() {
    }

    /** The rate written as an account is opened with it ("0.60"), or empty when it is not one. */
    public static Optional<BigDecimal> rate(String text) {
        return text != null && RATE.matcher(text).matches() ? Optional.of(new BigDecimal(text).setScale(2)) : Optional.empty();
    }

    /** The fee kept on a paid order. */
    public static long ofOrder(long amount, BigDecimal rate) {
        return BigDecimal.valueOf(amount).multiply(rate).divide(HUNDRED, 0, RoundingMode.HALF_UP).longValueExact();
    }

    /** The fee a refund gives back: its share of its order's. */
    public static long ofRefund(long orderFee, long orderAmount, long refundAmount) {
        return orderFee == 0 ? 0 : BigDecimal.valueOf(orderFee).multiply(BigDecimal.valueOf(refundAmount))
                .divide(BigDecimal.valueOf(orderAmount), 0, RoundingMode.HALF_UP).longValueExact();
    }
}
