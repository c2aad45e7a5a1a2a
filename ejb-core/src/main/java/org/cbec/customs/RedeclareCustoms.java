package org.cbec.customs;

import jakarta.validation.constraints.NotNull;
import org.cbec.payment.PaymentMethod;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.Required;

/** Body of PutCustomsPayment (spec 4.6). {@link CustomsRules#checkRedeclare} runs the constraints in declaration order. */
public record RedeclareCustoms(
        @CustomsOffice String customs,
        @NotNull(message = "is required") @CustomsId String mchCustomsNo,
        @Required @CustomsOrderNo String orderNo,
        @CustomsId String transactionId,
        @NotBlankIfGiven @CustomsOrderNo String subOrderNo,
        @CustomsId String subOrderId,
        @PaymentMethod String paymentMethod) {
}
