package org.cbec.sandbox.window;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cbec.sandbox.books.Identity;
import org.cbec.sandbox.entity.WindowOrder.Facts;
import org.cbec.sandbox.entity.WindowOrder.State;
import org.cbec.sandbox.window.WindowRules.ArrangedReturn;
import org.cbec.sandbox.window.WindowRules.Event;
import org.cbec.sandbox.window.WindowRules.Held;
import org.cbec.sandbox.window.WindowRules.Payment;
import org.cbec.sandbox.window.WindowRules.PaymentDocument;
import org.cbec.sandbox.window.WindowRules.Standing;
import org.cbec.sandbox.window.WindowRules.Step;
import org.cbec.sandbox.window.WindowRules.Waybill;
import org.junit.jupiter.api.Test;

/**
 * The single window's rules: its order lifecycle pair by pair, where the documents stand, and what
 * customs decides as time passes (each receipt at the time it was due).
 */
class WindowRulesTest {

    static final OffsetDateTime T0 = OffsetDateTime.of(2026, 12, 2, 10, 0, 0, 0, ZoneOffset.UTC);
    static final Duration DELAY = Duration.ofSeconds(2);
    static final String BUYER = Identity.hash("张三", "11010519491231002X");
    /** 199.00 goods + 10.00 freight + 18.10 tax − 5.00 discount = 222.10 paid. */
    static final Facts ORDER = new Facts("4401960XYZ", "GUID-1", "4403169D3W", "4200001", 19900, 1000, 500, 1810, 22210, 19900, BUYER);

    @Test
    void everyPairOfStateAndEventHasTheMoveOfTheTableAndNoOther() {
        Map<State, Map<Event, State>> expected = Map.of(
                State.RECEIVED, Map.of(Event.STORE, State.STORED, Event.CHANGE, State.RECEIVED),
                State.STORED, Map.of(Event.RELEASE, State.RELEASED, Event.RETURN, State.RETURNED, Event.CHANGE, State.RECEIVED),
                State.RETURNED, Map.of(Event.CHANGE, State.RECEIVED),
                State.RELEASED, Map.of());
        for (State from : State.values()) {
            for (Event e : Event.values()) {
                assertEquals(Optional.ofNullable(expected.get(from).get(e)), WindowRules.next(from, e), from + " × " + e);
            }
        }
    }

    @Test
    void thePaymentStandsMissingMatchedOrDifferentInTheFieldAndTheWaybillMissingOrMatched() {
        assertEquals(new Standing(Payment.MISSING, null, Waybill.MISSING), WindowRules.standing(ORDER, Optional.empty(), false));
        assertEquals(new Standing(Payment.MATCHED, null, Waybill.MATCHED),
                WindowRules.standing(ORDER, Optional.of(new PaymentDocument(22210, BUYER, T0)), true));
        assertEquals(new Standing(Payment.MATCHED, null, Waybill.MISSING),
                WindowRules.standing(ORDER, Optional.of(new PaymentDocument(22210, null, T0)), false), "no payer known: the amount alone");
        assertEquals(new Standing(Payment.DIFFERENT, "acturalPaid", Waybill.MISSING),
                WindowRules.standing(ORDER, Optional.of(new PaymentDocument(22211, BUYER, T0)), false));
        assertEquals(new Standing(Payment.DIFFERENT, "buyer", Waybill.MATCHED),
                WindowRules.standing(ORDER, Optional.of(new PaymentDocument(22210, Identity.hash("李四", "11010519491231002X"), T0)), true));
    }

    @Test
    void aStandingIsWrittenAtTheEndOfAReceiptsWordsAndReadBack() {
        for (Standing s : List.of(new Standing(Payment.MISSING, null, Waybill.MISSING), new Standing(Payment.DIFFERENT, "acturalPaid", Waybill.MATCHED),
                new Standing(Payment.MATCHED, null, Waybill.MATCHED))) {
            assertEquals(Optional.of(s), WindowRules.standingOf("stored by customs; " + s.text()));
        }
        assertEquals("payment DIFFERENT buyer; waybill MISSING", new Standing(Payment.DIFFERENT, "buyer", Waybill.MISSING).text());
        assertEquals(Optional.empty(), WindowRules.standingOf("accepted by the window"));
    }

    @Test
    void theOrdersOwnFiguresMustAddUp() {
        assertEquals(Optional.empty(), WindowRules.figuresDiffer(ORDER));
        assertEquals(Optional.of("acturalPaid"), WindowRules.figuresDiffer(withPaid(22211)));
        assertEquals(Optional.of("goodsValue"), WindowRules.figuresDiffer(
                new Facts("4401960XYZ", "GUID-1", "4403169D3W", "4200001", 19900, 1000, 500, 1810, 22210, 19800, BUYER)));
    }

    @Test
    void nothingIsDecidedBeforeTheDelayThenCustomsStoresTheOrderAtTheTimeItWasDue() {
        Held received = new Held(State.RECEIVED, T0, ORDER, Optional.empty(), null);
        assertEquals(List.of(), decide(received, Optional.empty(), Optional.empty(), Optional.empty(), T0.plusNanos(1_999_000_000)));
        assertEquals(List.of(new Step("120", "stored by customs; payment MISSING; waybill MISSING", T0.plusSeconds(2), State.STORED)),
                decide(received, Optional.empty(), Optional.empty(), Optional.empty(), T0.plusSeconds(60)));
    }

    @Test
    void aStoredOrderWaitsForBothDocumentsWithANewStandingEachTimeOneArrivesThenIsReleasedADelayAfterTheLast() {
        OffsetDateTime stored = T0.plusSeconds(2);
        Held waiting = new Held(State.STORED, T0, ORDER, Optional.of(new Standing(Payment.MISSING, null, Waybill.MISSING)), stored);
        Optional<PaymentDocument> paid = Optional.of(new PaymentDocument(22210, BUYER, T0.plusSeconds(10)));
        assertEquals(List.of(new Step("120", "stored by customs; payment MATCHED; waybill MISSING", T0.plusSeconds(10), State.STORED)),
                decide(waiting, paid, Optional.empty(), Optional.empty(), T0.plusSeconds(30)));
        Held paymentMatched = new Held(State.STORED, T0, ORDER, Optional.of(new Standing(Payment.MATCHED, null, Waybill.MISSING)), stored);
        assertEquals(List.of(), decide(paymentMatched, paid, Optional.empty(), Optional.empty(), T0.plusSeconds(60)), "the same standing: no receipt");
        Optional<OffsetDateTime> waybill = Optional.of(T0.plusSeconds(40));
        assertEquals(List.of(new Step("120", "stored by customs; payment MATCHED; waybill MATCHED", T0.plusSeconds(40), State.STORED)),
                decide(paymentMatched, paid, waybill, Optional.empty(), T0.plusSeconds(41)), "matched, not yet released");
        Held matched = new Held(State.STORED, T0, ORDER, Optional.of(new Standing(Payment.MATCHED, null, Waybill.MATCHED)), stored);
        assertEquals(List.of(new Step("800", "released; payment MATCHED; waybill MATCHED", T0.plusSeconds(42), State.RELEASED)),
                decide(matched, paid, waybill, Optional.empty(), T0.plusSeconds(42)));
    }

    @Test
    void anOrderWhoseDocumentsCameFirstIsStoredThenReleasedInOneLook() {
        Held received = new Held(State.RECEIVED, T0, ORDER, Optional.empty(), null);
        Optional<PaymentDocument> paid = Optional.of(new PaymentDocument(22210, BUYER, T0.minusSeconds(100)));
        assertEquals(List.of(new Step("120", "stored by customs; payment MATCHED; waybill MATCHED", T0.plusSeconds(2), State.STORED),
                new Step("800", "released; payment MATCHED; waybill MATCHED", T0.plusSeconds(4), State.RELEASED)),
                decide(received, paid, Optional.of(T0.minusSeconds(50)), Optional.empty(), T0.plusSeconds(5)));
    }

    @Test
    void aDifferingPaymentReturnsTheOrderWhenItArrivesNamingTheField() {
        Held waiting = new Held(State.STORED, T0, ORDER, Optional.of(new Standing(Payment.MISSING, null, Waybill.MISSING)), T0.plusSeconds(2));
        assertEquals(List.of(new Step("100", "the payment differs from the order: acturalPaid; payment DIFFERENT acturalPaid; waybill MATCHED",
                T0.plusSeconds(9), State.RETURNED)),
                decide(waiting, Optional.of(new PaymentDocument(22200, BUYER, T0.plusSeconds(9))), Optional.of(T0), Optional.empty(),
                        T0.plusSeconds(9)));
    }

    @Test
    void anOrderWhoseFiguresDoNotAddUpIsReturnedWhenStored() {
        Held received = new Held(State.RECEIVED, T0, withPaid(22211), Optional.empty(), null);
        List<Step> steps = decide(received, Optional.empty(), Optional.empty(), Optional.empty(), T0.plusSeconds(3));
        assertEquals(2, steps.size(), steps.toString());
        assertEquals(new Step("100", "the order's figures do not add up: acturalPaid; payment MISSING; waybill MISSING", T0.plusSeconds(2),
                State.RETURNED), steps.get(1));
    }

    @Test
    void anArrangedReturnComesFirstWithItsReasonAtTheLaterOfStoreAndArrangement() {
        Held matched = new Held(State.STORED, T0, ORDER, Optional.of(new Standing(Payment.MATCHED, null, Waybill.MATCHED)), T0.plusSeconds(2));
        Optional<PaymentDocument> paid = Optional.of(new PaymentDocument(22210, BUYER, T0));
        assertEquals(List.of(new Step("100", "the goods are not allowed in; payment MATCHED; waybill MATCHED", T0.plusSeconds(7), State.RETURNED)),
                decide(matched, paid, Optional.of(T0), Optional.of(new ArrangedReturn("the goods are not allowed in", T0.plusSeconds(7))),
                        T0.plusSeconds(30)));
    }

    @Test
    void aReturnedOrReleasedOrderIsDecidedNoMore() {
        Optional<PaymentDocument> paid = Optional.of(new PaymentDocument(22210, BUYER, T0));
        for (State end : List.of(State.RETURNED, State.RELEASED)) {
            assertEquals(List.of(), decide(new Held(end, T0, ORDER, Optional.empty(), T0.plusSeconds(2)), paid, Optional.of(T0),
                    Optional.of(new ArrangedReturn("again", T0)), T0.plusSeconds(60)), end.name());
        }
    }

    @Test
    void theWindowTakesFiguresInWholeFenAndCustomsCodesOfTenCharacters() {
        OrderMessages.Declared d = declared("4401960ABC", new BigDecimal("222.10"));
        Facts f = Window.facts(d);
        assertEquals(22210, f.acturalPaid());
        assertEquals(19900, f.goodsTotal());
        assertEquals(BUYER, f.buyerIdentity());
        IllegalArgumentException fraction = assertThrows(IllegalArgumentException.class, () -> Window.facts(declared("4401960ABC",
                new BigDecimal("222.105"))));
        assertTrue(fraction.getMessage().startsWith("acturalPaid is not a whole number of fen"), fraction.getMessage());
        IllegalArgumentException code = assertThrows(IllegalArgumentException.class, () -> Window.facts(declared("4401960abc",
                new BigDecimal("222.10"))));
        assertTrue(code.getMessage().startsWith("ebpCode must be a 10-character customs code"), code.getMessage());
    }

    private static OrderMessages.Declared declared(String ebpCode, BigDecimal paid) {
        return new OrderMessages.Declared("GUID-1", "1", "20261202100000", "PA1", ebpCode, "4401960XYZ", new BigDecimal("199.00"),
                new BigDecimal("10.00"), new BigDecimal("5.00"), new BigDecimal("18.10"), paid, "142", "1", "11010519491231002X", "张三",
                "4403169D3W", "4200001", List.of(new OrderMessages.Line(1, "SKU-1", "Tea", "011", 1, new BigDecimal("199.00"),
                        new BigDecimal("199.00"), "142", "303")), "4401960BRK", "01A2B3C4");
    }

    private static Facts withPaid(long paid) {
        return new Facts("4401960XYZ", "GUID-1", "4403169D3W", "4200001", 19900, 1000, 500, 1810, paid, 19900, BUYER);
    }

    private static List<Step> decide(Held order, Optional<PaymentDocument> payment, Optional<OffsetDateTime> waybill,
            Optional<ArrangedReturn> arranged, OffsetDateTime now) {
        return WindowRules.decide(order, payment, waybill, arranged, DELAY, now);
    }
}
