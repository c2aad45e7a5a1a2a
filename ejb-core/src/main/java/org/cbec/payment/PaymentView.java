package org.cbec.payment;

import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import java.time.OffsetDateTime;
import org.cbec.company.PaymentType;
import org.cbec.payment.entity.TradeState;

/**
 * A payment as callers see it: the creation result (spec 2.4) and the query result (spec 2.5).
 * {@code tradeState} is the stored state ({@link TradeState}: UNKNOWN until the company's word on
 * the create is in). {@code refunded}: paid, with a successful refund, so that a client is shown REFUND
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

    @Override
    public RequestSubject subject() {
        return new RequestSubject(RequestKind.PAYMENT, id, merchant, paymentMethod, orderRef, orderRef);
    }

    /** What QueryPayment shows as its trade state: REFUND for a paid payment with a successful refund, else the state. */
    public String shownState() {
        return refunded ? REFUND : tradeState.name();
    }
}
