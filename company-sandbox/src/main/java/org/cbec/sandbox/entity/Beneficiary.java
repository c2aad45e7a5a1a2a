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
 * An account's beneficiary abroad, where its payouts are paid: one per account, replaced by each
 * registration. The holder's name and the account number are the merchant's secrets: the company
 * keeps the name's first character and the number's last four (masks) and a SHA-256 of the number
 * (to tell the same account again), never the text.
 */
@Entity
@Table(name = "sandbox_beneficiary")
@NamedQuery(name = Beneficiary.OF_ACCOUNT, query = "SELECT b FROM Beneficiary b WHERE b.accountId = :accountId")
public class Beneficiary {

    public static final String OF_ACCOUNT = "Beneficiary.ofAccount";

    @Id
    @SequenceGenerator(name = "sandbox_beneficiary_seq", sequenceName = "sandbox_beneficiary_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_beneficiary_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "holder_mask", nullable = false, length = 8)
    private String holderMask;

    @Column(name = "account_mask", nullable = false, length = 8)
    private String accountMask;

    @Column(name = "account_hash", nullable = false, length = 64)
    private String accountHash;

    @Column(name = "swift_code", nullable = false, length = 11)
    private String swiftCode;

    @Column(name = "bank_country", nullable = false, length = 2)
    private String bankCountry;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(name = "registered_at", nullable = false)
    private OffsetDateTime registeredAt;

    protected Beneficiary() {
    }

    public Beneficiary(long accountId) {
        this.accountId = accountId;
    }

    /** The terms of a registration (the latest one replaces the account's beneficiary). */
    public void register(String holderMask, String accountMask, String accountHash, String swiftCode, String bankCountry,
            String currency, OffsetDateTime at) {
        this.holderMask = holderMask;
        this.accountMask = accountMask;
        this.accountHash = accountHash;
        this.swiftCode = swiftCode;
        this.bankCountry = bankCountry;
        this.currency = currency;
        this.registeredAt = at;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public String getHolderMask() {
        return holderMask;
    }

    public String getAccountMask() {
        return accountMask;
    }

    public String getAccountHash() {
        return accountHash;
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
}
