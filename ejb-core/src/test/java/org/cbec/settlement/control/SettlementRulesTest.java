package org.cbec.settlement.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cbec.settlement.AddReceiver;
import org.cbec.payment.PaymentFormats;
import org.cbec.settlement.ReleaseHeld;
import org.cbec.settlement.SplitPayment;
import org.cbec.settlement.SplitShare;
import org.cbec.settlement.SplitView;
import org.cbec.settlement.control.SettlementRules.Held;
import org.cbec.payment.entity.PartResult;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;
import org.cbec.refund.control.RefundRules;
import org.cbec.payment.control.HeldRefunds;

/** The rules of splitting and releasing a held payment, and of refunding one, without a container. */
class SettlementRulesTest {

    /** Paid 10 000 fen, held, nothing refunded: the maximum share is 3 000. */
    private static final Held HELD = new Held("o-1", TradeState.SUCCESS, true, 10_000, 0);
    private static final Map<String, String> REGISTERED = Map.of("shop-a", "MERCHANT", "shop-b", "PERSONAL");

    @Test
    void aFirstSplitIsNumberOneAndItsCompanyNumberIsDerivedFromTheOrder() {
        SettlementRules.Decision d = SettlementRules.decideSplit(HELD, List.of(), split("s-1", share("shop-a", 1_000)), REGISTERED, 30);
        assertTrue(d.repeated().isEmpty());
        assertEquals(1, d.seq());
        assertEquals("o-1-S1", SettlementRules.companyNo("o-1", d.seq()));
    }

    @Test
    void splitsNeverPassTheMaximumShareOfWhatWasPaidAndClosedPartsNoLongerCount() {
        List<SplitView> splits = List.of(stored("s-1", PartResult.SUCCESS, 2_000), stored("s-2", PartResult.CLOSED, 900));
        assertEquals(3, SettlementRules.decideSplit(HELD, splits, split("s-3", share("shop-a", 1_000)), REGISTERED, 30).seq());
        InvalidRequestException over = refused(() -> SettlementRules.decideSplit(HELD, splits, split("s-3", share("shop-a", 1_001)),
                REGISTERED, 30));
        assertEquals("receivers", over.field());
        assertTrue(over.getMessage().contains("maximum share of 30% of 10000 paid (3000)"), over.getMessage());
        assertEquals(4_000, SettlementRules.maxShare(10_000, 40));
        assertEquals(2, SettlementRules.decideSplit(HELD, splits.subList(0, 1), split("s-3", share("shop-a", 2_000)), REGISTERED, 40).seq(),
                "the share is the company's, configurable");
    }

    @Test
    void aSplitNeverTakesMoreThanIsStillHeldAfterRefunds() {
        Held refunded = new Held("o-1", TradeState.SUCCESS, true, 10_000, 8_500);
        assertEquals(1_500, SettlementRules.heldAmount(refunded, List.of()));
        InvalidRequestException over = refused(() -> SettlementRules.decideSplit(refunded, List.of(), split("s-1", share("shop-a", 1_501)),
                REGISTERED, 30));
        assertEquals("receivers", over.field());
        assertTrue(over.getMessage().contains("still holds: 1500"), over.getMessage());
    }

    @Test
    void onlyAPaidHeldUnreleasedPaymentIsSplitEachRefusalNamingOrderRef() {
        SplitPayment s = split("s-1", share("shop-a", 100));
        assertEquals("orderRef", refused(() -> SettlementRules.decideSplit(new Held("o-1", TradeState.NOTPAY, true, 10_000, 0), List.of(), s,
                REGISTERED, 30)).field());
        InvalidRequestException notHeld = refused(() -> SettlementRules.decideSplit(new Held("o-1", TradeState.SUCCESS, false, 10_000, 0),
                List.of(), s, REGISTERED, 30));
        assertEquals("orderRef", notHeld.field());
        assertTrue(notHeld.getMessage().contains("not held for settlement"), notHeld.getMessage());
        List<SplitView> released = List.of(release("rel-1", SettlementState.FINISHED));
        assertEquals("orderRef", refused(() -> SettlementRules.decideSplit(HELD, released, s, REGISTERED, 30)).field());
        assertEquals(0, SettlementRules.heldAmount(HELD, released));
        assertFalse(SettlementRules.released(List.of(release("rel-1", SettlementState.REFUSED))), "a refused release released nothing");
    }

    @Test
    void theFiftyFirstSplitIsRefusedNamingOrderRef() {
        List<SplitView> fifty = new ArrayList<>();
        for (int i = 1; i <= PaymentFormats.MAX_SPLITS; i++) {
            fifty.add(stored("s-" + i, PartResult.CLOSED, 1));
        }
        InvalidRequestException over = refused(() -> SettlementRules.decideSplit(HELD, fifty, split("s-51", share("shop-a", 1)), REGISTERED,
                30));
        assertEquals("orderRef", over.field());
        assertTrue(over.getMessage().contains("50 splits"), over.getMessage());
    }

    @Test
    void aReceiverMustBeRegisteredAtThePaymentsCompany() {
        InvalidRequestException unknown = refused(() -> SettlementRules.decideSplit(HELD, List.of(),
                split("s-1", share("shop-a", 100), share("nobody", 100)), REGISTERED, 30));
        assertEquals("receivers[1].account", unknown.field());
        assertTrue(unknown.getMessage().contains("account no****dy is not a receiver") && !unknown.getMessage().contains("nobody"),
                "masked as everywhere the broker shows a receiver: " + unknown.getMessage());
    }

    @Test
    void theSameSettlementRefWithTheSameBodyIsTheSameSplitAndWithAnotherIsRefused() {
        List<SplitView> splits = List.of(stored("s-1", PartResult.PENDING, 1_000));
        SettlementRules.Decision again = SettlementRules.decideSplit(HELD, splits, split("s-1", share("shop-a", 1_000)), REGISTERED, 30);
        assertEquals("s-1", again.repeated().orElseThrow().settlementRef());
        assertEquals("settlementRef", refused(() -> SettlementRules.decideSplit(HELD, splits, split("s-1", share("shop-a", 999)),
                REGISTERED, 30)).field());
        assertEquals("settlementRef", refused(() -> SettlementRules.decideRelease(HELD, splits,
                new ReleaseHeld(null, "o-1", "s-1", "rest"))).field(), "a split's number is not a release's");
    }

    @Test
    void aReleaseIsTakenOnceAndNothingIsSplitAfterIt() {
        assertEquals(1, SettlementRules.decideRelease(HELD, List.of(), new ReleaseHeld(null, "o-1", "rel-1", "rest")).seq());
        List<SplitView> released = List.of(release("rel-1", SettlementState.PROCESSING));
        assertEquals("rel-1", SettlementRules.decideRelease(HELD, released, new ReleaseHeld(null, "o-1", "rel-1", "rest")).repeated()
                .orElseThrow().settlementRef());
        assertEquals("orderRef", refused(() -> SettlementRules.decideRelease(HELD, released,
                new ReleaseHeld(null, "o-1", "rel-2", "rest"))).field());
    }

    @Test
    void aRefundOfAHeldPaymentMustFitInItsHeldMoney() {
        HeldRefunds.Paid paid = new HeldRefunds.Paid("o-1", TradeState.SUCCESS, 10_000, "CNY");
        List<HeldRefunds.Held> refunds = List.of(new HeldRefunds.Held("r-1", 5_000, RefundState.SUCCESS, null, null));
        assertEquals(2, RefundRules.decide(paid, refunds, 3_000, "r-2", 2_000, null).seq());
        InvalidRequestException over = refused(() -> RefundRules.decide(paid, refunds, 3_000, "r-2", 2_001, null));
        assertEquals("amount", over.field());
        assertTrue(over.getMessage().contains("split money does not come back by a refund"), over.getMessage());
    }

    @Test
    void aMerchantReceiverNeedsItsNameAndOnlyCustomTakesACustomRelation() {
        assertEquals("name", refused(() -> SettlementRules.checkReceiver(new AddReceiver("alphapay", "MERCHANT", "shop-a", null, "STORE",
                null))).field());
        SettlementRules.checkReceiver(new AddReceiver("alphapay", "PERSONAL", "u-1", null, "USER", null));
        assertEquals("customRelation", refused(() -> SettlementRules.checkReceiver(new AddReceiver("alphapay", "PERSONAL", "u-1", null,
                "CUSTOM", null))).field());
        assertEquals("customRelation", refused(() -> SettlementRules.checkReceiver(new AddReceiver("alphapay", "PERSONAL", "u-1", null,
                "USER", "朋友"))).field());
        assertEquals("account", refused(() -> SettlementRules.checkReceiver(new AddReceiver("alphapay", "PERSONAL", "a b", null, "USER",
                null))).field());
    }

    @Test
    void aSplitNamesEachReceiverOnce() {
        InvalidRequestException twice = refused(() -> SettlementRules.checkSplit(split("s-1", share("shop-a", 1), share("shop-a", 2))));
        assertEquals("receivers[1].account", twice.field());
        assertTrue(twice.getMessage().contains("account sh****-a is already") && !twice.getMessage().contains("shop-a"), twice.getMessage());
        assertEquals("receivers", refused(() -> SettlementRules.checkSplit(split("s-1"))).field());
    }

    @Test
    void accountsAndNamesAreShownMasked() {
        assertEquals("sh****-a", PaymentFormats.maskAccount("shop-a"));
        assertEquals("u***", PaymentFormats.maskAccount("u1"));
        assertEquals("张**", PaymentFormats.maskName("张小三"));
        assertEquals("A*", PaymentFormats.maskName("A"));
    }

    private static InvalidRequestException refused(Runnable r) {
        return assertThrows(InvalidRequestException.class, r::run);
    }

    private static SplitShare share(String account, long amount) {
        return new SplitShare(account, amount, "share");
    }

    private static SplitPayment split(String ref, SplitShare... shares) {
        return new SplitPayment("alphapay", "o-1", ref, List.of(shares), null);
    }

    private static SplitView stored(String ref, PartResult result, long amount) {
        return new SplitView(1, 1, "demo", "alphapay", "o-1", ref, "o-1-S1", null, Settlement.Kind.SPLIT, SettlementState.PROCESSING, null,
                false, null, amount, false, List.of(new SplitView.PartView("MERCHANT", "shop-a", amount, "share", result, null, null)),
                OffsetDateTime.now(), null, null);
    }

    private static SplitView release(String ref, SettlementState state) {
        return new SplitView(2, 1, "demo", "alphapay", "o-1", ref, "o-1-S2", null, Settlement.Kind.RELEASE, state, null, false, "rest",
                0, false, List.of(), OffsetDateTime.now(), null, null);
    }

    @Test
    void whatIsHeldIsWhatWasPaidLessTheCompanysFeeKeptTheRefundsAndTheSplits() {
        Held withFee = new Held("o-1", TradeState.SUCCESS, true, 30_000, 5_000, 180 - 30);
        assertEquals(30_000 - 150 - 5_000, SettlementRules.heldAmount(withFee, List.of()), "the fee kept is the company's, not held");
        assertEquals(30_000 - 5_000, SettlementRules.heldAmount(new Held("o-1", TradeState.SUCCESS, true, 30_000, 5_000), List.of()),
                "no fee");
    }
}
