package org.cbec.customs.entity;

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
import java.util.Optional;
import java.util.Set;

/**
 * A shop platform's order the broker declared to customs for a merchant (declare-order): what it
 * names (the platform, the order, the customs office, the payment), the order as the merchant sent
 * it, sealed (it holds the buyer's identity and the consignee: {@code sealedBody}, a KeyRing value
 * bound to this order's merchant and number), the message last sent for it, and what the single
 * window reported: its state ({@link OrderState}, moved by its table only), customs' last status
 * and words, and where the payment and the waybill stand against it.
 */
@Entity
@Table(name = "order_declaration")
@NamedQuery(name = OrderDeclaration.BY_ORDER, query = "SELECT o FROM OrderDeclaration o WHERE o.merchant = :merchant"
        + " AND o.orderNo = :orderNo AND o.customs = :customs")
@NamedQuery(name = OrderDeclaration.BY_PLATFORM_ORDER, query = "SELECT o FROM OrderDeclaration o WHERE o.platformCode = :platformCode"
        + " AND o.orderNo = :orderNo")
public class OrderDeclaration {

    public static final String BY_ORDER = "OrderDeclaration.byOrder";
    public static final String BY_PLATFORM_ORDER = "OrderDeclaration.byPlatformOrder";

    @Id
    @SequenceGenerator(name = "order_declaration_seq", sequenceName = "order_declaration_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "order_declaration_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(nullable = false, length = 16)
    private String platform;

    @Column(name = "platform_code", nullable = false, length = 10)
    private String platformCode;

    @Column(name = "order_no", nullable = false, length = 60)
    private String orderNo;

    @Column(nullable = false, length = 32)
    private String customs;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "transaction_id", nullable = false, length = 64)
    private String transactionId;

    @Column(name = "payment_id", nullable = false)
    private long paymentId;

    @Column(name = "action_type", nullable = false, length = 8)
    private String actionType;

    @Column(name = "message_guid", nullable = false, length = 36)
    private String messageGuid;

    @Column(name = "sealed_body", nullable = false, length = 65536)
    private String sealedBody;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private OrderState state;

    @Column(name = "window_status", length = 8)
    private String windowStatus;

    @Column(name = "window_info", length = 512)
    private String windowInfo;

    @Column(name = "payment_standing", length = 16)
    private String paymentStanding;

    @Column(name = "payment_field", length = 32)
    private String paymentField;

    @Column(name = "waybill_standing", length = 16)
    private String waybillStanding;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    protected OrderDeclaration() {
    }

    public OrderDeclaration(String merchant, String platform, String platformCode, String orderNo, String customs, String paymentMethod,
            String transactionId, long paymentId, String actionType, String messageGuid, String sealedBody, OffsetDateTime at) {
        this.merchant = merchant;
        this.platform = platform;
        this.platformCode = platformCode;
        this.orderNo = orderNo;
        this.customs = customs;
        this.paymentMethod = paymentMethod;
        this.transactionId = transactionId;
        this.paymentId = paymentId;
        this.actionType = actionType;
        this.messageGuid = messageGuid;
        this.sealedBody = sealedBody;
        this.state = OrderState.UNKNOWN;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /**
     * Declared again (a change, or a new message after the window refused the last): the order as
     * now sent, awaiting the window's word; empty when its state allows no change (released).
     */
    public Optional<Set<OrderState.Effect>> declaredAgain(String platform, String transactionId, long paymentId, String actionType,
            String messageGuid, String sealedBody, OffsetDateTime at) {
        Optional<Set<OrderState.Effect>> moved = move(OrderEvent.CHANGED, at);
        if (moved.isPresent()) {
            this.platform = platform;
            this.transactionId = transactionId;
            this.paymentId = paymentId;
            this.actionType = actionType;
            this.messageGuid = messageGuid;
            this.sealedBody = sealedBody;
            this.windowStatus = null;
            this.windowInfo = null;
            this.paymentStanding = null;
            this.paymentField = null;
            this.waybillStanding = null;
        }
        return moved;
    }

    /**
     * A receipt of the window's about the message last sent: customs' {@code status} and words, and
     * the documents' standing they end with (null when they say none). Its event moves the state
     * when the table allows; the effects of the state entered, empty when it moved nothing.
     */
    public Set<OrderState.Effect> receipt(OrderEvent event, String status, String info, String paymentStanding, String paymentField,
            String waybillStanding, OffsetDateTime at) {
        Optional<Set<OrderState.Effect>> moved = move(event, at);
        if (moved.isEmpty()) {
            return Set.of();
        }
        this.windowStatus = status;
        this.windowInfo = info;
        if (paymentStanding != null) {
            this.paymentStanding = paymentStanding;
            this.paymentField = paymentField;
            this.waybillStanding = waybillStanding;
        }
        return moved.get();
    }

    /** The window refused the message: customs never saw it. */
    public Set<OrderState.Effect> refused(String reason, OffsetDateTime at) {
        Optional<Set<OrderState.Effect>> moved = move(OrderEvent.REFUSED, at);
        moved.ifPresent(x -> this.windowInfo = reason == null || reason.length() <= 512 ? reason : reason.substring(0, 512));
        return moved.orElse(Set.of());
    }

    private Optional<Set<OrderState.Effect>> move(OrderEvent event, OffsetDateTime at) {
        if (!state.allows(event)) {
            return Optional.empty();
        }
        OrderState before = state;
        state = state.next(event);
        updatedAt = at;
        return Optional.of(state.enteredFrom(before));
    }

    /** Its order sealed again (a new key-encryption key). */
    public void resealed(String sealedBody) {
        this.sealedBody = sealedBody;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPlatform() {
        return platform;
    }

    public String getPlatformCode() {
        return platformCode;
    }

    public String getOrderNo() {
        return orderNo;
    }

    public String getCustoms() {
        return customs;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getTransactionId() {
        return transactionId;
    }

    public long getPaymentId() {
        return paymentId;
    }

    public String getActionType() {
        return actionType;
    }

    public String getMessageGuid() {
        return messageGuid;
    }

    public String getSealedBody() {
        return sealedBody;
    }

    public OrderState getState() {
        return state;
    }

    public String getWindowStatus() {
        return windowStatus;
    }

    public String getWindowInfo() {
        return windowInfo;
    }

    public String getPaymentStanding() {
        return paymentStanding;
    }

    public String getPaymentField() {
        return paymentField;
    }

    public String getWaybillStanding() {
        return waybillStanding;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }
}
