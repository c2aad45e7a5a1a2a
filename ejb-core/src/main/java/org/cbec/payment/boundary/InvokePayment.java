package org.cbec.payment.boundary;

/**
 * The body of InvokePayment (spec 4.4); the success-notification URL is {@code notifyUrl}.
 * {@code timeStamp} is text here whether the client sent a string or a number (the web module
 * reads a number as its digits); {@link PaymentRules#checkInvoke} accepts only digits.
 */
public record InvokePayment(String paymentMethod, String paymentType, String payMessage, String timeStamp,
        String nonceStr, String notifyUrl) {
}
