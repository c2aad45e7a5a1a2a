package org.cbec.payment;

import java.time.OffsetDateTime;

/**
 * A payment as callers see it: the creation result (spec 2.4) and the query result (spec 2.5).
 * {@code tradeState} is the state shown ({@link org.cbec.payment.entity.TradeState#shown}): a create
 * stored NOT_SENT is UNKNOWN here, to clients and to the boundaries alike, which resolve both the same way.
 * {@code heldForSettlement}: the company holds the money for settlement (the create's effective
 * {@code profitSharing}; false for a payment stored before holding existed).
 */
public record PaymentView(String merchant, String paymentMethod, String orderRef, String paymentType, String currency,
        long actualAmount, Long total, String tradeState, String tradeStateDesc, String tradeType, String payMessage,
        String payInvokeMessage, String timeStamp, String nonceStr, String transactionId, String bankType,
        Long payerTotal, String payerCurrency, OffsetDateTime paidAt, boolean heldForSettlement, long id) {
}
