package org.cbec.payment;

import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;
import java.util.List;
import org.cbec.company.PaymentType;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.HttpUrl;
import org.cbec.platform.validation.OffsetTimestamp;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.control.PaymentRules;

/**
 * The body of CreatePayment (spec 2.2) plus its two headers. Amounts are integers in the
 * currency's smallest unit; at most {@value #MAX_PRODUCT_LINES} product lines. The rules of
 * each field are its constraints; {@link PaymentRules#checkCreate} runs them in the order below
 * (the order of the checks before they were constraints) with the rules that read several fields.
 */
@CheckOrder({"paymentMethod", "paymentType", "orderRef", "actualAmount", "total", "subsidyAmount", "costPrice", "currency",
        "description", "attach", "goodsTag", "payerId", "merchantPayerId", "invoiceId", "spAppId", "notifyUrl", "successUrl",
        "cancelUrl", "timeExpire", "profitSharing", "products", "clientIp", "clientId"})
public record CreatePayment(
        @Required @PaymentMethod String paymentMethod,
        @Required @OneOf(enumeration = PaymentType.class, message = "must be one of NATIVE, H5, JSAPI, MINIPRO, APP") String paymentType,
        @Required @OrderRef String orderRef,
        @Required
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long actualAmount,
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long total,
        @Min(value = 0, message = "must be between 0 and " + PaymentFormats.MAX_AMOUNT)
        @Max(value = PaymentFormats.MAX_AMOUNT, message = "must be between 0 and " + PaymentFormats.MAX_AMOUNT)
        Long subsidyAmount,
        @Min(value = 1, message = PaymentFormats.AMOUNT_RULE) @Max(value = PaymentFormats.MAX_AMOUNT, message = PaymentFormats.AMOUNT_RULE)
        Long costPrice,
        @PlainText(max = 64) String invoiceId,
        @Required @OneOf(value = {"CNY", "GBP"}, message = "must be CNY or GBP") String currency,
        Boolean profitSharing,
        @PlainText(max = 127) String description,
        @PlainText(max = 128) String attach,
        @OffsetTimestamp String timeExpire,
        @PlainText(max = 32) String goodsTag,
        @PlainText(max = 128) String payerId,
        @PlainText(max = 128) String merchantPayerId,
        @HttpUrl(max = 256) String notifyUrl,
        @HttpUrl(max = 256) String successUrl,
        @HttpUrl(max = 256) String cancelUrl,
        @PlainText(max = 64) String spAppId,
        @Size(max = CreatePayment.MAX_PRODUCT_LINES, message = "must be at most " + CreatePayment.MAX_PRODUCT_LINES + " product lines")
        @Valid List<ProductLine> products,
        String clientIp, String clientId) {

    public static final int MAX_PRODUCT_LINES = 100;
}
