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
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.Set;

/**
 * A payout of a merchant's available CNY at a company to its account abroad, identified by the
 * merchant's {@code payoutRef}, which is also the company's number for it ({@code out_payout_no}),
 * fixed when the row is first written. The company's figures (its id, fee, rate, target amount,
 * times) are copied here by every answer; its state moves only by {@link PayoutState}'s table.
 */
@Entity
@Table(name = "payout")
@NamedQuery(name = Payout.BY_REF, query = "SELECT p FROM Payout p WHERE p.merchant = :merchant AND p.payoutRef = :ref")
@NamedQuery(name = Payout.OF_MERCHANT, query = "SELECT p FROM Payout p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
        + " ORDER BY p.createdAt DESC, p.id DESC")
@NamedQuery(name = Payout.COUNT_OF_MERCHANT, query = "SELECT COUNT(p) FROM Payout p WHERE p.merchant = :merchant"
        + " AND p.paymentMethod = :method")
@NamedQuery(name = Payout.ACCEPTED_BETWEEN, query = "SELECT p FROM Payout p WHERE p.merchant = :merchant AND p.paymentMethod = :method"
        + " AND p.acceptedAt >= :from AND p.acceptedAt < :to")
public class Payout {

    /** An account's payouts the company accepted in a time range. */
    public static final String ACCEPTED_BETWEEN = "Payout.acceptedBetween";

    public static final String BY_REF = "Payout.byRef";
    public static final String OF_MERCHANT = "Payout.ofMerchant";
    public static final String COUNT_OF_MERCHANT = "Payout.countOfMerchant";

    @Id
    @SequenceGenerator(name = "payout_seq", sequenceName = "payout_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payout_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "payout_ref", nullable = false, length = 64)
    private String payoutRef;

    /** The amount the request named; null when it asked for all that was available. */
    @Column(name = "requested_amount")
    private Long requestedAmount;

    @Column(nullable = false)
    private long amount;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(name = "target_currency", nullable = false, length = 3)
    private String targetCurrency;

    @Column(length = 80)
    private String description;

    @Column(name = "notify_url", length = 256)
    private String notifyUrl;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private PayoutState state;

    @Column(name = "state_desc", length = 256)
    private String stateDesc;

    @Column(name = "company_payout_id", length = 64)
    private String companyPayoutId;

    private Long fee;

    @Column(precision = 18, scale = 8)
    private BigDecimal rate;

    @Column(name = "rate_date")
    private LocalDate rateDate;

    @Column(name = "target_amount")
    private Long targetAmount;

    @Column(name = "fail_reason", length = 256)
    private String failReason;

    @Column(name = "accepted_at")
    private OffsetDateTime acceptedAt;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Version
    private long version;

    protected Payout() {
    }

    public Payout(String merchant, String paymentMethod, String payoutRef, Long requestedAmount, long amount, String targetCurrency,
            String description, String notifyUrl, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.payoutRef = payoutRef;
        this.requestedAmount = requestedAmount;
        this.amount = amount;
        this.currency = "CNY";
        this.targetCurrency = targetCurrency;
        this.description = description;
        this.notifyUrl = notifyUrl;
        this.state = PayoutState.UNKNOWN;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /**
     * A company's report; a move the table refuses changes nothing (empty). The effects of the move it
     * made ({@link PayoutState#enteredFrom}), none when it stays (its figures taken).
     */
    public Optional<Set<PayoutState.Effect>> observed(String companyState, String companyPayoutId, long fee, BigDecimal rate, LocalDate rateDate, long targetAmount,
            String failReason, OffsetDateTime acceptedAt, OffsetDateTime paidAt, OffsetDateTime at) {
        PayoutEvent event = PayoutState.reported(companyState);
        if (!state.allows(event)) {
            return Optional.empty();
        }
        PayoutState before = state;
        state = state.next(event);
        stateDesc = null;
        this.companyPayoutId = companyPayoutId != null ? companyPayoutId : this.companyPayoutId;
        this.fee = fee;
        this.rate = rate;
        this.rateDate = rateDate;
        this.targetAmount = targetAmount;
        this.failReason = failReason != null ? failReason : this.failReason;
        this.acceptedAt = acceptedAt != null ? acceptedAt : this.acceptedAt;
        this.paidAt = paidAt != null ? paidAt : this.paidAt;
        updatedAt = at;
        return Optional.of(state.enteredFrom(before));
    }

    /** The company refused it: nothing was paid out, its amount is available again. */
    public Set<PayoutState.Effect> refused(String reason, OffsetDateTime at) {
        PayoutState before = state;
        state = state.next(PayoutEvent.REFUSED);
        stateDesc = "refused by the company: " + reason;
        failReason = reason;
        updatedAt = at;
        return state.enteredFrom(before);
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

    public String getPayoutRef() {
        return payoutRef;
    }

    public Long getRequestedAmount() {
        return requestedAmount;
    }

    public long getAmount() {
        return amount;
    }

    public String getCurrency() {
        return currency;
    }

    public String getTargetCurrency() {
        return targetCurrency;
    }

    public String getDescription() {
        return description;
    }

    public String getNotifyUrl() {
        return notifyUrl;
    }

    public PayoutState getState() {
        return state;
    }

    public String getStateDesc() {
        return stateDesc;
    }

    public String getCompanyPayoutId() {
        return companyPayoutId;
    }

    public Long getFee() {
        return fee;
    }

    public BigDecimal getRate() {
        return rate;
    }

    public LocalDate getRateDate() {
        return rateDate;
    }

    public Long getTargetAmount() {
        return targetAmount;
    }

    public String getFailReason() {
        return failReason;
    }

    public OffsetDateTime getAcceptedAt() {
        return acceptedAt;
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
}
