package org.cbec.sandbox.entity;

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
import java.time.OffsetDateTime;

/**
 * A split of a held order's money to registered receivers, or a release (unfreeze) of what it still
 * held to the merchant, under the merchant's number (unique per account, as both companies keep
 * it). Its parts are {@link SplitPart}s. {@code finish}: a split that released the rest right after
 * it; {@code byCompany}: a release the company made on its own after its days.
 */
@Entity
@Table(name = "sandbox_split")
@NamedQuery(name = Split.OF_ORDER, query = "SELECT s FROM Split s WHERE s.orderId = :orderId ORDER BY s.id")
@NamedQuery(name = Split.BY_NUMBER, query = "SELECT s FROM Split s WHERE s.accountId = :accountId AND s.splitNo = :splitNo")
public class Split {

    public static final String OF_ORDER = "Split.ofOrder";
    public static final String BY_NUMBER = "Split.byNumber";

    public enum Kind {
        SPLIT,
        RELEASE
    }

    @Id
    @SequenceGenerator(name = "sandbox_split_seq", sequenceName = "sandbox_split_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_split_seq")
    private Long id;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "split_no", nullable = false, length = 64)
    private String splitNo;

    /** The company's id for it (alphapay's order_id, betapay's settle_no). */
    @Column(name = "split_id", nullable = false, length = 64)
    private String splitId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Kind kind;

    @Column(nullable = false)
    private boolean finish;

    @Column(name = "by_company", nullable = false)
    private boolean byCompany;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected Split() {
    }

    public Split(long orderId, long accountId, String splitNo, String splitId, Kind kind, boolean finish, boolean byCompany,
            OffsetDateTime createdAt) {
        this.orderId = orderId;
        this.accountId = accountId;
        this.splitNo = splitNo;
        this.splitId = splitId;
        this.kind = kind;
        this.finish = finish;
        this.byCompany = byCompany;
        this.createdAt = createdAt;
    }

    /** Whether the order's held money was released by this one (a release, or a split that finished). */
    public boolean releases() {
        return kind == Kind.RELEASE || finish;
    }

    public Long getId() {
        return id;
    }

    public long getOrderId() {
        return orderId;
    }

    public long getAccountId() {
        return accountId;
    }

    public String getSplitNo() {
        return splitNo;
    }

    public String getSplitId() {
        return splitId;
    }

    public Kind getKind() {
        return kind;
    }

    public boolean isFinish() {
        return finish;
    }

    public boolean isByCompany() {
        return byCompany;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
