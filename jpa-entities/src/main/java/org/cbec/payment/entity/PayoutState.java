package org.cbec.payment.entity;

import static org.cbec.payment.entity.PayoutEvent.REPORTED_ACCEPTED;
import static org.cbec.payment.entity.PayoutEvent.REPORTED_FAILED;
import static org.cbec.payment.entity.PayoutEvent.REPORTED_PAID;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A payout's state as the broker knows it. ACCEPTED, PAID and FAILED are the companies'; UNKNOWN
 * (the company's word not in yet) is the broker's own, shown ACCEPTED (the money has left what is available,
 * the company's answer is awaited); REFUSED is a payout the company refused, shown FAILED. The
 * moves are the table {@link #TABLE}; {@link Payout} makes no other.
 */
public enum PayoutState implements Lifecycle<PayoutState, PayoutEvent> {
    /** The company's word is not in yet (being sent, never sent, or its answer lost: the money request's {@code RequestState} says which). */
    UNKNOWN,
    /** The company accepted it at its rate and fee; the money is on its way. */
    ACCEPTED,
    /** The bank abroad was paid. */
    PAID,
    /** The company could not pay it: its whole amount is available again. */
    FAILED,
    /** The company refused it: nothing was paid out, its whole amount is available again. */
    REFUSED;

    /**
     * UNKNOWN until the company's word: its refusal makes it REFUSED, its reports move an open one
     * forward; PAID, FAILED and REFUSED are never left (only the
     * same report again is taken).
     */
    private static final Transitions<PayoutState, PayoutEvent> TABLE = Transitions.of(PayoutState.class, PayoutEvent.class)

            .allow(UNKNOWN, PayoutEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, REPORTED_ACCEPTED, ACCEPTED)
            .allow(UNKNOWN, REPORTED_PAID, PAID)
            .allow(UNKNOWN, REPORTED_FAILED, FAILED)

            .allow(ACCEPTED, REPORTED_ACCEPTED, ACCEPTED)
            .allow(ACCEPTED, REPORTED_PAID, PAID)
            .allow(ACCEPTED, REPORTED_FAILED, FAILED)

            .allow(PAID, REPORTED_PAID, PAID)
            .allow(FAILED, REPORTED_FAILED, FAILED);

    /** What entering a state does, in the move's own transaction: the ledger makes each ({@link #enteredFrom}). */
    public enum Effect {
        /** Its amount moves from in transit to paid out. */
        BOOK_PAID,
        /** Its amount is available again. */
        BOOK_BACK,
        /** The merchant is told (payout.paid, payout.failed). */
        ANNOUNCE
    }

    private static final EntryEffects<PayoutState, Effect> EFFECTS = EntryEffects.of(PayoutState.class, Effect.class)
            .on(PAID, Effect.BOOK_PAID, Effect.ANNOUNCE)
            .on(FAILED, Effect.BOOK_BACK, Effect.ANNOUNCE)
            .on(REFUSED, Effect.BOOK_BACK, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(PayoutState from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<PayoutState, PayoutEvent> transitions() {
        return TABLE;
    }

    /** The state a client is shown: ACCEPTED, PAID or FAILED. */
    public String shown() {
        return switch (this) {
            case PAID -> PAID.name();
            case FAILED, REFUSED -> FAILED.name();
            default -> ACCEPTED.name();
        };
    }

    /** Whether the company may still change it: a query or the reconciliation asks again. */
    public boolean isOpen() {
        return this != PAID && this != FAILED && this != REFUSED;
    }

    /** The event of a company's report of this state. */
    public static PayoutEvent reported(String companyState) {
        return switch (companyState) {
            case "ACCEPTED" -> REPORTED_ACCEPTED;
            case "PAID" -> REPORTED_PAID;
            case "FAILED" -> REPORTED_FAILED;
            default -> throw new IllegalArgumentException(companyState + " is not a payout state a company reports");
        };
    }
}
