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

/** A receipt the window wrote for an order message: customs' status code, its words, when. Never changed. */
@Entity
@Table(name = "sandbox_window_receipt")
@NamedQuery(name = WindowReceipt.OF_ORDER, query = "SELECT r FROM WindowReceipt r WHERE r.orderId = :orderId ORDER BY r.id")
public class WindowReceipt {

    public static final String OF_ORDER = "WindowReceipt.ofOrder";

    @Id
    @SequenceGenerator(name = "sandbox_window_receipt_seq", sequenceName = "sandbox_window_receipt_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_receipt_seq")
    private Long id;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    @Column(nullable = false, length = 36)
    private String guid;

    @Column(name = "message_guid", nullable = false, length = 36)
    private String messageGuid;

    @Column(nullable = false, length = 8)
    private String status;

    @Column(nullable = false, length = 512)
    private String info;

    @Column(nullable = false)
    private OffsetDateTime at;

    protected WindowReceipt() {
    }

    public WindowReceipt(long orderId, String guid, String messageGuid, String status, String info, OffsetDateTime at) {
        this.orderId = orderId;
        this.guid = guid;
        this.messageGuid = messageGuid;
        this.status = status;
        this.info = info;
        this.at = at;
    }

    public Long getId() {
        return id;
    }

    public long getOrderId() {
        return orderId;
    }

    public String getGuid() {
        return guid;
    }

    public String getMessageGuid() {
        return messageGuid;
    }

    public String getStatus() {
        return status;
    }

    public String getInfo() {
        return info;
    }

    public OffsetDateTime getAt() {
        return at;
    }
}
