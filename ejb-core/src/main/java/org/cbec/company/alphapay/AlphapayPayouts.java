package org.cbec.company.alphapay;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import org.cbec.company.Beneficiary;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyUnavailable;
import org.cbec.company.Json;
import org.cbec.company.PayoutRequest;
import org.cbec.company.PayoutStatus;
import org.cbec.plumbing.json.Jsonp;

/**
 * alphapay's payouts abroad: this project's own convention (WeChat Pay offers no merchant-requested
 * payout), modelled on WeChat Pay's cross-border settlement and written in its v3 style. The paths
 * and bodies of the beneficiary, payout and payout-query operations, and the payout record read
 * into the broker's {@link PayoutStatus}. Kept apart from the HTTP flow in {@link AlphapayCompany},
 * as {@link AlphapayProfitSharing} is, so that the vectors test the wire without a company.
 */
final class AlphapayPayouts {

    static final String BENEFICIARY_PATH = "/v3/global/settle/beneficiary";
    static final String PAYOUTS_PATH = "/v3/global/settle/payouts";

    /** The rate travels as an integer: the CNY price of one unit of the target currency times 10^8, as WeChat Pay publishes its rates. */
    static final int RATE_SCALE = 8;

    private static final DateTimeFormatter RATE_DATE = DateTimeFormatter.ofPattern("uuuuMMdd").withResolverStyle(ResolverStyle.STRICT);

    private AlphapayPayouts() {
    }

    /**
     * The beneficiary's body; the holder's name and the account number travel encrypted under the
     * company's key, as a receiver's name does (OAEP is randomised: each send differs).
     */
    static String beneficiaryBody(CompanyAccount account, Beneficiary beneficiary) {
        return Jsonp.object()
                .add("account_name", AlphapaySensitive.encrypt(account.companyKey(), beneficiary.holderName()))
                .add("account_number", AlphapaySensitive.encrypt(account.companyKey(), beneficiary.accountNumber()))
                .add("swift_code", beneficiary.swiftCode())
                .add("bank_country", beneficiary.bankCountry())
                .add("currency", beneficiary.currency())
                .build().toString();
    }

    static String payoutBody(PayoutRequest payout) {
        JsonObjectBuilder body = Jsonp.object()
                .add("out_payout_no", payout.payoutNo())
                .add("amount", Jsonp.object().add("total", payout.amount()).add("currency", payout.currency()))
                .add("target_currency", payout.targetCurrency());
        Json.putIfPresent(body, "description", payout.description());
        return body.build().toString();
    }

    static String queryPath(String payoutNo) {
        return PAYOUTS_PATH + "/out-payout-no/" + URLEncoder.encode(payoutNo, StandardCharsets.UTF_8);
    }

    /**
     * A payout record (the payout's and the query's answer). An unknown state is read as ACCEPTED:
     * not final, so the broker asks again rather than settling on a word it does not know.
     * {@code fail_reason} is read only when FAILED, {@code success_time} only when PAID.
     *
     * @throws CompanyUnavailable when the number or a figure (amount, fee, rate, its date, the
     *         target amount, the accept time) is missing or unreadable
     */
    static PayoutStatus payoutStatus(String body) {
        JsonObject o = Json.object(body);
        String payoutNo = Json.string(o, "out_payout_no");
        if (payoutNo == null) {
            throw new CompanyUnavailable("the company's payout answer lacked out_payout_no");
        }
        PayoutStatus.State state = state(Json.string(o, "state"));
        JsonObject amount = Json.child(o, "amount");
        JsonObject target = Json.child(o, "target_amount");
        long rate = figure(o, "rate");
        if (rate <= 0) {
            throw unreadable("rate");
        }
        return new PayoutStatus(payoutNo, Json.string(o, "payout_id"), state, figure(amount, "total", "amount"),
                Json.string(amount, "currency"), figure(Json.child(o, "fee"), "total", "fee"), rate(rate), rateDate(o),
                figure(target, "total", "target_amount"), Json.string(target, "currency"),
                state == PayoutStatus.State.FAILED ? Json.string(o, "fail_reason") : null, time(o, "accept_time", true),
                state == PayoutStatus.State.PAID ? time(o, "success_time", false) : null);
    }

    static PayoutStatus.State state(String wire) {
        if ("PAID".equals(wire)) {
            return PayoutStatus.State.PAID;
        }
        if ("FAILED".equals(wire)) {
            return PayoutStatus.State.FAILED;
        }
        return PayoutStatus.State.ACCEPTED;
    }

    /** The wire's rate as the broker's: 912345678 is 9.12345678, scale 8 always. */
    static BigDecimal rate(long wire) {
        return BigDecimal.valueOf(wire, RATE_SCALE);
    }

    /**
     * The broker's rate as the wire's, exactly: 9.12345678 is 912345678.
     *
     * @throws ArithmeticException when the rate has more than 8 places or does not fit
     */
    static long wireRate(BigDecimal rate) {
        return rate.setScale(RATE_SCALE).unscaledValue().longValueExact();
    }

    private static LocalDate rateDate(JsonObject o) {
        String text = Json.string(o, "rate_date");
        if (text == null) {
            throw unreadable("rate_date");
        }
        try {
            return LocalDate.parse(text, RATE_DATE);
        } catch (DateTimeParseException e) {
            throw unreadable("rate_date");
        }
    }

    private static OffsetDateTime time(JsonObject o, String name, boolean required) {
        String text = Json.string(o, name);
        if (text == null) {
            if (required) {
                throw unreadable(name);
            }
            return null;
        }
        try {
            return OffsetDateTime.parse(text);
        } catch (DateTimeParseException e) {
            throw unreadable(name);
        }
    }

    private static long figure(JsonObject o, String name) {
        return figure(o, name, name);
    }

    /** An integer member; a missing one, or one with a fraction or beyond a long, is no answer. */
    private static long figure(JsonObject o, String name, String shown) {
        try {
            Long value = Json.number(o, name);
            if (value == null) {
                throw unreadable(shown);
            }
            return value;
        } catch (ArithmeticException e) {
            throw unreadable(shown);
        }
    }

    private static CompanyUnavailable unreadable(String member) {
        return new CompanyUnavailable("the company's payout answer had no readable " + member);
    }

    /**
     * The text with the beneficiary's account number and holder's name masked: what the company
     * answers is stored and may reach an error body, and a company that echoed them must not put
     * them there in clear.
     */
    static String masked(Beneficiary beneficiary, String text) {
        if (text == null) {
            return null;
        }
        String masked = text;
        if (beneficiary.accountNumber() != null && !beneficiary.accountNumber().isEmpty()) {
            masked = masked.replace(beneficiary.accountNumber(), beneficiary.maskedAccount());
        }
        if (beneficiary.holderName() != null && !beneficiary.holderName().isEmpty()) {
            masked = masked.replace(beneficiary.holderName(), beneficiary.maskedHolder());
        }
        return masked;
    }
}
