package org.cbec.payment;

import jakarta.validation.constraints.Pattern;
import org.cbec.company.PaymentType;
import org.cbec.platform.validation.HttpUrl;
import org.cbec.platform.validation.OneOf;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.control.PaymentRules;

/**
 * The body of InvokePayment (spec 4.4); the success-notification URL is {@code notifyUrl}.
 * {@code timeStamp} is text here whether the client sent a string or a number (the web module
 * reads a number as its digits); its constraint accepts only digits. {@link PaymentRules#checkInvoke}
 * runs the constraints in declaration order.
 */
public record InvokePayment(
        @Required @PaymentMethod String paymentMethod,
        @Required @OneOf(enumeration = PaymentType.class, message = "must be one of NATIVE, H5, JSAPI, MINIPRO, APP") String paymentType,
        @Required @PlainText(max = 256) String payMessage,
        @Pattern(regexp = PaymentFormats.DIGITS,
                message = "must be seconds since the epoch: a whole number from 0, or a string of digits, at most 13 digits")
        String timeStamp,
        @Pattern(regexp = PaymentFormats.NONCE, message = "must be 1 to 32 letters or digits") String nonceStr,
        @HttpUrl(max = 256) String notifyUrl) {
}
