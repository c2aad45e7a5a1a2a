package org.cbec.cart;

/** Body of "receive payment status" (spec 2.6). */
public record PaymentReport(String cartId, String enterpriseOrderId, String initialRequest, String initialResponse,
        String paymentPayId, String paidAt, String status, String failReason) {
}
