package org.cbec.customs.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.cbec.payment.boundary.PaymentMethod;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.Required;

/** Body of PutCustomsPayment (spec 4.6). {@link CustomsRules#checkRedeclare} runs the constraints in declaration order. */
public record RedeclareCustoms(
        @CustomsOffice String customs,
        @NotNull(message = "is required") @Pattern(regexp = CustomsRules.TEXT_ID, message = CustomsRules.TEXT_ID_RULE) String mchCustomsNo,
        @Required @Pattern(regexp = CustomsRules.ORDER_NO, message = CustomsRules.ORDER_NO_RULE) String orderNo,
        @Pattern(regexp = CustomsRules.TEXT_ID, message = CustomsRules.TEXT_ID_RULE) String transactionId,
        @NotBlankIfGiven @Pattern(regexp = CustomsRules.ORDER_NO, message = CustomsRules.ORDER_NO_RULE) String subOrderNo,
        @Pattern(regexp = CustomsRules.TEXT_ID, message = CustomsRules.TEXT_ID_RULE) String subOrderId,
        @PaymentMethod String paymentMethod) {
}
