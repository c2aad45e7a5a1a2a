package org.cbec.platform.entity;

import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

/**
 * What entering each state of a lifecycle does besides the move (a balance entry, a merchant
 * event), declared once next to its table ({@link Transitions}). The effects of a move are those of
 * the state it enters, once; a move that stays in its state has none, so that the same report twice
 * makes nothing twice. The lifecycle's ledger makes each in the move's own transaction.
 *
 * @param <S> the states
 * @param <X> the effects
 */
public final class EntryEffects<S extends Enum<S>, X extends Enum<X>> {

    private final Class<X> effects;
    private final Map<S, Set<X>> onEntry;

    private EntryEffects(Class<S> states, Class<X> effects) {
        this.effects = effects;
        this.onEntry = new EnumMap<>(states);
    }

    public static <S extends Enum<S>, X extends Enum<X>> EntryEffects<S, X> of(Class<S> states, Class<X> effects) {
        return new EntryEffects<>(states, effects);
    }

    /** Entering {@code state} does {@code these}; a state declared twice is a mistake in the declaration. */
    @SafeVarargs
    public final EntryEffects<S, X> on(S state, X... these) {
        Set<X> set = EnumSet.noneOf(effects);
        Collections.addAll(set, these);
        if (onEntry.put(state, Collections.unmodifiableSet(set)) != null) {
            throw new IllegalStateException(state + " is declared twice");
        }
        return this;
    }

    /** The effects of the move from {@code from} to {@code to}: those of entering {@code to}, none when it stays. */
    public Set<X> ofMove(S from, S to) {
        return from == to ? Set.of() : onEntry.getOrDefault(to, Set.of());
    }
}
