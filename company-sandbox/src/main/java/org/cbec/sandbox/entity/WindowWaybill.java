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

/** A waybill a logistics company declared to the window for a platform's order (a test, through the admin helper). */
@Entity
@Table(name = "sandbox_window_waybill")
@NamedQuery(name = WindowWaybill.OF_ORDER, query = "SELECT w FROM WindowWaybill w WHERE w.ebpCode = :ebpCode AND w.orderNo = :orderNo")
public class WindowWaybill {

    public static final String OF_ORDER = "WindowWaybill.ofOrder";

    @Id
    @SequenceGenerator(name = "sandbox_window_waybill_seq", sequenceName = "sandbox_window_waybill_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_waybill_seq")
    private Long id;

    @Column(name = "ebp_code", nullable = false, length = 10)
    private String ebpCode;

    @Column(name = "order_no", nullable = false, length = 60)
    private String orderNo;

    @Column(name = "logistics_code", nullable = false, length = 10)
    private String logisticsCode;

    @Column(name = "logistics_no", nullable = false, length = 60)
    private String logisticsNo;

    @Column(name = "declared_at", nullable = false)
    private OffsetDateTime declaredAt;

    protected WindowWaybill() {
    }

    public WindowWaybill(String ebpCode, String orderNo, String logisticsCode, String logisticsNo, OffsetDateTime declaredAt) {
        this.ebpCode = ebpCode;
        this.orderNo = orderNo;
        this.logisticsCode = logisticsCode;
        this.logisticsNo = logisticsNo;
        this.declaredAt = declaredAt;
    }

    public String getEbpCode() {
        return ebpCode;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getLogisticsCode() {
        return logisticsCode;
    }

    public String getLogisticsNo() {
        return logisticsNo;
    }

    public OffsetDateTime getDeclaredAt() {
        return declaredAt;
    }
}
