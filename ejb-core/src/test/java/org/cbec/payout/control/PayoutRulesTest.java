package org.cbec.payout.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.cbec.company.PayoutStatus;
import org.cbec.payout.PayoutView;
import org.cbec.payout.RegisterPayoutAccount;
import org.cbec.payout.RequestPayout;
import org.cbec.payment.entity.PayoutState;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

/** What a payout request is answered, and what the company's figures must add up to. */
class PayoutRulesTest {

    private static final BigDecimal RATE = new BigDecimal("9.12345678");

    @Test
    void theTargetAmountIsWhatIsLeftAfterTheFeeAtTheRateInTheCurrencysMinorUnitHalfEven() {
        // 995.00 CNY / 9.12345678 = 109.0595… GBP
        assertEquals(10_906, PayoutRules.targetAmount(100_000, 500, RATE, "GBP"));
        // 1.00 CNY at 2.00 per unit is 0.50 exactly: pence have room, yen round half-even to 0
        assertEquals(50, PayoutRules.targetAmount(100, 0, new BigDecimal("2.00000000"), "GBP"));
        assertEquals(0, PayoutRules.targetAmount(100, 0, new BigDecimal("2.00000000"), "JPY"));
        assertEquals(2, PayoutRules.targetAmount(300, 0, new BigDecimal("2.00000000"), "JPY"), "1.5 yen rounds to the even 2");
        assertEquals(3_333, PayoutRules.targetAmount(10_000, 0, new BigDecimal("30.00000000"), "BHD"), "3 digits: 3.333333 dinars");
    }

    @Test
    void aPayoutTakesWhatItAsksOrAllThatIsAvailableAndNeverMoreNorUnderTheMinimum() {
        assertEquals(700, PayoutRules.decide(Optional.empty(), request(700L), true, 1_000, 100).amount());
        assertEquals(1_000, PayoutRules.decide(Optional.empty(), request(null), true, 1_000, 100).amount());
        assertEquals(1_000, PayoutRules.decide(Optional.empty(), request(1_000L), true, 1_000, 100).amount(), "exactly what is available");
        assertRefused("amount", () -> PayoutRules.decide(Optional.empty(), request(1_001L), true, 1_000, 100));
        assertRefused("amount", () -> PayoutRules.decide(Optional.empty(), request(99L), true, 1_000, 100));
        assertRefused("amount", () -> PayoutRules.decide(Optional.empty(), request(null), true, 99, 100));
        assertRefused("amount", () -> PayoutRules.decide(Optional.empty(), request(null), true, -5, 100));
        assertRefused("paymentMethod", () -> PayoutRules.decide(Optional.empty(), request(700L), false, 1_000, 100));
    }

    @Test
    void theSamePayoutRefIsTheSamePayoutWithTheSameBodyAndRefusedWithAnother() {
        PayoutView stored = view(700L, 700, "alphapay");
        assertEquals(Optional.of(stored), PayoutRules.decide(Optional.of(stored), request(700L), true, 0, 100).repeated(),
                "answered even when nothing is available now");
        assertRefused("payoutRef", () -> PayoutRules.decide(Optional.of(stored), request(800L), true, 10_000, 100));
        assertRefused("payoutRef", () -> PayoutRules.decide(Optional.of(stored), request(null), true, 10_000, 100));
        assertRefused("payoutRef", () -> PayoutRules.decide(Optional.of(view(700L, 700, "betapay")), request(700L), true, 10_000, 100));
    }

    @Test
    void theCompanysFiguresMustAddUp() {
        PayoutView p = view(100_000L, 100_000, "alphapay");
        assertEquals(Optional.empty(), PayoutRules.disagreement(p, status(100_000, 500, 10_906)));
        assertTrue(PayoutRules.disagreement(p, status(100_000, 500, 10_907)).orElseThrow().contains("10906"));
        assertTrue(PayoutRules.disagreement(p, status(90_000, 500, 9_810)).isPresent(), "another amount");
        assertTrue(PayoutRules.disagreement(p, status(100_000, 100_000, 0)).isPresent(), "a fee of everything");
    }

    private static final java.util.Set<String> GBP = PayoutRules.currencies(PayoutRules.DEFAULT_CURRENCIES);

    @Test
    void anAccountAbroadIsAKnownCountryAndAForeignCurrency() {
        PayoutRules.checkAccount(account("GB", "GBP"), "alphapay", GBP);
        assertRefused("bankCountry", () -> PayoutRules.checkAccount(account("XX", "GBP"), "alphapay", GBP));
        assertRefused("currency", () -> PayoutRules.checkAccount(account("GB", "XXQ"), "alphapay", GBP));
        assertRefused("currency", () -> PayoutRules.checkAccount(account("CN", "CNY"), "alphapay", Set.of("CNY", "GBP")));
        assertRefused("accountNumber", () -> PayoutRules.checkAccount(new RegisterPayoutAccount("Harbour Tea Ltd", "GB33-BUKB", "BUKBGB22",
                "GB", "GBP"), "alphapay", GBP));
        assertRefused("swiftCode", () -> PayoutRules.checkAccount(new RegisterPayoutAccount("Harbour Tea Ltd", "GB33 BUKB 2020 1555 5555 55",
                "bukbgb22", "GB", "GBP"), "alphapay", GBP));
        assertEquals("GB33BUKB20201555555555", new RegisterPayoutAccount("H", "GB33 BUKB 2020 1555 5555 55", "BUKBGB22", "GB", "GBP")
                .account());
    }

    /** The company pays out only in the currencies of its payout terms: another real one is 422 naming currency, before any call. */
    @Test
    void anAccountAbroadIsInACurrencyTheCompanyPaysIn() {
        for (String other : List.of("USD", "JPY", "EUR", "XAU")) {
            InvalidRequestException e = assertThrows(InvalidRequestException.class,
                    () -> PayoutRules.checkAccount(account("GB", other), "alphapay", GBP), other);
            assertEquals("currency", e.field());
            assertEquals("currency " + other + " is not one alphapay pays out in (GBP)", e.getMessage());
        }
        PayoutRules.checkAccount(account("US", "USD"), "betapay", PayoutRules.currencies(" GBP, USD "));
        assertEquals(Set.of("GBP"), GBP);
        assertEquals(Set.of("GBP", "JPY"), PayoutRules.currencies("gbp,JPY,,"));
        assertRefused("currency", () -> PayoutRules.checkAccount(account("GB", "GBP"), "alphapay", Set.of()));
    }

    private static RegisterPayoutAccount account(String country, String currency) {
        return new RegisterPayoutAccount("Harbour Tea Ltd", "GB33 BUKB 2020 1555 5555 55", "BUKBGB22", country, currency);
    }

    private static RequestPayout request(Long amount) {
        return new RequestPayout("alphapay", "p-1", amount, "November", null);
    }

    private static PayoutView view(Long requested, long amount, String method) {
        OffsetDateTime at = OffsetDateTime.parse("2026-11-26T10:00:00Z");
        return new PayoutView(1, "m", method, "p-1", requested, amount, "CNY", "GBP", "November", null, PayoutState.ACCEPTED, null, null,
                null, null, null, null, null, at, null, null, at);
    }

    private static PayoutStatus status(long amount, long fee, long target) {
        return new PayoutStatus("p-1", "PO1", PayoutStatus.State.ACCEPTED, amount, "CNY", fee, RATE, LocalDate.of(2026, 11, 26), target,
                "GBP", null, OffsetDateTime.parse("2026-11-26T18:00:00+08:00"), null);
    }

    private static void assertRefused(String field, org.junit.jupiter.api.function.Executable call) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, call);
        assertEquals(field, e.field(), e::getMessage);
    }
}
