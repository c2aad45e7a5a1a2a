package org.cbec.webhook.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;

/**
 * An event for a merchant about one of its payments or refunds, with its JSON body as it is
 * delivered (and signed) on every attempt, and where its delivery stands.
 */
@Entity
@Table(name = "merchant_event")
@NamedQuery(name = MerchantEvent.OF_PAYMENT, query = "SELECT e FROM MerchantEvent e WHERE e.paymentId = :paymentId ORDER BY e.createdAt, e.id")
@NamedQuery(name = MerchantEvent.OF_PAYOUT, query = "SELECT e FROM MerchantEvent e WHERE e.payoutId = :payoutId ORDER BY e.createdAt, e.id")
public class MerchantEvent {

    public static final String OF_PAYMENT = "MerchantEvent.ofPayment";
    public static final String OF_PAYOUT = "MerchantEvent.ofPayout";

    /** Where the delivery stands. */
    public enum State {
        /** To be sent at {@code nextAttemptAt}. */
        PENDING,
        /** A 2xx answered it. */
        DELIVERED,
        /** Tried for a day without a 2xx. */
        FAILED,
        /** The payment or refund has no notifyUrl: kept for the listing. */
        NO_TARGET,
        /** The merchant cancelled its remaining attempts (a redelivery sends it again). */
        CANCELLED
    }

    @Id
    @Column(length = 40)
    private String id;

    @Column(nullable = false, length = 64)
    private String merchant;

    /** The payment it is of (its refund's, split's), or none: a payout's. */
    @Column(name = "payment_id")
    private Long paymentId;

    @Column(name = "payout_id")
    private Long payoutId;

    @Column(name = "refund_id")
    private Long refundId;

    @Column(nullable = false, length = 32)
    private String type;

    @Column(nullable = false, length = 16000)
    private String body;

    @Column(name = "target_url", length = 256)
    private String targetUrl;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(nullable = false)
    private int attempts;

    @Column(name = "next_attempt_at")
    private OffsetDateTime nextAttemptAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "ended_at")
    private OffsetDateTime endedAt;

    @Version
    private long version;

    protected MerchantEvent() {
    }

    public MerchantEvent(String id, String merchant, long paymentId, Long refundId, String type, String body, String targetUrl,
            OffsetDateTime at) {
        this.id = id;
        this.merchant = merchant;
        this.paymentId = paymentId;
        this.refundId = refundId;
        this.type = type;
        this.body = body;
        this.targetUrl = targetUrl;
        this.state = targetUrl == null ? State.NO_TARGET : State.PENDING;
        this.nextAttemptAt = targetUrl == null ? null : at;
        this.createdAt = at;
    }

    /** An event of a payout (it has no payment). */
    public static MerchantEvent ofPayout(String id, String merchant, long payoutId, String type, String body, String targetUrl,
            OffsetDateTime at) {
        MerchantEvent e = new MerchantEvent(id, merchant, 0, null, type, body, targetUrl, at);
        e.paymentId = null;
        e.payoutId = payoutId;
        return e;
    }

    /** An event of the merchant's books (a reconciliation's), of a payment or a payout when it names one (both may be null). */
    public static MerchantEvent ofBooks(String id, String merchant, Long paymentId, Long payoutId, String type, String body, String targetUrl,
            OffsetDateTime at) {
        MerchantEvent e = new MerchantEvent(id, merchant, 0, null, type, body, targetUrl, at);
        e.paymentId = paymentId;
        e.payoutId = payoutId;
        return e;
    }

    /**
     * An attempt ended: delivered, to be tried again at {@code next}, or (next null) failed for good.
     * An attempt that was on its way when the event was cancelled is counted, and the event stays
     * cancelled unless that attempt delivered it.
     */
    public void attempted(boolean delivered, OffsetDateTime next, OffsetDateTime at) {
        attempts++;
        if (state == State.CANCELLED && !delivered) {
            return;
        }
        if (delivered) {
            state = State.DELIVERED;
            nextAttemptAt = null;
            endedAt = at;
        } else if (next == null) {
            state = State.FAILED;
            nextAttemptAt = null;
            endedAt = at;
        } else {
            nextAttemptAt = next;
        }
    }

    /**
     * No more attempts, at the merchant's request: true when the event was waiting for one (or was
     * cancelled already), false when it has none left to cancel (delivered, failed, no target).
     */
    public boolean cancel(OffsetDateTime at) {
        if (state == State.CANCELLED) {
            return true;
        }
        if (state != State.PENDING) {
            return false;
        }
        state = State.CANCELLED;
        nextAttemptAt = null;
        endedAt = at;
        return true;
    }

    /** Sent again at the merchant's request, whatever happened to it before (a day of tries from now). */
    public void redeliver(OffsetDateTime at) {
        state = State.PENDING;
        nextAttemptAt = at;
        endedAt = null;
    }

    public String getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public Long getPaymentId() {
        return paymentId;
    }

    public Long getPayoutId() {
        return payoutId;
    }

    public Long getRefundId() {
        return refundId;
    }

    public String getType() {
        return type;
    }

    public String getBody() {
        return body;
    }

    public String getTargetUrl() {
        return targetUrl;
    }

    public State getState() {
        return state;
    }

    public int getAttempts() {
        return attempts;
    }

    public OffsetDateTime getNextAttemptAt() {
        return nextAttemptAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getEndedAt() {
        return endedAt;
    }
}
