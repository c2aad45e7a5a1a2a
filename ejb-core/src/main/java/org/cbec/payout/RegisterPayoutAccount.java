package org.cbec.payout;

import jakarta.validation.constraints.Pattern;
import org.cbec.platform.validation.CheckOrder;
import org.cbec.platform.validation.PlainText;
import org.cbec.platform.validation.Required;
import org.cbec.payment.PaymentFormats;

/**
 * The body of PUT /admin/merchants/{merchant}/payout-accounts/{paymentMethod}: the merchant's
 * account abroad at the company. {@code accountNumber} is given with or without spaces (an IBAN's
 * groups); it is kept without them. Never shown in clear: {@link #toString} masks it.
 */
@CheckOrder({"holderName", "accountNumber", "swiftCode", "bankCountry", "currency"})
public record RegisterPayoutAccount(
        @Required @PlainText(max = 64) String holderName,
        @Required @Pattern(regexp = PaymentFormats.BANK_ACCOUNT, message = PaymentFormats.BANK_ACCOUNT_RULE) String accountNumber,
        @Required @Pattern(regexp = PaymentFormats.SWIFT_CODE, message = PaymentFormats.SWIFT_CODE_RULE) String swiftCode,
        @Required @Pattern(regexp = "[A-Z]{2}", message = "must be an ISO 3166 alpha-2 country code") String bankCountry,
        @Required @Pattern(regexp = "[A-Z]{3}", message = "must be an ISO 4217 currency code") String currency) {

    /** The account number as stored and sent: without its spaces. */
    public String account() {
        return accountNumber == null ? null : accountNumber.replace(" ", "");
    }

    @Override
    public String toString() {
        return "RegisterPayoutAccount[" + org.cbec.company.Beneficiary.mask(account()) + " " + swiftCode + " " + bankCountry + " " + currency
                + "]";
    }
}
