package org.cbec.reconciliation.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import org.cbec.company.BillLine;
import org.cbec.company.BillLine.Kind;
import org.cbec.payment.entity.Discrepancy;
import org.junit.jupiter.api.Test;

class BillMatchingTest {

    private static final LocalDate DAY = LocalDate.of(2026, 11, 20);
    private static final ZoneOffset BEIJING = ZoneOffset.ofHours(8);
    private static final Duration BOUNDARY = Duration.ofMinutes(10);

    private static OffsetDateTime at(LocalDate d, int h, int m, int s) {
        return d.atTime(h, m, s).atOffset(BEIJING);
    }

    private static BillMatching.Record payment(String order, long amount, String state, OffsetDateTime t) {
        return new BillMatching.Record(Kind.PAYMENT, order, order, null, amount, "CNY", state, t, 1L, null, order);
    }

    private static BillLine paid(String order, long amount, OffsetDateTime t) {
        return new BillLine(Kind.PAYMENT, order, null, "tx-" + order, null, amount, 0, "CNY", "SUCCESS", t, "`" + order);
    }

    private static List<Discrepancy.Kind> kinds(BillMatching.Result r) {
        return r.found().stream().map(BillMatching.Found::kind).toList();
    }

    @Test
    void aDayBothSidesHaveAlikeHasNoDifference() {
        BillLine refund = new BillLine(Kind.REFUND, "o1", "rf1", "r-1", null, 300, 0, "CNY", "SUCCESS", at(DAY, 12, 0, 0), "raw");
        BillLine split = new BillLine(Kind.SPLIT, "o2", "s1", "sp-1", "rcv", 200, 0, "CNY", "SUCCESS", at(DAY, 13, 0, 0), "raw");
        BillMatching.Result r = BillMatching.compare(DAY, List.of(
                payment("o1", 1_000, "SUCCESS", at(DAY, 10, 0, 0)),
                new BillMatching.Record(Kind.REFUND, "rf1", "o1", "rf1", 300, "CNY", "SUCCESS", at(DAY, 12, 0, 0), 1L, null, "r1"),
                new BillMatching.Record(Kind.SPLIT, "s1/rcv", "o2", "s1", 200, "CNY", "SUCCESS", at(DAY, 13, 0, 0), 2L, null, "s1")),
                List.of(paid("o1", 1_000, at(DAY, 10, 0, 0)), refund, split), List.of(), true, BOUNDARY);
        assertEquals(List.of(), r.found());
        assertEquals(3, r.matched());
        assertEquals(3, r.brokerLines());
        assertEquals(3, r.companyLines());
    }

    @Test
    void eachDifferenceIsFoundOnceOfItsKindWithBothValues() {
        BillMatching.Result r = BillMatching.compare(DAY, List.of(
                payment("off", 1_000, "SUCCESS", at(DAY, 9, 0, 0)),
                payment("mine", 500, "SUCCESS", at(DAY, 9, 30, 0)),
                payment("late", 700, "NOTPAY", null)),
                List.of(paid("off", 1_001, at(DAY, 9, 0, 0)), paid("theirs", 800, at(DAY, 11, 0, 0)), paid("late", 700, at(DAY, 12, 0, 0))),
                List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.AMOUNT_DIFFERS, Discrepancy.Kind.MISSING_AT_BROKER, Discrepancy.Kind.STATE_DIFFERS,
                Discrepancy.Kind.MISSING_AT_COMPANY), kinds(r));
        BillMatching.Found amount = r.found().get(0);
        assertEquals(1_000L, amount.brokerAmount());
        assertEquals(1_001L, amount.companyAmount());
        assertEquals("`off", amount.companyLine());
        assertEquals("NOTPAY", r.found().get(2).brokerState());
        assertEquals("SUCCESS", r.found().get(2).companyState());
        assertEquals(500L, r.found().get(3).brokerAmount());
        assertEquals(null, r.found().get(3).companyAmount());
        assertEquals(0, r.matched());
    }

    @Test
    void aPaymentAtTheLastSecondBilledTheNextDayIsMatchedAcrossTheBoundaryOnBothDays() {
        OffsetDateTime last = at(DAY, 23, 59, 59);
        BillLine nextDay = paid("edge", 1_000, at(DAY.plusDays(1), 0, 0, 1));
        BillMatching.Result day = BillMatching.compare(DAY, List.of(payment("edge", 1_000, "SUCCESS", last)), List.of(), List.of(nextDay), true,
                BOUNDARY);
        assertEquals(List.of(), day.found());
        assertEquals(1, day.acrossDays());
        BillMatching.Result after = BillMatching.compare(DAY.plusDays(1), List.of(payment("edge", 1_000, "SUCCESS", last)), List.of(nextDay),
                List.of(), true, BOUNDARY);
        assertEquals(List.of(), after.found());
        assertEquals(1, after.acrossDays());
        assertEquals(0, after.brokerLines(), "the broker's record is of the day before");
    }

    @Test
    void aLastMinuteRecordWaitsForTheNextDaysBillButAnEarlierOneIsReported() {
        BillMatching.Result r = BillMatching.compare(DAY, List.of(payment("edge", 1_000, "SUCCESS", at(DAY, 23, 55, 0)),
                payment("noon", 1_000, "SUCCESS", at(DAY, 12, 0, 0))), List.of(), List.of(), false, BOUNDARY);
        assertEquals(1, r.awaiting());
        assertEquals(List.of(Discrepancy.Kind.MISSING_AT_COMPANY), kinds(r));
        assertEquals("noon", r.found().get(0).key());
    }

    @Test
    void aPayoutBilledAcceptedThatHasSincePaidIsNoDifferenceButOneBilledPaidThatTheBrokerHasAcceptedIs() {
        OffsetDateTime t = at(DAY, 15, 0, 0);
        BillLine accepted = new BillLine(Kind.PAYOUT, null, "po1", "P1", null, 5_000, 25, "CNY", "ACCEPTED", t, "raw");
        BillMatching.Result r = BillMatching.compare(DAY, List.of(new BillMatching.Record(Kind.PAYOUT, "po1", null, "po1", 5_000, "CNY",
                "PAID", t, null, 9L, "po1")), List.of(accepted), List.of(), true, BOUNDARY);
        assertEquals(List.of(), r.found());
        assertEquals(1, r.matched());
        BillLine paid = new BillLine(Kind.PAYOUT, null, "po2", "P2", null, 5_000, 25, "CNY", "PAID", t, "raw");
        BillMatching.Result behind = BillMatching.compare(DAY, List.of(new BillMatching.Record(Kind.PAYOUT, "po2", null, "po2", 5_000, "CNY",
                "ACCEPTED", t, null, 9L, "po2")), List.of(paid), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.STATE_DIFFERS), kinds(behind));
    }

    @Test
    void aPayoutTheBrokerHoldsRefusedThatTheCompanyBillsAcceptedIsAStateDifferenceButOneThatFailedAtTheCompanyIsNot() {
        OffsetDateTime t = at(DAY, 15, 0, 0);
        BillLine accepted = new BillLine(Kind.PAYOUT, null, "po3", "P3", null, 5_000, 25, "CNY", "ACCEPTED", t, "raw");
        assertEquals("FAILED", org.cbec.payment.entity.PayoutState.REFUSED.shown(), "the client sees a refused payout FAILED");
        BillMatching.Result refused = BillMatching.compare(DAY, List.of(new BillMatching.Record(Kind.PAYOUT, "po3", null, "po3", 5_000, "CNY",
                BillMatching.payoutState(org.cbec.payment.entity.PayoutState.REFUSED), null, null, 9L, "po3")), List.of(accepted), List.of(),
                true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.STATE_DIFFERS), kinds(refused));
        assertEquals("REFUSED", refused.found().get(0).brokerState());
        assertEquals("ACCEPTED", refused.found().get(0).companyState());
        BillMatching.Result failed = BillMatching.compare(DAY, List.of(new BillMatching.Record(Kind.PAYOUT, "po3", null, "po3", 5_000, "CNY",
                BillMatching.payoutState(org.cbec.payment.entity.PayoutState.FAILED), t, null, 9L, "po3")), List.of(accepted), List.of(), true,
                BOUNDARY);
        assertEquals(List.of(), failed.found(), "billed on its accept day, failed at the company since");
        for (org.cbec.payment.entity.PayoutState open : List.of(org.cbec.payment.entity.PayoutState.UNKNOWN)) {
            assertEquals("ACCEPTED", open.shown());
            BillMatching.Result unknown = BillMatching.compare(DAY, List.of(new BillMatching.Record(Kind.PAYOUT, "po3", null, "po3", 5_000,
                    "CNY", BillMatching.payoutState(open), null, null, 9L, "po3")), List.of(accepted), List.of(), true, BOUNDARY);
            assertEquals(List.of(Discrepancy.Kind.STATE_DIFFERS), kinds(unknown), open + ": the company's word resolves it");
        }
    }

    @Test
    void aReleaseTheCompanyMadeOnItsOwnIsMatchedByItsOrderOnceAndAnotherOrdersReleaseIsNot() {
        // The broker recorded the company's own release of o1 without its number; the bill has it under the company's number.
        BillMatching.Record own = new BillMatching.Record(Kind.RELEASE, BillMatching.ownRelease("o1"), "o1", "o1-2", 5_000, "CNY", "SUCCESS",
                at(DAY, 14, 0, 0), 1L, null, "auto-o1");
        BillLine billed = new BillLine(Kind.RELEASE, "o1", "30001", "tx-o1", null, 5_000, 0, "CNY", "SUCCESS", at(DAY, 13, 59, 0), "raw");
        BillMatching.Result r = BillMatching.compare(DAY, List.of(own), List.of(billed), List.of(), true, BOUNDARY);
        assertEquals(List.of(), r.found(), "matched by its order");
        assertEquals(1, r.matched());

        BillLine other = new BillLine(Kind.RELEASE, "o2", "30002", "tx-o2", null, 5_000, 0, "CNY", "SUCCESS", at(DAY, 13, 59, 0), "raw");
        BillMatching.Result none = BillMatching.compare(DAY, List.of(own), List.of(billed, other), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.MISSING_AT_BROKER), kinds(none), "another order's release is not it");
        BillMatching.Result twice = BillMatching.compare(DAY, List.of(own), List.of(billed, new BillLine(Kind.RELEASE, "o1", "30003", "tx-o1",
                null, 5_000, 0, "CNY", "SUCCESS", at(DAY, 15, 0, 0), "raw")), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.MISSING_AT_BROKER), kinds(twice), "one record matches one line");
        BillMatching.Result off = BillMatching.compare(DAY, List.of(own), List.of(new BillLine(Kind.RELEASE, "o1", "30001", "tx-o1", null,
                4_000, 0, "CNY", "SUCCESS", at(DAY, 13, 59, 0), "raw")), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.AMOUNT_DIFFERS), kinds(off), "matched, and its amount compared");
    }

    @Test
    void aLineWithAnotherFeeIsOneFeeDifferenceNamingBothFeesAndARecordWithoutAFeeComparesNone() {
        OffsetDateTime t = at(DAY, 10, 0, 0);
        BillMatching.Record paidRecord = new BillMatching.Record(Kind.PAYMENT, "o1", "o1", null, 12_345, "CNY", "SUCCESS", t, 1L, null, "o1",
                74L);
        BillMatching.Record refundRecord = new BillMatching.Record(Kind.REFUND, "o1-1", "o1", "o1-1", 5_000, "CNY", "SUCCESS", t, 1L, null,
                "r1", 30L);
        BillLine paidLine = new BillLine(Kind.PAYMENT, "o1", null, "tx-o1", null, 12_345, 74, "CNY", "SUCCESS", t, "raw");
        BillLine refundLine = new BillLine(Kind.REFUND, "o1", "o1-1", "r-1", null, 5_000, 30, "CNY", "SUCCESS", t, "raw");
        assertEquals(List.of(), BillMatching.compare(DAY, List.of(paidRecord, refundRecord), List.of(paidLine, refundLine), List.of(), true,
                BOUNDARY).found(), "the same fees");

        BillLine paidMore = new BillLine(Kind.PAYMENT, "o1", null, "tx-o1", null, 12_345, 75, "CNY", "SUCCESS", t, "raw");
        BillLine refundMore = new BillLine(Kind.REFUND, "o1", "o1-1", "r-1", null, 5_000, 31, "CNY", "SUCCESS", t, "raw");
        BillMatching.Result r = BillMatching.compare(DAY, List.of(paidRecord, refundRecord), List.of(paidMore, refundMore), List.of(), true,
                BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.FEE_DIFFERS, Discrepancy.Kind.FEE_DIFFERS), kinds(r), "one per line");
        assertEquals(List.of(74L, 30L), r.found().stream().map(BillMatching.Found::brokerAmount).toList(), "the broker's fees");
        assertEquals(List.of(75L, 31L), r.found().stream().map(BillMatching.Found::companyAmount).toList(), "the company's fees");
        assertEquals(0, r.matched());

        BillMatching.Result amount = BillMatching.compare(DAY, List.of(paidRecord), List.of(new BillLine(Kind.PAYMENT, "o1", null, "tx-o1",
                null, 12_346, 75, "CNY", "SUCCESS", t, "raw")), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.AMOUNT_DIFFERS), kinds(amount), "another amount is the difference, its fee follows it");
        BillMatching.Result none = BillMatching.compare(DAY, List.of(payment("o1", 12_345, "SUCCESS", t)), List.of(paidMore), List.of(), true,
                BOUNDARY);
        assertEquals(List.of(), none.found(), "a record without a fee (a split, a release) compares none");
    }

    @Test
    void aSplitPartsDifferenceNamesItsReceiverMaskedAndOtherLinesNone() {
        OffsetDateTime t = at(DAY, 13, 0, 0);
        BillMatching.Record part = new BillMatching.Record(Kind.SPLIT, "s1/1900012345", "o2", "s1", 200, "CNY", "SUCCESS", t, 2L, null,
                "split-o2");
        BillLine billed = new BillLine(Kind.SPLIT, "o2", "s1", "sp-1", "1900012345", 201, 0, "CNY", "SUCCESS", t, "raw");
        BillMatching.Found f = BillMatching.compare(DAY, List.of(part), List.of(billed), List.of(), true, BOUNDARY).found().get(0);
        assertEquals(List.of("AMOUNT_DIFFERS", "split-o2", "19****45"), List.of(f.kind().name(), f.merchantRef(), BillMatching.receiver(f)));
        BillMatching.Found payment = BillMatching.compare(DAY, List.of(payment("o1", 1_000, "SUCCESS", t)), List.of(paid("o1", 999, t)),
                List.of(), true, BOUNDARY).found().get(0);
        assertEquals(java.util.Arrays.asList("o1", null), java.util.Arrays.asList(payment.merchantRef(), BillMatching.receiver(payment)));
    }

    @Test
    void aRowTheBrokerDoesNotReadIsOneUnknownLineNamingItAndTheRestIsCompared() {
        BillLine revoked = new BillLine(Kind.OTHER, "o2", null, "tx-o2", null, 900, 5, "CNY", "REVOKED", at(DAY, 11, 0, 0), "`revoked row");
        BillMatching.Result r = BillMatching.compare(DAY, List.of(payment("o1", 1_000, "SUCCESS", at(DAY, 10, 0, 0))),
                List.of(paid("o1", 1_000, at(DAY, 10, 0, 0)), revoked, revoked), List.of(), true, BOUNDARY);
        assertEquals(List.of(Discrepancy.Kind.UNKNOWN_LINE), kinds(r), "once, however often the bill repeats it");
        BillMatching.Found f = r.found().get(0);
        assertEquals(List.of("tx-o2", "o2", "REVOKED", "`revoked row"), List.of(f.key(), f.orderRef(), f.companyState(), f.companyLine()));
        assertEquals(List.of(1, 3), List.of(r.matched(), r.companyLines()));
    }

    @Test
    void aDayComparedInPartsFindsWhatItFindsWholeWithEveryLineOfAnOrderInOnePart() {
        List<BillMatching.Record> broker = new java.util.ArrayList<>();
        List<BillLine> bill = new java.util.ArrayList<>();
        for (int i = 0; i < 200; i++) {
            String order = "o" + i;
            broker.add(payment(order, 1_000 + i, "SUCCESS", at(DAY, 10, 0, i % 60)));
            bill.add(paid(order, i % 17 == 0 ? 999 : 1_000 + i, at(DAY, 10, 0, i % 60)));
            if (i % 5 == 0) {
                broker.add(new BillMatching.Record(Kind.REFUND, "rf" + i, order, "rf" + i, 100, "CNY", "SUCCESS", at(DAY, 12, 0, 0), 1L, null,
                        "r" + i));
                bill.add(new BillLine(Kind.REFUND, order, "rf" + i, "r-" + i, null, 100, 0, "CNY", "SUCCESS", at(DAY, 12, 0, 0), "raw"));
            }
        }
        bill.add(paid("theirs", 5, at(DAY, 11, 0, 0)));
        BillMatching.Result whole = BillMatching.compare(DAY, broker, bill, List.of(), true, BOUNDARY);
        BillMatching.Result parts = BillMatching.Result.NONE;
        for (int i = 0; i < 7; i++) {
            BillMatching.Slice slice = new BillMatching.Slice(i, 7);
            parts = parts.plus(BillMatching.compare(DAY, broker.stream().filter(slice::holds).toList(),
                    bill.stream().filter(slice::holds).toList(), List.of(), true, BOUNDARY));
        }
        assertEquals(List.of(whole.brokerLines(), whole.companyLines(), whole.matched(), whole.found().size()),
                List.of(parts.brokerLines(), parts.companyLines(), parts.matched(), parts.found().size()));
        assertEquals(whole.found().stream().map(f -> f.kind() + " " + f.key()).sorted().toList(),
                parts.found().stream().map(f -> f.kind() + " " + f.key()).sorted().toList());
        assertEquals(13, whole.found().size(), "12 amounts off and one line the broker lacks");
    }
}
