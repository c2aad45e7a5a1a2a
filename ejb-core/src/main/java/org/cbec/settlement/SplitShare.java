package org.cbec.settlement;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.PaymentFormats;

/** One receiver's share in a split request: a registered receiver's account, the amount in fen, and what it is for. */
public record SplitShare(
        @Required @Pattern(regexp = PaymentFormats.RECEIVER_ACCOUNT, message = PaymentFormats.RECEIVER_ACCOUNT_RULE) String account,
        @Required
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long amount,
        @Required @PlainText(max = 80) String description) {
}
