package org.cbec.payment.entity;

import static org.cbec.payment.entity.TradeEvent.ANSWERED;
import static org.cbec.payment.entity.TradeEvent.REPORTED_CLOSED;
import static org.cbec.payment.entity.TradeEvent.REPORTED_NOTPAY;
import static org.cbec.payment.entity.TradeEvent.REPORTED_PAYERROR;
import static org.cbec.payment.entity.TradeEvent.REPORTED_SUCCESS;
import static org.cbec.payment.entity.TradeEvent.REPORTED_USERPAYING;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A payment's state as the broker knows it. The company states follow the wallet companies'
 * vocabulary ({@code tradeState} in the API); UNKNOWN (the company's word not
 * in yet) and REFUSED are the broker's own. The moves between them
 * are the table {@link #TABLE}; {@link Payment} makes no other.
 */
public enum TradeState implements Lifecycle<TradeState, TradeEvent> {
    /**
     * Broker's own: the company's word on the create is not in yet. Whether it is being sent, was
     * never sent, or was sent and its answer lost is the money request's to know (its
     * {@code RequestState}), not the payment's: the payment keeps only what the company said.
     */
    UNKNOWN,
    /** The company refused to create the order; nothing can be paid. */
    REFUSED,
    NOTPAY,
    USERPAYING,
    SUCCESS,
    CLOSED,
    PAYERROR;

    /**
     * The payment's lifecycle. Reading guide: a create is answered (NOTPAY with its payment
     * reference) or refused; until then it is UNKNOWN, however its sends went. The company's reports
     * move an open payment anywhere; a paid one only to CLOSED (betapay closes a trade refunded in
     * full). A create's answer that arrives after a report (a callback was faster) keeps the
     * reported state: its payment reference is still stored. REFUSED is never left.
     */
    private static final Transitions<TradeState, TradeEvent> TABLE = Transitions.of(TradeState.class, TradeEvent.class)
            .allow(UNKNOWN, ANSWERED, NOTPAY)
            .allow(UNKNOWN, TradeEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, REPORTED_NOTPAY, NOTPAY)
            .allow(UNKNOWN, REPORTED_USERPAYING, USERPAYING)
            .allow(UNKNOWN, REPORTED_SUCCESS, SUCCESS)
            .allow(UNKNOWN, REPORTED_CLOSED, CLOSED)
            .allow(UNKNOWN, REPORTED_PAYERROR, PAYERROR)

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

    /** What entering a state does, in the move's own transaction: the ledger makes each ({@link #enteredFrom}). */
    public enum Effect {
        /** What was paid enters the merchant's balance. */
        BOOK_PAID,
        /** The merchant is told (payment.succeeded, .closed, .failed). */
        ANNOUNCE
    }

    private static final EntryEffects<TradeState, Effect> EFFECTS = EntryEffects.of(TradeState.class, Effect.class)
            .on(SUCCESS, Effect.BOOK_PAID, Effect.ANNOUNCE)
            .on(CLOSED, Effect.ANNOUNCE)
            .on(PAYERROR, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(TradeState from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<TradeState, TradeEvent> transitions() {
        return TABLE;
    }

    /** States that can still change without the merchant doing anything. */
    public boolean isOpen() {
        return this == UNKNOWN || this == NOTPAY || this == USERPAYING;
    }
}
