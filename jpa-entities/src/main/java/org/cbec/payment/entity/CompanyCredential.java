package org.cbec.payment.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * A merchant's account at one payment company: the ids the company knows it by, the merchant's
 * private key (signs requests; never leaves the server) and the company's public key (verifies
 * responses). The private key and the API v3 key are stored sealed (AES-256-GCM under a
 * key-encryption key, its id in front: {@code org.cbec.platform.crypto.KeyRing}); this entity
 * only carries what it is given.
 */
@Entity
@Table(name = "company_credential")
@NamedQuery(name = CompanyCredential.BY_MERCHANT_AND_METHOD,
        query = "SELECT c FROM CompanyCredential c WHERE c.merchant = :merchant AND c.paymentMethod = :paymentMethod")
@NamedQuery(name = CompanyCredential.METHODS_OF_MERCHANT,
        query = "SELECT c.paymentMethod FROM CompanyCredential c WHERE c.merchant = :merchant ORDER BY c.paymentMethod")
@NamedQuery(name = CompanyCredential.ACCOUNTS_OPENED_BEFORE,
        query = "SELECT c.merchant, c.paymentMethod, c.createdAt FROM CompanyCredential c WHERE c.createdAt < :before"
                + " ORDER BY c.merchant, c.paymentMethod")
public class CompanyCredential {

    /** Every merchant account opened before a time: merchant, company, when. */
    public static final String ACCOUNTS_OPENED_BEFORE = "CompanyCredential.accountsOpenedBefore";

    public static final String BY_MERCHANT_AND_METHOD = "CompanyCredential.byMerchantAndMethod";
    public static final String METHODS_OF_MERCHANT = "CompanyCredential.methodsOfMerchant";

    @Id
    @SequenceGenerator(name = "company_credential_seq", sequenceName = "company_credential_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "company_credential_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "company_merchant_id", nullable = false, length = 64)
    private String companyMerchantId;

    @Column(name = "app_id", nullable = false, length = 64)
    private String appId;

    @Column(name = "key_serial", nullable = false, length = 64)
    private String keySerial;

    /** Sealed (V11 widened the column for the ciphertext). */
    @Column(name = "merchant_private_key", nullable = false, length = 8000)
    private String sealedPrivateKey;

    @Column(name = "company_public_key", nullable = false, length = 4000)
    private String companyPublicKey;

    /** alphapay's API v3 key, sealed: the symmetric key its callbacks' resources are encrypted with. */
    @Column(name = "api_v3_key", length = 256)
    private String sealedApiV3Key;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    /** The company's settlement cycle: the days after its pay day a payment's money is available (0: at once). */
    @Column(name = "settlement_days", nullable = false)
    private int settlementDays;

    protected CompanyCredential() {
    }

    public CompanyCredential(String merchant, String paymentMethod, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.createdAt = at;
        this.updatedAt = at;
    }

    public void update(String companyMerchantId, String appId, String keySerial, String sealedPrivateKey,
            String companyPublicKey, String sealedApiV3Key, OffsetDateTime at) {
        this.sealedApiV3Key = sealedApiV3Key;
        this.companyMerchantId = companyMerchantId;
        this.appId = appId;
        this.keySerial = keySerial;
        this.sealedPrivateKey = sealedPrivateKey;
        this.companyPublicKey = companyPublicKey;
        this.updatedAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getCompanyMerchantId() {
        return companyMerchantId;
    }

    public String getAppId() {
        return appId;
    }

    public String getKeySerial() {
        return keySerial;
    }

    public String getSealedPrivateKey() {
        return sealedPrivateKey;
    }

    public String getCompanyPublicKey() {
        return companyPublicKey;
    }

    public String getSealedApiV3Key() {
        return sealedApiV3Key;
    }

    /** The same secrets sealed anew (under the newest key-encryption key); not an update of the account. */
    public void resealed(String sealedPrivateKey, String sealedApiV3Key) {
        this.sealedPrivateKey = sealedPrivateKey;
        this.sealedApiV3Key = sealedApiV3Key;
    }

    public int getSettlementDays() {
        return settlementDays;
    }

    /** The settlement cycle from now on: payments paid before keep the day they settle. */
    public void settleAfter(int days) {
        this.settlementDays = days;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }

    @Override
    public String toString() {
        return "CompanyCredential[" + merchant + "@" + paymentMethod + ", serial " + keySerial + "]";
    }
}
