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
 * A request the window received from a registered enterprise: its kind ({@code order-declare},
 * {@code order-query}), the order number it named, the status answered (null while a fault stalls it).
 */
@Entity
@Table(name = "sandbox_window_request")
public class WindowRequest {

    @Id
    @SequenceGenerator(name = "sandbox_window_request_seq", sequenceName = "sandbox_window_request_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_request_seq")
    private Long id;

    @Column(name = "enterprise_id", nullable = false)
    private long enterpriseId;

    @Column(nullable = false, length = 24)
    private String kind;

    @Column(name = "order_no", length = 60)
    private String orderNo;

    private Integer status;

    @Column(name = "received_at", nullable = false)
    private OffsetDateTime receivedAt;

    protected WindowRequest() {
    }

    public WindowRequest(long enterpriseId, String kind, String orderNo, Integer status, OffsetDateTime receivedAt) {
        this.enterpriseId = enterpriseId;
        this.kind = kind;
        this.orderNo = orderNo;
        this.status = status;
        this.receivedAt = receivedAt;
    }

    public Long getId() {
        return id;
    }

    public String getKind() {
        return kind;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public Integer getStatus() {
        return status;
    }

    public void answered(int status) {
        this.status = status;
    }

    public OffsetDateTime getReceivedAt() {
        return receivedAt;
    }
}
