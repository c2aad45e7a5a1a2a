package org.cbec.payment.entity;

import static org.cbec.payment.entity.PartEvent.REPORTED_CLOSED;
import static org.cbec.payment.entity.PartEvent.REPORTED_PENDING;
import static org.cbec.payment.entity.PartEvent.REPORTED_SUCCESS;
import static org.cbec.payment.entity.PartEvent.SPLIT_REFUSED;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * One receiver's part of a split, in the companies' words: PENDING until the company moves the
 * money (SUCCESS) or gives up (CLOSED: the money is held again). A final result is never left.
 */
public enum PartResult implements Lifecycle<PartResult, PartEvent> {
    PENDING,
    SUCCESS,
    CLOSED;

    private static final Transitions<PartResult, PartEvent> TABLE = Transitions.of(PartResult.class, PartEvent.class)
            .allow(PENDING, SPLIT_REFUSED, CLOSED)
            .allow(PENDING, REPORTED_PENDING, PENDING)
            .allow(PENDING, REPORTED_SUCCESS, SUCCESS)
            .allow(PENDING, REPORTED_CLOSED, CLOSED)
            .allow(SUCCESS, REPORTED_SUCCESS, SUCCESS)
            .allow(CLOSED, REPORTED_CLOSED, CLOSED);

    /** What entering a state does, in the move's own transaction: the ledger makes each ({@link #enteredFrom}). */
    public enum Effect {
        /** Its amount comes back to the payment (held, or available once the payment was released). */
        BOOK_BACK,
        /** The merchant is told (settlement.closed, once for the parts one move closes). */
        ANNOUNCE
    }

    private static final EntryEffects<PartResult, Effect> EFFECTS = EntryEffects.of(PartResult.class, Effect.class)
            .on(CLOSED, Effect.BOOK_BACK, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(PartResult from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<PartResult, PartEvent> transitions() {
        return TABLE;
    }

    /** The report of a result a company gave. */
    public static PartEvent reported(PartResult result) {
        return switch (result) {
            case PENDING -> REPORTED_PENDING;
            case SUCCESS -> REPORTED_SUCCESS;
            case CLOSED -> REPORTED_CLOSED;
        };
    }

    /** Whether the part holds its money against the payment (it is not CLOSED). */
    public boolean counts() {
        return this != CLOSED;
    }
}
