package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * One authenticated request a company received. In the database, not in memory, because several
 * servers may share one sandbox database and a test counts what the company as a whole received.
 * {@code status} is what was answered; null while a TIMEOUT or SLOW fault is still stalling it.
 */
@Entity
@Table(name = "sandbox_request")
public class ReceivedRequest {

    @Id
    @SequenceGenerator(name = "sandbox_request_seq", sequenceName = "sandbox_request_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_request_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(nullable = false, length = 24)
    private String kind;

    @Column(name = "order_ref", length = 64)
    private String orderRef;

    private Integer status;

    @Column(name = "received_at", nullable = false)
    private OffsetDateTime receivedAt;

    protected ReceivedRequest() {
    }

    public ReceivedRequest(long accountId, String paymentMethod, String kind, String orderRef, Integer status,
            OffsetDateTime receivedAt) {
        this.accountId = accountId;
        this.paymentMethod = paymentMethod;
        this.kind = kind;
        this.orderRef = orderRef;
        this.status = status;
        this.receivedAt = receivedAt;
    }

    public void answered(int status) {
        this.status = status;
    }

    public Long getId() {
        return id;
    }

    public String getKind() {
        return kind;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public Integer getStatus() {
        return status;
    }

    public OffsetDateTime getReceivedAt() {
        return receivedAt;
    }
}
