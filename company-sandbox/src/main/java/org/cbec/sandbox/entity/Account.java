package org.cbec.sandbox.entity;

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
 * A merchant account at one company, opened under the merchant's name. The merchant's private key
 * is kept too: a sandbox convenience (a real company only ever sees the public half), so that
 * opening the same account again hands out the same credentials and a run script can provision
 * idempotently. The same holds for alphapay's API v3 key, which a real company's merchant sets
 * and keeps.
 */
@Entity
@Table(name = "sandbox_account")
@NamedQuery(name = Account.BY_MERCHANT,
        query = "SELECT a FROM Account a WHERE a.paymentMethod = :paymentMethod AND a.merchant = :merchant")
@NamedQuery(name = Account.BY_COMPANY_MERCHANT_ID,
        query = "SELECT a FROM Account a WHERE a.paymentMethod = :paymentMethod AND a.companyMerchantId = :companyMerchantId")
@NamedQuery(name = Account.BY_APP_ID,
        query = "SELECT a FROM Account a WHERE a.paymentMethod = :paymentMethod AND a.appId = :appId")
public class Account {

    public static final String BY_MERCHANT = "Account.byMerchant";
    public static final String BY_COMPANY_MERCHANT_ID = "Account.byCompanyMerchantId";
    public static final String BY_APP_ID = "Account.byAppId";

    @Id
    @SequenceGenerator(name = "sandbox_account_seq", sequenceName = "sandbox_account_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_account_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "company_merchant_id", nullable = false, length = 16)
    private String companyMerchantId;

    @Column(name = "app_id", nullable = false, length = 64)
    private String appId;

    @Column(name = "key_serial", nullable = false, length = 32)
    private String keySerial;

    @Column(name = "merchant_public_key", nullable = false, length = 1000)
    private String merchantPublicKey;

    @Column(name = "merchant_private_key", nullable = false, length = 4000)
    private String merchantPrivateKey;

    @Column(name = "opened_at", nullable = false)
    private OffsetDateTime openedAt;

    /** alphapay's API v3 key (the AES-256-GCM key of its callbacks' resource); null for betapay. */
    @Column(name = "api_v3_key", length = 32)
    private String apiV3Key;

    /** Why the account's payouts accepted from now on fail, when a test arranged it; null: they are paid. */
    @Column(name = "payout_failure", length = 256)
    private String payoutFailure;

    /** The company's fee on each payment, a percentage (two places), as the account was opened. */
    @Column(name = "fee_rate", nullable = false, precision = 5, scale = 2)
    private java.math.BigDecimal feeRate;

    /** The company's settlement cycle: the days after a payment's pay day (Beijing time) that it is settled; 0: at once. */
    @Column(name = "settlement_days", nullable = false)
    private int settlementDays;

    protected Account() {
    }

    public Account(String paymentMethod, String merchant, String companyMerchantId, String appId, String keySerial,
            String merchantPublicKey, String merchantPrivateKey, String apiV3Key, java.math.BigDecimal feeRate, int settlementDays,
            OffsetDateTime openedAt) {
        this.settlementDays = settlementDays;
        this.paymentMethod = paymentMethod;
        this.merchant = merchant;
        this.companyMerchantId = companyMerchantId;
        this.appId = appId;
        this.keySerial = keySerial;
        this.merchantPublicKey = merchantPublicKey;
        this.merchantPrivateKey = merchantPrivateKey;
        this.apiV3Key = apiV3Key;
        this.feeRate = feeRate;
        this.openedAt = openedAt;
    }

    public void arrangePayoutFailure(String reason) {
        this.payoutFailure = reason;
    }

    public int getSettlementDays() {
        return settlementDays;
    }

    public java.math.BigDecimal getFeeRate() {
        return feeRate;
    }

    public Long getId() {
        return id;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getMerchant() {
        return merchant;
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

    public String getMerchantPublicKey() {
        return merchantPublicKey;
    }

    public String getMerchantPrivateKey() {
        return merchantPrivateKey;
    }

    public String getApiV3Key() {
        return apiV3Key;
    }

    public String getPayoutFailure() {
        return payoutFailure;
    }
}
