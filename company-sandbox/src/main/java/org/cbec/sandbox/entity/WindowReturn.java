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

/** A return a test arranged at the window: customs returns the platform's order with this reason instead of releasing it. */
@Entity
@Table(name = "sandbox_window_return")
@NamedQuery(name = WindowReturn.OF_ORDER, query = "SELECT r FROM WindowReturn r WHERE r.ebpCode = :ebpCode AND r.orderNo = :orderNo")
public class WindowReturn {

    public static final String OF_ORDER = "WindowReturn.ofOrder";

    @Id
    @SequenceGenerator(name = "sandbox_window_return_seq", sequenceName = "sandbox_window_return_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_return_seq")
    private Long id;

    @Column(name = "ebp_code", nullable = false, length = 10)
    private String ebpCode;

    @Column(name = "order_no", nullable = false, length = 60)
    private String orderNo;

    @Column(nullable = false, length = 256)
    private String reason;

    @Column(name = "arranged_at", nullable = false)
    private OffsetDateTime arrangedAt;

    protected WindowReturn() {
    }

    public WindowReturn(String ebpCode, String orderNo, String reason, OffsetDateTime arrangedAt) {
        this.ebpCode = ebpCode;
        this.orderNo = orderNo;
        this.reason = reason;
        this.arrangedAt = arrangedAt;
    }

    public String getReason() {
        return reason;
    }

    public OffsetDateTime getArrangedAt() {
        return arrangedAt;
    }
}
