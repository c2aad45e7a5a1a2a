package org.cbec.platform.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.junit.jupiter.api.DynamicTest;

/**
 * Walks a lifecycle's whole table against the moves a test writes out again, by hand, one per line
 * ({@code FROM on EVENT -> TO}): every listed move is allowed and leads where the line says, every
 * pair not listed is refused. The expected moves are written apart from the table on purpose: a move
 * changed in one place and not the other fails a named test.
 */
public final class TableWalk {

    private TableWalk() {
    }

    public static <S extends Enum<S>, E extends Enum<E>> List<DynamicTest> walk(Class<S> states, Class<E> events, String expected,
            BiFunction<S, E, Optional<S>> find, BiFunction<S, E, S> next) {
        Map<String, S> moves = parse(states, events, expected);
        List<DynamicTest> tests = new ArrayList<>();
        for (S state : EnumSet.allOf(states)) {
            for (E event : EnumSet.allOf(events)) {
                S to = moves.get(state + " " + event);
                if (to != null) {
                    tests.add(DynamicTest.dynamicTest(state + " on " + event + " -> " + to, () -> {
                        assertEquals(Optional.of(to), find.apply(state, event));
                        assertEquals(to, next.apply(state, event));
                    }));
                } else {
                    tests.add(DynamicTest.dynamicTest(state + " on " + event + " is refused", () -> {
                        assertEquals(Optional.empty(), find.apply(state, event));
                        TransitionRefused refused = assertThrows(TransitionRefused.class, () -> next.apply(state, event));
                        assertEquals(state, refused.state());
                        assertEquals(event, refused.event());
                    }));
                }
            }
        }
        return tests;
    }

    private static <S extends Enum<S>, E extends Enum<E>> Map<String, S> parse(Class<S> states, Class<E> events, String expected) {
        Map<String, S> moves = new HashMap<>();
        for (String line : expected.strip().split("\n")) {
            String[] w = line.strip().split("\\s+");
            assertTrue(w.length == 5 && w[1].equals("on") && w[3].equals("->"), () -> "not a move: " + line);
            String key = Enum.valueOf(states, w[0]) + " " + Enum.valueOf(events, w[2]);
            assertEquals(null, moves.put(key, Enum.valueOf(states, w[4])), () -> "listed twice: " + line);
        }
        return moves;
    }

    /**
     * What entering each state from {@code from} does ({@code enteredFrom(to, from)}), every state
     * listed (those that do nothing with an empty set), after checking that a move staying in any
     * state does nothing.
     */
    public static <S extends Enum<S>, X> java.util.Map<S, java.util.Set<X>> entryEffects(Class<S> states, S from,
            java.util.function.BiFunction<S, S, java.util.Set<X>> enteredFrom) {
        java.util.Map<S, java.util.Set<X>> entered = new java.util.EnumMap<>(states);
        for (S s : states.getEnumConstants()) {
            org.junit.jupiter.api.Assertions.assertEquals(java.util.Set.of(), enteredFrom.apply(s, s), () -> s + " to itself does nothing");
            entered.put(s, enteredFrom.apply(s, from));
        }
        return entered;
    }
}
