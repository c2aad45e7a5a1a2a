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
 * A callback (asynchronous notification) a company owes a merchant: written in the transaction of
 * the change it reports, sent by the callback sender until the merchant acknowledges it or a day
 * has passed. {@code body} is fixed when it is written; {@code claimVersion} changes with every
 * claim and every result, so that a sender that claimed it finds out whether it still holds it.
 */
@Entity
@Table(name = "sandbox_callback")
@NamedQuery(name = Callback.DUE,
        query = "SELECT c.id, c.claimVersion FROM Callback c WHERE c.state = :pending"
                + " AND c.nextAttemptAt <= :now ORDER BY c.nextAttemptAt, c.id")
@NamedQuery(name = Callback.CLAIM,
        query = "UPDATE Callback c SET c.nextAttemptAt = :until, c.claimVersion = c.claimVersion + 1 WHERE c.id = :id"
                + " AND c.claimVersion = :version AND c.state = :pending")
@NamedQuery(name = Callback.OF_ORDER, query = "SELECT c FROM Callback c WHERE c.orderId = :orderId ORDER BY c.id")
public class Callback {

    /** The ids and claim versions of callbacks still {@code :pending} (State.PENDING) due by {@code :now}, the most overdue first. */
    public static final String DUE = "Callback.due";
    /** The claim: 1 row updated when {@code :version} was still the row's, else 0. */
    public static final String CLAIM = "Callback.claim";
    public static final String OF_ORDER = "Callback.ofOrder";

    public enum State {
        PENDING,
        DELIVERED,
        GIVEN_UP
    }

    @Id
    @SequenceGenerator(name = "sandbox_callback_seq", sequenceName = "sandbox_callback_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_callback_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    /** The merchant's number of the refund reported; null for a payment or a close. */
    @Column(name = "refund_no", length = 64)
    private String refundNo;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    /** What it reports, in the company's terms (alphapay's event_type, e.g. TRANSACTION.SUCCESS). */
    @Column(nullable = false, length = 32)
    private String kind;

    @Column(nullable = false, length = 256)
    private String url;

    @Column(nullable = false, length = 8000)
    private String body;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(nullable = false)
    private int attempts;

    /** The HTTP status of the last answer; null before the first attempt or when there was none. */
    @Column(name = "last_status")
    private Integer lastStatus;

    @Column(name = "next_attempt_at", nullable = false)
    private OffsetDateTime nextAttemptAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "delivered_at")
    private OffsetDateTime deliveredAt;

    @Column(name = "claim_version", nullable = false)
    private long claimVersion;

    protected Callback() {
    }

    /** A callback due at once. */
    public Callback(long accountId, long orderId, String refundNo, String paymentMethod, String kind, String url, String body,
            OffsetDateTime at) {
        this.accountId = accountId;
        this.orderId = orderId;
        this.refundNo = refundNo;
        this.paymentMethod = paymentMethod;
        this.kind = kind;
        this.url = url;
        this.body = body;
        this.state = State.PENDING;
        this.attempts = 0;
        this.nextAttemptAt = at;
        this.createdAt = at;
    }

    /** The merchant acknowledged it. */
    public void delivered(int status, OffsetDateTime at) {
        attempted(status);
        this.state = State.DELIVERED;
        this.deliveredAt = at;
    }

    /** An attempt failed ({@code status} null: no answer); tried again at {@code next}, or given up when null. */
    public void failed(Integer status, OffsetDateTime next) {
        attempted(status);
        if (next == null) {
            this.state = State.GIVEN_UP;
        } else {
            this.nextAttemptAt = next;
        }
    }

    /**
     * Sent again, as a company sends a notification twice (a test helper: the merchant must take
     * the repeat as harmless). The same body; attempts go on counting.
     */
    public void sendAgain(OffsetDateTime at) {
        this.state = State.PENDING;
        this.nextAttemptAt = at;
        this.deliveredAt = null;
        this.claimVersion++;
    }

    private void attempted(Integer status) {
        this.attempts++;
        this.lastStatus = status;
        this.claimVersion++;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public long getOrderId() {
        return orderId;
    }

    public String getRefundNo() {
        return refundNo;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getKind() {
        return kind;
    }

    public String getUrl() {
        return url;
    }

    public String getBody() {
        return body;
    }

    public State getState() {
        return state;
    }

    public int getAttempts() {
        return attempts;
    }

    public Integer getLastStatus() {
        return lastStatus;
    }

    public OffsetDateTime getNextAttemptAt() {
        return nextAttemptAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getDeliveredAt() {
        return deliveredAt;
    }

    public long getClaimVersion() {
        return claimVersion;
    }
}
