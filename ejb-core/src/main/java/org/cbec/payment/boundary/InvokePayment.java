package org.cbec.payment.boundary;

/** The body of InvokePayment (spec 4.4); the success-notification URL is {@code notifyUrl}. */
public record InvokePayment(String paymentMethod, String paymentType, String payMessage, String timeStamp,
        String nonceStr, String notifyUrl) {
}
