package org.cbec.sandbox.books;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.cbec.sandbox.books.SettlementRules.Holding;
import org.cbec.sandbox.books.SettlementRules.PartNow;
import org.cbec.sandbox.books.SettlementRules.Refused;
import org.cbec.sandbox.books.Settlements.PartTerms;
import org.cbec.sandbox.books.Settlements.Refusal;
import org.junit.jupiter.api.Test;

/** The settlement rules as a merchant meets them: what an order holds and which split, release or refund is refused. */
class SettlementRulesTest {

    static final Predicate<PartTerms> ALL_REGISTERED = p -> true;
    static final OffsetDateTime NOW = OffsetDateTime.of(2026, 11, 26, 12, 0, 0, 0, ZoneOffset.UTC);

    static PartTerms part(String account, long amount) {
        return new PartTerms("MERCHANT_ID", account, amount, "share");
    }

    static Optional<Refusal> split(Holding holding, PartTerms... parts) {
        return SettlementRules.checkSplit(true, holding, 0, List.of(parts), ALL_REGISTERED, 30).map(Refused::refusal);
    }

    @Test
    void theHoldingIsWhatWasPaidLessRefundsAndPartsNotClosed() {
        Holding h = SettlementRules.holding(10000, 1000,
                List.of(new PartNow(false, 1500, "SUCCESS"), new PartNow(false, 500, "PENDING"), new PartNow(false, 700, "CLOSED")),
                false);
        assertEquals(2000, h.split());
        assertEquals(7000, h.unsplit());
    }

    @Test
    void aReleaseToTheMerchantIsNotASplitAndLeavesNothingHeld() {
        Holding h = SettlementRules.holding(10000, 0, List.of(new PartNow(false, 1000, "SUCCESS"), new PartNow(true, 9000, "SUCCESS")),
                true);
        assertEquals(1000, h.split());
        assertEquals(0, h.unsplit());
    }

    @Test
    void theMaximumShareIsThirtyPercentOfWhatWasPaidRoundedDown() {
        assertEquals(3000, SettlementRules.maxShare(10000, 30));
        assertEquals(3000, SettlementRules.maxShare(10003, 30));
        assertEquals(3, SettlementRules.maxShare(10, 30));
    }

    @Test
    void aSplitUpToTheMaximumShareIsAllowedAndOneFenMoreIsRefused() {
        Holding h = new Holding(10000, 0, 2000, false);
        assertEquals(Optional.empty(), split(h, part("R1", 600), part("R2", 400)));
        assertEquals(Optional.of(Refusal.SHARE_EXCEEDED), split(h, part("R1", 600), part("R2", 401)));
    }

    @Test
    void aClosedPartsMoneyComesBackToWhatMayBeSplit() {
        Holding h = SettlementRules.holding(10000, 0, List.of(new PartNow(false, 3000, "CLOSED")), false);
        assertEquals(Optional.empty(), split(h, part("R1", 3000)));
    }

    @Test
    void aSplitOverWhatIsStillHeldIsRefusedEvenWithinTheShare() {
        Holding h = new Holding(10000, 8000, 0, false);
        assertEquals(Optional.of(Refusal.NOT_ENOUGH_HELD), split(h, part("R1", 2001)));
        assertEquals(Optional.empty(), split(h, part("R1", 2000)));
    }

    @Test
    void theFeeTheCompanyKeepsIsNotHeldForTheMerchantButARefundMayStillTakeThePaidAmount() {
        Holding h = SettlementRules.holding(10000, 2000, List.of(new PartNow(false, 1000, "SUCCESS")), false, 60 - 12);
        assertEquals(10000 - 48 - 2000 - 1000, h.unsplit(), "the fee kept (60, less 12 given back by the refund) is the company's");
        Holding mostlyRefunded = SettlementRules.holding(10000, 7000, List.of(), false, 60 - 42);
        assertEquals(Optional.of(Refusal.NOT_ENOUGH_HELD), split(mostlyRefunded, part("R1", 2983)), "2,982 held, the fee kept 18");
        assertEquals(Optional.empty(), split(mostlyRefunded, part("R1", 2982)));
        assertEquals(10000 - 2000 - 1000, h.refundable(), "refunds are of what the payer paid");
    }

    @Test
    void onlyAPaidOrderCreatedHeldIsSplitOrReleased() {
        Holding h = new Holding(10000, 0, 0, false);
        assertEquals(Refusal.ORDER_NOT_HELD,
                SettlementRules.checkSplit(false, h, 0, List.of(part("R1", 1)), ALL_REGISTERED, 30).orElseThrow().refusal());
        assertEquals(Refusal.ORDER_NOT_HELD, SettlementRules.checkRelease(false, h).orElseThrow().refusal());
    }

    @Test
    void nothingIsSplitOrReleasedAfterARelease() {
        Holding released = new Holding(10000, 0, 0, true);
        assertEquals(Optional.of(Refusal.ALREADY_RELEASED), split(released, part("R1", 1)));
        assertEquals(Refusal.ALREADY_RELEASED, SettlementRules.checkRelease(true, released).orElseThrow().refusal());
        assertEquals(Optional.empty(), SettlementRules.checkRelease(true, new Holding(10000, 0, 0, false)));
    }

    @Test
    void aReceiverNotRegisteredForTheAccountIsRefusedAndNamed() {
        Refused r = SettlementRules.checkSplit(true, new Holding(10000, 0, 0, false), 0, List.of(part("R1", 1), part("R9", 1)),
                p -> p.account().equals("R1"), 30).orElseThrow();
        assertEquals(Refusal.RECEIVER_NOT_REGISTERED, r.refusal());
        assertTrue(r.reason().contains("R9"), r.reason());
    }

    @Test
    void fiftyReceiversInASplitAreAllowedAndFiftyOneAreTooMany() {
        List<PartTerms> fifty = new ArrayList<>(Collections.nCopies(50, part("R1", 1)));
        assertEquals(Optional.empty(), SettlementRules.checkShape("s1", fifty));
        fifty.add(part("R1", 1));
        assertEquals(Refusal.TOO_MANY, SettlementRules.checkShape("s1", fifty).orElseThrow().refusal());
    }

    @Test
    void theFiftyFirstSplitOfAnOrderIsTooMany() {
        Holding h = new Holding(100000, 0, 0, false);
        assertEquals(Optional.empty(), SettlementRules.checkSplit(true, h, 49, List.of(part("R1", 1)), ALL_REGISTERED, 30));
        assertEquals(Refusal.TOO_MANY,
                SettlementRules.checkSplit(true, h, 50, List.of(part("R1", 1)), ALL_REGISTERED, 30).orElseThrow().refusal());
    }

    @Test
    void aSplitNeedsANumberAReceiverAndAmountsAboveZero() {
        assertEquals(Refusal.INVALID_REQUEST, SettlementRules.checkShape(" ", List.of(part("R1", 1))).orElseThrow().refusal());
        assertEquals(Refusal.INVALID_REQUEST, SettlementRules.checkShape("s1", List.of()).orElseThrow().refusal());
        assertEquals(Refusal.INVALID_REQUEST, SettlementRules.checkShape("s1", List.of(part("R1", 0))).orElseThrow().refusal());
        assertEquals(Refusal.INVALID_REQUEST, SettlementRules.checkShape("s1", List.of(part("R1", -5))).orElseThrow().refusal());
    }

    @Test
    void aRefundOfAHeldOrderMayNotTakeMoneySplitToReceivers() {
        Holding h = new Holding(10000, 1000, 3000, false);
        assertEquals(Optional.empty(), SettlementRules.checkRefundOfHeld(h, 6000));
        String reason = SettlementRules.checkRefundOfHeld(h, 6001).orElseThrow();
        assertTrue(reason.contains("does not come back by a refund"), reason);
    }

    @Test
    void releasedMoneyIsTheMerchantsAndCanStillBeRefunded() {
        assertEquals(Optional.empty(), SettlementRules.checkRefundOfHeld(new Holding(10000, 0, 3000, true), 7000));
    }

    @Test
    void theCompanyReleasesAnOrderPaidItsDaysAgoThatStillHoldsMoney() {
        Holding holding = new Holding(10000, 0, 3000, false);
        assertTrue(SettlementRules.dueForCompanyRelease(NOW.minusDays(30), holding, NOW, 30));
        assertFalse(SettlementRules.dueForCompanyRelease(NOW.minusDays(30).plusSeconds(1), holding, NOW, 30));
        assertFalse(SettlementRules.dueForCompanyRelease(NOW.minusDays(31), new Holding(10000, 0, 3000, true), NOW, 30));
        assertFalse(SettlementRules.dueForCompanyRelease(NOW.minusDays(31), new Holding(10000, 7000, 3000, false), NOW, 30));
        assertFalse(SettlementRules.dueForCompanyRelease(null, holding, NOW, 30));
    }

    @Test
    void aReceiversNameIsMaskedToItsFirstCharacter() {
        assertEquals("张*", SettlementRules.mask("张三"));
        assertEquals("A*", SettlementRules.mask("Alice Smith"));
        assertEquals("\uD840\uDC00*", SettlementRules.mask("\uD840\uDC00\u4E8C"), "a character beyond the BMP stays whole");
        assertNull(SettlementRules.mask(null));
        assertNull(SettlementRules.mask(""));
    }
}
