package org.cbec.company;

/**
 * What the broker asks a company to create; amounts in the currency's smallest unit.
 * {@code heldForSettlement}: the company holds the money paid until it is split or released
 * (alphapay {@code settle_info.profit_sharing}, betapay {@code extend_params.royalty_freeze}).
 */
public record OrderRequest(String orderRef, PaymentType type, long amount, String currency, String description,
        String attach, String notifyUrl, String timeExpire, String goodsTag, String payerId, String clientIp,
        String successUrl, String cancelUrl, boolean heldForSettlement) {
}
