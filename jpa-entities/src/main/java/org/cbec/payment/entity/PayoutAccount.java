package org.cbec.payment.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;

/**
 * A merchant's account abroad at one company, where its payouts go. The whole account (holder,
 * number, SWIFT code, country, currency) is stored sealed, as the companies' credentials are; the
 * masked holder and number and the public parts are kept beside it to be shown.
 */
@Entity
@Table(name = "payout_account")
@NamedQuery(name = PayoutAccount.OF_MERCHANT, query = "SELECT a FROM PayoutAccount a WHERE a.merchant = :merchant"
        + " AND a.paymentMethod = :method")
public class PayoutAccount {

    public static final String OF_MERCHANT = "PayoutAccount.ofMerchant";

    @Id
    @SequenceGenerator(name = "payout_account_seq", sequenceName = "payout_account_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payout_account_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "sealed_account", nullable = false, length = 4000)
    private String sealedAccount;

    @Column(name = "holder_masked", nullable = false, length = 80)
    private String holderMasked;

    @Column(name = "account_masked", nullable = false, length = 40)
    private String accountMasked;

    @Column(name = "swift_code", nullable = false, length = 11)
    private String swiftCode;

    @Column(name = "bank_country", nullable = false, length = 2)
    private String bankCountry;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(name = "registered_at", nullable = false)
    private OffsetDateTime registeredAt;

    @Version
    private long version;

    protected PayoutAccount() {
    }

    public PayoutAccount(String merchant, String paymentMethod) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
    }

    public void register(String sealedAccount, String holderMasked, String accountMasked, String swiftCode, String bankCountry,
            String currency, OffsetDateTime at) {
        this.sealedAccount = sealedAccount;
        this.holderMasked = holderMasked;
        this.accountMasked = accountMasked;
        this.swiftCode = swiftCode;
        this.bankCountry = bankCountry;
        this.currency = currency;
        this.registeredAt = at;
    }

    /** Sealed anew under the newest key-encryption key. */
    public void resealed(String sealedAccount) {
        this.sealedAccount = sealedAccount;
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

    public String getSealedAccount() {
        return sealedAccount;
    }

    public String getHolderMasked() {
        return holderMasked;
    }

    public String getAccountMasked() {
        return accountMasked;
    }

    public String getSwiftCode() {
        return swiftCode;
    }

    public String getBankCountry() {
        return bankCountry;
    }

    public String getCurrency() {
        return currency;
    }

    public OffsetDateTime getRegisteredAt() {
        return registeredAt;
    }

    @Override
    public String toString() {
        return "PayoutAccount[" + merchant + " " + paymentMethod + " " + accountMasked + " " + currency + "]";
    }
}
