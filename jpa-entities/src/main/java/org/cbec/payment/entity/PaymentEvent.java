package org.cbec.payment.entity;

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
 * One exchange with a payment company about a payment, as sent and received (redacted of keys and
 * signatures), for support engineers and customs. Written in its own transaction, so that a failed
 * exchange is recorded even when everything else rolls back.
 */
@Entity
@Table(name = "payment_event")
@NamedQuery(name = PaymentEvent.OF_PAYMENT,
        query = "SELECT e FROM PaymentEvent e WHERE e.paymentId = :paymentId ORDER BY e.id")
public class PaymentEvent {

    public static final String OF_PAYMENT = "PaymentEvent.ofPayment";

    /** How an exchange ended. */
    public enum Outcome {
        /** The company answered and its signature verified. */
        OK,
        /** The company answered with a verified business refusal. */
        REFUSED,
        /** No usable answer: timeout, connection failure, 5xx, unreadable body. */
        FAILED,
        /** An answer whose signature did not verify: treated as no answer. */
        UNVERIFIED,
        /** Not sent: the circuit breaker or bulkhead refused the call. */
        NOT_SENT
    }

    @Id
    @SequenceGenerator(name = "payment_event_seq", sequenceName = "payment_event_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payment_event_seq")
    private Long id;

    /** The payment the exchange was about, or none: a payout's. */
    @Column(name = "payment_id")
    private Long paymentId;

    @Column(name = "payout_id")
    private Long payoutId;

    @Column(nullable = false, length = 32)
    private String operation;

    @Column(nullable = false, length = 16)
    @jakarta.persistence.Enumerated(jakarta.persistence.EnumType.STRING)
    private Outcome outcome;

    @Column(name = "http_status")
    private Integer httpStatus;

    @Column(name = "duration_ms", nullable = false)
    private long durationMs;

    @Column(length = 16000)
    private String request;

    @Column(length = 16000)
    private String response;

    @Column(length = 1000)
    private String error;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected PaymentEvent() {
    }

    public PaymentEvent(Long paymentId, String operation, Outcome outcome, Integer httpStatus, long durationMs,
            String request, String response, String error, OffsetDateTime createdAt) {
        this.paymentId = paymentId;
        this.operation = operation;
        this.outcome = outcome;
        this.httpStatus = httpStatus;
        this.durationMs = durationMs;
        this.request = clip(request, 16000);
        this.response = clip(response, 16000);
        this.error = clip(error, 1000);
        this.createdAt = createdAt;
    }

    /** An exchange about a payout. */
    public static PaymentEvent ofPayout(long payoutId, String operation, Outcome outcome, Integer httpStatus, long durationMs,
            String request, String response, String error, OffsetDateTime createdAt) {
        PaymentEvent e = new PaymentEvent(null, operation, outcome, httpStatus, durationMs, request, response, error, createdAt);
        e.payoutId = payoutId;
        return e;
    }

    public Long getPayoutId() {
        return payoutId;
    }

    private static String clip(String s, int max) {
        return s == null || s.length() <= max ? s : s.substring(0, max);
    }

    public Long getId() {
        return id;
    }

    public Long getPaymentId() {
        return paymentId;
    }

    public String getOperation() {
        return operation;
    }

    public Outcome getOutcome() {
        return outcome;
    }

    public Integer getHttpStatus() {
        return httpStatus;
    }

    public long getDurationMs() {
        return durationMs;
    }

    public String getRequest() {
        return request;
    }

    public String getResponse() {
        return response;
    }

    public String getError() {
        return error;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
