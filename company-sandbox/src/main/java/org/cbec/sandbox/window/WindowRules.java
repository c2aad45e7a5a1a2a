package org.cbec.sandbox.window;

import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cbec.sandbox.entity.WindowOrder.Facts;
import org.cbec.sandbox.entity.WindowOrder.State;

/**
 * The single window's rules for a declared order, apart from its storage: the order's lifecycle as
 * one transition table, how customs stands the three documents (the order, the payment a company
 * forwarded, the waybill), and what customs decides as time passes. An order is RECEIVED by the
 * window (receipt 2) and STORED by customs a delay later (120); it is RELEASED (800) a delay after
 * the payment and the waybill both match it, or RETURNED (100) at once when its figures do not add
 * up, when the payment differs from it, or when a test arranged a return. Each receipt of customs
 * says where the documents stand, in words the broker reads back ({@link #standingOf}):
 * {@code …; payment MATCHED|MISSING|DIFFERENT <field>; waybill MATCHED|MISSING}; a change of the
 * standing while the order waits is a new receipt 120.
 */
public final class WindowRules {

    /** What moves an order. */
    public enum Event {
        /** Customs stored it, a delay after the window received it. */
        STORE,
        /** The three documents match (or the order was changed and matched again). */
        RELEASE,
        /** Customs returned it: a difference, or an arranged return. */
        RETURN,
        /** The enterprise sent a change of it (appType 2). */
        CHANGE
    }

    private static final Map<State, Map<Event, State>> MOVES = new EnumMap<>(State.class);

    static {
        MOVES.put(State.RECEIVED, new EnumMap<>(Map.of(Event.STORE, State.STORED, Event.CHANGE, State.RECEIVED)));
        MOVES.put(State.STORED, new EnumMap<>(Map.of(Event.RELEASE, State.RELEASED, Event.RETURN, State.RETURNED,
                Event.CHANGE, State.RECEIVED)));
        MOVES.put(State.RETURNED, new EnumMap<>(Map.of(Event.CHANGE, State.RECEIVED)));
        MOVES.put(State.RELEASED, new EnumMap<>(Event.class));
    }

    public static final String ACCEPTED = "2";
    public static final String STORED = "120";
    public static final String RETURNED = "100";
    public static final String RELEASED = "800";

    private WindowRules() {
    }

    /** Where {@code event} takes an order in state {@code from}; empty when the table has no such move. */
    public static Optional<State> next(State from, Event event) {
        return Optional.ofNullable(MOVES.get(from).get(event));
    }

    /** The payment document as customs holds it: fen paid, the payer's identity hash (null: none known), when it arrived. */
    public record PaymentDocument(long amountPaid, String payerIdentity, OffsetDateTime at) {
    }

    /** A return a test arranged. */
    public record ArrangedReturn(String reason, OffsetDateTime at) {
    }

    public enum Payment {
        MATCHED, MISSING, DIFFERENT
    }

    public enum Waybill {
        MATCHED, MISSING
    }

    /** Where the payment and the waybill stand against the order; {@code field} the order's field the payment differs in. */
    public record Standing(Payment payment, String field, Waybill waybill) {

        /** As a receipt's words end: {@code payment MATCHED; waybill MISSING}. */
        public String text() {
            return "payment " + payment + (field == null ? "" : " " + field) + "; waybill " + waybill;
        }
    }

    private static final Pattern STANDING = Pattern.compile("; payment (MATCHED|MISSING|DIFFERENT)(?: ([A-Za-z.]+))?; waybill (MATCHED|MISSING)$");

    /** The standing a receipt's words end with, if they end with one. */
    public static Optional<Standing> standingOf(String info) {
        Matcher m = STANDING.matcher(info);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(new Standing(Payment.valueOf(m.group(1)), m.group(2), Waybill.valueOf(m.group(3))));
    }

    /**
     * Where the documents stand: the payment MISSING while no company forwarded one for the order's
     * transaction, DIFFERENT in {@code acturalPaid} when it paid another amount, in {@code buyer}
     * when the company knows a payer other than the buyer; the waybill MATCHED once declared.
     */
    public static Standing standing(Facts order, Optional<PaymentDocument> payment, boolean waybill) {
        Waybill w = waybill ? Waybill.MATCHED : Waybill.MISSING;
        if (payment.isEmpty()) {
            return new Standing(Payment.MISSING, null, w);
        }
        PaymentDocument p = payment.get();
        if (p.amountPaid() != order.acturalPaid()) {
            return new Standing(Payment.DIFFERENT, "acturalPaid", w);
        }
        if (p.payerIdentity() != null && !p.payerIdentity().equals(order.buyerIdentity())) {
            return new Standing(Payment.DIFFERENT, "buyer", w);
        }
        return new Standing(Payment.MATCHED, null, w);
    }

    /** The order's own figures: goods + freight + tax − discount = paid, and its lines add up to the goods' value. */
    public static Optional<String> figuresDiffer(Facts order) {
        if (order.goodsTotal() != order.goodsValue()) {
            return Optional.of("goodsValue");
        }
        if (order.goodsValue() + order.freight() + order.taxTotal() - order.discount() != order.acturalPaid()) {
            return Optional.of("acturalPaid");
        }
        return Optional.empty();
    }

    /** A receipt to write: customs' status, its words, its time, and the state the order moves to. */
    public record Step(String status, String info, OffsetDateTime at, State to) {
    }

    /** The order as the window holds it when customs looks at it. */
    public record Held(State state, OffsetDateTime receivedAt, Facts facts, Optional<Standing> lastStanding, OffsetDateTime storedAt) {
    }

    /**
     * What customs has decided about {@code order} by {@code now}, in order, each receipt at the time
     * it was due (never later than now): the store a delay after the order was received, then a
     * return (an arranged one first, then the order's own figures, then a differing payment) or,
     * while it waits, a new standing, and the release a delay after the last document matched.
     */
    public static List<Step> decide(Held order, Optional<PaymentDocument> payment, Optional<OffsetDateTime> waybillAt,
            Optional<ArrangedReturn> arranged, Duration delay, OffsetDateTime now) {
        List<Step> steps = new ArrayList<>();
        State state = order.state();
        OffsetDateTime storedAt = order.storedAt();
        Optional<Standing> last = order.lastStanding();
        Standing standing = standing(order.facts(), payment, waybillAt.isPresent());
        if (state == State.RECEIVED) {
            OffsetDateTime due = order.receivedAt().plus(delay);
            if (now.isBefore(due)) {
                return steps;
            }
            state = next(state, Event.STORE).orElseThrow();
            storedAt = due;
            steps.add(new Step(STORED, "stored by customs; " + standing.text(), due, state));
            last = Optional.of(standing);
        }
        if (state != State.STORED) {
            return steps;
        }
        Optional<String> figures = figuresDiffer(order.facts());
        if (arranged.isPresent()) {
            steps.add(new Step(RETURNED, arranged.get().reason() + "; " + standing.text(), latest(storedAt, arranged.get().at()),
                    next(state, Event.RETURN).orElseThrow()));
        } else if (figures.isPresent()) {
            steps.add(new Step(RETURNED, "the order's figures do not add up: " + figures.get() + "; " + standing.text(), storedAt,
                    next(state, Event.RETURN).orElseThrow()));
        } else if (standing.payment() == Payment.DIFFERENT) {
            steps.add(new Step(RETURNED, "the payment differs from the order: " + standing.field() + "; " + standing.text(),
                    latest(storedAt, payment.orElseThrow().at()), next(state, Event.RETURN).orElseThrow()));
        } else {
            OffsetDateTime documentsAt = latest(storedAt, payment.map(PaymentDocument::at).orElse(storedAt), waybillAt.orElse(storedAt));
            if (last.isEmpty() || !last.get().equals(standing)) {
                steps.add(new Step(STORED, "stored by customs; " + standing.text(), documentsAt, state));
            }
            OffsetDateTime releaseAt = documentsAt.plus(delay);
            if (standing.payment() == Payment.MATCHED && standing.waybill() == Waybill.MATCHED && !now.isBefore(releaseAt)) {
                steps.add(new Step(RELEASED, "released; " + standing.text(), releaseAt, next(state, Event.RELEASE).orElseThrow()));
            }
        }
        return steps;
    }

    private static OffsetDateTime latest(OffsetDateTime first, OffsetDateTime... others) {
        OffsetDateTime latest = first;
        for (OffsetDateTime t : others) {
            if (t.isAfter(latest)) {
                latest = t;
            }
        }
        return latest;
    }
}
