package org.cbec.payment;

import jakarta.validation.constraints.Min;
import org.cbec.platform.validation.PlainText;

/**
 * One product line of a payment (spec 2.3), kept with the payment as the merchant sent it. Its
 * limits are those of the API document, so that every line it accepts is stored.
 */
public record ProductLine(
        @PlainText(max = 256) String goodsName,
        @PlainText(max = 64) String goodsCategory,
        @Min(value = 0, message = "must not be negative") Long goodsUnitPrice,
        @Min(value = 1, message = "must be at least 1") Long goodsQuantity,
        @PlainText(max = 32) String merchantProductId,
        Long paymentProductId) {
}
