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
import java.time.OffsetDateTime;

/**
 * One movement of a merchant's CNY money at a company, from one bucket of its balance to another:
 * the balance is derived from these rows and never kept as a counter of its own. Each is written in
 * the transaction of the change that causes it (a payment paid, a refund asked for or closed, a
 * split part asked for or closed, a release finished, a payout asked for, paid or failed), and is
 * never changed: a movement undone is a second row the other way.
 */
@Entity
@Table(name = "balance_entry")
@NamedQuery(name = BalanceEntry.INTO, query = "SELECT e.toBucket, SUM(e.amount) FROM BalanceEntry e"
        + " WHERE e.merchant = :merchant AND e.paymentMethod = :method GROUP BY e.toBucket")
@NamedQuery(name = BalanceEntry.OUT_OF, query = "SELECT e.fromBucket, SUM(e.amount) FROM BalanceEntry e"
        + " WHERE e.merchant = :merchant AND e.paymentMethod = :method GROUP BY e.fromBucket")
@NamedQuery(name = BalanceEntry.OF_PAYMENT, query = "SELECT e FROM BalanceEntry e WHERE e.paymentId = :paymentId ORDER BY e.id")
@NamedQuery(name = BalanceEntry.OF_SOURCE, query = "SELECT e FROM BalanceEntry e WHERE e.kind = :kind AND e.sourceId = :sourceId")
@NamedQuery(name = BalanceEntry.OF_MERCHANT, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method ORDER BY e.createdAt DESC, e.id DESC")
@NamedQuery(name = BalanceEntry.COUNT_OF_MERCHANT, query = "SELECT COUNT(e) FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method")
@NamedQuery(name = BalanceEntry.WINDOW, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND (e.createdAt > :afterAt OR (e.createdAt = :afterAt AND e.id > :afterId))"
        + " AND (e.createdAt < :untilAt OR (e.createdAt = :untilAt AND e.id <= :untilId)) ORDER BY e.createdAt, e.id")
@NamedQuery(name = BalanceEntry.MOVES_UNTIL, query = "SELECT e.fromBucket, e.toBucket, SUM(e.amount) FROM BalanceEntry e"
        + " WHERE e.merchant = :merchant AND e.paymentMethod = :method"
        + " AND (e.createdAt < :untilAt OR (e.createdAt = :untilAt AND e.id <= :untilId)) GROUP BY e.fromBucket, e.toBucket")
@NamedQuery(name = BalanceEntry.PAYOUTS_BEFORE, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND e.kind = org.cbec.payment.entity.BalanceEntry.Kind.PAYOUT"
        + " AND (e.createdAt < :untilAt OR (e.createdAt = :untilAt AND e.id < :untilId)) ORDER BY e.createdAt DESC, e.id DESC")
public class BalanceEntry {

    /** The entries after one point of the ledger and up to another, a point being a time and an id, in the ledger's order. */
    public static final String WINDOW = "BalanceEntry.window";
    /** Each pair of buckets' total moved up to a point of the ledger (inclusive). */
    public static final String MOVES_UNTIL = "BalanceEntry.movesUntil";
    /** The payouts' entries before a point of the ledger, the latest first. */
    public static final String PAYOUTS_BEFORE = "BalanceEntry.payoutsBefore";

    public static final String INTO = "BalanceEntry.into";
    public static final String OUT_OF = "BalanceEntry.outOf";
    public static final String OF_PAYMENT = "BalanceEntry.ofPayment";
    public static final String OF_SOURCE = "BalanceEntry.ofSource";
    public static final String OF_MERCHANT = "BalanceEntry.ofMerchant";
    public static final String COUNT_OF_MERCHANT = "BalanceEntry.countOfMerchant";

    /** Where money is: outside the merchant's balance, or in one of its parts. */
    public enum Bucket {
        /** The payer's, a receiver's, or the bank abroad's: not the merchant's balance at the company. */
        OUTSIDE,
        /** Held at the company for settlement. */
        HELD,
        /** The merchant's, free to refund or to pay out. */
        AVAILABLE,
        /** Paid out, on its way abroad. */
        IN_TRANSIT,
        /** Paid out and arrived. */
        PAID_OUT
    }

    /** What moved it. */
    public enum Kind {
        PAYMENT,
        REFUND,
        REFUND_BACK,
        SPLIT,
        SPLIT_BACK,
        RELEASE,
        PAYOUT,
        PAYOUT_PAID,
        PAYOUT_BACK
    }

    @Id
    @SequenceGenerator(name = "balance_entry_seq", sequenceName = "balance_entry_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "balance_entry_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private Kind kind;

    @Enumerated(EnumType.STRING)
    @Column(name = "from_bucket", nullable = false, length = 16)
    private Bucket fromBucket;

    @Enumerated(EnumType.STRING)
    @Column(name = "to_bucket", nullable = false, length = 16)
    private Bucket toBucket;

    @Column(nullable = false)
    private long amount;

    /** The payment it concerns (none for a payout). */
    @Column(name = "payment_id")
    private Long paymentId;

    /** The refund, settlement or payout row that moved it (none for a payment). */
    @Column(name = "source_id")
    private Long sourceId;

    @Column(name = "order_ref", length = 64)
    private String orderRef;

    /** The merchant's number of the refund, split, release or payout. */
    @Column(length = 64)
    private String reference;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected BalanceEntry() {
    }

    public BalanceEntry(String merchant, String paymentMethod, Kind kind, Bucket from, Bucket to, long amount, Long paymentId,
            Long sourceId, String orderRef, String reference, OffsetDateTime at) {
        if (amount <= 0 || from == to) {
            throw new IllegalArgumentException("a movement is a positive amount between two buckets: " + amount + " " + from + " " + to);
        }
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.kind = kind;
        this.fromBucket = from;
        this.toBucket = to;
        this.amount = amount;
        this.paymentId = paymentId;
        this.sourceId = sourceId;
        this.orderRef = orderRef;
        this.reference = reference;
        this.createdAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public Kind getKind() {
        return kind;
    }

    public Bucket getFromBucket() {
        return fromBucket;
    }

    public Bucket getToBucket() {
        return toBucket;
    }

    public long getAmount() {
        return amount;
    }

    public Long getPaymentId() {
        return paymentId;
    }

    public Long getSourceId() {
        return sourceId;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getReference() {
        return reference;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
