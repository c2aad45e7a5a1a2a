package org.cbec.company;

/**
 * A merchant's account abroad, where a company pays its payouts: the holder's name, the account
 * number or IBAN, the bank's SWIFT code, the bank's country (ISO 3166 alpha-2) and the account's
 * currency (ISO 4217). All of it is a secret of the merchant's: {@link #toString} shows it masked,
 * and an adapter that records its exchanges records the account masked too.
 */
public record Beneficiary(String holderName, String accountNumber, String swiftCode, String bankCountry, String currency) {

    /** The account number as it may be shown: its last four characters. */
    public String maskedAccount() {
        return mask(accountNumber);
    }

    /** The holder's name as it may be shown: its first character. */
    public String maskedHolder() {
        return holderName == null || holderName.isEmpty() ? holderName : holderName.substring(0, 1) + "***";
    }

    public static String mask(String accountNumber) {
        if (accountNumber == null) {
            return null;
        }
        return accountNumber.length() <= 4 ? "****" : "****" + accountNumber.substring(accountNumber.length() - 4);
    }

    @Override
    public String toString() {
        return "Beneficiary[" + maskedHolder() + " " + maskedAccount() + " " + swiftCode + " " + bankCountry + " " + currency + "]";
    }
}
