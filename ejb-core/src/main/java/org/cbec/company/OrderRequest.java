package org.cbec.company;

/** What the broker asks a company to create; amounts in the currency's smallest unit. */
public record OrderRequest(String orderRef, PaymentType type, long amount, String currency, String description,
        String attach, String notifyUrl, String timeExpire, String goodsTag, String payerId, String clientIp,
        String successUrl, String cancelUrl) {
}
