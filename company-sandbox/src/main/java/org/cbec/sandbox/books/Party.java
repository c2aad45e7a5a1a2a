package org.cbec.sandbox.books;

import java.security.PublicKey;

/** A merchant account as a company's gate needs it: who it is and the key that verifies its requests. */
public record Party(long accountId, String paymentMethod, String merchant, String companyMerchantId, String appId,
        String keySerial, PublicKey merchantKey) {

    @Override
    public String toString() {
        return paymentMethod + " account " + companyMerchantId;
    }
}
