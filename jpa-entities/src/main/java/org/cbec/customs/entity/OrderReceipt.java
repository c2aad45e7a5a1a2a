package org.cbec.customs.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A receipt the single window gave for a declared order (CEB312), kept once (by its own guid) and never changed. */
@Entity
@Table(name = "order_receipt")
@NamedQuery(name = OrderReceipt.OF_ORDER, query = "SELECT r FROM OrderReceipt r WHERE r.declarationId = :declarationId ORDER BY r.at, r.id")
public class OrderReceipt {

    public static final String OF_ORDER = "OrderReceipt.ofOrder";

    @Id
    @SequenceGenerator(name = "order_receipt_seq", sequenceName = "order_receipt_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "order_receipt_seq")
    private Long id;

    @Column(name = "declaration_id", nullable = false)
    private long declarationId;

    @Column(nullable = false, length = 36)
    private String guid;

    @Column(name = "message_guid", nullable = false, length = 36)
    private String messageGuid;

    @Column(nullable = false, length = 8)
    private String status;

    @Column(length = 512)
    private String info;

    @Column(nullable = false)
    private OffsetDateTime at;

    protected OrderReceipt() {
    }

    public OrderReceipt(long declarationId, String guid, String messageGuid, String status, String info, OffsetDateTime at) {
        this.declarationId = declarationId;
        this.guid = guid;
        this.messageGuid = messageGuid;
        this.status = status;
        this.info = info == null || info.length() <= 512 ? info : info.substring(0, 512);
        this.at = at;
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
