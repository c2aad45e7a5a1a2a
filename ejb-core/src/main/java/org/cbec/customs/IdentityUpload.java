package org.cbec.customs;

import jakarta.validation.constraints.NotNull;
import org.cbec.payment.PaymentMethod;
import org.cbec.platform.validation.CjkName;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.Required;
import org.cbec.platform.validation.ResidentIdNumber;
import org.cbec.customs.control.CustomsRules;

/** Body of PostCustomsIdentification (spec 4.8). {@link CustomsRules#checkIdentity} runs the constraints in declaration order. */
public record IdentityUpload(
        @Required @CustomsOrderNo String orderNo,
        @NotNull(message = "is required") @CustomsId String transactionId,
        @NotBlankIfGiven @CustomsOrderNo String subOrderNo,
        @CustomsOffice String customs,
        @PaymentMethod String paymentMethod,
        @CustomsId String mchCustomsNo,
        @OneOf(value = "IDCARD", message = CustomsFormats.CERT_TYPE_RULE) String certType,
        @NotNull(message = "is required") @ResidentIdNumber String certId,
        @NotNull(message = CustomsFormats.CERT_NAME_RULE) @CjkName(message = CustomsFormats.CERT_NAME_RULE) String certName) {

    @Override
    public String toString() {
        return "IdentityUpload[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
