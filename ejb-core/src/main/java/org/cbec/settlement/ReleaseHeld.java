package org.cbec.settlement;

import jakarta.validation.constraints.Pattern;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.OrderRef;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentMethod;

/**
 * The body of PUT /settlement/{merchant}: release what a paid, held payment still holds to the
 * merchant, under a new {@code settlementRef} (WeChat's unfreeze out_order_no). Without
 * {@code paymentMethod} the payment is looked for at both companies.
 */
@CheckOrder({"paymentMethod", "orderRef", "settlementRef", "description"})
public record ReleaseHeld(
        @PaymentMethod(blankMeansAny = true) String paymentMethod,
        @Required @OrderRef String orderRef,
        @Required @Pattern(regexp = PaymentFormats.SETTLEMENT_REF, message = PaymentFormats.SETTLEMENT_REF_RULE) String settlementRef,
        @Required @PlainText(max = 80) String description) {
}
