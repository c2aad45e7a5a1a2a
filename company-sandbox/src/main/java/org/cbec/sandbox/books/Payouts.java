package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;

/**
 * The company's payouts abroad, as this project's convention has them (neither real company offers
 * a merchant-requested payout; this is modelled on WeChat Pay's cross-border settlement batches):
 * each account's CNY funds, derived from its own books (CNY orders paid and not held, releases of
 * held money, minus refunds not CLOSED and payouts not FAILED); the account's beneficiary abroad;
 * payouts accepted at the company's rate and fee of the day ({@link Terms}), paid after the
 * configured delay, or failed when a test arranged it. Both protocol packages call this; the admin
 * API shows the balance, so a test can compare it with the broker's.
 */
@Stateless
public class Payouts {

    /** Why the company refuses a beneficiary or a payout; each protocol package has its own code for each. */
    public enum Refusal {
        /** A field missing or malformed (the protocol's parameter error). */
        INVALID_REQUEST,
        /** More than the account's available funds. */
        NOT_ENOUGH,
        /** No beneficiary registered for the account. */
        NO_BENEFICIARY,
        /** The target currency is not the beneficiary's, or not one the company pays in. */
        CURRENCY_NOT_ACCEPTED,
        /** The same payout number with another amount or currency. */
        NUMBER_REUSED
    }

    /** The company's daily terms for one target currency: its rate (CNY per unit), the day it is for, its fee, its delay. */
    public record Terms(String currency, BigDecimal rate, LocalDate rateDate, long feeFixed, BigDecimal feePercent,
            long paidAfterSeconds) {
    }

    public record BeneficiaryTerms(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {
    }

    /** The beneficiary as shown: account masked to its last four characters, name to its first. */
    public record BeneficiaryView(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {
    }

    public record BeneficiaryOutcome(BeneficiaryView beneficiary, Refusal refusal, String reason) {
    }

    public record PayoutTerms(String payoutNo, long amount, String currency, String targetCurrency, String description) {
    }

    /** A payout as the company reports it; times are Beijing time. */
    public record PayoutView(String payoutNo, String payoutId, String state, long amount, String currency, long fee, BigDecimal rate,
            LocalDate rateDate, long targetAmount, String targetCurrency, String failReason, OffsetDateTime acceptedAt,
            OffsetDateTime paidAt) {
    }

    public record PayoutOutcome(PayoutView payout, boolean repeated, Refusal refusal, String reason) {
    }

    /** The account's funds in CNY fen, as the broker's balance names them. */
    public record Balance(long available, long held, long inTransit, long paidOut) {
    }

    /** The admin view: the balance, the beneficiary (masked) and every payout, newest first. */
    public record Funds(Balance balance, BeneficiaryView beneficiary, List<PayoutView> payouts) {
    }

    public BeneficiaryOutcome registerBeneficiary(Party party, BeneficiaryTerms terms) {
        throw new UnsupportedOperationException("not built yet");
    }

    public PayoutOutcome payout(Party party, PayoutTerms terms) {
        throw new UnsupportedOperationException("not built yet");
    }

    /** The payout with this number (one now due is paid or failed first), or empty. */
    public Optional<PayoutView> payout(Party party, String payoutNo) {
        throw new UnsupportedOperationException("not built yet");
    }

    public Balance balance(long accountId) {
        throw new UnsupportedOperationException("not built yet");
    }
}
