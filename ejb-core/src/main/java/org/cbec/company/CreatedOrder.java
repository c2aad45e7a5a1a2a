package org.cbec.company;

/**
 * A company's answer to a create: {@code payMessage} is what the payer needs (a code URL for
 * NATIVE, an H5 URL, or the prepay reference that InvokePayment signs).
 */
public record CreatedOrder(String tradeType, String payMessage) {
}
