package org.cbec.payment.entity;

import static org.cbec.payment.entity.SettlementEvent.REPORTED_FINISHED;
import static org.cbec.payment.entity.SettlementEvent.REPORTED_PROCESSING;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A split's or a release's state as the broker knows it. PROCESSING and FINISHED are the companies'
 * (WeChat Pay's profit-sharing order states); UNKNOWN (the company's word not in yet) is the broker's
 * own, shown as PROCESSING; REFUSED is a split the company refused, shown FINISHED with every part
 * CLOSED. The moves are the table {@link #TABLE}; {@link Settlement} makes no other.
 */
public enum SettlementState implements Lifecycle<SettlementState, SettlementEvent> {
    /** The company's word is not in yet (being sent, never sent, or its answer lost: the money request's {@code RequestState} says which). */
    UNKNOWN,
    /** The company has it and some part is not final. */
    PROCESSING,
    /** Every part is final (SUCCESS or CLOSED). */
    FINISHED,
    /** The company refused it: nothing moved, its parts are CLOSED and no longer count. */
    REFUSED;

    /**
     * UNKNOWN until the company's word: its refusal makes it REFUSED, its reports move an open one
     * forward; FINISHED and REFUSED are never left (only the same
     * report again, with its figures, is taken).
     */
    private static final Transitions<SettlementState, SettlementEvent> TABLE = Transitions
            .of(SettlementState.class, SettlementEvent.class)

            .allow(UNKNOWN, SettlementEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, REPORTED_PROCESSING, PROCESSING)
            .allow(UNKNOWN, REPORTED_FINISHED, FINISHED)

            .allow(PROCESSING, REPORTED_PROCESSING, PROCESSING)
            .allow(PROCESSING, REPORTED_FINISHED, FINISHED)

            .allow(FINISHED, REPORTED_FINISHED, FINISHED);

    /** What entering a state does, in the move's own transaction: the ledger makes each ({@link #enteredFrom}). */
    public enum Effect {
        /** What is still held of the payment becomes available, when it finishes the payment (a release, or a split with {@code finish}). */
        RELEASE,
        /** The merchant is told: settlement.succeeded for a split with a part paid, settlement.released for one that finishes the payment. */
        ANNOUNCE
    }

    private static final EntryEffects<SettlementState, Effect> EFFECTS = EntryEffects.of(SettlementState.class, Effect.class)
            .on(FINISHED, Effect.RELEASE, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(SettlementState from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<SettlementState, SettlementEvent> transitions() {
        return TABLE;
    }

    /** The state a client is shown: PROCESSING or FINISHED. */
    public String shown() {
        return this == FINISHED || this == REFUSED ? FINISHED.name() : PROCESSING.name();
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this != FINISHED && this != REFUSED;
    }

}
