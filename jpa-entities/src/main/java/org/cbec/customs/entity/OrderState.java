package org.cbec.customs.entity;

import java.util.Set;
import org.cbec.platform.entity.EntryEffects;
import org.cbec.platform.entity.Lifecycle;
import org.cbec.platform.entity.Transitions;

/**
 * A shop platform's order declared to customs, as the single window reports it. UNKNOWN (the
 * window's word not in: being sent, or its answer lost; the money request's {@code RequestState}
 * says which) is the broker's own; ACCEPTED, STORED, RETURNED, RELEASED are customs' receipts 2,
 * 120, 100 and 800, NOT_SENT its receipt 3; REFUSED a message the window did not take. The moves are
 * {@link #TABLE}; {@link OrderDeclaration} makes no other.
 */
public enum OrderState implements Lifecycle<OrderState, OrderEvent> {
    UNKNOWN,
    ACCEPTED,
    STORED,
    RETURNED,
    RELEASED,
    NOT_SENT,
    REFUSED;

    /**
     * Forward only, as the window's receipts come (a receipt older than the state is no move);
     * released never again; returned, refused or not sent to customs, a change of it (CHANGED)
     * awaits the window's word again, as does a change of an order still waiting.
     */
    private static final Transitions<OrderState, OrderEvent> TABLE = Transitions.of(OrderState.class, OrderEvent.class)
            .allow(UNKNOWN, OrderEvent.REFUSED, REFUSED)
            .allow(UNKNOWN, OrderEvent.ACCEPTED, ACCEPTED)
            .allow(UNKNOWN, OrderEvent.NOT_SENT_TO_CUSTOMS, NOT_SENT)
            .allow(UNKNOWN, OrderEvent.STORED, STORED)
            .allow(UNKNOWN, OrderEvent.RETURNED, RETURNED)
            .allow(UNKNOWN, OrderEvent.RELEASED, RELEASED)
            .allow(UNKNOWN, OrderEvent.CHANGED, UNKNOWN)

            .allow(ACCEPTED, OrderEvent.ACCEPTED, ACCEPTED)
            .allow(ACCEPTED, OrderEvent.NOT_SENT_TO_CUSTOMS, NOT_SENT)
            .allow(ACCEPTED, OrderEvent.STORED, STORED)
            .allow(ACCEPTED, OrderEvent.RETURNED, RETURNED)
            .allow(ACCEPTED, OrderEvent.RELEASED, RELEASED)
            .allow(ACCEPTED, OrderEvent.CHANGED, UNKNOWN)

            .allow(STORED, OrderEvent.STORED, STORED)
            .allow(STORED, OrderEvent.RETURNED, RETURNED)
            .allow(STORED, OrderEvent.RELEASED, RELEASED)
            .allow(STORED, OrderEvent.CHANGED, UNKNOWN)

            .allow(RETURNED, OrderEvent.RETURNED, RETURNED)
            .allow(RETURNED, OrderEvent.CHANGED, UNKNOWN)
            .allow(NOT_SENT, OrderEvent.NOT_SENT_TO_CUSTOMS, NOT_SENT)
            .allow(NOT_SENT, OrderEvent.CHANGED, UNKNOWN)
            .allow(REFUSED, OrderEvent.REFUSED, REFUSED)
            .allow(REFUSED, OrderEvent.CHANGED, UNKNOWN)
            .allow(RELEASED, OrderEvent.RELEASED, RELEASED);

    /** What entering a state does, in the move's own transaction. */
    public enum Effect {
        /** The merchant is told (customs.order.returned, customs.order.released). */
        ANNOUNCE
    }

    private static final EntryEffects<OrderState, Effect> EFFECTS = EntryEffects.of(OrderState.class, Effect.class)
            .on(RETURNED, Effect.ANNOUNCE)
            .on(RELEASED, Effect.ANNOUNCE);

    /** The effects of the move from {@code from} to this state: those of entering it, once; none when the move stays in it. */
    public Set<Effect> enteredFrom(OrderState from) {
        return EFFECTS.ofMove(from, this);
    }

    @Override
    public Transitions<OrderState, OrderEvent> transitions() {
        return TABLE;
    }

    /** Whether the window may still change it: a query or the janitor asks again. */
    public boolean isOpen() {
        return this == UNKNOWN || this == ACCEPTED || this == STORED;
    }

    /** The event of a receipt with customs' status {@code code}; empty for a code the broker does not act on (a check by hand, say). */
    public static java.util.Optional<OrderEvent> receipt(String code) {
        return java.util.Optional.ofNullable(switch (code) {
            case "2" -> OrderEvent.ACCEPTED;
            case "3" -> OrderEvent.NOT_SENT_TO_CUSTOMS;
            case "120" -> OrderEvent.STORED;
            case "100" -> OrderEvent.RETURNED;
            case "800" -> OrderEvent.RELEASED;
            default -> null;
        });
    }
}
