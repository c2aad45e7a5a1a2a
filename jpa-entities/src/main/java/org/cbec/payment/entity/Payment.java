package org.cbec.payment.entity;

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
import jakarta.persistence.Version;
import java.time.OffsetDateTime;
import java.util.Set;

/**
 * A payment of a merchant through one company, identified by its {@code orderRef}. The amounts
 * are integers in the currency's smallest unit. The company's last known view (trade state,
 * transaction, payer amounts) is copied here by every create, query and close.
 */
@Entity
@Table(name = "payment")
@NamedQuery(name = Payment.BY_ORDER,
        query = "SELECT p FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :paymentMethod AND p.orderRef = :orderRef")
@NamedQuery(name = Payment.POLL_DUE,
        query = "SELECT p FROM Payment p WHERE p.nextPollAt <= :now AND p.tradeState IN :states ORDER BY p.nextPollAt")
@NamedQuery(name = Payment.COUNT_BY_MERCHANT, query = "SELECT COUNT(p) FROM Payment p WHERE p.merchant = :merchant")
@NamedQuery(name = Payment.PAID_BETWEEN, query = "SELECT p FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
        + " AND p.paidAt >= :from AND p.paidAt < :to")
@NamedQuery(name = Payment.BILLED_PAGE, query = "SELECT p.id, p.orderRef, p.actualAmount, p.currency, p.tradeState, p.paidAt, p.fee"
        + " FROM Payment p WHERE p.merchant = :merchant AND p.paymentMethod = :method AND p.paidAt >= :from AND p.paidAt < :to"
        + " AND p.paidAt >= :afterTime AND (p.paidAt > :afterTime OR p.id > :afterId) ORDER BY p.paidAt, p.id")
@NamedQuery(name = Payment.SETTLED_BY, query = "SELECT p.id FROM Payment p WHERE p.settlesAt <= :now ORDER BY p.settlesAt, p.id")
public class Payment {

    /** The payments whose money the company has settled by {@code :now} and the broker still holds pending, the earliest first. */
    public static final String SETTLED_BY = "Payment.settledBy";

    /** An account's payments paid in a time range (the company's pay time), for a bill's day. */
    public static final String PAID_BETWEEN = "Payment.paidBetween";
    /**
     * An account's payments paid in a time range as a bill line needs them (id, orderRef,
     * actualAmount, currency, tradeState, paidAt, fee), a page after {@code (afterTime, afterId)}:
     * a day of any size read a page at a time, without its entities. The condition
     * {@code paidAt >= :afterTime} lets the index (merchant, method, paid_at) start at the page:
     * without it, each page scanned every row before it (a day of 200,000 rows, 100 pages, read
     * 10 million).
     */
    public static final String BILLED_PAGE = "Payment.billedPage";

    public static final String BY_ORDER = "Payment.byOrder";
    /** The width of {@code request_json} (V13). */
    public static final int REQUEST_JSON_LENGTH = 200_000;
    public static final String COUNT_BY_MERCHANT = "Payment.countByMerchant";
    public static final String POLL_DUE = "Payment.pollDue";

    @Id
    @SequenceGenerator(name = "payment_seq", sequenceName = "payment_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payment_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "order_ref", nullable = false, length = 64)
    private String orderRef;

    @Column(name = "payment_type", nullable = false, length = 16)
    private String paymentType;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(name = "actual_amount", nullable = false)
    private long actualAmount;

    private Long total;

    /**
     * Whether the company holds the money for settlement (the create's effective profitSharing),
     * fixed at the create and sent with every send of it; false for the rows stored before holding existed.
     */
    @Column(name = "held_for_settlement", nullable = false)
    private boolean heldForSettlement;

    /** The create request as received (it holds no secret), to resend it when the outcome was unknown. */
    @Column(name = "request_json", nullable = false, length = Payment.REQUEST_JSON_LENGTH)
    private String requestJson;

    @Enumerated(EnumType.STRING)
    @Column(name = "trade_state", nullable = false, length = 16)
    private TradeState tradeState;

    @Column(name = "trade_state_desc", length = 256)
    private String tradeStateDesc;

    @Column(name = "trade_type", length = 16)
    private String tradeType;

    @Column(name = "pay_message", length = 4000)
    private String payMessage;

    @Column(name = "pay_invoke_message", length = 4000)
    private String payInvokeMessage;

    @Column(name = "time_stamp", length = 20)
    private String timeStamp;

    @Column(name = "nonce_str", length = 32)
    private String nonceStr;

    @Column(name = "transaction_id", length = 64)
    private String transactionId;

    @Column(name = "bank_type", length = 32)
    private String bankType;

    @Column(name = "payer_total")
    private Long payerTotal;

    /**
     * The company's fee on it, in its currency's minor unit: booked when it succeeds, at its
     * account's rate of its pay day (null before: and for payments paid before fees were booked).
     */
    private Long fee;

    /** When the company settles its money (its pay day + its account's settlement days, at 00:00 Beijing); null once settled, or when it never waited. */
    @Column(name = "settles_at")
    private OffsetDateTime settlesAt;

    @Column(name = "payer_currency", length = 3)
    private String payerCurrency;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    /** When the reconciliation next asks the company about this unpaid payment (a lost callback); null: never. */
    @Column(name = "next_poll_at")
    private OffsetDateTime nextPollAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Version
    private long version;

    protected Payment() {
    }

    public Payment(String merchant, String paymentMethod, String orderRef, String paymentType, String currency,
            long actualAmount, Long total, boolean heldForSettlement, String requestJson, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.orderRef = orderRef;
        this.paymentType = paymentType;
        this.currency = currency;
        this.actualAmount = actualAmount;
        this.total = total;
        this.heldForSettlement = heldForSettlement;
        this.requestJson = requestJson;
        this.tradeState = TradeState.UNKNOWN;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /** The company created its order: what the client needs to invoke the payment. */
    public void created(String tradeType, String payMessage, String payInvokeMessage, String timeStamp, String nonceStr,
            OffsetDateTime at) {
        TradeState next = tradeState.next(TradeEvent.ANSWERED);
        this.tradeType = tradeType;
        this.payMessage = payMessage;
        this.payInvokeMessage = payInvokeMessage;
        this.timeStamp = timeStamp;
        this.nonceStr = nonceStr;
        this.tradeState = next;
        this.updatedAt = at;
    }

    /** The company refused the order outright. */
    public void refused(String reason, OffsetDateTime at) {
        this.tradeState = tradeState.next(TradeEvent.REFUSED);
        this.tradeStateDesc = reason;
        this.updatedAt = at;
    }

    /** The reconciliation asks the company again at {@code at} (null: no more). */
    public void pollAt(OffsetDateTime at) {
        this.nextPollAt = at;
    }

    public OffsetDateTime getNextPollAt() {
        return nextPollAt;
    }

    /**
     * The company's current view of the order ({@link TradeEvent#reported}); a move the table refuses
     * changes nothing. The effects of the move it made ({@link TradeState#enteredFrom}).
     */
    public Set<TradeState.Effect> observed(TradeState state, String stateDesc, String transactionId, String bankType, Long payerTotal,
            String payerCurrency, OffsetDateTime paidAt, OffsetDateTime at) {
        TradeState before = tradeState;
        this.tradeState = tradeState.next(TradeEvent.reported(state));
        this.tradeStateDesc = stateDesc;
        if (transactionId != null) {
            this.transactionId = transactionId;
        }
        if (bankType != null) {
            this.bankType = bankType;
        }
        if (payerTotal != null) {
            this.payerTotal = payerTotal;
        }
        if (payerCurrency != null) {
            this.payerCurrency = payerCurrency;
        }
        if (paidAt != null) {
            this.paidAt = paidAt;
        }
        this.updatedAt = at;
        return tradeState.enteredFrom(before);
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getPaymentType() {
        return paymentType;
    }

    public String getCurrency() {
        return currency;
    }

    public long getActualAmount() {
        return actualAmount;
    }

    public Long getTotal() {
        return total;
    }

    public boolean isHeldForSettlement() {
        return heldForSettlement;
    }

    public String getRequestJson() {
        return requestJson;
    }

    public TradeState getTradeState() {
        return tradeState;
    }

    public String getTradeStateDesc() {
        return tradeStateDesc;
    }

    public String getTradeType() {
        return tradeType;
    }

    public String getPayMessage() {
        return payMessage;
    }

    public String getPayInvokeMessage() {
        return payInvokeMessage;
    }

    public String getTimeStamp() {
        return timeStamp;
    }

    public String getNonceStr() {
        return nonceStr;
    }

    public String getTransactionId() {
        return transactionId;
    }

    public String getBankType() {
        return bankType;
    }

    /** The company's fee on it once it succeeded (null before, and for payments paid before fees were booked). */
    public Long getFee() {
        return fee;
    }

    /** Books the company's fee, once: the first booking stands. */
    public void bookFee(long fee) {
        if (this.fee == null) {
            this.fee = fee;
        }
    }

    public OffsetDateTime getSettlesAt() {
        return settlesAt;
    }

    /** Its money waits for the company's settlement until {@code at}. */
    public void pendingUntil(OffsetDateTime at) {
        this.settlesAt = at;
    }

    /** The company settled it: its money is available. */
    public void settled() {
        this.settlesAt = null;
    }

    public Long getPayerTotal() {
        return payerTotal;
    }

    public String getPayerCurrency() {
        return payerCurrency;
    }

    public OffsetDateTime getPaidAt() {
        return paidAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }

    public long getVersion() {
        return version;
    }
}
