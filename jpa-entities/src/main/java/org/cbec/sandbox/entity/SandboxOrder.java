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

/** An order as a sandbox company holds it. */
@Entity
@Table(name = "sandbox_order")
@NamedQuery(name = SandboxOrder.FIND, query = "SELECT o FROM SandboxOrder o WHERE o.paymentMethod = :paymentMethod"
        + " AND o.companyMerchantId = :companyMerchantId AND o.orderRef = :orderRef")
@NamedQuery(name = SandboxOrder.COUNT, query = "SELECT COUNT(o) FROM SandboxOrder o WHERE o.paymentMethod = :paymentMethod"
        + " AND o.companyMerchantId = :companyMerchantId")
public class SandboxOrder {

    public static final String FIND = "SandboxOrder.find";
    public static final String COUNT = "SandboxOrder.count";

    /** The company-side order states. */
    public enum State {
        NOTPAY,
        SUCCESS,
        CLOSED
    }

    @Id
    @SequenceGenerator(name = "sandbox_order_seq", sequenceName = "sandbox_order_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_order_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "company_merchant_id", nullable = false, length = 64)
    private String companyMerchantId;

    @Column(name = "order_ref", nullable = false, length = 64)
    private String orderRef;

    @Column(name = "trade_type", nullable = false, length = 16)
    private String tradeType;

    @Column(nullable = false)
    private long amount;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(length = 256)
    private String description;

    @Column(name = "prepay_id", nullable = false, length = 64)
    private String prepayId;

    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(name = "transaction_id", length = 64)
    private String transactionId;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    /** SHA-256 of the payer's name and ID number, as the company learnt them when the payer paid. */
    @Column(name = "payer_identity_hash", length = 64)
    private String payerIdentityHash;

    protected SandboxOrder() {
    }

    public SandboxOrder(String paymentMethod, String companyMerchantId, String orderRef, String tradeType, long amount,
            String currency, String description, String prepayId, OffsetDateTime createdAt) {
        this.paymentMethod = paymentMethod;
        this.companyMerchantId = companyMerchantId;
        this.orderRef = orderRef;
        this.tradeType = tradeType;
        this.amount = amount;
        this.currency = currency;
        this.description = description;
        this.prepayId = prepayId;
        this.state = State.NOTPAY;
        this.createdAt = createdAt;
    }

    public void pay(String transactionId, String payerIdentityHash, OffsetDateTime at) {
        this.state = State.SUCCESS;
        this.transactionId = transactionId;
        this.payerIdentityHash = payerIdentityHash;
        this.paidAt = at;
    }

    public String getPayerIdentityHash() {
        return payerIdentityHash;
    }

    public void close() {
        this.state = State.CLOSED;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getCompanyMerchantId() {
        return companyMerchantId;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getTradeType() {
        return tradeType;
    }

    public long getAmount() {
        return amount;
    }

    public String getCurrency() {
        return currency;
    }

    public String getDescription() {
        return description;
    }

    public String getPrepayId() {
        return prepayId;
    }

    public State getState() {
        return state;
    }

    public String getTransactionId() {
        return transactionId;
    }

    public OffsetDateTime getPaidAt() {
        return paidAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
