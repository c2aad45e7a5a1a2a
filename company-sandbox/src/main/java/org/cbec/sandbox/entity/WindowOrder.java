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
 * A platform's order as last declared at the window (one per platform and order number), with what
 * customs matches it on: the payment's company and transaction, the amounts (fen) and the buyer's
 * identity as a hash, never the text. Its state moves by the window's rules
 * ({@code window.WindowRules}) only.
 */
@Entity
@Table(name = "sandbox_window_order")
@NamedQuery(name = WindowOrder.BY_NUMBER, query = "SELECT o FROM WindowOrder o WHERE o.ebpCode = :ebpCode AND o.orderNo = :orderNo")
public class WindowOrder {

    public static final String BY_NUMBER = "WindowOrder.byNumber";

    /** RECEIVED by the window, STORED by customs, then RETURNED or RELEASED. */
    public enum State {
        RECEIVED, STORED, RETURNED, RELEASED
    }

    /** What customs matches an order on, as declared. */
    public record Facts(String ebcCode, String messageGuid, String payCode, String payTransactionId, long goodsValue, long freight,
            long discount, long taxTotal, long acturalPaid, long goodsTotal, String buyerIdentity) {

        @Override
        public String toString() {
            return "Facts[" + messageGuid + ", " + payCode + " " + payTransactionId + "]";
        }
    }

    @Id
    @SequenceGenerator(name = "sandbox_window_order_seq", sequenceName = "sandbox_window_order_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_order_seq")
    private Long id;

    @Column(name = "enterprise_id", nullable = false)
    private long enterpriseId;

    @Column(name = "ebp_code", nullable = false, length = 10)
    private String ebpCode;

    @Column(name = "order_no", nullable = false, length = 60)
    private String orderNo;

    @Column(name = "ebc_code", nullable = false, length = 10)
    private String ebcCode;

    @Column(name = "message_guid", nullable = false, length = 36)
    private String messageGuid;

    @Column(name = "pay_code", nullable = false, length = 10)
    private String payCode;

    @Column(name = "pay_transaction_id", nullable = false, length = 60)
    private String payTransactionId;

    @Column(name = "goods_value", nullable = false)
    private long goodsValue;

    @Column(nullable = false)
    private long freight;

    @Column(nullable = false)
    private long discount;

    @Column(name = "tax_total", nullable = false)
    private long taxTotal;

    @Column(name = "actural_paid", nullable = false)
    private long acturalPaid;

    @Column(name = "goods_total", nullable = false)
    private long goodsTotal;

    @Column(name = "buyer_identity", nullable = false, length = 64)
    private String buyerIdentity;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(name = "received_at", nullable = false)
    private OffsetDateTime receivedAt;

    @Column(name = "modified_at", nullable = false)
    private OffsetDateTime modifiedAt;

    protected WindowOrder() {
    }

    public WindowOrder(long enterpriseId, String ebpCode, String orderNo, Facts facts, OffsetDateTime at) {
        this.enterpriseId = enterpriseId;
        this.ebpCode = ebpCode;
        this.orderNo = orderNo;
        declared(facts, at);
    }

    /** Declared (again, a change): the facts as now declared, RECEIVED from {@code at}. */
    public final void declared(Facts f, OffsetDateTime at) {
        this.ebcCode = f.ebcCode();
        this.messageGuid = f.messageGuid();
        this.payCode = f.payCode();
        this.payTransactionId = f.payTransactionId();
        this.goodsValue = f.goodsValue();
        this.freight = f.freight();
        this.discount = f.discount();
        this.taxTotal = f.taxTotal();
        this.acturalPaid = f.acturalPaid();
        this.goodsTotal = f.goodsTotal();
        this.buyerIdentity = f.buyerIdentity();
        this.state = State.RECEIVED;
        this.receivedAt = at;
        this.modifiedAt = at;
    }

    public void move(State to, OffsetDateTime at) {
        this.state = to;
        this.modifiedAt = at;
    }

    public Facts facts() {
        return new Facts(ebcCode, messageGuid, payCode, payTransactionId, goodsValue, freight, discount, taxTotal, acturalPaid, goodsTotal,
                buyerIdentity);
    }

    public Long getId() {
        return id;
    }

    public long getEnterpriseId() {
        return enterpriseId;
    }

    public String getEbpCode() {
        return ebpCode;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getMessageGuid() {
        return messageGuid;
    }

    public State getState() {
        return state;
    }

    public OffsetDateTime getReceivedAt() {
        return receivedAt;
    }

    public OffsetDateTime getModifiedAt() {
        return modifiedAt;
    }
}
