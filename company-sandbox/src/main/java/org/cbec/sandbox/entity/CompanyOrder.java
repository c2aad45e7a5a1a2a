package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedNativeQuery;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * An order as a company holds it (named CompanyOrder: ORDER is a reserved word of JPQL). The
 * payer's identity, when the pay helper was told it, is kept only as a hash.
 */
@Entity
@Table(name = "sandbox_order")
@NamedQuery(name = CompanyOrder.FIND,
        query = "SELECT o FROM CompanyOrder o WHERE o.accountId = :accountId AND o.orderRef = :orderRef")
@NamedQuery(name = CompanyOrder.BY_TRANSACTION,
        query = "SELECT o FROM CompanyOrder o WHERE o.accountId = :accountId AND o.transactionId = :transactionId")
@NamedQuery(name = CompanyOrder.PAID_BY, query = "SELECT o.id FROM CompanyOrder o WHERE o.state = :paid AND o.paidAt <= :paidBy"
        + " AND o.id > :after AND NOT EXISTS (SELECT s.id FROM Split s WHERE s.orderId = o.id AND s.kind = :release) ORDER BY o.id")
@NamedQuery(name = CompanyOrder.PAID_SUMS, query = "SELECT o.heldForSettlement, SUM(o.amount) - SUM(o.fee) FROM CompanyOrder o"
        + " WHERE o.accountId = :accountId AND o.state = :paid AND o.currency = :currency GROUP BY o.heldForSettlement")
@NamedQuery(name = CompanyOrder.PAID_NOT_HELD_SINCE, query = "SELECT COALESCE(SUM(o.amount) - SUM(o.fee), 0) FROM CompanyOrder o"
        + " WHERE o.accountId = :accountId AND o.state = :paid AND o.currency = :currency AND o.heldForSettlement = false"
        + " AND o.paidAt >= :since")
@NamedQuery(name = CompanyOrder.PAID_BETWEEN, query = "SELECT o.orderRef, o.transactionId, o.amount, o.fee, o.currency, o.paidAt"
        + " FROM CompanyOrder o WHERE o.accountId = :accountId AND o.paidAt >= :from AND o.paidAt < :to ORDER BY o.paidAt, o.id")
@NamedNativeQuery(name = CompanyOrder.PAID_HELD, query = "SELECT order_ref FROM sandbox_order WHERE account_id = ?1"
        + " AND state = 'SUCCESS' AND currency = ?2 AND held_for_settlement = TRUE ORDER BY id")
public class CompanyOrder {

    public static final String FIND = "CompanyOrder.find";
    public static final String BY_TRANSACTION = "CompanyOrder.byTransaction";
    /**
     * The ids above {@code after} of orders paid at or before {@code paidBy} without a release
     * ({@code paid}: {@link State#SUCCESS}, {@code release}: {@link Split.Kind#RELEASE}). Whether an
     * order is held, or was released by a split that finished, is the caller's check, on the rows
     * this finds.
     */
    public static final String PAID_BY = "CompanyOrder.paidBy";
    /**
     * What the account's orders paid in {@code currency} add up to ({@code paid}: {@link State#SUCCESS}),
     * held for settlement and not: rows of (Boolean held, Long sum), grouped by the flag.
     */
    public static final String PAID_SUMS = "CompanyOrder.paidSums";
    /** What the account's orders paid in {@code currency} since {@code since}, not held, bring less their fees (0 when none). */
    public static final String PAID_NOT_HELD_SINCE = "CompanyOrder.paidNotHeldSince";
    /**
     * The out_trade_nos of the account's ({@code ?1}) paid orders in {@code ?2} held for settlement,
     * oldest first (native SQL).
     */
    public static final String PAID_HELD = "CompanyOrder.paidHeld";
    /**
     * The account's orders paid from {@code from} (inclusive) to {@code to} (exclusive), oldest
     * payment first, as a bill line needs them (orderRef, transactionId, amount, fee, currency,
     * paidAt), without their entities: a large merchant's day is hundreds of thousands.
     */
    public static final String PAID_BETWEEN = "CompanyOrder.paidBetween";

    /** The company-side states (alphapay's names; betapay shows them as WAIT_BUYER_PAY and so on). */
    public enum State {
        NOTPAY,
        SUCCESS,
        CLOSED
    }

    @Id
    @SequenceGenerator(name = "sandbox_order_seq", sequenceName = "sandbox_order_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_order_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "order_ref", nullable = false, length = 64)
    private String orderRef;

    @Column(name = "trade_type", nullable = false, length = 16)
    private String tradeType;

    @Column(nullable = false)
    private long amount;

    /** The company's fee, kept when it is paid. */
    @Column(nullable = false)
    private long fee;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(length = 256)
    private String description;

    /** alphapay's prepay id, betapay's trade number: the reference the create answers with. */
    @Column(nullable = false, length = 64)
    private String reference;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(name = "transaction_id", length = 64)
    private String transactionId;

    @Column(name = "payer_identity_hash", length = 64)
    private String payerIdentityHash;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "closed_at")
    private OffsetDateTime closedAt;

    /** How the order's next alphapay refunds end, when a test arranged it; null: SUCCESS. */
    @Column(name = "refund_outcome", length = 16)
    private String refundOutcome;

    /** Where the company reports the payment or the close; null: nowhere. */
    @Column(name = "notify_url", length = 256)
    private String notifyUrl;

    /** The merchant asked the company to hold the money paid for settlement (profit sharing, royalty freeze). */
    @Column(name = "held_for_settlement", nullable = false)
    private boolean heldForSettlement;

    protected CompanyOrder() {
    }

    public CompanyOrder(long accountId, String orderRef, String tradeType, long amount, String currency, String description,
            String reference, String notifyUrl, boolean heldForSettlement, OffsetDateTime createdAt) {
        this.accountId = accountId;
        this.orderRef = orderRef;
        this.tradeType = tradeType;
        this.amount = amount;
        this.currency = currency;
        this.description = description;
        this.reference = reference;
        this.state = State.NOTPAY;
        this.notifyUrl = notifyUrl;
        this.heldForSettlement = heldForSettlement;
        this.createdAt = createdAt;
    }

    /**
     * Paid at {@code at}, the company keeping {@code fee}. A test may name a payment time before the order was created (a payment at
     * the end of an earlier day): the creation is then moved back to it, so that no order is paid
     * before it existed.
     */
    public void pay(String transactionId, String payerIdentityHash, OffsetDateTime at, long fee) {
        this.state = State.SUCCESS;
        this.fee = fee;
        this.transactionId = transactionId;
        this.payerIdentityHash = payerIdentityHash;
        this.paidAt = at;
        if (createdAt.isAfter(at)) {
            this.createdAt = at;
        }
    }

    public void arrangeRefundOutcome(String outcome) {
        this.refundOutcome = outcome;
    }

    /** Test helper: the order was created and paid {@code days} earlier than it was, so that time-bound rules can be seen. */
    public void moveBack(long days) {
        this.createdAt = createdAt.minusDays(days);
        if (paidAt != null) {
            this.paidAt = paidAt.minusDays(days);
        }
    }

    public void close(OffsetDateTime at) {
        this.state = State.CLOSED;
        this.closedAt = at;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getTradeType() {
        return tradeType;
    }

    public long getFee() {
        return fee;
    }

    public long getAmount() {
        return amount;
    }

    public String getCurrency() {
        return currency;
    }

    public String getReference() {
        return reference;
    }

    public State getState() {
        return state;
    }

    public String getTransactionId() {
        return transactionId;
    }

    public String getPayerIdentityHash() {
        return payerIdentityHash;
    }

    public OffsetDateTime getPaidAt() {
        return paidAt;
    }

    public String getRefundOutcome() {
        return refundOutcome;
    }

    public String getNotifyUrl() {
        return notifyUrl;
    }

    public boolean isHeldForSettlement() {
        return heldForSettlement;
    }
}
