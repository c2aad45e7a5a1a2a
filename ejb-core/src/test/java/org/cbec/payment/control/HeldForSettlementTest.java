package org.cbec.payment.control;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import org.cbec.payment.entity.TradeState;
import org.cbec.company.PaymentType;
import org.cbec.payment.CreatePayment;
import org.cbec.payment.PaymentView;
import org.cbec.platform.error.InvalidRequestException;
import org.junit.jupiter.api.Test;

/** Which creates hold the money for settlement at the company (spec 2.2 {@code profitSharing}, "default true"). */
class HeldForSettlementTest {

    private static CreatePayment create(String currency, Boolean profitSharing) {
        return new CreatePayment("alphapay", "NATIVE", "o-1", 100L, null, null, null, null, currency, profitSharing, null, null,
                null, null, null, null, null, null, null, null, null, null, null);
    }

    private static PaymentView stored(String currency, boolean held) {
        return new PaymentView("demo", "alphapay", "o-1", PaymentType.NATIVE, currency, 100, null, TradeState.NOTPAY, false, null, null, null, null, null,
                null, null, null, null, null, null, held, 1);
    }

    @Test
    void aCnyPaymentIsHeldWhenProfitSharingIsTrueOrAbsent() {
        assertTrue(PaymentRules.heldForSettlement("CNY", true));
        assertTrue(PaymentRules.heldForSettlement("CNY", null), "the spec's default is true");
    }

    @Test
    void aCnyPaymentWithProfitSharingFalseIsNotHeld() {
        assertFalse(PaymentRules.heldForSettlement("CNY", false));
    }

    @Test
    void aGbpPaymentWithoutProfitSharingIsNotHeldAndPasses() {
        assertFalse(PaymentRules.heldForSettlement("GBP", null));
        assertFalse(PaymentRules.heldForSettlement("GBP", false));
        assertDoesNotThrow(() -> PaymentRules.checkCreate(create("GBP", null), EnumSet.allOf(PaymentType.class)));
        assertDoesNotThrow(() -> PaymentRules.checkCreate(create("GBP", false), EnumSet.allOf(PaymentType.class)));
    }

    @Test
    void aGbpPaymentWithProfitSharingTrueIsRefusedNamingIt() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkCreate(create("GBP", true), EnumSet.allOf(PaymentType.class)));
        assertEquals("profitSharing", e.field());
        assertTrue(e.getMessage().startsWith("profitSharing "), e.getMessage());
    }

    @Test
    void aCnyPaymentWithProfitSharingTruePasses() {
        assertDoesNotThrow(() -> PaymentRules.checkCreate(create("CNY", true), EnumSet.allOf(PaymentType.class)));
    }

    @Test
    void aRepeatThatHoldsAsTheStoredPaymentDoesIsTheSameCreate() {
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", true), HeldForSettlementTest::notRead, create("CNY", null)));
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", true), HeldForSettlementTest::notRead, create("CNY", true)));
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", false), HeldForSettlementTest::notRead, create("CNY", false)));
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("GBP", false), HeldForSettlementTest::notRead, create("GBP", null)));
    }

    /** The stored request is read only when the flags differ (a rare repeat), never on the common one. */
    private static CreatePayment notRead() {
        throw new AssertionError("the stored request was read although the flags agree");
    }

    @Test
    void aRepeatWithAnotherProfitSharingIsRefusedNamingOrderRef() {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkRepeat(stored("CNY", true), () -> create("CNY", null), create("CNY", false)));
        assertEquals("orderRef", e.field());
        assertTrue(e.getMessage().contains("profitSharing"), e.getMessage());
        assertEquals("orderRef", assertThrows(InvalidRequestException.class,
                () -> PaymentRules.checkRepeat(stored("CNY", false), () -> create("CNY", false), create("CNY", true))).field());
    }

    @Test
    void aPaymentStoredBeforeHoldingExistedIsTheSameCreateWhenItsRequestIsSentAgain() {
        // Stored before the flag: not held, its request without profitSharing. The identical retry
        // reads as held, as the stored request does: the same create (still sent not held).
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", false), () -> create("CNY", null), create("CNY", null)));
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", false), () -> create("CNY", null), create("CNY", true)));
        assertDoesNotThrow(() -> PaymentRules.checkRepeat(stored("CNY", false), HeldForSettlementTest::notRead, create("CNY", false)));
    }

    @Test
    void aRepeatWithAnotherAmountIsStillRefusedNamingOrderRef() {
        CreatePayment other = new CreatePayment("alphapay", "NATIVE", "o-1", 101L, null, null, null, null, "CNY", null, null, null,
                null, null, null, null, null, null, null, null, null, null, null);
        assertEquals("orderRef", assertThrows(InvalidRequestException.class, () -> PaymentRules.checkRepeat(stored("CNY", true), () -> create("CNY", null), other)).field());
    }
}
