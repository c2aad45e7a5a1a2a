package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/**
 * A key a sandbox company holds: its own key pair (party {@link #COMPANY}), or a merchant account's
 * public key, with which it verifies that merchant's requests.
 */
@Entity
@Table(name = "sandbox_party")
@NamedQuery(name = SandboxParty.FIND,
        query = "SELECT p FROM SandboxParty p WHERE p.paymentMethod = :paymentMethod AND p.companyMerchantId = :companyMerchantId")
public class SandboxParty {

    public static final String FIND = "SandboxParty.find";
    /** The id under which a sandbox company keeps its own key pair. */
    public static final String COMPANY = "*company*";

    @Id
    @SequenceGenerator(name = "sandbox_party_seq", sequenceName = "sandbox_party_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_party_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "company_merchant_id", nullable = false, length = 64)
    private String companyMerchantId;

    @Column(name = "public_key", nullable = false, length = 4000)
    private String publicKey;

    @Column(name = "private_key", length = 4000)
    private String privateKey;

    protected SandboxParty() {
    }

    public SandboxParty(String paymentMethod, String companyMerchantId, String publicKey, String privateKey) {
        this.paymentMethod = paymentMethod;
        this.companyMerchantId = companyMerchantId;
        this.publicKey = publicKey;
        this.privateKey = privateKey;
    }

    public void setPublicKey(String publicKey) {
        this.publicKey = publicKey;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getCompanyMerchantId() {
        return companyMerchantId;
    }

    public String getPublicKey() {
        return publicKey;
    }

    public String getPrivateKey() {
        return privateKey;
    }
}
