package org.cbec.payment.entity;

import static org.cbec.payment.entity.RefundEvent.NO_ANSWER;
import static org.cbec.payment.entity.RefundEvent.REFUSED;
import static org.cbec.payment.entity.RefundEvent.REPORTED_ABNORMAL;
import static org.cbec.payment.entity.RefundEvent.REPORTED_CLOSED;
import static org.cbec.payment.entity.RefundEvent.REPORTED_PROCESSING;
import static org.cbec.payment.entity.RefundEvent.REPORTED_SUCCESS;
import static org.cbec.payment.entity.RefundEvent.SENDER_LOST;
import static org.cbec.payment.entity.RefundEvent.TAKEN_OVER;

import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A refund's state as the broker knows it. PROCESSING, SUCCESS, CLOSED and ABNORMAL are the
 * companies' (WeChat-Pay-v3 vocabulary); three are the broker's own, shown to clients as PROCESSING.
 * The moves between them are the table {@link #TABLE}; {@link Refund} makes no other.
 */
public enum RefundState implements Lifecycle<RefundState, RefundEvent> {
    /** Broker's own: the row exists, the company has not answered the refund yet. */
    SENDING,
    /** Broker's own: the company call failed; whether the company has the refund is not known. */
    UNKNOWN,
    /**
     * Broker's own: the last call never left the broker (an open circuit, a full bulkhead). An
     * earlier call may have reached the company (this one was sent again after a take-over), so it
     * is resolved as UNKNOWN is: the company is asked for the refund's number first.
     */
    NOT_SENT,
    /** The company accepted the refund and has not finished it. */
    PROCESSING,
    /** The money went back. */
    SUCCESS,
    /** The company refused or gave up: no money moved, and the refund does not count. */
    CLOSED,
    /** The company could not pay the money back (the payer's account is gone): it needs a person. */
    ABNORMAL;

    /**
     * The refund's lifecycle. A refund is sent once; without an answer it is UNKNOWN (or NOT_SENT, when
     * the call never left) until someone
     * takes it over (SENDING again), asks the company for its number and sends it again only when the
     * company has none. The company's reports move an open refund anywhere; a final state is never
     * left (only the same report again, with its figures, is taken).
     */
    private static final Transitions<RefundState, RefundEvent> TABLE = Transitions.of(RefundState.class, RefundEvent.class)
            .allow(SENDING, REFUSED, CLOSED)
            .allow(SENDING, NO_ANSWER, UNKNOWN)
            .allow(SENDING, RefundEvent.NOT_SENT, NOT_SENT)
            .allow(SENDING, SENDER_LOST, UNKNOWN)
            .allow(SENDING, REPORTED_PROCESSING, PROCESSING)
            .allow(SENDING, REPORTED_SUCCESS, SUCCESS)
            .allow(SENDING, REPORTED_CLOSED, CLOSED)
            .allow(SENDING, REPORTED_ABNORMAL, ABNORMAL)

            .allow(UNKNOWN, REFUSED, CLOSED)
            .allow(UNKNOWN, TAKEN_OVER, SENDING)
            .allow(UNKNOWN, REPORTED_PROCESSING, PROCESSING)
            .allow(UNKNOWN, REPORTED_SUCCESS, SUCCESS)
            .allow(UNKNOWN, REPORTED_CLOSED, CLOSED)
            .allow(UNKNOWN, REPORTED_ABNORMAL, ABNORMAL)

            .allow(NOT_SENT, REFUSED, CLOSED)
            .allow(NOT_SENT, NO_ANSWER, UNKNOWN)
            .allow(NOT_SENT, TAKEN_OVER, SENDING)
            .allow(NOT_SENT, REPORTED_PROCESSING, PROCESSING)
            .allow(NOT_SENT, REPORTED_SUCCESS, SUCCESS)
            .allow(NOT_SENT, REPORTED_CLOSED, CLOSED)
            .allow(NOT_SENT, REPORTED_ABNORMAL, ABNORMAL)

            .allow(PROCESSING, REPORTED_PROCESSING, PROCESSING)
            .allow(PROCESSING, REPORTED_SUCCESS, SUCCESS)
            .allow(PROCESSING, REPORTED_CLOSED, CLOSED)
            .allow(PROCESSING, REPORTED_ABNORMAL, ABNORMAL)

            .allow(SUCCESS, REPORTED_SUCCESS, SUCCESS)
            .allow(CLOSED, REPORTED_CLOSED, CLOSED)
            .allow(ABNORMAL, REPORTED_ABNORMAL, ABNORMAL);

    @Override
    public Transitions<RefundState, RefundEvent> transitions() {
        return TABLE;
    }

    /** The state a client is shown. */
    public String shown() {
        return this == SENDING || isUnresolved() ? PROCESSING.name() : name();
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this == SENDING || isUnresolved() || this == PROCESSING;
    }

    /** Without a known outcome and nobody sending it: asked for, and sent again only if the company has none. */
    public boolean isUnresolved() {
        return this == UNKNOWN || this == NOT_SENT;
    }
}
