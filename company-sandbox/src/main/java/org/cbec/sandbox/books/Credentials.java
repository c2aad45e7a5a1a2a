package org.cbec.sandbox.books;

/**
 * What opening an account hands out: the body the broker's
 * {@code PUT /broker/admin/merchants/{merchant}/companies/{paymentMethod}} takes, and for alphapay
 * the account's API v3 key (null for betapay), which decrypts the resource of its callbacks.
 */
public record Credentials(String companyMerchantId, String appId, String keySerial, String merchantPrivateKey,
        String companyPublicKey, String apiV3Key, java.math.BigDecimal feeRate, int settlementDays) {

    @Override
    public String toString() {
        // Never the private key or the API v3 key, whatever ends up printing this.
        return "Credentials[" + companyMerchantId + "]";
    }
}
