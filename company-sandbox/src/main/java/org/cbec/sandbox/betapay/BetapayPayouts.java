package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.util.Currency;
import java.util.regex.Pattern;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.codec.Members;

/**
 * betapay's payouts abroad. No real Alipay-style company takes a merchant's payout request: these
 * three methods are this project's own convention, written in the gateway's style
 * (docs/companies/betapay.md, "Payouts abroad"): binding the account abroad
 * ({@code betapay.overseas.beneficiary.bind}), a payout of the CNY balance to it
 * ({@code betapay.overseas.payout.apply}) and its query ({@code betapay.overseas.payout.query}). Reads
 * each {@code biz_content} as {@link BetapayOperations} reads the payment methods and calls
 * {@link Payouts}, which knows no wire format. The account number and the holder's name are never
 * written back, nor into a refusal: an answer shows the account by its last four characters.
 */
@ApplicationScoped
public class BetapayPayouts {

    static final Pattern ACCOUNT_NO = Pattern.compile("[A-Za-z0-9]{4,34}");
    static final String ACCOUNT_NO_RULE = "4 to 34 letters or digits (an account number or IBAN)";
    static final Pattern SWIFT = Pattern.compile("[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?");
    static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");

    @Inject
    Payouts payouts;

    BetapayOperations.Call bind(Party party, JsonObject biz) {
        Payouts.BeneficiaryTerms terms = beneficiary(biz);
        return new BetapayOperations.Call(null, () -> {
            Payouts.BeneficiaryOutcome outcome = payouts.registerBeneficiary(party, terms);
            if (outcome.refusal() != null) {
                return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
            }
            return BetapayNode.success().add("account_no", masked(outcome.beneficiary().accountNumber()))
                    .add("currency", outcome.beneficiary().currency()).build().toString();
        });
    }

    /** Logged (and faulted) by its {@code out_payout_no}, as the payment methods are by their {@code out_trade_no}. */
    BetapayOperations.Call apply(Party party, JsonObject biz) {
        Payouts.PayoutTerms terms = payout(biz);
        return new BetapayOperations.Call(terms.payoutNo(), () -> {
            Payouts.PayoutOutcome outcome = payouts.payout(party, terms);
            if (outcome.refusal() != null) {
                return BetapayNode.businessFailed(subCode(outcome.refusal()), outcome.reason());
            }
            return node(outcome.payout());
        });
    }

    BetapayOperations.Call query(Party party, JsonObject biz) {
        String payoutNo = payoutNo(biz);
        return new BetapayOperations.Call(payoutNo, () -> payouts.payout(party, payoutNo).map(BetapayPayouts::node)
                .orElseGet(() -> BetapayNode.businessFailed("ACQ.PAYOUT_NOT_EXIST", "no payout with this out_payout_no")));
    }

    // ---- reading -------------------------------------------------------------------------------

    /** Every member is required; the rules name the member, never its value. */
    static Payouts.BeneficiaryTerms beneficiary(JsonObject biz) {
        return new Payouts.BeneficiaryTerms(Members.text(biz, "holder_name", 64),
                Members.text(biz, "account_no", ACCOUNT_NO, ACCOUNT_NO_RULE),
                Members.text(biz, "swift_code", SWIFT, "a SWIFT (BIC) code of 8 or 11 characters"),
                Members.text(biz, "bank_country", COUNTRY, "an ISO 3166 country code, like GB"),
                Members.text(biz, "currency", CURRENCY, "an ISO 4217 currency code, like GBP"));
    }

    /** A payout of the CNY balance: its amount in yuan, the fee inside it. */
    static Payouts.PayoutTerms payout(JsonObject biz) {
        String payoutNo = payoutNo(biz);
        String text = Members.optionalNumeral(biz, "amount").orElseThrow(() -> new Members.Invalid("amount", "amount is required"));
        long amount;
        try {
            amount = Yuan.fen(text);
        } catch (IllegalArgumentException e) {
            throw new Members.Invalid("amount", "amount must be yuan with at most two decimals, like 1000.00");
        }
        if (amount < 1 || amount > BetapayOperations.MAX_FEN) {
            throw new Members.Invalid("amount", "amount must be at least 0.01");
        }
        if (!Members.text(biz, "currency", 3).equals("CNY")) {
            throw new Members.Invalid("currency", "currency must be CNY: a payout is of the CNY balance");
        }
        String target = Members.text(biz, "target_currency", CURRENCY, "an ISO 4217 currency code, like GBP");
        String description = Members.optionalText(biz, "description", 80).orElse(null);
        return new Payouts.PayoutTerms(payoutNo, amount, "CNY", target, description);
    }

    private static String payoutNo(JsonObject biz) {
        return Members.text(biz, "out_payout_no", BetapayOperations.REQUEST_NO, BetapayOperations.REQUEST_NO_RULE);
    }

    // ---- answers -------------------------------------------------------------------------------

    /**
     * A payout as the apply and the query answer it: the CNY amount and fee in yuan, the rate as
     * the books keep it, the target amount in the target currency's major unit.
     */
    static String node(Payouts.PayoutView v) {
        if (!"ACCEPTED".equals(v.state()) && !"PAID".equals(v.state()) && !"FAILED".equals(v.state())) {
            throw new IllegalStateException("a payout state betapay has no word for: " + v.state());
        }
        JsonObjectBuilder node = BetapayNode.success()
                .add("out_payout_no", v.payoutNo())
                .add("payout_id", v.payoutId())
                .add("status", v.state())
                .add("amount", Yuan.text(v.amount()))
                .add("currency", v.currency())
                .add("fee", Yuan.text(v.fee()))
                .add("rate", v.rate().toPlainString())
                .add("rate_date", v.rateDate().toString())
                .add("target_amount", majorUnits(v.targetAmount(), v.targetCurrency()))
                .add("target_currency", v.targetCurrency());
        if ("FAILED".equals(v.state())) {
            node.add("fail_reason", v.failReason() != null ? v.failReason() : "the payout failed");
        }
        node.add("gmt_accept", BetapayOperations.gatewayTime(v.acceptedAt()));
        if ("PAID".equals(v.state()) && v.paidAt() != null) {
            node.add("gmt_paid", BetapayOperations.gatewayTime(v.paidAt()));
        }
        return node.build().toString();
    }

    /** Minor units as major-unit text with the currency's own fraction digits: 10899 GBP → 108.99. */
    static String majorUnits(long minor, String currency) {
        return BigDecimal.valueOf(minor, Math.max(0, Currency.getInstance(currency).getDefaultFractionDigits())).toPlainString();
    }

    /** The account as an answer shows it, whatever the books give: its last four characters. */
    static String masked(String account) {
        if (account == null || account.length() <= 4) {
            return "****";
        }
        return "****" + account.substring(account.length() - 4);
    }

    /** The sub_code of a refusal of the payouts (docs/companies/betapay.md lists them). */
    static String subCode(Payouts.Refusal refusal) {
        return switch (refusal) {
            case INVALID_REQUEST -> "ACQ.INVALID_PARAMETER";
            case NOT_ENOUGH -> "ACQ.BALANCE_NOT_ENOUGH";
            case NO_BENEFICIARY -> "ACQ.BENEFICIARY_NOT_EXIST";
            case CURRENCY_NOT_ACCEPTED -> "ACQ.CURRENCY_NOT_SUPPORT";
            case NUMBER_REUSED -> "ACQ.PAYOUT_NO_USED";
        };
    }
}
