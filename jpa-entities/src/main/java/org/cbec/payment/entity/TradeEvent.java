package org.cbec.payment.entity;

/**
 * What happens to a payment that may move its {@link TradeState}: the create's outcome, the broker's
 * own steps around an unknown outcome, and the company's reports of the order (a query, a callback,
 * a close). Not to be confused with {@link PaymentEvent}, the stored log of exchanges.
 */
public enum TradeEvent {
    /** The company created the order and gave its payment reference (a create's answer, or one recovered later). */
    ANSWERED,
    /** The company refused to create the order. */
    REFUSED,
    /** The company reports the order unpaid. */
    REPORTED_NOTPAY,
    /** The company reports the payer paying. */
    REPORTED_USERPAYING,
    /** The company reports the order paid. */
    REPORTED_SUCCESS,
    /** The company reports the order closed (closed unpaid, or at betapay refunded in full). */
    REPORTED_CLOSED,
    /** The company reports the payment failed. */
    REPORTED_PAYERROR;

    /** The report of a company state; the broker's own states are never reported by a company. */
    public static TradeEvent reported(TradeState companyState) {
        return switch (companyState) {
            case NOTPAY -> REPORTED_NOTPAY;
            case USERPAYING -> REPORTED_USERPAYING;
            case SUCCESS -> REPORTED_SUCCESS;
            case CLOSED -> REPORTED_CLOSED;
            case PAYERROR -> REPORTED_PAYERROR;
            default -> throw new IllegalArgumentException(companyState + " is not a state a company reports");
        };
    }
}
