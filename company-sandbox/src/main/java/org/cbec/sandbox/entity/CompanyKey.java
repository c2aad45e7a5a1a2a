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
 * A company's own key pair, made on first use and kept, so that the accounts it opened (which hold
 * its public half) stay valid across restarts and across servers sharing the database.
 */
@Entity
@Table(name = "sandbox_company_key")
@NamedQuery(name = CompanyKey.OF_COMPANY, query = "SELECT k FROM CompanyKey k WHERE k.paymentMethod = :paymentMethod")
public class CompanyKey {

    public static final String OF_COMPANY = "CompanyKey.ofCompany";

    @Id
    @SequenceGenerator(name = "sandbox_company_key_seq", sequenceName = "sandbox_company_key_seq", allocationSize = 10)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_company_key_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "serial_no", nullable = false, length = 32)
    private String serialNo;

    @Column(name = "public_key", nullable = false, length = 1000)
    private String publicKey;

    @Column(name = "private_key", nullable = false, length = 4000)
    private String privateKey;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected CompanyKey() {
    }

    public CompanyKey(String paymentMethod, String serialNo, String publicKey, String privateKey, OffsetDateTime createdAt) {
        this.paymentMethod = paymentMethod;
        this.serialNo = serialNo;
        this.publicKey = publicKey;
        this.privateKey = privateKey;
        this.createdAt = createdAt;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getSerialNo() {
        return serialNo;
    }

    public String getPublicKey() {
        return publicKey;
    }

    public String getPrivateKey() {
        return privateKey;
    }
}
