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
 * One movement of a merchant's CNY money at a company, from one bucket of its balance to another.
 * Each is written in the transaction of the change that causes it (a payment paid, a refund asked
 * for or closed, a split part asked for or closed, a release finished, a payout asked for, paid or
 * failed), and is never changed: a movement undone is a second row the other way. The account's
 * running totals (the {@code balance} table, one row per account) move with each one in the same
 * transaction and under that row's lock, which gives it its number ({@link #seq}), its time and the
 * totals after it; a periodic check holds the totals against the sums of the movements.
 */
@Entity
@Table(name = "balance_entry")
@NamedQuery(name = BalanceEntry.OF_PAYMENT, query = "SELECT e FROM BalanceEntry e WHERE e.paymentId = :paymentId ORDER BY e.seq")
@NamedQuery(name = BalanceEntry.OF_SOURCE, query = "SELECT e FROM BalanceEntry e WHERE e.kind = :kind AND e.sourceId = :sourceId")
@NamedQuery(name = BalanceEntry.OF_MERCHANT, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method ORDER BY e.seq DESC")
@NamedQuery(name = BalanceEntry.WINDOW, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND e.seq > :afterSeq AND e.seq <= :untilSeq ORDER BY e.seq")
@NamedQuery(name = BalanceEntry.AT, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND e.seq = :seq")
@NamedQuery(name = BalanceEntry.LAST_BEFORE, query = "SELECT MAX(e.seq) FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND e.createdAt < :before")
@NamedQuery(name = BalanceEntry.PAYOUTS_BEFORE, query = "SELECT e FROM BalanceEntry e WHERE e.merchant = :merchant"
        + " AND e.paymentMethod = :method AND e.kind = org.cbec.payment.entity.BalanceEntry.Kind.PAYOUT AND e.seq < :seq"
        + " ORDER BY e.seq DESC")
public class BalanceEntry {

    /** An account's entries after one number and up to another (inclusive), in the ledger's order. */
    public static final String WINDOW = "BalanceEntry.window";
    /** An account's entry of one number. */
    public static final String AT = "BalanceEntry.at";
    /** The number of an account's last entry stamped before a time (null: none). */
    public static final String LAST_BEFORE = "BalanceEntry.lastBefore";
    /** An account's payouts' entries before a number, the latest first. */
    public static final String PAYOUTS_BEFORE = "BalanceEntry.payoutsBefore";

    public static final String OF_PAYMENT = "BalanceEntry.ofPayment";
    public static final String OF_SOURCE = "BalanceEntry.ofSource";
    /** An account's entries, the latest first. */
    public static final String OF_MERCHANT = "BalanceEntry.ofMerchant";

    /** Where money is: outside the merchant's balance, or in one of its parts. */
    public enum Bucket {
        /** The payer's, a receiver's, or the bank abroad's: not the merchant's balance at the company. */
        OUTSIDE,
        /** Paid, not yet settled by the company (its account's settlement cycle): refundable, not payable abroad. */
        PENDING,
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
        /** The company's fee on a payment, kept where the payment's money went. */
        FEE,
        REFUND,
        REFUND_BACK,
        /** A refund's share of its payment's fee, given back by the company with the refund. */
        REFUND_FEE,
        /** The share of a refund that ended CLOSED, taken again. */
        REFUND_FEE_BACK,
        SPLIT,
        SPLIT_BACK,
        RELEASE,
        PAYOUT,
        PAYOUT_PAID,
        PAYOUT_BACK,
        /** The company settled a payment: what is pending of it becomes available. */
        SETTLED
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

    /** Stamped with the database's clock under the account's balance lock, in the order of {@link #seq}. */
    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    /** Its place in the account's ledger: 1, 2, … without gaps, given under the account's balance lock. */
    @Column(nullable = false)
    private long seq;

    /** The account's totals after it. */
    @Column(name = "available_after", nullable = false)
    private long availableAfter;

    @Column(name = "held_after", nullable = false)
    private long heldAfter;

    @Column(name = "in_transit_after", nullable = false)
    private long inTransitAfter;

    @Column(name = "paid_out_after", nullable = false)
    private long paidOutAfter;

    @Column(name = "pending_after", nullable = false)
    private long pendingAfter;

    protected BalanceEntry() {
    }

    /** A movement numbered {@code seq} in its account's ledger, leaving the account's buckets at {@code after}. */
    public BalanceEntry(String merchant, String paymentMethod, Kind kind, Bucket from, Bucket to, long amount, Long paymentId,
            Long sourceId, String orderRef, String reference, long seq, Totals after, OffsetDateTime at) {
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
        this.seq = seq;
        this.availableAfter = after.available();
        this.heldAfter = after.held();
        this.inTransitAfter = after.inTransit();
        this.paidOutAfter = after.paidOut();
        this.pendingAfter = after.pending();
        this.createdAt = at;
    }

    /** An account's buckets: each one's movements in less its movements out, in CNY fen. */
    public record Totals(long available, long held, long inTransit, long paidOut, long pending) {

        public static final Totals NONE = new Totals(0, 0, 0, 0, 0);

        /** Totals without money pending. */
        public Totals(long available, long held, long inTransit, long paidOut) {
            this(available, held, inTransit, paidOut, 0);
        }

        /** A movement's change to one bucket: in is +, out is −. */
        public static long change(Bucket bucket, Bucket from, Bucket to, long amount) {
            return (to == bucket ? amount : 0) - (from == bucket ? amount : 0);
        }
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

    public long getSeq() {
        return seq;
    }

    /** The account's totals after it. */
    public Totals after() {
        return new Totals(availableAfter, heldAfter, inTransitAfter, paidOutAfter, pendingAfter);
    }
}
