package org.cbec.payout;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Pattern;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.HttpUrl;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentMethod;

/**
 * The body of POST /payout/abroad/{merchant}: pay out {@code amount} fen of the merchant's
 * available CNY at one company (all that is available without it) to its registered account
 * abroad, under the merchant's {@code payoutRef}.
 */
@CheckOrder({"paymentMethod", "payoutRef", "amount", "description", "notifyUrl"})
public record RequestPayout(
        @Required @PaymentMethod String paymentMethod,
        @Required @Pattern(regexp = PaymentFormats.PAYOUT_REF, message = PaymentFormats.PAYOUT_REF_RULE) String payoutRef,
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long amount,
        @PlainText(max = 80) String description,
        @HttpUrl(max = 256) String notifyUrl) {
}
