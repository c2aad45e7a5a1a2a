package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.cbec.sandbox.books.PayoutRules.Accept;
import org.cbec.sandbox.books.PayoutRules.Decision;
import org.cbec.sandbox.books.PayoutRules.Problem;
import org.cbec.sandbox.books.PayoutRules.Refuse;
import org.cbec.sandbox.books.PayoutRules.Repeat;
import org.cbec.sandbox.books.PayoutRules.Stored;
import org.cbec.sandbox.books.Payouts.Balance;
import org.cbec.sandbox.books.Payouts.BeneficiaryTerms;
import org.cbec.sandbox.books.Payouts.PayoutTerms;
import org.cbec.sandbox.books.Payouts.Refusal;
import org.cbec.sandbox.books.Payouts.Terms;
import org.cbec.sandbox.books.Settlements.HeldView;
import org.cbec.sandbox.entity.Payout;
import org.junit.jupiter.api.Test;

/** The payout rules as a merchant meets them: the fee, the amount abroad, which payout is refused, and the funds. */
class PayoutRulesTest {

    static final LocalDate DAY = LocalDate.of(2026, 11, 26);
    static final Terms GBP = PayoutRules.defaultTerms(DAY);
    static final String ACCOUNT = "GB29 NWBK 6016 1331 9268 19";

    static PayoutTerms payout(String no, long amount) {
        return new PayoutTerms(no, amount, "CNY", "GBP", "November");
    }

    static Decision decide(PayoutTerms asked, long available) {
        return PayoutRules.decide(asked, null, "GBP", GBP, () -> available);
    }

    static Refusal refusal(Decision d) {
        return assertInstanceOf(Refuse.class, d, d::toString).refusal();
    }

    // ---- the fee and the amount abroad ----------------------------------------------------------

    @Test
    void aThousandYuanAtTheDefaultTermsPaysFiveYuanFeeAndTenThousandNineHundredSixPence() {
        Accept a = assertInstanceOf(Accept.class, decide(payout("p1", 100000), 100000));
        assertEquals(500, a.fee(), "0.50% of 100000 fen");
        // 99500 fen = 995.00 CNY; 995.00 / 9.12345678 = 109.0595400… GBP: 10906 pence, half-even
        assertEquals(10906, a.targetAmount());
    }

    @Test
    void theFeeIsTheFixedPartPlusThePercentageRoundedHalfEvenToWholeFen() {
        BigDecimal half = new BigDecimal("0.50");
        assertEquals(0, PayoutRules.fee(100, 0, half), "0.5 fen rounds to the even 0");
        assertEquals(2, PayoutRules.fee(300, 0, half), "1.5 fen rounds to the even 2");
        assertEquals(2, PayoutRules.fee(500, 0, half), "2.5 fen rounds to the even 2");
        assertEquals(4, PayoutRules.fee(700, 0, half), "3.5 fen rounds to the even 4");
        assertEquals(3, PayoutRules.fee(501, 0, half), "2.505 fen is above the half: 3");
        assertEquals(1100, PayoutRules.fee(200000, 100, half), "the fixed 100 fen plus 0.50% of 200000");
        assertEquals(100, PayoutRules.fee(200000, 100, BigDecimal.ZERO));
    }

    @Test
    void theAmountAbroadIsInTheTargetCurrencysMinorUnitRoundedHalfEven() {
        BigDecimal two = new BigDecimal("2");
        assertEquals(0, PayoutRules.targetAmount(1, two, "GBP"), "0.5 pence rounds to the even 0");
        assertEquals(2, PayoutRules.targetAmount(3, two, "GBP"), "1.5 pence rounds to the even 2");
        assertEquals(2, PayoutRules.targetAmount(5, two, "GBP"), "2.5 pence rounds to the even 2");
        assertEquals(125, PayoutRules.targetAmount(1000, new BigDecimal("8"), "GBP"), "10 CNY at 8 is 1.25 GBP exactly");
        assertEquals(20, PayoutRules.targetAmount(100, new BigDecimal("0.05"), "JPY"), "yen have no minor unit: 20 yen");
        assertEquals(2, PayoutRules.targetAmount(6, new BigDecimal("0.04"), "JPY"), "1.5 yen rounds to the even 2");
        assertEquals(45, PayoutRules.targetAmount(100, new BigDecimal("22"), "KWD"), "dinars have 3 places: 0.045454… is 45 fils");
    }

    @Test
    void aPayoutThatIsAllFeeOrBuysLessThanOnePennyIsRefused() {
        Terms fixedFee = new Terms("GBP", GBP.rate(), DAY, 100, BigDecimal.ZERO, 2);
        Refuse allFee = assertInstanceOf(Refuse.class, PayoutRules.decide(payout("p1", 100), null, "GBP", fixedFee, () -> 1000));
        assertEquals(Refusal.INVALID_REQUEST, allFee.refusal());
        assertTrue(allFee.reason().contains("more than the fee of 100"), allFee.reason());
        Accept penny = assertInstanceOf(Accept.class, PayoutRules.decide(payout("p1", 110), null, "GBP", fixedFee, () -> 1000));
        assertEquals(100, penny.fee());
        assertEquals(1, penny.targetAmount(), "10 fen at 9.12 buy 1.096 pence");
        Refuse tiny = assertInstanceOf(Refuse.class, decide(payout("p1", 4), 1000));
        assertEquals(Refusal.INVALID_REQUEST, tiny.refusal(), "4 fen at 9.12 buys 0.4 pence");
        assertTrue(tiny.reason().contains("GBP"), tiny.reason());
    }

    // ---- refusals -------------------------------------------------------------------------------

    @Test
    void aPayoutOfExactlyTheAvailableFundsIsAcceptedAndOneFenMoreIsNotEnough() {
        assertInstanceOf(Accept.class, decide(payout("p1", 100000), 100000));
        Refuse over = assertInstanceOf(Refuse.class, decide(payout("p1", 100001), 100000));
        assertEquals(Refusal.NOT_ENOUGH, over.refusal());
        assertTrue(over.reason().contains("100000 available"), over.reason());
        assertEquals(Refusal.NOT_ENOUGH, refusal(decide(payout("p1", 1000), 0)), "an account without funds");
    }

    @Test
    void theSamePayoutNumberWithTheSameTermsIsTheStoredPayoutAndWithOthersIsReused() {
        Stored stored = new Stored(1000, "CNY", "GBP");
        LongSupplier spent = () -> 0;
        assertInstanceOf(Repeat.class, PayoutRules.decide(payout("p1", 1000), stored, "GBP", GBP, spent),
                "found again even though its money is gone from the funds");
        assertEquals(Refusal.NUMBER_REUSED, refusal(PayoutRules.decide(payout("p1", 1001), stored, "GBP", GBP, spent)));
        assertEquals(Refusal.NUMBER_REUSED, refusal(PayoutRules.decide(new PayoutTerms("p1", 1000, "CNY", "EUR", null), stored, "GBP",
                GBP, spent)));
        assertInstanceOf(Repeat.class, PayoutRules.decide(new PayoutTerms("p1", 1000, "CNY", "GBP", "another text"), stored, null, null,
                spent), "the description is not a term; nor does a beneficiary removed since matter");
    }

    @Test
    void aMalformedPayoutIsAnInvalidRequestBeforeAnythingElse() {
        Stored stored = new Stored(1000, "CNY", "GBP");
        for (PayoutTerms bad : List.of(new PayoutTerms("p1", 0, "CNY", "GBP", null), new PayoutTerms("p1", -5, "CNY", "GBP", null),
                new PayoutTerms("p1", 1000, "GBP", "GBP", null), new PayoutTerms("p1", 1000, null, "GBP", null),
                new PayoutTerms(" ", 1000, "CNY", "GBP", null), new PayoutTerms(null, 1000, "CNY", "GBP", null),
                new PayoutTerms("p".repeat(65), 1000, "CNY", "GBP", null), new PayoutTerms("p1", 1000, "CNY", "", null),
                new PayoutTerms("p1", 1000, "CNY", "GBP", "d".repeat(257)))) {
            assertEquals(Refusal.INVALID_REQUEST, refusal(PayoutRules.decide(bad, stored, "GBP", GBP, () -> 1_000_000)), bad.toString());
        }
    }

    @Test
    void withoutABeneficiaryOrInAnotherCurrencyThanItsOrOneWithoutTermsAPayoutIsRefused() {
        assertEquals(Refusal.NO_BENEFICIARY, refusal(PayoutRules.decide(payout("p1", 1000), null, null, GBP, () -> 1000)));
        assertEquals(Refusal.CURRENCY_NOT_ACCEPTED, refusal(PayoutRules.decide(payout("p1", 1000), null, "EUR", GBP, () -> 1000)));
        assertEquals(Refusal.CURRENCY_NOT_ACCEPTED,
                refusal(PayoutRules.decide(new PayoutTerms("p1", 1000, "CNY", "EUR", null), null, "EUR", null, () -> 1000)));
    }

    // ---- the funds ------------------------------------------------------------------------------

    @Test
    void theFundsAreWhatWasPaidAndReleasedLessRefundsAndPayoutsNotFailed() {
        HeldView holding = new HeldView("held1", "t1", 5000, 0, 1000, 4000, false, 0);
        HeldView released = new HeldView("held2", "t2", 3000, 500, 900, 0, true, 18); // its fee kept: 18
        Balance b = PayoutRules.balance(10000, 1000, List.of(holding, released), 2000, 3000);
        assertEquals(new Balance(10000 - 1000 + (3000 - 18 - 500 - 900) - 2000 - 3000, 4000, 2000, 3000), b);
        assertEquals(new Balance(0, 0, 0, 0), PayoutRules.balance(0, 0, List.of(), 0, 0), "a fresh account");
        assertEquals(new Balance(10000 - 1000 - 6000 - 2000, 0, 2000, 0, 6000), PayoutRules.balance(10000, 1000, List.of(), 2000, 0, 6000),
                "what the company has not settled yet is pending, not available");
    }

    // ---- the payout's life ----------------------------------------------------------------------

    @Test
    void aDuePayoutIsPaidAtItsDueTimeOrFailsWithTheArrangedReasonAndMovesNoFurther() {
        OffsetDateTime accepted = OffsetDateTime.of(2026, 11, 26, 6, 0, 0, 0, ZoneOffset.UTC);
        Payout paid = new Payout(1, "p1", "31x", 1000, "CNY", 5, GBP.rate(), DAY, 109, "GBP", null, null, accepted, accepted.plusSeconds(2));
        assertFalse(PayoutRules.due(paid.getDueAt(), accepted.plusSeconds(1)));
        assertTrue(PayoutRules.due(paid.getDueAt(), accepted.plusSeconds(2)));
        paid.settle();
        assertEquals(Payout.State.PAID, paid.getState());
        assertEquals(accepted.plusSeconds(2), paid.getPaidAt());
        assertNull(paid.getFailReason());
        assertThrows(IllegalStateException.class, paid::settle);

        Payout failing = new Payout(1, "p2", "31y", 1000, "CNY", 5, GBP.rate(), DAY, 109, "GBP", "BANK_REJECTED", null, accepted,
                accepted.plusSeconds(2));
        assertNull(failing.getFailReason(), "the arranged reason is not shown while it is ACCEPTED");
        failing.settle();
        assertEquals(Payout.State.FAILED, failing.getState());
        assertEquals("BANK_REJECTED", failing.getFailReason());
        assertNull(failing.getPaidAt());
        assertThrows(IllegalStateException.class, failing::settle);
    }

    // ---- the beneficiary ------------------------------------------------------------------------

    @Test
    void theBeneficiaryIsKeptAsTheNamesFirstCharacterTheNumbersLastFourAndTheNumbersHash() {
        assertEquals("张*", PayoutRules.maskHolder("张三"));
        assertEquals("J*", PayoutRules.maskHolder("Jane Doe"));
        assertEquals("****6819", PayoutRules.maskAccount(ACCOUNT));
        assertEquals("****", PayoutRules.maskAccount("1234"), "a number of four or fewer is all masked");
        assertEquals(PayoutRules.accountHash(ACCOUNT), PayoutRules.accountHash("gb29nwbk60161331926819"),
                "the same account however it is grouped or cased");
        assertTrue(PayoutRules.accountHash(ACCOUNT).matches("[0-9a-f]{64}"));
    }

    @Test
    void aBeneficiaryWithAFieldMissingOrMalformedIsRefusedWithoutEchoingIt() {
        assertEquals(Optional.empty(), PayoutRules.checkBeneficiary(new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "GB", "GBP")));
        assertEquals(Optional.empty(), PayoutRules.checkBeneficiary(new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2LXXX", "GB", "GBP")));
        for (BeneficiaryTerms bad : List.of(new BeneficiaryTerms(" ", ACCOUNT, "NWBKGB2L", "GB", "GBP"),
                new BeneficiaryTerms("Jane Doe", null, "NWBKGB2L", "GB", "GBP"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "", "GB", "GBP"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2", "GB", "GBP"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "GBR", "GBP"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "gb", "GBP"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "GB", "GB"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "GB", "POUND"),
                new BeneficiaryTerms("Jane Doe", ACCOUNT, "NWBKGB2L", "GB", "CNY"),
                new BeneficiaryTerms("Jane Doe", "1".repeat(65), "NWBKGB2L", "GB", "GBP"))) {
            PayoutRules.Refused r = PayoutRules.checkBeneficiary(bad).orElseThrow(() -> new AssertionError(bad.toString()));
            assertEquals(Refusal.INVALID_REQUEST, r.refusal());
            assertFalse(r.reason().contains("6819") || r.reason().contains("Jane"), r.reason());
        }
    }

    // ---- the company's terms --------------------------------------------------------------------

    @Test
    void withoutTermsOfItsOwnACompanyPaysGbpAtTheDefaultTermsOfTheDay() {
        assertEquals(List.of(new Terms("GBP", new BigDecimal("9.12345678"), DAY, 0, new BigDecimal("0.50"), 2)),
                PayoutRules.effective(List.of(), DAY));
        Terms usd = new Terms("USD", new BigDecimal("7.1"), DAY, 0, BigDecimal.ONE, 5);
        assertEquals(List.of(GBP, usd), PayoutRules.effective(List.of(usd), DAY), "another currency's terms leave GBP's default");
        Terms gbp = new Terms("GBP", new BigDecimal("9.2"), DAY, 10, BigDecimal.ONE, 0);
        assertEquals(List.of(gbp, usd), PayoutRules.effective(List.of(gbp, usd), DAY));
    }

    @Test
    void termsTheCompanyCouldNotPayByAreRefusedNamingTheField() {
        assertEquals(Optional.empty(), PayoutRules.checkTerms(GBP));
        assertEquals(Optional.empty(), PayoutRules.checkTerms(new Terms("JPY", new BigDecimal("0.04812345"), DAY, 0, new BigDecimal("99.9999"), 0)));
        List<Terms> bad = List.of(new Terms("XAU", GBP.rate(), DAY, 0, BigDecimal.ONE, 2),
                new Terms("gbp", GBP.rate(), DAY, 0, BigDecimal.ONE, 2),
                new Terms("GBP", BigDecimal.ZERO, DAY, 0, BigDecimal.ONE, 2),
                new Terms("GBP", new BigDecimal("9.123456789"), DAY, 0, BigDecimal.ONE, 2),
                new Terms("GBP", GBP.rate(), null, 0, BigDecimal.ONE, 2),
                new Terms("GBP", GBP.rate(), DAY, -1, BigDecimal.ONE, 2),
                new Terms("GBP", GBP.rate(), DAY, 0, new BigDecimal("100"), 2),
                new Terms("GBP", GBP.rate(), DAY, 0, new BigDecimal("0.00001"), 2),
                new Terms("GBP", GBP.rate(), DAY, 0, BigDecimal.ONE, -1));
        List<String> fields = List.of("currency", "currency", "rate", "rate", "rateDate", "feeFixed", "feePercent", "feePercent",
                "paidAfterSeconds");
        for (int i = 0; i < bad.size(); i++) {
            assertEquals(fields.get(i), PayoutRules.checkTerms(bad.get(i)).map(Problem::field).orElse(null), bad.get(i).toString());
        }
    }

    @Test
    void ratesAreShownWithEightPlacesAndFeePercentagesWithAtLeastTwo() {
        assertEquals("9.12345678", PayoutRules.rateText(new BigDecimal("9.12345678")));
        assertEquals("9.10000000", PayoutRules.rateText(new BigDecimal("9.1")));
        assertEquals("0.50", PayoutRules.percentText(new BigDecimal("0.5000")));
        assertEquals("0.125", PayoutRules.percentText(new BigDecimal("0.1250")));
        assertEquals("1.00", PayoutRules.percentText(new BigDecimal("1")));
    }
}
