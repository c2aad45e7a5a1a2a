package org.cbec.payout.control;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Currency;
import java.util.Objects;
import java.util.Optional;
import org.cbec.company.PayoutStatus;
import org.cbec.payout.PayoutView;
import org.cbec.payout.RegisterPayoutAccount;
import org.cbec.payout.RequestPayout;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.validation.RequestChecks;

/**
 * The rules of a payout abroad. A payout takes {@code amount} fen of what is available at the
 * company (all of it without {@code amount}), at least the company's minimum, never more than is
 * available: decided under the lock of the merchant's balance, which refunds charged to what is
 * available take too. The same {@code payoutRef} with the same body is the same payout; with
 * another body it is refused. The company fixes the rate and fee; the target amount is checked
 * against the broker's own computation.
 */
public final class PayoutRules {

    /** The minimum payout unless configured ({@code payout.minimum-fen.<company>}). */
    public static final long DEFAULT_MINIMUM_FEN = 100;

    /** The currencies a company pays out in unless configured ({@code payout.currencies.<company>}): its payout terms. */
    public static final String DEFAULT_CURRENCIES = "GBP";

    private PayoutRules() {
    }

    /** Every rule of a payout request that does not need the database. */
    public static void checkRequest(RequestPayout r) {
        RequestChecks.check(r);
    }

    /** The currencies of a configured list ({@code "GBP,USD"}): upper case, blanks and empty items left out. */
    public static java.util.Set<String> currencies(String list) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        for (String c : list.split(",")) {
            if (!c.isBlank()) {
                out.add(c.strip().toUpperCase(java.util.Locale.ROOT));
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    /**
     * Every rule of an account abroad that does not need the company: {@code paidIn} are the
     * currencies {@code company} pays out in (its payout terms); an account in another would be
     * registered, and each payout to it would fail at the company and use up its payoutRef.
     */
    public static void checkAccount(RegisterPayoutAccount a, String company, java.util.Set<String> paidIn) {
        RequestChecks.check(a);
        if (!java.util.Arrays.asList(java.util.Locale.getISOCountries()).contains(a.bankCountry())) {
            throw new InvalidRequestException("bankCountry", "bankCountry " + a.bankCountry() + " is not an ISO 3166 country code");
        }
        Currency currency;
        try {
            currency = Currency.getInstance(a.currency());
        } catch (IllegalArgumentException unknown) {
            throw new InvalidRequestException("currency", "currency " + a.currency() + " is not an ISO 4217 currency code");
        }
        if ("CNY".equals(currency.getCurrencyCode())) {
            throw new InvalidRequestException("currency", "currency must be the account abroad's, not CNY: a payout converts CNY");
        }
        if (!paidIn.contains(currency.getCurrencyCode())) {
            throw new InvalidRequestException("currency", "currency " + a.currency() + " is not one " + company + " pays out in ("
                    + String.join(", ", paidIn) + ")");
        }
    }

    /** What a payout request does: answer a payout it repeats, or take this amount. */
    public record Decision(Optional<PayoutView> repeated, long amount) {
    }

    /**
     * Decides a payout request against what is stored: {@code stored} is the merchant's payout with
     * this payoutRef if any, {@code hasAccount} whether an account abroad is registered at the
     * company, {@code available} the balance under the lock.
     */
    public static Decision decide(Optional<PayoutView> stored, RequestPayout r, boolean hasAccount, long available, long minimum) {
        return decide(stored, r, hasAccount, available, 0, minimum);
    }

    /**
     * {@link #decide(Optional, RequestPayout, boolean, long, long)} with what is {@code pending}
     * (paid, not yet settled by the company), which a payout cannot take and its refusal names.
     */
    public static Decision decide(Optional<PayoutView> stored, RequestPayout r, boolean hasAccount, long available, long pending,
            long minimum) {
        if (stored.isPresent()) {
            PayoutView p = stored.get();
            boolean same = p.paymentMethod().equals(r.paymentMethod()) && Objects.equals(p.requestedAmount(), r.amount())
                    && Objects.equals(p.description(), r.description()) && Objects.equals(p.notifyUrl(), r.notifyUrl());
            if (!same) {
                throw new InvalidRequestException("payoutRef", "payoutRef " + r.payoutRef() + " is already a payout with another "
                        + (p.paymentMethod().equals(r.paymentMethod()) ? "amount, description or notifyUrl" : "paymentMethod")
                        + "; a new payout needs a new payoutRef");
            }
            return new Decision(stored, p.amount());
        }
        if (!hasAccount) {
            throw new InvalidRequestException("paymentMethod", "the merchant has no account abroad registered at " + r.paymentMethod()
                    + " (an operator registers it)");
        }
        long amount = r.amount() != null ? r.amount() : Math.max(0, available);
        if (amount > available) {
            throw new InvalidRequestException("amount", "amount " + amount + " is more than is available at " + r.paymentMethod() + ", "
                    + Math.max(0, available) + (pending > 0 ? "; " + pending + " more is pending, paid but not yet settled by the company,"
                    + " and available from its settlement day" : ""));
        }
        if (amount < minimum) {
            throw new InvalidRequestException("amount", (r.amount() == null ? "what is available, " + amount + ", is" : "amount " + amount
                    + " is") + " less than the minimum payout at " + r.paymentMethod() + ", " + minimum);
        }
        return new Decision(Optional.empty(), amount);
    }

    /**
     * What {@code amount} less {@code fee} (CNY fen) buys of the target currency at {@code rate}
     * (CNY per unit), in its minor unit, half-even: (amount − fee) ÷ 100 ÷ rate × 10^digits.
     */
    public static long targetAmount(long amount, long fee, BigDecimal rate, String targetCurrency) {
        int digits = Math.max(0, Currency.getInstance(targetCurrency).getDefaultFractionDigits());
        return BigDecimal.valueOf(amount - fee).movePointRight(digits).divide(rate.movePointRight(2), 0, RoundingMode.HALF_EVEN)
                .longValueExact();
    }

    /** Whether the company's answer adds up: its amount is the payout's, its fee inside it, its target amount the rate's. */
    public static Optional<String> disagreement(PayoutView p, PayoutStatus s) {
        if (s.amount() != p.amount() || !"CNY".equals(s.currency())) {
            return Optional.of("the company's amount " + s.amount() + " " + s.currency() + " is not the payout's " + p.amount() + " CNY");
        }
        if (!p.targetCurrency().equals(s.targetCurrency())) {
            return Optional.of("the company's target currency " + s.targetCurrency() + " is not the account's " + p.targetCurrency());
        }
        if (s.fee() < 0 || s.fee() >= s.amount() || s.rate() == null || s.rate().signum() <= 0) {
            return Optional.of("the company's fee " + s.fee() + " or rate " + s.rate() + " does not fit the amount " + s.amount());
        }
        long expected = targetAmount(s.amount(), s.fee(), s.rate(), s.targetCurrency());
        if (expected != s.targetAmount()) {
            return Optional.of("the company's target amount " + s.targetAmount() + " is not (amount - fee) / 100 / rate = " + expected);
        }
        return Optional.empty();
    }
}
