package org.cbec.payment.boundary;

/** The body of a refund request (POST /refund/{merchant}); the amount in the payment currency's base unit. */
public record CreateRefund(String paymentMethod, String orderRef, String refundRef, Long amount, String currency, String reason,
        String notifyUrl) {
}
