package org.cbec.refund;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.cbec.platform.validation.HttpUrl;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.OrderRef;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentMethod;

/**
 * The body of a refund request (POST /refund/{merchant}); the amount in the payment currency's base
 * unit. Without {@code paymentMethod} (or with a blank one) the payment is looked for at both
 * companies. {@link PaymentRules#checkRefund} runs the constraints in declaration order.
 */
public record CreateRefund(
        @PaymentMethod(blankMeansAny = true) String paymentMethod,
        @Required @OrderRef String orderRef,
        @Required @RefundRef String refundRef,
        @Required
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long amount,
        @OneOf(value = {"CNY", "GBP"}, message = "must be CNY or GBP") String currency,
        @PlainText(max = 80) String reason,
        @HttpUrl(max = 256) String notifyUrl) {
}
