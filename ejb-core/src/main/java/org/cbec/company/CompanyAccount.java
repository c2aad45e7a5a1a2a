package org.cbec.company;

import java.security.PrivateKey;
import java.security.PublicKey;

/**
 * A merchant's account at a company, keys parsed. Never logged: {@link #toString()} names only
 * the account.
 */
public record CompanyAccount(String merchant, String companyMerchantId, String appId, String keySerial,
        PrivateKey merchantKey, PublicKey companyKey, String apiV3Key) {

    @Override
    public String toString() {
        return "CompanyAccount[" + merchant + ", " + companyMerchantId + ", serial " + keySerial + "]";
    }
}
