package org.cbec.payment.boundary;

/**
 * The body of CreatePayment (spec 2.2) plus its two headers. Amounts are integers in the
 * currency's smallest unit. {@code productsJson} keeps the product lines as received.
 */
public record CreatePayment(String paymentMethod, String paymentType, String orderRef, Long actualAmount, Long total,
        Long subsidyAmount, Long costPrice, String invoiceId, String currency, Boolean profitSharing, String description,
        String attach, String timeExpire, String goodsTag, String payerId, String merchantPayerId, String notifyUrl,
        String successUrl, String cancelUrl, String spAppId, String productsJson, String clientIp, String clientId) {
}
