package org.cbec.sandbox.books;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Currency;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.cbec.sandbox.books.Payouts.Balance;
import org.cbec.sandbox.books.Payouts.BeneficiaryTerms;
import org.cbec.sandbox.books.Payouts.PayoutTerms;
import org.cbec.sandbox.books.Payouts.Refusal;
import org.cbec.sandbox.books.Payouts.Terms;
import org.cbec.sandbox.books.Settlements.HeldView;
import org.cbec.sandbox.crypto.Hashes;

/**
 * The payout rules as plain arithmetic over values, apart from the database so that they are
 * tested without a container: the checks of a beneficiary and of the company's terms, what a
 * payout is decided as (refused, the same payout again, or accepted with its fee and the amount
 * abroad), and the account's funds from the figures of its books. {@link Payouts} loads the
 * figures under the account's row lock and asks these.
 */
public final class PayoutRules {

    /** The only currency a payout is taken from: the account's CNY funds. */
    public static final String CNY = "CNY";
    /** The currency the company pays in when no terms were configured for it. */
    public static final String DEFAULT_CURRENCY = "GBP";
    /** The default terms' rate: CNY for one pound, 8 places as the company publishes it. */
    public static final BigDecimal DEFAULT_RATE = new BigDecimal("9.12345678");
    public static final BigDecimal DEFAULT_FEE_PERCENT = new BigDecimal("0.50");
    public static final long DEFAULT_PAID_AFTER_SECONDS = 2;
    /** A rate's places, as stored (NUMERIC(18,8)) and shown. */
    public static final int RATE_SCALE = 8;
    /** A fee percentage's places (NUMERIC(7,4)). */
    public static final int FEE_PERCENT_SCALE = 4;
    /** The longest a company takes to pay a payout: 30 days. */
    public static final long MAX_PAID_AFTER_SECONDS = 30L * 24 * 3600;
    /** The most a fixed fee may be, in fen (10,000 yuan). */
    public static final long MAX_FEE_FIXED = 1_000_000;

    private static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    private static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    /** ISO 9362: 8 or 11 letters and digits. */
    private static final Pattern SWIFT = Pattern.compile("[A-Za-z0-9]{8}([A-Za-z0-9]{3})?");
    private static final BigDecimal MAX_RATE = new BigDecimal("10000000000");
    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);

    /** A refusal and its reason, as the protocols pass it on. The reason never holds the beneficiary's number or name. */
    public record Refused(Refusal refusal, String reason) {
    }

    /** A bad value of the company's terms: the field and what is wrong with it. */
    public record Problem(String field, String message) {
    }

    /** A payout already made under a number: what a repeat is compared with. */
    public record Stored(long amount, String currency, String targetCurrency) {
    }

    /** How the company decides a payout asked for. */
    public sealed interface Decision permits Refuse, Repeat, Accept {
    }

    public record Refuse(Refusal refusal, String reason) implements Decision {
    }

    /** The same payout number with the same terms: the stored payout, nothing new. */
    public record Repeat() implements Decision {
    }

    /** Accepted at the terms of the day: the fee (CNY fen, inside the amount) and what is paid abroad (its minor unit). */
    public record Accept(long fee, long targetAmount) implements Decision {
    }

    private PayoutRules() {
    }

    /** The terms a company pays in when none were configured for the currency: GBP, for {@code today}. */
    public static Terms defaultTerms(LocalDate today) {
        return new Terms(DEFAULT_CURRENCY, DEFAULT_RATE, today, 0, DEFAULT_FEE_PERCENT, DEFAULT_PAID_AFTER_SECONDS);
    }

    /**
     * The terms a company pays in: those configured, and the default GBP terms while GBP has none
     * of its own (setting another currency's terms leaves GBP as it was).
     */
    public static List<Terms> effective(List<Terms> configured, LocalDate today) {
        if (configured.stream().anyMatch(t -> t.currency().equals(DEFAULT_CURRENCY))) {
            return configured;
        }
        return Stream.concat(Stream.of(defaultTerms(today)), configured.stream()).toList();
    }

    /** Refuses terms the company could not pay by; the problem names the admin API's field. */
    public static Optional<Problem> checkTerms(Terms t) {
        if (t.currency() == null || !CURRENCY.matcher(t.currency()).matches() || fractionDigits(t.currency()) < 0) {
            return problem("currency", "currency must be an ISO 4217 code of a currency with a minor unit, e.g. GBP");
        }
        if (t.rate() == null || t.rate().signum() <= 0 || t.rate().compareTo(MAX_RATE) >= 0
                || t.rate().stripTrailingZeros().scale() > RATE_SCALE) {
            return problem("rate", "rate must be a decimal above 0 and below 10000000000 with at most 8 places (CNY per unit)");
        }
        if (t.rateDate() == null) {
            return problem("rateDate", "rateDate must be a date, e.g. 2026-11-26");
        }
        if (t.feeFixed() < 0 || t.feeFixed() > MAX_FEE_FIXED) {
            return problem("feeFixed", "feeFixed must be an integer from 0 to " + MAX_FEE_FIXED + " (fen)");
        }
        if (t.feePercent() == null || t.feePercent().signum() < 0 || t.feePercent().compareTo(HUNDRED) >= 0
                || t.feePercent().stripTrailingZeros().scale() > FEE_PERCENT_SCALE) {
            return problem("feePercent", "feePercent must be a decimal from 0 to below 100 with at most 4 places");
        }
        if (t.paidAfterSeconds() < 0 || t.paidAfterSeconds() > MAX_PAID_AFTER_SECONDS) {
            return problem("paidAfterSeconds", "paidAfterSeconds must be an integer from 0 to " + MAX_PAID_AFTER_SECONDS);
        }
        return Optional.empty();
    }

    /** Refuses a beneficiary with a field missing or malformed; the reason names the field, never its value. */
    public static Optional<Refused> checkBeneficiary(BeneficiaryTerms b) {
        if (blank(b.holderName()) || blank(b.accountNumber()) || blank(b.swiftCode()) || blank(b.bankCountry())
                || blank(b.currency())) {
            return refused(Refusal.INVALID_REQUEST, "a beneficiary needs its holder name, account number, SWIFT code, bank country"
                    + " and currency");
        }
        if (b.holderName().length() > 128) {
            return refused(Refusal.INVALID_REQUEST, "the holder name must be at most 128 characters");
        }
        if (normalisedAccount(b.accountNumber()).length() > 64) {
            return refused(Refusal.INVALID_REQUEST, "the account number must be at most 64 characters");
        }
        if (!SWIFT.matcher(b.swiftCode()).matches()) {
            return refused(Refusal.INVALID_REQUEST, "the SWIFT code must be 8 or 11 letters and digits");
        }
        if (!COUNTRY.matcher(b.bankCountry()).matches()) {
            return refused(Refusal.INVALID_REQUEST, "the bank country must be 2 capital letters (ISO 3166), e.g. GB");
        }
        if (!CURRENCY.matcher(b.currency()).matches()) {
            return refused(Refusal.INVALID_REQUEST, "the currency must be 3 capital letters (ISO 4217), e.g. GBP");
        }
        if (b.currency().equals(CNY)) {
            // A payout abroad converts the CNY funds: an account in CNY is not one (both companies' documents say so).
            return refused(Refusal.INVALID_REQUEST, "the currency must be another than CNY: a payout abroad converts the CNY funds");
        }
        return Optional.empty();
    }

    /** Refuses a payout whose number, amount or currencies are malformed: it never reaches the account's funds. */
    public static Optional<Refused> checkShape(PayoutTerms p) {
        if (blank(p.payoutNo())) {
            return refused(Refusal.INVALID_REQUEST, "a payout needs its number");
        }
        if (p.amount() < 1) {
            return refused(Refusal.INVALID_REQUEST, "the amount must be at least 1 fen");
        }
        if (!CNY.equals(p.currency())) {
            return refused(Refusal.INVALID_REQUEST, "a payout is taken from the CNY funds: the currency must be CNY");
        }
        if (p.payoutNo().length() > 64) {
            return refused(Refusal.INVALID_REQUEST, "the payout number must be at most 64 characters");
        }
        if (blank(p.targetCurrency())) {
            return refused(Refusal.INVALID_REQUEST, "a payout needs its target currency");
        }
        if (p.description() != null && p.description().length() > 256) {
            return refused(Refusal.INVALID_REQUEST, "the description must be at most 256 characters");
        }
        return Optional.empty();
    }

    /**
     * Decides a payout asked for, in the order the company checks: its shape, its number (the same
     * terms again are the stored payout; others are {@code NUMBER_REUSED}), the beneficiary, the
     * target currency (the beneficiary's, with terms of the day), the funds, and last whether
     * anything is left to pay after the fee. {@code stored}: the payout under this number, if any;
     * {@code beneficiaryCurrency}: null when none is registered; {@code terms}: the terms for the
     * target currency, null when the company has none; {@code available}: the account's available
     * funds, asked only when the payout gets that far.
     */
    public static Decision decide(PayoutTerms asked, Stored stored, String beneficiaryCurrency, Terms terms, LongSupplier available) {
        Optional<Refused> shape = checkShape(asked);
        if (shape.isPresent()) {
            return new Refuse(shape.get().refusal(), shape.get().reason());
        }
        if (stored != null) {
            boolean same = stored.amount() == asked.amount() && stored.currency().equals(asked.currency())
                    && stored.targetCurrency().equals(asked.targetCurrency());
            return same ? new Repeat()
                    : new Refuse(Refusal.NUMBER_REUSED, "payout number " + asked.payoutNo() + " was used with another amount or currency");
        }
        if (beneficiaryCurrency == null) {
            return new Refuse(Refusal.NO_BENEFICIARY, "the account has no beneficiary registered");
        }
        if (!beneficiaryCurrency.equals(asked.targetCurrency())) {
            return new Refuse(Refusal.CURRENCY_NOT_ACCEPTED,
                    "the target currency must be the beneficiary's account currency, " + beneficiaryCurrency);
        }
        if (terms == null) {
            return new Refuse(Refusal.CURRENCY_NOT_ACCEPTED, "the company does not pay out in " + asked.targetCurrency());
        }
        long funds = available.getAsLong();
        if (asked.amount() > funds) {
            return new Refuse(Refusal.NOT_ENOUGH, "the payout asks " + asked.amount() + " and the account has " + funds
                    + " available");
        }
        long fee = fee(asked.amount(), terms.feeFixed(), terms.feePercent());
        if (asked.amount() <= fee) {
            return new Refuse(Refusal.INVALID_REQUEST, "the amount must be more than the fee of " + fee);
        }
        long target = targetAmount(asked.amount() - fee, terms.rate(), terms.currency());
        if (target < 1) {
            return new Refuse(Refusal.INVALID_REQUEST, "after the fee the amount is less than the smallest unit of "
                    + terms.currency());
        }
        return new Accept(fee, target);
    }

    /** The company's fee in fen: the fixed part plus {@code amount × percent ÷ 100}, half-even to whole fen. */
    public static long fee(long amount, long feeFixed, BigDecimal feePercent) {
        long variable = BigDecimal.valueOf(amount).multiply(feePercent).divide(HUNDRED, 0, RoundingMode.HALF_EVEN)
                .longValueExact();
        return Math.addExact(feeFixed, variable);
    }

    /**
     * What {@code net} fen buy of the target currency at {@code rate} (CNY per unit), in its minor
     * unit ({@link Currency#getDefaultFractionDigits()}), half-even: {@code net ÷ 100 ÷ rate × 10^digits}.
     */
    public static long targetAmount(long net, BigDecimal rate, String currency) {
        int digits = fractionDigits(currency);
        return BigDecimal.valueOf(net).movePointRight(digits - 2).divide(rate, 0, RoundingMode.HALF_EVEN).longValueExact();
    }

    /** The currency's minor unit in places, or -1 when it has none or is not a currency. */
    public static int fractionDigits(String currency) {
        try {
            return Currency.getInstance(currency).getDefaultFractionDigits();
        } catch (IllegalArgumentException | NullPointerException e) {
            return -1;
        }
    }

    /** Whether an ACCEPTED payout is due to be paid or failed: its time has come. */
    public static boolean due(OffsetDateTime dueAt, OffsetDateTime now) {
        return !dueAt.isAfter(now);
    }

    /**
     * The account's funds in CNY fen, from its books. {@code paidNotHeld}: CNY orders paid and not
     * held for settlement, less the company's fees on them; {@code refundedNotHeld}: their refunds
     * not CLOSED, less the fees those gave back; {@code held}: the
     * holdings of its paid held CNY orders; {@code accepted} and {@code paid}: what its ACCEPTED
     * and PAID payouts add up to (a FAILED payout's money is back).
     * A held order's money is held while the company holds it (paid − its fee kept − refunds not CLOSED −
     * receivers' parts not CLOSED); once released, that same figure is the merchant's (a refund or
     * a closed part after the release comes out of, or back to, the available funds).
     */
    public static Balance balance(long paidNotHeld, long refundedNotHeld, List<HeldView> held, long accepted, long paid) {
        return balance(paidNotHeld, refundedNotHeld, held, accepted, paid, 0);
    }

    /**
     * {@link #balance(long, long, List, long, long)} with what is {@code pending}: the part of the
     * orders not held (less their fees and refunds) that the company has not settled yet, which is
     * not available.
     */
    public static Balance balance(long paidNotHeld, long refundedNotHeld, List<HeldView> held, long accepted, long paid, long pending) {
        long heldNow = 0;
        long released = 0;
        for (HeldView h : held) {
            heldNow += h.unsplit();
            released += h.paid() - h.fee() - h.refunded() - h.split() - h.unsplit();
        }
        long available = paidNotHeld - refundedNotHeld - pending + released - accepted - paid;
        return new Balance(available, heldNow, accepted, paid, pending);
    }

    /** The holder's name as the company keeps it: its first character and {@code *}. */
    public static String maskHolder(String holderName) {
        return SettlementRules.mask(holderName.strip());
    }

    /** The account number as the company keeps it: {@code ****} and its last four characters (all masked when it is shorter). */
    public static String maskAccount(String accountNumber) {
        String n = normalisedAccount(accountNumber);
        return n.length() <= 4 ? "****" : "****" + n.substring(n.length() - 4);
    }

    /** The SHA-256 of the account number, spaces removed and in capitals (an IBAN is written in groups). */
    public static String accountHash(String accountNumber) {
        return Hashes.sha256Hex(normalisedAccount(accountNumber));
    }

    /** A rate as the company shows it: 8 places. */
    public static String rateText(BigDecimal rate) {
        return rate.setScale(RATE_SCALE, RoundingMode.UNNECESSARY).toPlainString();
    }

    /** A fee percentage as the company shows it: at least 2 places, no trailing zeros beyond them. */
    public static String percentText(BigDecimal percent) {
        BigDecimal stripped = percent.stripTrailingZeros();
        return stripped.setScale(Math.max(2, stripped.scale()), RoundingMode.UNNECESSARY).toPlainString();
    }

    private static String normalisedAccount(String accountNumber) {
        return accountNumber.replaceAll("\\s", "").toUpperCase(Locale.ROOT);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }

    private static Optional<Refused> refused(Refusal refusal, String reason) {
        return Optional.of(new Refused(refusal, reason));
    }

    private static Optional<Problem> problem(String field, String message) {
        return Optional.of(new Problem(field, message));
    }
}
