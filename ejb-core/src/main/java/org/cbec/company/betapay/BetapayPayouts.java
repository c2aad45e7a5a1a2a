package org.cbec.company.betapay;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Currency;
import java.util.regex.Pattern;
import org.cbec.company.Beneficiary;
import org.cbec.company.Json;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.plumbing.json.Jsonp;

/**
 * betapay's payouts abroad. Neither Alipay nor any real betapay has a merchant-requested payout: these
 * three gateway methods are this project's own convention, written as Alipay writes its gateway methods
 * (docs/companies/betapay.md, "Payouts abroad"). The {@code biz_content} of each is built here from the
 * broker's values and the answer read back into them. The CNY amount and fee travel as yuan text, as
 * betapay's other amounts; the rate as a decimal text (CNY per unit of the target currency, up to eight
 * places); the target amount in the target currency's major unit with its own fraction digits.
 */
final class BetapayPayouts {

    static final String BIND = "betapay.overseas.beneficiary.bind";
    static final String APPLY = "betapay.overseas.payout.apply";
    static final String QUERY = "betapay.overseas.payout.query";
    /** The company has no payout with that number: the query's answer is "none", not a refusal. */
    static final String PAYOUT_NOT_EXIST = "ACQ.PAYOUT_NOT_EXIST";

    private static final ZoneId GATEWAY_ZONE = ZoneId.of("Asia/Shanghai");
    private static final DateTimeFormatter GATEWAY_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    // Plain decimals only (no sign, exponent or spaces, which BigDecimal would otherwise accept).
    private static final Pattern RATE = Pattern.compile("[0-9]{1,12}(\\.[0-9]{1,8})?");

    private BetapayPayouts() {
    }

    /** The bind's biz_content: the account as the company needs it, in clear (signed, over TLS). */
    static String bindBiz(Beneficiary b) {
        return bind(b.holderName(), b.accountNumber(), b);
    }

    /** The bind's biz_content as it is stored: the holder's name and the account number masked. */
    static String bindBizRedacted(Beneficiary b) {
        return bind(b.maskedHolder(), b.maskedAccount(), b);
    }

    private static String bind(String holder, String account, Beneficiary b) {
        JsonObjectBuilder biz = Jsonp.object();
        Json.putIfPresent(biz, "holder_name", holder);
        Json.putIfPresent(biz, "account_no", account);
        Json.putIfPresent(biz, "swift_code", b.swiftCode());
        Json.putIfPresent(biz, "bank_country", b.bankCountry());
        Json.putIfPresent(biz, "currency", b.currency());
        return biz.build().toString();
    }

    /** A payout: numbered by the broker ({@code out_payout_no}), the CNY amount with the fee inside it. */
    static String applyBiz(PayoutRequest p) {
        JsonObjectBuilder biz = Jsonp.object()
                .add("out_payout_no", p.payoutNo())
                .add("amount", BetapayMoney.yuan(p.amount()))
                .add("currency", p.currency())
                .add("target_currency", p.targetCurrency());
        Json.putIfPresent(biz, "description", p.description());
        return biz.build().toString();
    }

    static String queryBiz(String payoutNo) {
        return Jsonp.object().add("out_payout_no", payoutNo).build().toString();
    }

    /**
     * The answer of an apply or a query. {@code fail_reason} is read only when FAILED,
     * {@code gmt_paid} only when PAID.
     *
     * @throws IllegalArgumentException when a figure, state, date or time is missing or not betapay's
     */
    static PayoutStatus payoutStatus(String payoutNo, JsonObject node) {
        PayoutStatus.State state = state(required(node, "status"));
        String targetCurrency = required(node, "target_currency");
        String number = Json.string(node, "out_payout_no");
        return new PayoutStatus(number != null ? number : payoutNo, required(node, "payout_id"), state,
                BetapayMoney.fen(required(node, "amount")), required(node, "currency"), BetapayMoney.fen(required(node, "fee")),
                rate(required(node, "rate")), LocalDate.parse(required(node, "rate_date")),
                minorUnits(required(node, "target_amount"), targetCurrency), targetCurrency,
                state == PayoutStatus.State.FAILED ? Json.string(node, "fail_reason") : null,
                beijing(required(node, "gmt_accept")),
                state == PayoutStatus.State.PAID ? beijing(required(node, "gmt_paid")) : null);
    }

    private static PayoutStatus.State state(String status) {
        return switch (status) {
            case "ACCEPTED" -> PayoutStatus.State.ACCEPTED;
            case "PAID" -> PayoutStatus.State.PAID;
            case "FAILED" -> PayoutStatus.State.FAILED;
            default -> throw new IllegalArgumentException("unknown payout status");
        };
    }

    /** The rate as the company wrote it (its scale kept): CNY per unit, positive, at most eight places. */
    static BigDecimal rate(String text) {
        if (!RATE.matcher(text).matches()) {
            throw new IllegalArgumentException("not a rate with at most eight decimals");
        }
        BigDecimal rate = new BigDecimal(text);
        if (rate.signum() <= 0) {
            throw new IllegalArgumentException("a rate must be positive");
        }
        return rate;
    }

    /**
     * An amount in the currency's major unit as its minor unit, exactly: "108.99" GBP is 10899. More
     * decimals than the currency has is refused, never rounded.
     */
    static long minorUnits(String major, String currency) {
        int digits = Currency.getInstance(currency).getDefaultFractionDigits();
        if (digits < 0) {
            throw new IllegalArgumentException("a currency without minor units");
        }
        Pattern amount = Pattern.compile(digits == 0 ? "[0-9]{1,15}" : "[0-9]{1,15}(\\.[0-9]{1," + digits + "})?");
        if (!amount.matcher(major).matches()) {
            throw new IllegalArgumentException("not an amount of the target currency");
        }
        return new BigDecimal(major).movePointRight(digits).longValueExact();
    }

    private static OffsetDateTime beijing(String text) {
        return LocalDateTime.parse(text, GATEWAY_TIME).atZone(GATEWAY_ZONE).toOffsetDateTime();
    }

    private static String required(JsonObject node, String name) {
        String value = Json.string(node, name);
        if (value == null) {
            throw new IllegalArgumentException(name + " is missing");
        }
        return value;
    }
}
