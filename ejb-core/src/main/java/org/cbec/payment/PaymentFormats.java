package org.cbec.payment;

import java.util.List;
import java.util.Set;
import java.util.Optional;

/**
 * What each field of a payment request looks like: the patterns, limits and words its constraints
 * and the rules share ({@code control.PaymentRules} checks what reads several fields).
 */
public final class PaymentFormats {

    /** The companies in a fixed order: the order in which a payment is looked for at each. */
    public static final List<String> ALL_METHODS = List.of("alphapay", "betapay");
    public static final Set<String> METHODS = Set.copyOf(ALL_METHODS);
    /** The companies' merchant order numbers: 1 to 32 letters, digits, {@code _ - | *}. */
    public static final String ORDER_REF = "[A-Za-z0-9_\\-|*]{1,32}";
    public static final String ORDER_REF_RULE = "must be 1 to 32 letters, digits, '_', '-', '|' or '*'";
    /** The merchant's refund numbers: 1 to 64 letters, digits, {@code _ - | * @}. */
    public static final String REFUND_REF = "[A-Za-z0-9_\\-|*@]{1,64}";
    public static final String REFUND_REF_RULE = "must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'";
    /** A split's or release's number, as WeChat's out_order_no: the refund number's characters. */
    public static final String SETTLEMENT_REF = REFUND_REF;
    public static final String SETTLEMENT_REF_RULE = "must be 1 to 64 letters, digits, '_', '-', '|', '*' or '@'";
    /** A receiver's account at a company; its company format is not checked here. */
    public static final String RECEIVER_ACCOUNT = "[A-Za-z0-9_\\-@.]{1,64}";
    public static final String RECEIVER_ACCOUNT_RULE = "must be 1 to 64 letters, digits, '_', '-', '@' or '.'";
    /** At most this many receivers in one split, and splits of one payment, as both companies allow. */
    public static final int MAX_SPLIT_RECEIVERS = 50;
    public static final int MAX_SPLITS = 50;
    public static final String NONCE = "[A-Za-z0-9]{1,32}";
    public static final String DIGITS = "[0-9]{1,13}";
    /** No single payment above 10,000,000.00 in either currency: well past any cross-border order. */
    /** A payout's reference: the merchant's, and the company's number for it (out_payout_no). */
    public static final String PAYOUT_REF = REFUND_REF;
    public static final String PAYOUT_REF_RULE = REFUND_REF_RULE;
    /** An account number or IBAN: 5 to 34 letters and digits, with single spaces between groups allowed (they are removed). */
    public static final String BANK_ACCOUNT = "[A-Za-z0-9]( ?[A-Za-z0-9]){4,33}";
    public static final String BANK_ACCOUNT_RULE = "must be an account number or IBAN: 5 to 34 letters and digits";
    /** A SWIFT (BIC) code: 4 letters (bank), 2 (country), 2 letters or digits (location), optionally 3 more (branch). */
    public static final String SWIFT_CODE = "[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?";
    public static final String SWIFT_CODE_RULE = "must be a SWIFT code of 8 or 11 upper-case letters and digits";
    public static final long MAX_AMOUNT = 1_000_000_000L;
    public static final String AMOUNT_RULE = "must be a positive amount in the smallest unit, at most " + MAX_AMOUNT;

    private PaymentFormats() {
    }

    /** What is wrong with a payment method that was given (the words after its name), or empty. */
    public static Optional<String> methodProblem(String method) {
        if (method == null || method.isBlank()) {
            return Optional.of("is required");
        }
        return METHODS.contains(method) ? Optional.empty() : Optional.of("must be alphapay or betapay");
    }

    /** A receiver's account as shown: its first two and last two characters (the first one alone when short), the rest starred. */
    public static String maskAccount(String account) {
        if (account == null) {
            return null;
        }
        if (account.length() <= 4) {
            return account.charAt(0) + "***";
        }
        return account.substring(0, 2) + "****" + account.substring(account.length() - 2);
    }

    /** A receiver's name as stored and shown: its first character, the others starred. */
    public static String maskName(String name) {
        if (name == null || name.isBlank()) {
            return null;
        }
        int first = name.codePointAt(0);
        int rest = name.codePointCount(0, name.length()) - 1;
        return new String(Character.toChars(first)) + "*".repeat(Math.max(rest, 1));
    }
}
