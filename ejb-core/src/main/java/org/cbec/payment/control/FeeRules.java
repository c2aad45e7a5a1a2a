package org.cbec.payment.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.regex.Pattern;
import org.cbec.platform.error.InvalidRequestException;

/**
 * The companies' fee arithmetic, pure. A company keeps a percentage of each payment (its account's
 * contracted rate, two places), rounded to the fen half up; a refund gives back its own share of
 * its payment's fee, worked out on its own: the fee × the refund ÷ the payment, half up (a refund
 * of the whole payment gives back the whole fee; partial refunds together may give back a fen more
 * or less than the fee, as they do at the companies, each line of whose bill carries its own).
 */
public final class FeeRules {

    /** A rate as written: up to two digits, and up to two places ("0.6", "0.60", "12.5"). */
    private static final Pattern RATE = Pattern.compile("\\d{1,2}(\\.\\d{1,2})?");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    private FeeRules() {
    }

    /** The fee on {@code amount} at {@code ratePercent}: amount × rate ÷ 100, rounded half up. */
    public static long fee(long amount, BigDecimal ratePercent) {
        return BigDecimal.valueOf(amount).multiply(ratePercent).divide(HUNDRED, 0, RoundingMode.HALF_UP).longValueExact();
    }

    /** A refund's share of its payment's fee: fee × refund ÷ payment, rounded half up (the fee itself for a whole refund). */
    public static long refundShare(long paymentFee, long paymentAmount, long refundAmount) {
        if (paymentFee == 0 || paymentAmount <= 0) {
            return 0;
        }
        return BigDecimal.valueOf(paymentFee).multiply(BigDecimal.valueOf(refundAmount))
                .divide(BigDecimal.valueOf(paymentAmount), 0, RoundingMode.HALF_UP).longValueExact();
    }

    /** A rate as the admin API takes it (a percentage from 0 to below 100, up to two places), or 422 naming {@code field}. */
    public static BigDecimal rate(String field, String text) {
        if (text == null || !RATE.matcher(text).matches()) {
            throw new InvalidRequestException(field, field + " must be a percentage from 0 to 99.99 with at most two places, e.g. \"0.60\"");
        }
        return new BigDecimal(text).setScale(2, RoundingMode.UNNECESSARY);
    }
}
