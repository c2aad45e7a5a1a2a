package org.cbec.sandbox.books;

import java.time.OffsetDateTime;

/**
 * What a payment company forwards to customs when a payment is declared there, as the real
 * companies send customs their payment document: the company's customs code, the transaction, the
 * merchant's order, what the payer paid in CNY fen and who paid, as a hash ({@link Identity}; null
 * when the company knows no one). Fired by {@link Books} in the declaration's transaction; the
 * sandbox's single window takes it.
 */
public record PaymentDocument(String payCode, String payTransactionId, String orderRef, long amountPaid, String payerIdentity,
        OffsetDateTime at) {

    @Override
    public String toString() {
        return "PaymentDocument[" + payCode + " " + payTransactionId + "]";
    }
}
