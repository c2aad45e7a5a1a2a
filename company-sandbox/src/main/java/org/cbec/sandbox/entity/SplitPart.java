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
 * One receiver's part of a {@link Split}, or a release's part to the merchant itself. A receiver's
 * part is stored PENDING and reads as its {@code outcome} (SUCCESS, or CLOSED with the reason a
 * test arranged when it was made) once the settlement delay has passed since {@code createdAt}
 * (see {@code books.ProcessingClock}), without a write; the callback sender's timer later stores
 * that outcome ({@link #finish}). A release's part is SUCCESS when it is made.
 */
@Entity
@Table(name = "sandbox_split_part")
@NamedQuery(name = SplitPart.OF_ORDER, query = "SELECT p FROM SplitPart p WHERE p.orderId = :orderId ORDER BY p.splitRowId, p.partNo")
@NamedQuery(name = SplitPart.OF_SPLIT, query = "SELECT p FROM SplitPart p WHERE p.splitRowId = :splitRowId ORDER BY p.partNo")
@NamedQuery(name = SplitPart.PENDING_SINCE, query = "SELECT DISTINCT p.splitRowId FROM SplitPart p WHERE p.result = 'PENDING'"
        + " AND p.createdAt <= :createdBy ORDER BY p.splitRowId")
@NamedQuery(name = SplitPart.FINISHED_BETWEEN, query = "SELECT p, s, o FROM SplitPart p, Split s, CompanyOrder o"
        + " WHERE p.splitRowId = s.id AND p.orderId = o.id AND s.accountId = :accountId"
        + " AND p.finishedAt >= :from AND p.finishedAt < :to ORDER BY p.finishedAt, p.id")
@NamedQuery(name = SplitPart.PENDING_BETWEEN, query = "SELECT p, s, o FROM SplitPart p, Split s, CompanyOrder o"
        + " WHERE p.splitRowId = s.id AND p.orderId = o.id AND p.result = 'PENDING' AND s.accountId = :accountId"
        + " AND p.createdAt >= :from AND p.createdAt < :to ORDER BY p.id")
public class SplitPart {

    public static final String OF_ORDER = "SplitPart.ofOrder";
    public static final String OF_SPLIT = "SplitPart.ofSplit";
    /** The splits (row ids) with a part stored PENDING that was made at or before {@code createdBy}. */
    public static final String PENDING_SINCE = "SplitPart.pendingSince";
    /**
     * The parts of the account's splits stored finished from {@code from} to {@code to} (exclusive),
     * each with its split and order: rows of (SplitPart, Split, CompanyOrder).
     */
    public static final String FINISHED_BETWEEN = "SplitPart.finishedBetween";
    /**
     * The parts of the account's splits still stored PENDING that were made from {@code from} to
     * {@code to} (exclusive), with split and order: those whose delay has passed are finished as they read.
     */
    public static final String PENDING_BETWEEN = "SplitPart.pendingBetween";

    @Id
    @SequenceGenerator(name = "sandbox_split_part_seq", sequenceName = "sandbox_split_part_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_split_part_seq")
    private Long id;

    @Column(name = "split_row_id", nullable = false)
    private long splitRowId;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    @Column(name = "part_no", nullable = false)
    private int partNo;

    /** The release's part to the merchant itself, not a receiver's split. */
    @Column(name = "to_merchant", nullable = false)
    private boolean toMerchant;

    @Column(name = "receiver_type", nullable = false, length = 32)
    private String type;

    @Column(name = "receiver_account", nullable = false, length = 64)
    private String account;

    @Column(nullable = false)
    private long amount;

    @Column(length = 256)
    private String description;

    @Column(nullable = false, length = 16)
    private String result;

    @Column(nullable = false, length = 16)
    private String outcome;

    @Column(name = "fail_reason", length = 256)
    private String failReason;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "finished_at")
    private OffsetDateTime finishedAt;

    protected SplitPart() {
    }

    /** A part made now: final at once ({@code result} SUCCESS) or PENDING until it reaches {@code outcome}. */
    public SplitPart(long splitRowId, long orderId, int partNo, boolean toMerchant, String type, String account, long amount, String description,
            String result, String outcome, String failReason, OffsetDateTime at) {
        this.splitRowId = splitRowId;
        this.orderId = orderId;
        this.partNo = partNo;
        this.toMerchant = toMerchant;
        this.type = type;
        this.account = account;
        this.amount = amount;
        this.description = description;
        this.result = result;
        this.outcome = outcome;
        this.failReason = failReason;
        this.createdAt = at;
        this.finishedAt = "PENDING".equals(result) ? null : at;
    }

    /** A PENDING part's outcome, reached at {@code at}, becomes its stored result. */
    public void finish(String result, OffsetDateTime at) {
        this.result = result;
        this.finishedAt = at;
    }

    public Long getId() {
        return id;
    }

    public long getSplitRowId() {
        return splitRowId;
    }

    public long getOrderId() {
        return orderId;
    }

    public int getPartNo() {
        return partNo;
    }

    public boolean isToMerchant() {
        return toMerchant;
    }

    public String getType() {
        return type;
    }

    public String getAccount() {
        return account;
    }

    public long getAmount() {
        return amount;
    }

    public String getDescription() {
        return description;
    }

    public String getResult() {
        return result;
    }

    public String getOutcome() {
        return outcome;
    }

    public String getFailReason() {
        return failReason;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getFinishedAt() {
        return finishedAt;
    }
}
