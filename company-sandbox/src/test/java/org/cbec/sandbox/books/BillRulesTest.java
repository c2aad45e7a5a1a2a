package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.cbec.sandbox.books.BillRules.Difference;
import org.cbec.sandbox.books.BillRules.Problem;
import org.cbec.sandbox.books.BillRules.Window;
import org.cbec.sandbox.entity.BillDifference.Kind;
import org.junit.jupiter.api.Test;

/**
 * The daily bill as a merchant downloading it sees it: which lines a Beijing day holds, in which
 * order and at which time, and what each arranged difference does to it. Times are written out by
 * hand in UTC and in Beijing time (UTC+8).
 */
class BillRulesTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 26);
    static final LocalDate NEXT = LocalDate.of(2026, 11, 27);
    /** Long after both days. */
    static final OffsetDateTime LATER = OffsetDateTime.parse("2026-12-01T00:00:00Z");

    static BillEntry payment(String orderRef, long amount, String utc) {
        return new BillEntry(BillEntry.Kind.PAYMENT, orderRef, "4200" + orderRef, null, null, null, null, amount, 0, "CNY", "SUCCESS",
                OffsetDateTime.parse(utc));
    }

    static BillEntry refund(String orderRef, String refundNo, long amount, String utc) {
        return new BillEntry(BillEntry.Kind.REFUND, orderRef, "4200" + orderRef, refundNo, "50" + refundNo, null, null, amount, 0, "CNY",
                "SUCCESS", OffsetDateTime.parse(utc));
    }

    static BillEntry split(String orderRef, String splitNo, String receiver, long amount, String utc) {
        return new BillEntry(BillEntry.Kind.SPLIT, orderRef, "4200" + orderRef, splitNo, "30" + splitNo, "MERCHANT_ID", receiver, amount, 0,
                "CNY", "SUCCESS", OffsetDateTime.parse(utc));
    }

    static List<String> times(List<BillEntry> bill) {
        return bill.stream().map(e -> e.time().toString()).toList();
    }

    @Test
    void aBeijingDayRunsFromItsMidnightToTheNextAtPlusEight() {
        Window w = BillRules.day(DAY);
        assertEquals(OffsetDateTime.parse("2026-11-25T16:00:00Z").toInstant(), w.from().toInstant());
        assertEquals(OffsetDateTime.parse("2026-11-26T16:00:00Z").toInstant(), w.to().toInstant());
        assertEquals("2026-11-26T00:00+08:00", w.from().toString());
    }

    @Test
    void aPaymentAtOneSecondToMidnightBeijingIsInThatDaysBillAndNotTheNext() {
        List<BillEntry> rows = List.of(payment("late", 100, "2026-11-26T15:59:59Z"), payment("early", 200, "2026-11-25T16:00:00Z"),
                payment("yesterday", 300, "2026-11-25T15:59:59.999Z"), payment("tomorrow", 400, "2026-11-26T16:00:00Z"));
        List<BillEntry> bill = BillRules.bill(DAY, LATER, rows, List.of());
        assertEquals(List.of("early", "late"), bill.stream().map(BillEntry::orderRef).toList());
        assertEquals(List.of("2026-11-26T00:00+08:00", "2026-11-26T23:59:59+08:00"), times(bill), "oldest first, in Beijing time");
        assertEquals(List.of("tomorrow"), BillRules.bill(NEXT, LATER, rows, List.of()).stream().map(BillEntry::orderRef).toList());
    }

    @Test
    void todaysBillHoldsTheLinesSoFar() {
        List<BillEntry> rows = List.of(payment("before", 100, "2026-11-26T02:00:00Z"), payment("at", 100, "2026-11-26T03:00:00Z"),
                payment("after", 100, "2026-11-26T03:00:00.001Z"));
        List<BillEntry> bill = BillRules.bill(DAY, OffsetDateTime.parse("2026-11-26T11:00:00+08:00"), rows, List.of());
        assertEquals(List.of("before", "at"), bill.stream().map(BillEntry::orderRef).toList());
    }

    @Test
    void linesOfOneTimeComePaymentFirstThenByNumber() {
        String t = "2026-11-26T04:00:00Z";
        List<BillEntry> rows = List.of(split("x9", "b1", "R2", 30, t), refund("x9", "a2", 10, t), refund("x9", "a1", 10, t),
                split("x9", "b1", "R1", 20, t), payment("x9", 100, t));
        List<BillEntry> bill = BillRules.bill(DAY, LATER, rows, List.of());
        assertEquals(List.of("PAYMENT x9 null", "REFUND x9 null", "REFUND x9 null", "SPLIT x9 R1", "SPLIT x9 R2"),
                bill.stream().map(e -> e.kind() + " " + e.orderRef() + " " + e.receiverAccount()).toList());
        assertEquals(List.of("a1", "a2"), bill.subList(1, 3).stream().map(BillEntry::reference).toList());
    }

    @Test
    void onePlusOneFenRaisesThePaymentOfTheOrderRefButNotItsRefunds() {
        List<BillEntry> rows = List.of(payment("o1", 2599, "2026-11-26T01:00:00Z"), refund("o1", "r1", 500, "2026-11-26T02:00:00Z"),
                payment("o2", 100, "2026-11-26T03:00:00Z"));
        List<BillEntry> bill = BillRules.bill(DAY, LATER, rows, List.of(new Difference(Kind.AMOUNT_PLUS_ONE_FEN, "o1", null)));
        assertEquals(List.of(2600L, 500L, 100L), bill.stream().map(BillEntry::amount).toList(),
                "a payment is named by its orderRef, a refund of the order by its own number");
    }

    @Test
    void aRefundIsRaisedByItsNumberAndTwoDifferencesRaiseTwoFen() {
        List<BillEntry> rows = List.of(payment("o1", 2599, "2026-11-26T01:00:00Z"), refund("o1", "r1", 500, "2026-11-26T02:00:00Z"));
        List<Difference> twice = List.of(new Difference(Kind.AMOUNT_PLUS_ONE_FEN, "r1", null),
                new Difference(Kind.AMOUNT_PLUS_ONE_FEN, "r1", null));
        assertEquals(List.of(2599L, 502L), BillRules.bill(DAY, LATER, rows, twice).stream().map(BillEntry::amount).toList());
    }

    @Test
    void aRevokedTradeIsBilledBesideThePaymentOfItsOrderWithNoMoneyAndOthersAreNot() {
        List<BillEntry> rows = List.of(payment("o1", 2599, "2026-11-26T01:00:00Z"), refund("o1", "r1", 500, "2026-11-26T02:00:00Z"),
                payment("o2", 100, "2026-11-26T03:00:00Z"));
        List<BillEntry> bill = BillRules.bill(DAY, LATER, rows, List.of(new Difference(Kind.REVOKED_TRADE, "o1", null)));
        assertEquals(List.of("PAYMENT o1 REVOKED 0", "PAYMENT o1 SUCCESS 2599", "REFUND o1 SUCCESS 500", "PAYMENT o2 SUCCESS 100"),
                bill.stream().map(e -> e.kind() + " " + e.orderRef() + " " + e.state() + " " + e.amount()).toList());
        assertEquals(bill.get(0).transactionId(), bill.get(1).transactionId(), "the same trade, revoked");
    }

    @Test
    void omitLeavesOutEveryLineOfTheNumber() {
        List<BillEntry> rows = List.of(payment("o1", 1000, "2026-11-26T01:00:00Z"), split("o1", "s1", "R1", 100, "2026-11-26T02:00:00Z"),
                split("o1", "s1", "R2", 200, "2026-11-26T02:00:00Z"), split("o1", "s2", "R1", 50, "2026-11-26T03:00:00Z"));
        List<BillEntry> bill = BillRules.bill(DAY, LATER, rows, List.of(new Difference(Kind.OMIT, "s1", null)));
        assertEquals(List.of("PAYMENT null", "SPLIT s2"), bill.stream().map(e -> e.kind() + " " + e.reference()).toList());
    }

    @Test
    void aShiftMovesALineIntoTheNextDayAndOutOfItsOwn() {
        List<BillEntry> rows = List.of(payment("late", 100, "2026-11-26T15:59:59Z"), payment("stays", 100, "2026-11-26T15:00:00Z"));
        List<Difference> shift = List.of(new Difference(Kind.SHIFT_SECONDS, "late", 2));
        assertEquals(List.of("stays"), BillRules.bill(DAY, LATER, rows, shift).stream().map(BillEntry::orderRef).toList());
        List<BillEntry> next = BillRules.bill(NEXT, LATER, rows, shift);
        assertEquals(List.of("late"), next.stream().map(BillEntry::orderRef).toList());
        assertEquals("2026-11-27T00:00:01+08:00", next.get(0).time().toString());
    }

    @Test
    void aNegativeShiftMovesALineBackIntoTheDayBefore() {
        List<BillEntry> rows = List.of(payment("early", 100, "2026-11-26T16:00:01Z"));
        List<Difference> shift = List.of(new Difference(Kind.SHIFT_SECONDS, "early", -2));
        List<BillEntry> day = BillRules.bill(DAY, LATER, rows, shift);
        assertEquals("2026-11-26T23:59:59+08:00", day.get(0).time().toString());
        assertTrue(BillRules.bill(NEXT, LATER, rows, shift).isEmpty());
    }

    @Test
    void theRowsReadAreTheDayWidenedByTheLongestShift() {
        Window plain = BillRules.rowsToRead(DAY, List.of(new Difference(Kind.OMIT, "x", null)));
        assertEquals(BillRules.day(DAY), plain);
        Window widened = BillRules.rowsToRead(DAY, List.of(new Difference(Kind.SHIFT_SECONDS, "a", 2),
                new Difference(Kind.SHIFT_SECONDS, "b", -90), new Difference(Kind.SHIFT_SECONDS, "b", -10)));
        assertEquals(OffsetDateTime.parse("2026-11-25T15:58:20Z").toInstant(), widened.from().toInstant(), "b moves 100 s in all");
        assertEquals(OffsetDateTime.parse("2026-11-26T16:01:40Z").toInstant(), widened.to().toInstant());
    }

    @Test
    void aWrongHashIsTheAccountsUntilCleared() {
        assertTrue(BillRules.wrongHash(List.of(new Difference(Kind.OMIT, "x", null), new Difference(Kind.WRONG_HASH, null, null))));
        assertFalse(BillRules.wrongHash(List.of(new Difference(Kind.OMIT, "x", null))));
        assertFalse(BillRules.wrongHash(List.of()));
    }

    @Test
    void aDifferenceNamesItsNumberAndOnlyAShiftHasSeconds() {
        assertEquals(Optional.empty(), BillRules.check(new Difference(Kind.OMIT, "o1", null)));
        assertEquals(Optional.empty(), BillRules.check(new Difference(Kind.WRONG_HASH, null, null)));
        assertEquals(Optional.empty(), BillRules.check(new Difference(Kind.SHIFT_SECONDS, "o1", -86_400)));
        assertEquals(field("reference"), BillRules.check(new Difference(Kind.OMIT, null, null)).map(Problem::field));
        assertEquals(field("reference"), BillRules.check(new Difference(Kind.AMOUNT_PLUS_ONE_FEN, null, null)).map(Problem::field));
        assertEquals(field("reference"), BillRules.check(new Difference(Kind.WRONG_HASH, "o1", null)).map(Problem::field));
        assertEquals(field("seconds"), BillRules.check(new Difference(Kind.SHIFT_SECONDS, "o1", null)).map(Problem::field));
        assertEquals(field("seconds"), BillRules.check(new Difference(Kind.SHIFT_SECONDS, "o1", 0)).map(Problem::field));
        assertEquals(field("seconds"), BillRules.check(new Difference(Kind.SHIFT_SECONDS, "o1", 86_401)).map(Problem::field));
        assertEquals(field("seconds"), BillRules.check(new Difference(Kind.OMIT, "o1", 5)).map(Problem::field));
    }

    static Optional<String> field(String name) {
        return Optional.of(name);
    }
}
