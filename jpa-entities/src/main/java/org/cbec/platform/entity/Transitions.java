package org.cbec.platform.entity;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * A lifecycle written down as a table: for each state, the events it accepts and the state each
 * leads to. Whatever the table does not list is refused. Each state enum holds one, built once
 * when the enum is loaded, so that the moves of a lifecycle are read in one place and walked by
 * its tests.
 *
 * @param <S> the states
 * @param <E> the events that move them
 */
public final class Transitions<S extends Enum<S>, E extends Enum<E>> {

    private final Class<E> events;
    private final Map<S, Map<E, S>> table;

    private Transitions(Class<S> states, Class<E> events) {
        this.events = events;
        this.table = new EnumMap<>(states);
    }

    public static <S extends Enum<S>, E extends Enum<E>> Transitions<S, E> of(Class<S> states, Class<E> events) {
        return new Transitions<>(states, events);
    }

    /** Adds the move {@code from} --{@code on}--> {@code to}; a pair listed twice is a mistake in the table. */
    public Transitions<S, E> allow(S from, E on, S to) {
        S before = table.computeIfAbsent(from, s -> new EnumMap<>(events)).put(on, to);
        if (before != null) {
            throw new IllegalStateException(from + " on " + on + " is listed twice");
        }
        return this;
    }

    /** The state {@code event} leads to from {@code state}, or empty when the table refuses it. */
    public Optional<S> find(S state, E event) {
        return Optional.ofNullable(table.getOrDefault(state, Map.of()).get(event));
    }

    /** The state {@code event} leads to from {@code state}; refused with {@link TransitionRefused} when the table has no such move. */
    public S next(S state, E event) {
        return find(state, event).orElseThrow(() -> new TransitionRefused(state, event));
    }
}
