package org.cbec.settlement;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.Required;
import org.cbec.payment.OrderRef;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentMethod;

/**
 * The body of POST /settlement/{merchant}: a split of a paid, held payment among 1 to 50 registered
 * receivers. {@code finish} (default false) releases what is left to the merchant after it.
 * Without {@code paymentMethod} the payment is looked for at both companies.
 */
@CheckOrder({"paymentMethod", "orderRef", "settlementRef", "receivers", "finish"})
public record SplitPayment(
        @PaymentMethod(blankMeansAny = true) String paymentMethod,
        @Required @OrderRef String orderRef,
        @Required @Pattern(regexp = PaymentFormats.SETTLEMENT_REF, message = PaymentFormats.SETTLEMENT_REF_RULE) String settlementRef,
        @Required
        @Size(min = 1, max = PaymentFormats.MAX_SPLIT_RECEIVERS, message = "must be 1 to " + PaymentFormats.MAX_SPLIT_RECEIVERS + " receivers")
        @Valid List<SplitShare> receivers,
        Boolean finish) {

    /** Whether the rest is released after this split. */
    public boolean finishes() {
        return Boolean.TRUE.equals(finish);
    }
}
