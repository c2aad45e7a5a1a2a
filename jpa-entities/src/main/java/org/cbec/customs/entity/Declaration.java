package org.cbec.customs.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;

/** The declaration of one (sub-)order of a paid payment to one customs office. */
@Entity
@Table(name = "declaration")
@NamedQuery(name = Declaration.FIND, query = "SELECT d FROM Declaration d WHERE d.merchant = :merchant AND d.orderNo = :orderNo"
        + " AND d.subOrderNo = :subOrderNo AND d.customs = :customs")
@NamedQuery(name = Declaration.OF_ORDER, query = "SELECT d FROM Declaration d WHERE d.merchant = :merchant AND d.orderNo = :orderNo"
        + " AND d.customs = :customs ORDER BY d.subOrderNo")
@NamedQuery(name = Declaration.PAYER_DECLARED, query = "SELECT d FROM Declaration d WHERE d.paymentId = :paymentId"
        + " AND d.sealedPayerIdentity IS NOT NULL ORDER BY d.payerDeclaredAt DESC, d.id DESC")
public class Declaration {

    public static final String FIND = "Declaration.find";
    public static final String OF_ORDER = "Declaration.ofOrder";
    /** The payment's declarations that declared a payer identity, the latest first. */
    public static final String PAYER_DECLARED = "Declaration.payerDeclared";

    @Id
    @SequenceGenerator(name = "declaration_seq", sequenceName = "declaration_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "declaration_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_id", nullable = false)
    private Long paymentId;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "order_no", nullable = false, length = 64)
    private String orderNo;

    @Column(name = "sub_order_no", nullable = false, length = 64)
    private String subOrderNo;

    @Column(nullable = false, length = 32)
    private String customs;

    @Column(name = "mch_customs_no", length = 64)
    private String mchCustomsNo;

    @Column(name = "transaction_id", nullable = false, length = 64)
    private String transactionId;

    @Column(name = "sub_order_id", length = 64)
    private String subOrderId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private DeclarationState state;

    @Column(length = 512)
    private String explanation;

    @Column(name = "modify_time")
    private OffsetDateTime modifyTime;

    @Column(name = "fee_type", length = 3)
    private String feeType;

    @Column(name = "order_fee")
    private Long orderFee;

    @Column(name = "transport_fee")
    private Long transportFee;

    @Column(name = "product_fee")
    private Long productFee;

    private Long duty;

    @Column(name = "cert_type", length = 16)
    private String certType;

    @Column(name = "cert_check_result", length = 16)
    private String certCheckResult;

    @Column(name = "verify_department", length = 32)
    private String verifyDepartment;

    @Column(name = "verify_department_trade_id", length = 64)
    private String verifyDepartmentTradeId;

    @Column(name = "customs_message", length = 4000)
    private String customsMessage;

    @Column(name = "result_code", length = 32)
    private String resultCode;

    /**
     * The payer identity the merchant declared with it (a declaration's or an identity upload's ID
     * number and name), sealed (KeyRing) and bound to this row: what a declared order's buyer is
     * compared with. Null while none was declared.
     */
    @Column(name = "payer_identity", length = 1024)
    private String sealedPayerIdentity;

    @Column(name = "payer_declared_at")
    private OffsetDateTime payerDeclaredAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Version
    private long version;

    protected Declaration() {
    }

    public Declaration(String merchant, Long paymentId, String paymentMethod, String orderNo, String subOrderNo, String customs,
            String transactionId, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentId = paymentId;
        this.paymentMethod = paymentMethod;
        this.orderNo = orderNo;
        this.subOrderNo = subOrderNo;
        this.customs = customs;
        this.transactionId = transactionId;
        this.state = DeclarationState.UNDECLARED;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /**
     * What the merchant declared (ADD or MODIFY), once the company took it. Whether the request was
     * allowed ({@link DeclarationState#allows}) is decided before it is sent; the state moves with
     * the company's report that comes with it ({@link #reported}).
     */
    public void declared(String mchCustomsNo, String feeType, Long orderFee, Long transportFee, Long productFee, Long duty,
            String certType, OffsetDateTime at) {
        this.mchCustomsNo = mchCustomsNo;
        this.feeType = feeType;
        this.orderFee = orderFee;
        this.transportFee = transportFee;
        this.productFee = productFee;
        this.duty = duty;
        this.certType = certType;
        this.updatedAt = at;
    }

    /** What the company reported. Null values leave what is known in place. */
    public void reported(DeclarationState state, String explanation, OffsetDateTime modifyTime, String subOrderId,
            String certCheckResult, String verifyDepartment, String verifyDepartmentTradeId, String customsMessage,
            String resultCode, OffsetDateTime at) {
        this.state = this.state.next(DeclarationEvent.reported(state));
        this.explanation = explanation;
        if (modifyTime != null) {
            this.modifyTime = modifyTime;
        }
        if (subOrderId != null) {
            this.subOrderId = subOrderId;
        }
        if (certCheckResult != null) {
            this.certCheckResult = certCheckResult;
        }
        if (verifyDepartment != null) {
            this.verifyDepartment = verifyDepartment;
        }
        if (verifyDepartmentTradeId != null) {
            this.verifyDepartmentTradeId = verifyDepartmentTradeId;
        }
        if (customsMessage != null) {
            this.customsMessage = customsMessage;
        }
        if (resultCode != null) {
            this.resultCode = resultCode;
        }
        this.updatedAt = at;
    }

    /** A submission that did not reach customs: the state stays as it was, the reason is noted. */
    public void notSubmitted(String reason, OffsetDateTime at) {
        this.state = state.next(DeclarationEvent.NOT_SUBMITTED);
        this.explanation = reason;
        this.updatedAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public Long getPaymentId() {
        return paymentId;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getSubOrderNo() {
        return subOrderNo;
    }

    public String getCustoms() {
        return customs;
    }

    public String getMchCustomsNo() {
        return mchCustomsNo;
    }

    public String getTransactionId() {
        return transactionId;
    }

    public String getSubOrderId() {
        return subOrderId;
    }

    public DeclarationState getState() {
        return state;
    }

    public String getExplanation() {
        return explanation;
    }

    public OffsetDateTime getModifyTime() {
        return modifyTime;
    }

    public String getFeeType() {
        return feeType;
    }

    public Long getOrderFee() {
        return orderFee;
    }

    public Long getTransportFee() {
        return transportFee;
    }

    public Long getProductFee() {
        return productFee;
    }

    public Long getDuty() {
        return duty;
    }

    public String getCertType() {
        return certType;
    }

    public String getCertCheckResult() {
        return certCheckResult;
    }

    public String getVerifyDepartment() {
        return verifyDepartment;
    }

    public String getVerifyDepartmentTradeId() {
        return verifyDepartmentTradeId;
    }

    public String getCustomsMessage() {
        return customsMessage;
    }

    public String getResultCode() {
        return resultCode;
    }

    /** A payer identity declared with it, sealed, at {@code at}. */
    public void payerDeclared(String sealed, OffsetDateTime at) {
        this.sealedPayerIdentity = sealed;
        this.payerDeclaredAt = at;
    }

    /** The declared payer identity sealed again (a new key-encryption key). */
    public void payerResealed(String sealed) {
        this.sealedPayerIdentity = sealed;
    }

    public String getSealedPayerIdentity() {
        return sealedPayerIdentity;
    }

    public OffsetDateTime getPayerDeclaredAt() {
        return payerDeclaredAt;
    }
}
