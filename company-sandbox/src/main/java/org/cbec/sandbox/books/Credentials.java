package org.cbec.sandbox.books;

/**
 * What opening an account hands out: exactly the body the broker's
 * {@code PUT /broker/admin/merchants/{merchant}/companies/{paymentMethod}} takes.
 */
public record Credentials(String companyMerchantId, String appId, String keySerial, String merchantPrivateKey,
        String companyPublicKey) {

    @Override
    public String toString() {
        // Never the private key, whatever ends up printing this.
        return "Credentials[" + companyMerchantId + "]";
    }
}
