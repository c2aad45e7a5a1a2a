package org.cbec.company;

/**
 * A refund as a company is asked for it: {@code refundNo} is the company's refund number (derived
 * from the broker's refund, the same on every retry), amounts in the payment currency's base unit;
 * {@code total} is the payment's amount, {@code payerTotal} what the payer paid (in
 * {@code payerCurrency}), both known to the broker and used where a company does not repeat them.
 */
public record RefundRequest(String orderRef, String transactionId, String refundNo, long amount, long total, String currency,
        Long payerTotal, String payerCurrency, String reason, String notifyUrl) {
}
