package org.cbec.customs.boundary;

import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import org.cbec.payment.boundary.PaymentMethod;
import org.cbec.platform.validation.CjkName;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.Required;
import org.cbec.platform.validation.ResidentIdNumber;

/** Body of PostCustomsIdentification (spec 4.8). {@link CustomsRules#checkIdentity} runs the constraints in declaration order. */
public record IdentityUpload(
        @Required @Pattern(regexp = CustomsRules.ORDER_NO, message = CustomsRules.ORDER_NO_RULE) String orderNo,
        @NotNull(message = "is required") @Pattern(regexp = CustomsRules.TEXT_ID, message = CustomsRules.TEXT_ID_RULE) String transactionId,
        @NotBlankIfGiven @Pattern(regexp = CustomsRules.ORDER_NO, message = CustomsRules.ORDER_NO_RULE) String subOrderNo,
        @CustomsOffice String customs,
        @PaymentMethod String paymentMethod,
        @Pattern(regexp = CustomsRules.TEXT_ID, message = CustomsRules.TEXT_ID_RULE) String mchCustomsNo,
        @OneOf(value = "IDCARD", message = CustomsRules.CERT_TYPE_RULE) String certType,
        @NotNull(message = "is required") @ResidentIdNumber String certId,
        @NotNull(message = CustomsRules.CERT_NAME_RULE) @CjkName(message = CustomsRules.CERT_NAME_RULE) String certName) {

    @Override
    public String toString() {
        return "IdentityUpload[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
