package org.cbec.platform.entity;

import java.util.Optional;

/**
 * A state of a lifecycle written down as {@link Transitions}: the state enum implements it and gives
 * its table; the moves are asked of the state itself.
 *
 * @param <S> the state enum
 * @param <E> its events
 */
public interface Lifecycle<S extends Enum<S> & Lifecycle<S, E>, E extends Enum<E>> {

    /** The whole table of the lifecycle this state belongs to. */
    Transitions<S, E> transitions();

    /** The state {@code event} moves this one to; {@link TransitionRefused} if the table has no such move. */
    default S next(E event) {
        return transitions().next(self(), event);
    }

    /** The state {@code event} would move this one to, or empty when the table refuses the move. */
    default Optional<S> after(E event) {
        return transitions().find(self(), event);
    }

    /** Whether the table has a move for {@code event} from this state. */
    default boolean allows(E event) {
        return after(event).isPresent();
    }

    @SuppressWarnings("unchecked")
    private S self() {
        return (S) this;
    }
}
