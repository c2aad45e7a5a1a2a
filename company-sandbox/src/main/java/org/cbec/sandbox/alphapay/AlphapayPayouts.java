package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.RoundingMode;
import java.time.format.DateTimeFormatter;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import org.cbec.sandbox.alphapay.AlphapayOperations.Call;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.books.Accounts;
import org.cbec.sandbox.books.Party;
import org.cbec.sandbox.books.Payouts;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.Members;
import org.cbec.sandbox.codec.PlainText;

/**
 * alphapay's payouts abroad: this project's own convention, not WeChat Pay's (which has no
 * merchant-requested payout), modelled on its cross-border settlement and written in its v3 style
 * (docs/companies/alphapay.md). Reads the beneficiary, payout and payout-query requests into
 * {@link Payouts}' terms and writes its views as alphapay's payout records. As with profit sharing,
 * the bodies carry no mchid (the Authorization header names the account) and a malformed member is
 * a 400 PARAM_ERROR naming it. The beneficiary's holder name and account number arrive
 * OAEP-encrypted under the company's key and are decrypted only to go to the books: they are never
 * echoed (the answer shows the account masked, as the books do) or logged, and a refusal names the
 * member, never its value.
 */
@ApplicationScoped
public class AlphapayPayouts {

    /** An account number or IBAN: letters and digits, at most an IBAN's 34. */
    static final Pattern ACCOUNT_NUMBER = Pattern.compile("[A-Za-z0-9]{4,34}");
    /** A BIC: bank, country, location, and optionally a branch. */
    static final Pattern SWIFT_CODE = Pattern.compile("[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?");
    static final Pattern COUNTRY = Pattern.compile("[A-Z]{2}");
    static final Pattern CURRENCY = Pattern.compile("[A-Z]{3}");
    /** The rate is written as an integer: the CNY price of one unit of the target currency times 10^8, as WeChat Pay publishes its rates. */
    static final int RATE_SCALE = 8;

    @Inject
    Payouts payouts;

    @Inject
    Accounts accounts;

    Call read(Operation operation, AlphapayRequest request, Party party) {
        return switch (operation) {
            case BENEFICIARY -> beneficiary(party, AlphapayOperations.jsonBody(request));
            case PAYOUT -> payout(party, AlphapayOperations.jsonBody(request));
            case PAYOUT_QUERY -> query(party, request);
            default -> throw new IllegalArgumentException(operation + " is not a payout operation");
        };
    }

    // ---- the operations ------------------------------------------------------------------------

    private Call beneficiary(Party party, JsonObject body) {
        String encryptedName = Members.text(body, "account_name", 1024);
        String encryptedNumber = Members.text(body, "account_number", 1024);
        String swift = Members.text(body, "swift_code", SWIFT_CODE, "8 or 11 capital letters or digits (a BIC)");
        String country = Members.text(body, "bank_country", COUNTRY, "2 capital letters (ISO 3166)");
        String currency = Members.text(body, "currency", CURRENCY, "3 capital letters (ISO 4217)");
        String holder = decrypt("account_name", encryptedName);
        if (!PlainText.isPlain(holder, 256)) {
            throw new Members.Invalid("account_name", "account_name must be 1 to 256 characters without control characters, encrypted");
        }
        String number = decrypt("account_number", encryptedNumber);
        if (!ACCOUNT_NUMBER.matcher(number).matches()) {
            throw new Members.Invalid("account_number", "account_number must be 4 to 34 letters or digits, encrypted");
        }
        Payouts.BeneficiaryTerms terms = new Payouts.BeneficiaryTerms(holder, number, swift, country, currency);
        return new Call(null, () -> {
            Payouts.BeneficiaryOutcome outcome = payouts.registerBeneficiary(party, terms);
            return outcome.refusal() != null ? refusal(outcome.refusal(), outcome.reason())
                    : AlphapayAnswer.ok(beneficiary(outcome.beneficiary()));
        });
    }

    /** A payout is filed under its number in the request log, so that a fault can be set for one payout. */
    private Call payout(Party party, JsonObject body) {
        String payoutNo = Members.text(body, "out_payout_no", AlphapayOperations.REFUND_NO, AlphapayOperations.REFUND_NO_RULE);
        JsonObject amount = Members.object(body, "amount");
        long total = Members.nested("amount", () -> Members.integer(amount, "total", 1, AlphapayOperations.MAX_FEN));
        String currency = Members.nested("amount", () -> Members.text(amount, "currency", 3));
        if (!currency.equals("CNY")) {
            throw new Members.Invalid("amount.currency", "amount.currency must be CNY: payouts are of the CNY balance");
        }
        String target = Members.text(body, "target_currency", CURRENCY, "3 capital letters (ISO 4217)");
        String description = Members.optionalText(body, "description", 80).orElse(null);
        Payouts.PayoutTerms terms = new Payouts.PayoutTerms(payoutNo, total, currency, target, description);
        return new Call(payoutNo, () -> {
            Payouts.PayoutOutcome outcome = payouts.payout(party, terms);
            return outcome.refusal() != null ? refusal(outcome.refusal(), outcome.reason()) : AlphapayAnswer.ok(payoutRecord(outcome.payout()));
        });
    }

    private Call query(Party party, AlphapayRequest request) {
        String payoutNo = AlphapayOperations.pathNumber(request, "out_payout_no", AlphapayOperations.REFUND_NO,
                AlphapayOperations.REFUND_NO_RULE);
        return new Call(payoutNo, () -> payouts.payout(party, payoutNo)
                .map(p -> AlphapayAnswer.ok(payoutRecord(p)))
                .orElseGet(() -> AlphapayAnswer.refusal(404, "RESOURCE_NOT_EXISTS", "no payout with this out_payout_no")));
    }

    private String decrypt(String member, String ciphertext) {
        return PersonalData.decrypt(accounts.companySigner(AlphapayGate.COMPANY).privateKey(), member, ciphertext);
    }

    // ---- answers -------------------------------------------------------------------------------

    /**
     * The beneficiary as the company shows it: the account masked to its last four characters (as
     * the books show it; masked here too, should a view ever come unmasked), no holder name.
     */
    static JsonObject beneficiary(Payouts.BeneficiaryView b) {
        return JsonText.object()
                .add("account_number", masked(b.accountNumber()))
                .add("swift_code", b.swiftCode())
                .add("bank_country", b.bankCountry())
                .add("currency", b.currency())
                .build();
    }

    static String masked(String accountNumber) {
        if (accountNumber.startsWith("*")) {
            return accountNumber;
        }
        return "****" + (accountNumber.length() <= 4 ? "" : accountNumber.substring(accountNumber.length() - 4));
    }

    /**
     * A payout as alphapay answers it, to the payout and its query: {@code fail_reason} only when
     * FAILED, {@code success_time} only when PAID; times in Beijing time, the rate's date as
     * {@code yyyyMMdd}.
     */
    static JsonObject payoutRecord(Payouts.PayoutView p) {
        JsonObjectBuilder record = JsonText.object()
                .add("out_payout_no", p.payoutNo())
                .add("payout_id", p.payoutId())
                .add("state", p.state())
                .add("amount", JsonText.object().add("total", p.amount()).add("currency", p.currency()))
                .add("fee", JsonText.object().add("total", p.fee()).add("currency", p.currency()))
                .add("rate", wireRate(p))
                .add("rate_date", p.rateDate().format(DateTimeFormatter.BASIC_ISO_DATE))
                .add("target_amount", JsonText.object().add("total", p.targetAmount()).add("currency", p.targetCurrency()));
        if ("FAILED".equals(p.state()) && p.failReason() != null) {
            record.add("fail_reason", p.failReason());
        }
        record.add("accept_time", AlphapayOperations.beijing(p.acceptedAt()));
        Optional.ofNullable(p.paidAt()).filter(at -> "PAID".equals(p.state()))
                .ifPresent(at -> record.add("success_time", AlphapayOperations.beijing(at)));
        return record.build();
    }

    /** The books' rate (at most 8 places) as the wire's integer: 9.12345678 is 912345678. */
    static long wireRate(Payouts.PayoutView p) {
        return p.rate().setScale(RATE_SCALE, RoundingMode.UNNECESSARY).unscaledValue().longValueExact();
    }

    /** The books' refusals in alphapay's codes (docs/companies/alphapay.md, payouts abroad). */
    static AlphapayAnswer refusal(Payouts.Refusal refusal, String reason) {
        String message = Objects.requireNonNullElse(reason, refusal.name());
        return switch (refusal) {
            case INVALID_REQUEST -> AlphapayAnswer.refusal(400, "PARAM_ERROR", message);
            case NOT_ENOUGH -> AlphapayAnswer.refusal(403, "NOT_ENOUGH", message);
            case NO_BENEFICIARY -> AlphapayAnswer.refusal(403, "BENEFICIARY_NOT_EXIST", message);
            case CURRENCY_NOT_ACCEPTED -> AlphapayAnswer.refusal(400, "CURRENCY_NOT_SUPPORTED", message);
            case NUMBER_REUSED -> AlphapayAnswer.refusal(403, "OUT_PAYOUT_NO_USED", message);
        };
    }
}
