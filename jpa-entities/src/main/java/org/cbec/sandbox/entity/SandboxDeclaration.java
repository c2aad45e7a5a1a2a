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

/** A declaration as a sandbox company submitted it to customs. */
@Entity
@Table(name = "sandbox_declaration")
@NamedQuery(name = SandboxDeclaration.OF_ORDER, query = "SELECT d FROM SandboxDeclaration d WHERE d.paymentMethod = :paymentMethod"
        + " AND d.companyMerchantId = :companyMerchantId AND d.orderRef = :orderRef ORDER BY d.subOrderNo")
public class SandboxDeclaration {

    public static final String OF_ORDER = "SandboxDeclaration.ofOrder";

    @Id
    @SequenceGenerator(name = "sandbox_declaration_seq", sequenceName = "sandbox_declaration_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_declaration_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "company_merchant_id", nullable = false, length = 64)
    private String companyMerchantId;

    @Column(name = "order_ref", nullable = false, length = 64)
    private String orderRef;

    @Column(name = "sub_order_no", nullable = false, length = 64)
    private String subOrderNo;

    @Column(nullable = false, length = 32)
    private String customs;

    @Column(name = "sub_order_id", nullable = false, length = 64)
    private String subOrderId;

    @Column(nullable = false, length = 16)
    private String state;

    @Column(length = 512)
    private String explanation;

    @Column(name = "cert_check_result", nullable = false, length = 16)
    private String certCheckResult;

    @Column(name = "verify_trade_id", nullable = false, length = 64)
    private String verifyTradeId;

    @Column(name = "declared_at", nullable = false)
    private OffsetDateTime declaredAt;

    @Column(name = "modified_at", nullable = false)
    private OffsetDateTime modifiedAt;

    protected SandboxDeclaration() {
    }

    public SandboxDeclaration(String paymentMethod, String companyMerchantId, String orderRef, String subOrderNo, String customs,
            String subOrderId, String verifyTradeId, OffsetDateTime at) {
        this.paymentMethod = paymentMethod;
        this.companyMerchantId = companyMerchantId;
        this.orderRef = orderRef;
        this.subOrderNo = subOrderNo;
        this.customs = customs;
        this.subOrderId = subOrderId;
        this.verifyTradeId = verifyTradeId;
        this.state = "PROCESSING";
        this.certCheckResult = "UNCHECKED";
        this.declaredAt = at;
        this.modifiedAt = at;
    }

    /** Submitted (again) to customs: processing from now on. */
    public void submit(String certCheckResult, OffsetDateTime at) {
        this.state = "PROCESSING";
        this.explanation = null;
        if (certCheckResult != null) {
            this.certCheckResult = certCheckResult;
        }
        this.declaredAt = at;
        this.modifiedAt = at;
    }

    public void settle(String state, String explanation, OffsetDateTime at) {
        this.state = state;
        this.explanation = explanation;
        this.modifiedAt = at;
    }

    public void certChecked(String certCheckResult, OffsetDateTime at) {
        this.certCheckResult = certCheckResult;
        this.modifiedAt = at;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getSubOrderNo() {
        return subOrderNo;
    }

    public String getCustoms() {
        return customs;
    }

    public String getSubOrderId() {
        return subOrderId;
    }

    public String getState() {
        return state;
    }

    public String getExplanation() {
        return explanation;
    }

    public String getCertCheckResult() {
        return certCheckResult;
    }

    public String getVerifyTradeId() {
        return verifyTradeId;
    }

    public OffsetDateTime getDeclaredAt() {
        return declaredAt;
    }

    public OffsetDateTime getModifiedAt() {
        return modifiedAt;
    }
}
