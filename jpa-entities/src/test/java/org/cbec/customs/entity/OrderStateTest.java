package org.cbec.customs.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cbec.platform.entity.TableWalk;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** A declared order's lifecycle, every (state, event) pair, its effects, and the receipts' codes. */
class OrderStateTest {

    static final String MOVES = """
            UNKNOWN on REFUSED -> REFUSED
            UNKNOWN on ACCEPTED -> ACCEPTED
            UNKNOWN on NOT_SENT_TO_CUSTOMS -> NOT_SENT
            UNKNOWN on STORED -> STORED
            UNKNOWN on RETURNED -> RETURNED
            UNKNOWN on RELEASED -> RELEASED
            UNKNOWN on CHANGED -> UNKNOWN
            ACCEPTED on ACCEPTED -> ACCEPTED
            ACCEPTED on NOT_SENT_TO_CUSTOMS -> NOT_SENT
            ACCEPTED on STORED -> STORED
            ACCEPTED on RETURNED -> RETURNED
            ACCEPTED on RELEASED -> RELEASED
            ACCEPTED on CHANGED -> UNKNOWN
            STORED on STORED -> STORED
            STORED on RETURNED -> RETURNED
            STORED on RELEASED -> RELEASED
            STORED on CHANGED -> UNKNOWN
            RETURNED on RETURNED -> RETURNED
            RETURNED on CHANGED -> UNKNOWN
            NOT_SENT on NOT_SENT_TO_CUSTOMS -> NOT_SENT
            NOT_SENT on CHANGED -> UNKNOWN
            REFUSED on REFUSED -> REFUSED
            REFUSED on CHANGED -> UNKNOWN
            RELEASED on RELEASED -> RELEASED
            """;

    @TestFactory
    List<DynamicTest> everyMoveOfTheOrderTableAndNoOther() {
        return TableWalk.walk(OrderState.class, OrderEvent.class, MOVES, OrderState::after, OrderState::next);
    }

    @Test
    void onlyAReturnAndAReleaseTellTheMerchantAndOnlyOnce() {
        Map<OrderState, Set<OrderState.Effect>> entered = TableWalk.entryEffects(OrderState.class, OrderState.UNKNOWN, OrderState::enteredFrom);
        Map<OrderState, Set<OrderState.Effect>> expected = new java.util.EnumMap<>(OrderState.class);
        for (OrderState s : OrderState.values()) {
            expected.put(s, Set.of());
        }
        expected.put(OrderState.RETURNED, EnumSet.of(OrderState.Effect.ANNOUNCE));
        expected.put(OrderState.RELEASED, EnumSet.of(OrderState.Effect.ANNOUNCE));
        assertEquals(expected, entered);
        assertEquals(Set.of(), OrderState.RELEASED.enteredFrom(OrderState.RELEASED), "the same receipt again tells nothing");
    }

    @Test
    void theWindowMayStillChangeAnOrderUntilItIsReturnedReleasedRefusedOrNotSent() {
        for (OrderState s : OrderState.values()) {
            assertEquals(EnumSet.of(OrderState.UNKNOWN, OrderState.ACCEPTED, OrderState.STORED).contains(s), s.isOpen(), s::name);
        }
    }

    @Test
    void customsStatusCodesAreTheReceiptsEventsAndAnyOtherCodeIsNone() {
        assertEquals(Optional.of(OrderEvent.ACCEPTED), OrderState.receipt("2"));
        assertEquals(Optional.of(OrderEvent.NOT_SENT_TO_CUSTOMS), OrderState.receipt("3"));
        assertEquals(Optional.of(OrderEvent.STORED), OrderState.receipt("120"));
        assertEquals(Optional.of(OrderEvent.RETURNED), OrderState.receipt("100"));
        assertEquals(Optional.of(OrderEvent.RELEASED), OrderState.receipt("800"));
        assertTrue(OrderState.receipt("300").isEmpty(), "a check by hand moves nothing");
        assertFalse(OrderState.receipt("-1").isPresent());
    }
}
