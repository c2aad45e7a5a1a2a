package org.cbec.customs.boundary;

import jakarta.validation.constraints.NotNull;
import org.cbec.payment.boundary.PaymentMethod;
import org.cbec.platform.validation.CjkName;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.Required;
import org.cbec.platform.validation.ResidentIdNumber;

/** Body of PostCustomsIdentification (spec 4.8). {@link CustomsRules#checkIdentity} runs the constraints in declaration order. */
public record IdentityUpload(
        @Required @CustomsOrderNo String orderNo,
        @NotNull(message = "is required") @CustomsId String transactionId,
        @NotBlankIfGiven @CustomsOrderNo String subOrderNo,
        @CustomsOffice String customs,
        @PaymentMethod String paymentMethod,
        @CustomsId String mchCustomsNo,
        @OneOf(value = "IDCARD", message = CustomsRules.CERT_TYPE_RULE) String certType,
        @NotNull(message = "is required") @ResidentIdNumber String certId,
        @NotNull(message = CustomsRules.CERT_NAME_RULE) @CjkName(message = CustomsRules.CERT_NAME_RULE) String certName) {

    @Override
    public String toString() {
        return "IdentityUpload[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
