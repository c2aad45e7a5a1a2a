package org.cbec.payment;

import java.time.OffsetDateTime;

/** A merchant's account abroad at a company, as it may be shown: holder and number masked. */
public record PayoutAccountView(String merchant, String paymentMethod, String holderName, String accountNumber, String swiftCode,
        String bankCountry, String currency, OffsetDateTime registeredAt) {
}
