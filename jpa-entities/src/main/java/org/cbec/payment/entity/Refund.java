package org.cbec.payment.entity;

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
import java.util.Set;

/**
 * A refund of a payment, identified by the merchant's {@code refundRef}. The company knows it by
 * {@code companyRefundNo}, fixed when the row is first written; the company's figures (its refund
 * id, what goes back to the payer, the settlement's share) are copied here by every answer.
 */
@Entity
@Table(name = "refund")
@NamedQuery(name = Refund.BY_PAYMENT, query = "SELECT r FROM Refund r WHERE r.paymentId = :paymentId ORDER BY r.seq")
@NamedQuery(name = Refund.BY_REF, query = "SELECT r FROM Refund r WHERE r.merchant = :merchant AND r.refundRef = :refundRef")
@NamedQuery(name = Refund.SUCCEEDED_BETWEEN, query = "SELECT r, p FROM Refund r, Payment p WHERE p.id = r.paymentId"
        + " AND r.merchant = :merchant AND p.paymentMethod = :method AND r.successAt >= :from AND r.successAt < :to")
@NamedQuery(name = Refund.BILLED_PAGE, query = "SELECT r.id, r.companyRefundNo, p.orderRef, r.amount, r.currency, r.state, r.successAt,"
        + " p.id, r.refundRef, r.fee FROM Refund r, Payment p WHERE p.id = r.paymentId AND r.merchant = :merchant"
        + " AND p.paymentMethod = :method AND r.successAt >= :from AND r.successAt < :to"
        + " AND r.successAt >= :afterTime AND (r.successAt > :afterTime OR r.id > :afterId) ORDER BY r.successAt, r.id")
@NamedQuery(name = Refund.BY_COMPANY_NO, query = "SELECT r, p FROM Refund r, Payment p WHERE p.id = r.paymentId"
        + " AND r.merchant = :merchant AND p.paymentMethod = :method AND r.companyRefundNo = :no")
public class Refund {

    /** An account's refunds that succeeded in a time range, each with its payment. */
    public static final String SUCCEEDED_BETWEEN = "Refund.succeededBetween";
    /** The same as a bill line needs it, a page after {@code (afterTime, afterId)}, as {@link Payment#BILLED_PAGE}. */
    public static final String BILLED_PAGE = "Refund.billedPage";
    /** An account's refund by its number at the company, with its payment. */
    public static final String BY_COMPANY_NO = "Refund.byCompanyNo";

    public static final String BY_PAYMENT = "Refund.byPayment";
    public static final String BY_REF = "Refund.byRef";

    @Id
    @SequenceGenerator(name = "refund_seq", sequenceName = "refund_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "refund_seq")
    private Long id;

    @Column(name = "payment_id", nullable = false)
    private long paymentId;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(nullable = false)
    private int seq;

    @Column(name = "refund_ref", nullable = false, length = 64)
    private String refundRef;

    @Column(name = "company_refund_no", nullable = false, length = 64)
    private String companyRefundNo;

    @Column(nullable = false)
    private long amount;

    /** Its share of its payment's fee, given back by the company with it (null for refunds asked before fees were booked). */
    private Long fee;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(length = 80)
    private String reason;

    @Column(name = "notify_url", length = 256)
    private String notifyUrl;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private RefundState state;

    @Column(name = "state_desc", length = 256)
    private String stateDesc;

    @Column(name = "refund_id", length = 64)
    private String refundId;

    @Column(name = "payer_total")
    private Long payerTotal;

    @Column(name = "payer_refund")
    private Long payerRefund;

    @Column(name = "payer_currency", length = 3)
    private String payerCurrency;

    @Column(name = "settlement_total")
    private Long settlementTotal;

    @Column(name = "settlement_amount")
    private Long settlementAmount;

    @Column(name = "success_at")
    private OffsetDateTime successAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Version
    private long version;

    protected Refund() {
    }

    public Refund(long paymentId, String merchant, int seq, String refundRef, String companyRefundNo, long amount, String currency,
            String reason, String notifyUrl, OffsetDateTime at) {
        this.paymentId = paymentId;
        this.merchant = merchant;
        this.seq = seq;
        this.refundRef = refundRef;
        this.companyRefundNo = companyRefundNo;
        this.amount = amount;
        this.currency = currency;
        this.reason = reason;
        this.notifyUrl = notifyUrl;
        this.state = RefundState.UNKNOWN;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /**
     * The company's view of the refund ({@link RefundEvent#reported}); a move the table refuses changes
     * nothing. The effects of the move it made ({@link RefundState#enteredFrom}).
     */
    public Set<RefundState.Effect> observed(RefundState state, String stateDesc, String refundId, Long payerTotal, Long payerRefund,
            String payerCurrency, Long settlementTotal, Long settlementAmount, OffsetDateTime successAt, OffsetDateTime at) {
        RefundState before = this.state;
        this.state = this.state.next(RefundEvent.reported(state));
        this.stateDesc = stateDesc;
        this.refundId = refundId != null ? refundId : this.refundId;
        this.payerTotal = payerTotal != null ? payerTotal : this.payerTotal;
        this.payerRefund = payerRefund != null ? payerRefund : this.payerRefund;
        this.payerCurrency = payerCurrency != null ? payerCurrency : this.payerCurrency;
        this.settlementTotal = settlementTotal != null ? settlementTotal : this.settlementTotal;
        this.settlementAmount = settlementAmount != null ? settlementAmount : this.settlementAmount;
        this.successAt = successAt != null ? successAt : this.successAt;
        this.updatedAt = at;
        return this.state.enteredFrom(before);
    }

    /** The company refused the refund: no money moved, it is CLOSED and no longer counts. */
    public Set<RefundState.Effect> refused(String reason, OffsetDateTime at) {
        RefundState before = state;
        state = state.next(RefundEvent.REFUSED);
        stateDesc = "refused by the company: " + reason;
        updatedAt = at;
        return state.enteredFrom(before);
    }

    public Long getId() {
        return id;
    }

    public long getPaymentId() {
        return paymentId;
    }

    public String getMerchant() {
        return merchant;
    }

    public int getSeq() {
        return seq;
    }

    public String getRefundRef() {
        return refundRef;
    }

    public String getCompanyRefundNo() {
        return companyRefundNo;
    }

    /** Its share of its payment's fee given back (null for refunds asked before fees were booked). */
    public Long getFee() {
        return fee;
    }

    public void bookFee(long fee) {
        if (this.fee == null) {
            this.fee = fee;
        }
    }

    public long getAmount() {
        return amount;
    }

    public String getCurrency() {
        return currency;
    }

    public String getReason() {
        return reason;
    }

    public String getNotifyUrl() {
        return notifyUrl;
    }

    public RefundState getState() {
        return state;
    }

    public String getStateDesc() {
        return stateDesc;
    }

    public String getRefundId() {
        return refundId;
    }

    public Long getPayerTotal() {
        return payerTotal;
    }

    public Long getPayerRefund() {
        return payerRefund;
    }

    public String getPayerCurrency() {
        return payerCurrency;
    }

    public Long getSettlementTotal() {
        return settlementTotal;
    }

    public Long getSettlementAmount() {
        return settlementAmount;
    }

    public OffsetDateTime getSuccessAt() {
        return successAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }
}
