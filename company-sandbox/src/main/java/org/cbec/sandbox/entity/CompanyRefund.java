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
 * A refund of a paid order as a company holds it, under the merchant's refund number. A betapay
 * refund is decided when it is made; an alphapay refund is PROCESSING and reads as its
 * {@code outcome} once the refund delay has passed since {@code createdAt} (see
 * {@code books.ProcessingClock}), without a write; the callback sender's timer later stores that
 * outcome ({@link #decide}) and reports it, once.
 */
@Entity
@Table(name = "sandbox_refund")
@NamedQuery(name = CompanyRefund.OF_ORDER, query = "SELECT r FROM CompanyRefund r WHERE r.orderId = :orderId ORDER BY r.id")
@NamedQuery(name = CompanyRefund.BY_NUMBER,
        query = "SELECT r FROM CompanyRefund r WHERE r.accountId = :accountId AND r.refundNo = :refundNo ORDER BY r.id")
@NamedQuery(name = CompanyRefund.PROCESSING_SINCE,
        query = "SELECT r.id FROM CompanyRefund r WHERE r.state = 'PROCESSING' AND r.createdAt <= :createdBy ORDER BY r.id")
@NamedQuery(name = CompanyRefund.OF_PAID_ORDERS, query = "SELECT r, o.heldForSettlement, o.paidAt FROM CompanyRefund r, CompanyOrder o"
        + " WHERE r.orderId = o.id AND o.accountId = :accountId AND o.state = :paid AND o.currency = :currency"
        + " AND r.state <> 'CLOSED' ORDER BY r.id")
@NamedQuery(name = CompanyRefund.DECIDED_BETWEEN, query = "SELECT r, o FROM CompanyRefund r, CompanyOrder o WHERE r.orderId = o.id"
        + " AND r.accountId = :accountId AND r.decidedAt >= :from AND r.decidedAt < :to ORDER BY r.decidedAt, r.id")
@NamedQuery(name = CompanyRefund.PROCESSING_BETWEEN, query = "SELECT r, o FROM CompanyRefund r, CompanyOrder o WHERE r.orderId = o.id"
        + " AND r.state = 'PROCESSING' AND r.accountId = :accountId AND r.createdAt >= :from AND r.createdAt < :to ORDER BY r.id")
public class CompanyRefund {

    public static final String OF_ORDER = "CompanyRefund.ofOrder";
    public static final String BY_NUMBER = "CompanyRefund.byNumber";
    /** The ids of refunds stored PROCESSING that were made at or before {@code createdBy}. */
    public static final String PROCESSING_SINCE = "CompanyRefund.processingSince";
    /**
     * The refunds not stored CLOSED of the account's orders paid ({@code paid}) in {@code currency},
     * each with whether its order is held for settlement and when it was paid: rows of
     * (CompanyRefund, Boolean, OffsetDateTime).
     */
    public static final String OF_PAID_ORDERS = "CompanyRefund.ofPaidOrders";
    /** The account's refunds stored decided from {@code from} to {@code to} (exclusive), each with its order: rows of (CompanyRefund, CompanyOrder). */
    public static final String DECIDED_BETWEEN = "CompanyRefund.decidedBetween";
    /**
     * The account's refunds still stored PROCESSING that were made from {@code from} to {@code to}
     * (exclusive), each with its order: those whose delay has passed are decided as they read.
     */
    public static final String PROCESSING_BETWEEN = "CompanyRefund.processingBetween";

    @Id
    @SequenceGenerator(name = "sandbox_refund_seq", sequenceName = "sandbox_refund_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_refund_seq")
    private Long id;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "refund_no", nullable = false, length = 64)
    private String refundNo;

    @Column(name = "refund_id", nullable = false, length = 64)
    private String refundId;

    @Column(nullable = false)
    private long amount;

    /** Its share of its order's fee, given back with it. */
    @Column(nullable = false)
    private long fee;

    @Column(length = 256)
    private String reason;

    @Column(nullable = false, length = 16)
    private String state;

    @Column(nullable = false, length = 16)
    private String outcome;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "decided_at")
    private OffsetDateTime decidedAt;

    /** Where the company reports the refund's final state; null: nowhere. */
    @Column(name = "notify_url", length = 256)
    private String notifyUrl;

    protected CompanyRefund() {
    }

    /** A refund made now: decided at once ({@code state} SUCCESS) or PROCESSING until it reaches {@code outcome}. */
    public CompanyRefund(long orderId, long accountId, String refundNo, String refundId, long amount, long fee, String reason,
            String state, String outcome, String notifyUrl, OffsetDateTime at) {
        this.fee = fee;
        this.orderId = orderId;
        this.accountId = accountId;
        this.refundNo = refundNo;
        this.refundId = refundId;
        this.amount = amount;
        this.reason = reason;
        this.state = state;
        this.outcome = outcome;
        this.notifyUrl = notifyUrl;
        this.createdAt = at;
        this.decidedAt = "PROCESSING".equals(state) ? null : at;
    }

    /** A PROCESSING refund's outcome, reached at {@code at}, becomes its stored state. */
    public void decide(String state, OffsetDateTime at) {
        this.state = state;
        this.decidedAt = at;
    }

    public Long getId() {
        return id;
    }

    public long getOrderId() {
        return orderId;
    }

    public String getRefundNo() {
        return refundNo;
    }

    public String getRefundId() {
        return refundId;
    }

    public long getFee() {
        return fee;
    }

    public long getAmount() {
        return amount;
    }

    public String getReason() {
        return reason;
    }

    public String getState() {
        return state;
    }

    public String getOutcome() {
        return outcome;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getDecidedAt() {
        return decidedAt;
    }

    public String getNotifyUrl() {
        return notifyUrl;
    }
}
