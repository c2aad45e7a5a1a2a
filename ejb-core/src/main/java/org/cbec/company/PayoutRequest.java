package org.cbec.company;

/**
 * A payout of a merchant's CNY balance at the company to its registered {@link Beneficiary}:
 * {@code payoutNo} is the broker's number for it at the company (fixed before the first send, so a
 * second send is the same payout), {@code amount} in CNY fen with the company's fee inside it,
 * {@code targetCurrency} the beneficiary account's currency.
 */
public record PayoutRequest(String payoutNo, long amount, String currency, String targetCurrency, String description) {
}
