package org.cbec.company.betapay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.cbec.company.Beneficiary;
import org.cbec.company.Json;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.plumbing.vectors.Vectors;
import org.junit.jupiter.api.Test;

/**
 * Known answers for betapay's payout methods (this project's convention, docs/companies/betapay.md,
 * "Payouts abroad"): the biz_content built for fixed broker values, written out member by member, and
 * fixed answers read into the exact broker values. company-sandbox's {@code BetapayPayoutVectorsTest}
 * reads the same requests and writes the same answers on the company's side.
 */
class BetapayPayoutsTest {

    static final Vectors BIND = Vectors.read("betapay/payout-bind.txt");
    static final Vectors APPLY = Vectors.read("betapay/payout-apply.txt");
    static final Vectors QUERY = Vectors.read("betapay/payout-query.txt");
    static final String BIND_BIZ = BIND.get("param.biz_content");
    static final String BIND_NODE = BIND.get("answer.bound.node");
    static final String APPLY_BIZ = APPLY.get("param.biz_content");
    static final String QUERY_BIZ = QUERY.get("param.biz_content");
    static final String ACCEPTED_NODE = APPLY.get("answer.accepted.node");
    static final String PAID_NODE = QUERY.get("answer.paid.node");
    static final String FAILED_NODE = QUERY.get("answer.failed.node");
    static final Beneficiary BENEFICIARY = new Beneficiary("Jane Smith", "GB29NWBK60161331926819", "NWBKGB2L", "GB", "GBP");
    static final PayoutRequest PAYOUT = new PayoutRequest("PO20261126B01", 100000, "CNY", "GBP", "十一月结算");

    private static PayoutStatus accepted() {
        return new PayoutStatus("PO20261126B01", "2026112600000001", PayoutStatus.State.ACCEPTED, 100000, "CNY", 500,
                new BigDecimal("9.12345678"), LocalDate.of(2026, 11, 26), 10906, "GBP", null,
                OffsetDateTime.parse("2026-11-26T18:00:00+08:00"), null);
    }

    @Test
    void aBindSendsTheBeneficiaryInClear() {
        assertEquals(BIND_BIZ, BetapayPayouts.bindBiz(BENEFICIARY));
    }

    @Test
    void theStoredBindHasTheHolderAndAccountMasked() {
        String redacted = BetapayPayouts.bindBizRedacted(BENEFICIARY);
        assertEquals("{\"holder_name\":\"J***\",\"account_no\":\"****6819\",\"swift_code\":\"NWBKGB2L\",\"bank_country\":\"GB\","
                + "\"currency\":\"GBP\"}", redacted);
        assertFalse(redacted.contains("GB29NWBK60161331926819"));
        assertFalse(redacted.contains("Smith"));
    }

    @Test
    void aPayoutIsItsNumberTheYuanAmountAndBothCurrencies() {
        assertEquals(APPLY_BIZ, BetapayPayouts.applyBiz(PAYOUT));
    }

    @Test
    void aPayoutWithoutDescriptionLeavesTheMemberOut() {
        assertEquals("{\"out_payout_no\":\"PO20261126B02\",\"amount\":\"0.01\",\"currency\":\"CNY\",\"target_currency\":\"GBP\"}",
                BetapayPayouts.applyBiz(new PayoutRequest("PO20261126B02", 1, "CNY", "GBP", null)));
    }

    @Test
    void aQueryNamesThePayoutOnly() {
        assertEquals(QUERY_BIZ, BetapayPayouts.queryBiz("PO20261126B01"));
    }

    @Test
    void anAcceptedPayoutIsReadWithItsRateFeeAndTargetAmountInPence() {
        assertEquals(accepted(), BetapayPayouts.payoutStatus("PO20261126B01", Json.object(ACCEPTED_NODE)));
    }

    @Test
    void aPaidPayoutHasItsPaidTimeInBeijing() {
        PayoutStatus a = accepted();
        assertEquals(new PayoutStatus(a.payoutNo(), a.payoutId(), PayoutStatus.State.PAID, a.amount(), a.currency(), a.fee(), a.rate(),
                a.rateDate(), a.targetAmount(), a.targetCurrency(), null, a.acceptedAt(), OffsetDateTime.parse("2026-11-27T10:30:00+08:00")),
                BetapayPayouts.payoutStatus("PO20261126B01", Json.object(PAID_NODE)));
    }

    @Test
    void aFailedPayoutHasItsReason() {
        PayoutStatus a = accepted();
        assertEquals(new PayoutStatus(a.payoutNo(), a.payoutId(), PayoutStatus.State.FAILED, a.amount(), a.currency(), a.fee(), a.rate(),
                a.rateDate(), a.targetAmount(), a.targetCurrency(), "the beneficiary's bank refused the transfer", a.acceptedAt(), null),
                BetapayPayouts.payoutStatus("PO20261126B01", Json.object(FAILED_NODE)));
    }

    @Test
    void theTargetAmountUsesTheTargetCurrencysFractionDigits() {
        assertEquals(10899, BetapayPayouts.minorUnits("108.99", "GBP"));
        assertEquals(10890, BetapayPayouts.minorUnits("108.9", "GBP"));
        assertEquals(10899, BetapayPayouts.minorUnits("10899", "JPY"));
        assertEquals(108990, BetapayPayouts.minorUnits("108.990", "BHD"));
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.minorUnits("108.995", "GBP"), "never rounded");
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.minorUnits("108.9", "JPY"));
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.minorUnits("-1.00", "GBP"));
    }

    @Test
    void aRateIsAPositivePlainDecimalOfAtMostEightPlaces() {
        assertEquals(new BigDecimal("9.1"), BetapayPayouts.rate("9.1"));
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.rate("9.123456789"));
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.rate("9.1E0"));
        assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.rate("0.00000000"));
    }

    @Test
    void anAnswerWithoutItsFiguresIsUnreadable() {
        for (String member : new String[] {"payout_id", "status", "amount", "fee", "rate", "rate_date", "target_amount", "target_currency",
                "gmt_accept"}) {
            String broken = ACCEPTED_NODE.replace("\"" + member + "\"", "\"x_" + member + "\"");
            assertThrows(IllegalArgumentException.class, () -> BetapayPayouts.payoutStatus("PO20261126B01", Json.object(broken)), member);
        }
        assertThrows(IllegalArgumentException.class,
                () -> BetapayPayouts.payoutStatus("PO20261126B01", Json.object(ACCEPTED_NODE.replace("ACCEPTED", "PROCESSING"))));
        assertThrows(IllegalArgumentException.class,
                () -> BetapayPayouts.payoutStatus("PO20261126B01", Json.object(PAID_NODE.replace("gmt_paid", "gmt_done"))));
    }
}
