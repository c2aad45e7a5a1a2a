package org.cbec.customs;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.cbec.customs.control.OrderRules;
import org.cbec.payment.PaymentMethod;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.CjkName;
import org.cbec.platform.validation.MainlandMobile;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.platform.validation.ResidentIdNumber;

/**
 * A shop platform's order, declared to customs by the broker for the merchant (declare-order):
 * the order document of the three customs matches with the payment and the waybill. Amounts and
 * prices are CNY fen. {@link OrderRules#checkDeclare} runs the constraints in the order below with
 * the rules that read several fields (the sums, each line's total, the goods against
 * {@code goodsValue}); {@link OrderRules#checkAgainstPayment} then holds it to the payment.
 */
@CheckOrder({"platform", "platformCode", "orderNo", "customs", "paymentMethod", "transactionId", "goodsValue", "freight", "discount",
        "taxTotal", "actualPaid", "buyer", "consignee", "goods", "actionType"})
public record DeclareOrder(
        @Required @OneOf(value = {"platform_a", "platform_b", "platform_c", "platform_d", "platform_e", "platform_f", "self"},
                message = OrderRules.PLATFORM_RULE) String platform,
        @Required @Pattern(regexp = OrderRules.PLATFORM_CODE, message = OrderRules.PLATFORM_CODE_RULE) String platformCode,
        @Required @CustomsOrderNo String orderNo,
        @CustomsOffice String customs,
        @Required @PaymentMethod String paymentMethod,
        @Required @CustomsId String transactionId,
        @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
        @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long goodsValue,
        @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
        @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long freight,
        @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
        @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long discount,
        @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
        @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long taxTotal,
        @NotNull(message = "is required") @Min(value = 1, message = "must be a positive amount in fen")
        @Max(value = CustomsFormats.MAX_FEN, message = "must be a positive amount in fen") Long actualPaid,
        @NotNull(message = "is required") @Valid Buyer buyer,
        @NotNull(message = "is required") @Valid Consignee consignee,
        @NotNull(message = "is required") @Size(min = 1, max = DeclareOrder.MAX_GOODS_LINES, message = OrderRules.GOODS_RULE)
        @Valid List<GoodsLine> goods,
        @OneOf(value = {"ADD", "MODIFY"}, message = "must be ADD or MODIFY") String actionType) {

    public static final int MAX_GOODS_LINES = 100;

    /** The buyer, whom customs holds to the payer: personal data, never logged nor shown back in clear. */
    @CheckOrder({"name", "idType", "idNumber", "telephone"})
    public record Buyer(
            @Required @CjkName String name,
            @OneOf(value = "IDCARD", message = CustomsFormats.CERT_TYPE_RULE) String idType,
            @Required @ResidentIdNumber String idNumber,
            @Required @MainlandMobile String telephone) {

        @Override
        public String toString() {
            return "Buyer[]";
        }
    }

    /** Who receives the parcel: personal data. */
    @CheckOrder({"name", "telephone", "address"})
    public record Consignee(
            @Required @PlainText(max = 64) String name,
            @Required @MainlandMobile String telephone,
            @Required @PlainText(max = 255) String address) {

        @Override
        public String toString() {
            return "Consignee[]";
        }
    }

    /** A goods line: {@code unit} and {@code country} are customs' three-digit codes (011 a piece; 303 the United Kingdom). */
    @CheckOrder({"itemNo", "itemName", "quantity", "unit", "price", "totalPrice", "country"})
    public record GoodsLine(
            @Required @PlainText(max = 64) String itemNo,
            @Required @PlainText(max = 250) String itemName,
            @NotNull(message = "is required") @Min(value = 1, message = "must be at least 1")
            @Max(value = 99_999, message = "must be at most 99999") Long quantity,
            @Required @Pattern(regexp = "[0-9]{3}", message = "must be customs' three-digit unit code") String unit,
            @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
            @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long price,
            @NotNull(message = "is required") @Min(value = 0, message = CustomsFormats.FEN_RULE)
            @Max(value = CustomsFormats.MAX_FEN, message = CustomsFormats.FEN_RULE) Long totalPrice,
            @Required @Pattern(regexp = "[0-9]{3}", message = "must be customs' three-digit country code") String country) {
    }

    @Override
    public String toString() {
        return "DeclareOrder[" + orderNo + " of " + platform + " at " + customs + "]";
    }
}
