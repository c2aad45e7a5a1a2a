package org.cbec.payment.entity;

import static org.cbec.payment.entity.RefundEvent.REFUSED;
import static org.cbec.payment.entity.RefundEvent.REPORTED_ABNORMAL;
import static org.cbec.payment.entity.RefundEvent.REPORTED_CLOSED;
import static org.cbec.payment.entity.RefundEvent.REPORTED_PROCESSING;
import static org.cbec.payment.entity.RefundEvent.REPORTED_SUCCESS;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A refund's state as the broker knows it. PROCESSING, SUCCESS, CLOSED and ABNORMAL are the
 * companies' (WeChat-Pay-v3 vocabulary); UNKNOWN (the company's word not in yet) is
 * the broker's own, shown to clients as PROCESSING.
 * The moves between them are the table {@link #TABLE}; {@link Refund} makes no other.
 */
public enum RefundState implements Lifecycle<RefundState, RefundEvent> {
    /**
     * Broker's own: the company's word on the refund is not in yet (being sent, never sent, or its
     * answer lost: the money request's {@code RequestState} says which).
     */
    UNKNOWN,
    /** The company accepted the refund and has not finished it. */
    PROCESSING,
    /** The money went back. */
    SUCCESS,
    /** The company refused or gave up: no money moved, and the refund does not count. */
    CLOSED,
    /** The company could not pay the money back (the payer's account is gone): it needs a person. */
    ABNORMAL;

    /**
     * The refund's lifecycle. A refund is UNKNOWN until the company's word: its refusal closes it,
     * its reports move an open refund anywhere; a final state is never left (only the same report
     * again, with its figures, is taken).
     */
    private static final Transitions<RefundState, RefundEvent> TABLE = Transitions.of(RefundState.class, RefundEvent.class)
            .allow(UNKNOWN, REFUSED, CLOSED)
            .allow(UNKNOWN, REPORTED_PROCESSING, PROCESSING)
            .allow(UNKNOWN, REPORTED_SUCCESS, SUCCESS)
            .allow(UNKNOWN, REPORTED_CLOSED, CLOSED)
            .allow(UNKNOWN, REPORTED_ABNORMAL, ABNORMAL)

            .allow(PROCESSING, REPORTED_PROCESSING, PROCESSING)
            .allow(PROCESSING, REPORTED_SUCCESS, SUCCESS)
            .allow(PROCESSING, REPORTED_CLOSED, CLOSED)
            .allow(PROCESSING, REPORTED_ABNORMAL, ABNORMAL)

            .allow(SUCCESS, REPORTED_SUCCESS, SUCCESS)
            .allow(CLOSED, REPORTED_CLOSED, CLOSED)
            .allow(ABNORMAL, REPORTED_ABNORMAL, ABNORMAL);

    /** What entering a state does, in the move's own transaction: the ledger makes each ({@link #enteredFrom}). */
    public enum Effect {
        /** Its money comes back to the payment (held, or available once released). */
        BOOK_BACK,
        /** The merchant is told (refund.succeeded, .closed, .abnormal). */
        ANNOUNCE,
        /** The merchant is told of the payment refunded too (payment.refunded). */
        ANNOUNCE_PAYMENT
    }

    private static final EntryEffects<RefundState, Effect> EFFECTS = EntryEffects.of(RefundState.class, Effect.class)
            .on(SUCCESS, Effect.ANNOUNCE, Effect.ANNOUNCE_PAYMENT)
            .on(CLOSED, Effect.BOOK_BACK, Effect.ANNOUNCE)
            .on(ABNORMAL, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(RefundState from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<RefundState, RefundEvent> transitions() {
        return TABLE;
    }

    /** The state a client is shown. */
    public String shown() {
        return this == UNKNOWN ? PROCESSING.name() : name();
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this == UNKNOWN || this == PROCESSING;
    }
}
