package org.cbec.customs;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import org.cbec.payment.PaymentMethod;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.CjkName;
import org.cbec.platform.validation.NotBlankIfGiven;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.Required;
import org.cbec.platform.validation.ResidentIdNumber;
import org.cbec.customs.control.CustomsRules;

/**
 * Body of PostCustomsPayment (spec 4.7); fees and duty in fen. {@link CustomsRules#checkDeclare}
 * runs the constraints in the order below (the order of the checks before they were constraints)
 * with the rules of a split order and of the fees' sum.
 */
@CheckOrder({"orderNo", "transactionId", "customs", "paymentMethod", "mchCustomsNo", "actionType", "certType", "certId", "name",
        "duty", "feeType", "subOrderNo", "transportFee", "productFee", "orderFee"})
public record DeclareCustoms(
        @Required @CustomsOrderNo String orderNo,
        @NotNull(message = "is required") @CustomsId String transactionId,
        @CustomsOffice String customs,
        @PaymentMethod String paymentMethod,
        @CustomsId String mchCustomsNo,
        @OneOf(value = "IDCARD", message = CustomsFormats.CERT_TYPE_RULE) String certType,
        @ResidentIdNumber String certId,
        @CjkName String name,
        @Min(value = 0, message = CustomsFormats.FEN_RULE) @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long duty,
        @OneOf(value = {"ADD", "MODIFY"}, message = "must be ADD or MODIFY") String actionType,
        @NotBlankIfGiven @CustomsOrderNo String subOrderNo,
        @OneOf(value = "CNY", message = "must be CNY") String feeType,
        @Min(value = 1, message = "must be a positive amount in fen") @Max(value = CustomsFormats.MAX_FEN, message = "must be a positive amount in fen")
        Long orderFee,
        @Min(value = 0, message = CustomsFormats.FEN_RULE) @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long transportFee,
        @Min(value = 0, message = CustomsFormats.FEN_RULE) @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long productFee) {

    @Override
    public String toString() {
        return "DeclareCustoms[" + orderNo + "/" + subOrderNo + " at " + customs + "]";
    }
}
