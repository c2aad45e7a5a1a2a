package org.cbec.payment.entity;

import static org.cbec.payment.entity.TradeEvent.ANSWERED;
import static org.cbec.payment.entity.TradeEvent.NO_ANSWER;
import static org.cbec.payment.entity.TradeEvent.REPORTED_CLOSED;
import static org.cbec.payment.entity.TradeEvent.REPORTED_NOTPAY;
import static org.cbec.payment.entity.TradeEvent.REPORTED_PAYERROR;
import static org.cbec.payment.entity.TradeEvent.REPORTED_SUCCESS;
import static org.cbec.payment.entity.TradeEvent.REPORTED_USERPAYING;
import static org.cbec.payment.entity.TradeEvent.SENDER_LOST;
import static org.cbec.payment.entity.TradeEvent.TAKEN_OVER;

import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A payment's state as the broker knows it. The company states follow the wallet companies'
 * vocabulary ({@code tradeState} in the API); three are the broker's own. The moves between them
 * are the table {@link #TABLE}; {@link Payment} makes no other.
 */
public enum TradeState implements Lifecycle<TradeState, TradeEvent> {
    /** Broker's own: the row exists, the company has not answered the create yet. */
    CREATING,
    /** Broker's own: the company call failed; whether the company has the order is not known. */
    UNKNOWN,
    /**
     * Broker's own: the last create call never left the broker (an open circuit, a full bulkhead).
     * An earlier call may have reached the company (this one was sent again after a take-over), so it
     * is resolved as UNKNOWN is, and shown to clients as UNKNOWN ({@link #shown}): asked for first,
     * sent again (the company's duplicate-order rule makes it the same order).
     */
    NOT_SENT,
    /** The company refused to create the order; nothing can be paid. */
    REFUSED,
    NOTPAY,
    USERPAYING,
    SUCCESS,
    CLOSED,
    PAYERROR;

    /**
     * The payment's lifecycle. Reading guide: a create is answered, refused, left UNKNOWN (sent, no
     * answer; or its sender stopped) or NOT_SENT (it never left); such a create is taken over
     * (CREATING again) and sent again, the company's duplicate-order rule making it the same order.
     * A sender that had no answer may learn so after its create was taken over and not sent: the
     * company may have the order after all, so NOT_SENT becomes UNKNOWN. The company's reports move
     * an open payment anywhere; a paid one only to CLOSED (betapay closes a trade refunded in full).
     * A create's answer that arrives after a report (a callback was faster) keeps the reported state:
     * its payment reference is still stored. REFUSED is never left.
     */
    private static final Transitions<TradeState, TradeEvent> TABLE = Transitions.of(TradeState.class, TradeEvent.class)
            .allow(CREATING, ANSWERED, NOTPAY)
            .allow(CREATING, TradeEvent.REFUSED, REFUSED)
            .allow(CREATING, NO_ANSWER, UNKNOWN)
            .allow(CREATING, TradeEvent.NOT_SENT, NOT_SENT)
            .allow(CREATING, SENDER_LOST, UNKNOWN)
            .allow(CREATING, REPORTED_NOTPAY, NOTPAY)
            .allow(CREATING, REPORTED_USERPAYING, USERPAYING)
            .allow(CREATING, REPORTED_SUCCESS, SUCCESS)
            .allow(CREATING, REPORTED_CLOSED, CLOSED)
            .allow(CREATING, REPORTED_PAYERROR, PAYERROR)

            .allow(UNKNOWN, ANSWERED, NOTPAY)
            .allow(UNKNOWN, TradeEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, TAKEN_OVER, CREATING)
            .allow(UNKNOWN, REPORTED_NOTPAY, NOTPAY)
            .allow(UNKNOWN, REPORTED_USERPAYING, USERPAYING)
            .allow(UNKNOWN, REPORTED_SUCCESS, SUCCESS)
            .allow(UNKNOWN, REPORTED_CLOSED, CLOSED)
            .allow(UNKNOWN, REPORTED_PAYERROR, PAYERROR)

            .allow(NOT_SENT, ANSWERED, NOTPAY)
            .allow(NOT_SENT, TradeEvent.REFUSED, REFUSED)
            .allow(NOT_SENT, NO_ANSWER, UNKNOWN)
            .allow(NOT_SENT, TAKEN_OVER, CREATING)
            .allow(NOT_SENT, REPORTED_NOTPAY, NOTPAY)
            .allow(NOT_SENT, REPORTED_USERPAYING, USERPAYING)
            .allow(NOT_SENT, REPORTED_SUCCESS, SUCCESS)
            .allow(NOT_SENT, REPORTED_CLOSED, CLOSED)
            .allow(NOT_SENT, REPORTED_PAYERROR, PAYERROR)

            .allow(NOTPAY, ANSWERED, NOTPAY)
            .allow(NOTPAY, REPORTED_NOTPAY, NOTPAY)
            .allow(NOTPAY, REPORTED_USERPAYING, USERPAYING)
            .allow(NOTPAY, REPORTED_SUCCESS, SUCCESS)
            .allow(NOTPAY, REPORTED_CLOSED, CLOSED)
            .allow(NOTPAY, REPORTED_PAYERROR, PAYERROR)

            .allow(USERPAYING, ANSWERED, USERPAYING)
            .allow(USERPAYING, REPORTED_NOTPAY, NOTPAY)
            .allow(USERPAYING, REPORTED_USERPAYING, USERPAYING)
            .allow(USERPAYING, REPORTED_SUCCESS, SUCCESS)
            .allow(USERPAYING, REPORTED_CLOSED, CLOSED)
            .allow(USERPAYING, REPORTED_PAYERROR, PAYERROR)

            .allow(SUCCESS, ANSWERED, SUCCESS)
            .allow(SUCCESS, REPORTED_SUCCESS, SUCCESS)
            .allow(SUCCESS, REPORTED_CLOSED, CLOSED)

            .allow(CLOSED, ANSWERED, CLOSED)
            .allow(CLOSED, REPORTED_CLOSED, CLOSED)

            .allow(PAYERROR, ANSWERED, PAYERROR)
            .allow(PAYERROR, REPORTED_PAYERROR, PAYERROR)
            .allow(PAYERROR, REPORTED_CLOSED, CLOSED);

    @Override
    public Transitions<TradeState, TradeEvent> transitions() {
        return TABLE;
    }

    /** States that can still change without the merchant doing anything. */
    public boolean isOpen() {
        return this == CREATING || this == UNKNOWN || this == NOT_SENT || this == NOTPAY || this == USERPAYING;
    }

    /** A create without a known outcome and nobody sending it: what the reconciliation resolves. */
    public boolean isUnresolved() {
        return this == UNKNOWN || this == NOT_SENT;
    }

    /** The state as clients see it (and as the boundaries handle it): NOT_SENT is resolved as UNKNOWN is, and shown so. */
    public TradeState shown() {
        return this == NOT_SENT ? UNKNOWN : this;
    }
}
