package org.cbec.payment;

import java.time.OffsetDateTime;
import org.cbec.company.PaymentType;
import org.cbec.payment.entity.TradeState;

/**
 * A payment as callers see it: the creation result (spec 2.4) and the query result (spec 2.5).
 * {@code tradeState} is the stored state as the boundaries handle it ({@link TradeState#shown}): a
 * create stored NOT_SENT is UNKNOWN here, to clients and to the boundaries alike, which resolve both
 * the same way. {@code refunded}: paid, with a successful refund, so that a client is shown REFUND
 * ({@link #shownState()}) while the rules still see SUCCESS.
 * {@code heldForSettlement}: the company holds the money for settlement (the create's effective
 * {@code profitSharing}; false for a payment stored before holding existed).
 */
public record PaymentView(String merchant, String paymentMethod, String orderRef, PaymentType paymentType, String currency,
        long actualAmount, Long total, TradeState tradeState, boolean refunded, String tradeStateDesc, String tradeType, String payMessage,
        String payInvokeMessage, String timeStamp, String nonceStr, String transactionId, String bankType,
        Long payerTotal, String payerCurrency, OffsetDateTime paidAt, boolean heldForSettlement, long id) implements SentRequest {

    /** The state a paid payment with a successful refund is shown in: no stored state. */
    public static final String REFUND = "REFUND";

    /** What QueryPayment shows as its trade state: REFUND for a paid payment with a successful refund, else the state. */
    public String shownState() {
        return refunded ? REFUND : tradeState.name();
    }
}
