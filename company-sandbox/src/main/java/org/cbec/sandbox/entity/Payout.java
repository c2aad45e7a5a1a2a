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
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.util.EnumSet;
import java.util.Set;

/**
 * A payout of an account's CNY funds to its beneficiary abroad, under the merchant's number
 * (unique per account), accepted at the company's terms of the day: its fee (inside the amount),
 * rate and the amount abroad are fixed when it is accepted. It is ACCEPTED until {@code dueAt},
 * then PAID, or FAILED with the reason a test had arranged for the account when it was accepted
 * ({@code failReason}, kept from acceptance and shown only once FAILED).
 */
@Entity
@Table(name = "sandbox_payout")
@NamedQuery(name = Payout.BY_NUMBER, query = "SELECT p FROM Payout p WHERE p.accountId = :accountId AND p.payoutNo = :payoutNo")
@NamedQuery(name = Payout.OF_ACCOUNT,
        query = "SELECT p FROM Payout p WHERE p.accountId = :accountId ORDER BY p.acceptedAt DESC, p.id DESC")
@NamedQuery(name = Payout.DUE_OF_ACCOUNT, query = "SELECT p FROM Payout p WHERE p.accountId = :accountId"
        + " AND p.state = :accepted AND p.dueAt <= :now ORDER BY p.id")
@NamedQuery(name = Payout.ACCOUNTS_DUE, query = "SELECT DISTINCT p.accountId FROM Payout p WHERE p.state = :accepted"
        + " AND p.dueAt <= :now ORDER BY p.accountId")
@NamedQuery(name = Payout.SUMS, query = "SELECT p.state, SUM(p.amount) FROM Payout p WHERE p.accountId = :accountId GROUP BY p.state")
@NamedQuery(name = Payout.ACCEPTED_BETWEEN, query = "SELECT p FROM Payout p WHERE p.accountId = :accountId"
        + " AND p.acceptedAt >= :from AND p.acceptedAt < :to ORDER BY p.acceptedAt, p.id")
public class Payout {

    public static final String BY_NUMBER = "Payout.byNumber";
    /** The account's payouts, newest first. */
    public static final String OF_ACCOUNT = "Payout.ofAccount";
    /** The account's payouts stored ACCEPTED ({@code accepted}) whose time came by {@code now}. */
    public static final String DUE_OF_ACCOUNT = "Payout.dueOfAccount";
    /** The accounts with a payout stored ACCEPTED ({@code accepted}) whose time came by {@code now}. */
    public static final String ACCOUNTS_DUE = "Payout.accountsDue";
    /** The account's payouts' amounts added up by state: rows of (State, Long). */
    public static final String SUMS = "Payout.sums";
    /** The account's payouts accepted from {@code from} to {@code to} (exclusive), oldest first: its bill's payouts. */
    public static final String ACCEPTED_BETWEEN = "Payout.acceptedBetween";

    /** A payout's states and the moves between them. */
    public enum State {
        ACCEPTED,
        PAID,
        FAILED;

        /** The states this one may move to. */
        public Set<State> next() {
            return this == ACCEPTED ? EnumSet.of(PAID, FAILED) : EnumSet.noneOf(State.class);
        }
    }

    @Id
    @SequenceGenerator(name = "sandbox_payout_seq", sequenceName = "sandbox_payout_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_payout_seq")
    private Long id;

    @Column(name = "account_id", nullable = false)
    private long accountId;

    @Column(name = "payout_no", nullable = false, length = 64)
    private String payoutNo;

    @Column(name = "payout_id", nullable = false, length = 64)
    private String payoutId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(nullable = false)
    private long amount;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(nullable = false)
    private long fee;

    @Column(nullable = false, precision = 18, scale = 8)
    private BigDecimal rate;

    @Column(name = "rate_date", nullable = false)
    private LocalDate rateDate;

    @Column(name = "target_amount", nullable = false)
    private long targetAmount;

    @Column(name = "target_currency", nullable = false, length = 3)
    private String targetCurrency;

    @Column(name = "fail_reason", length = 256)
    private String failReason;

    @Column(length = 256)
    private String description;

    @Column(name = "accepted_at", nullable = false)
    private OffsetDateTime acceptedAt;

    @Column(name = "paid_at")
    private OffsetDateTime paidAt;

    @Column(name = "due_at", nullable = false)
    private OffsetDateTime dueAt;

    protected Payout() {
    }

    /** A payout accepted at {@code acceptedAt}; {@code failReason}: the failure arranged for it, null to be paid. */
    public Payout(long accountId, String payoutNo, String payoutId, long amount, String currency, long fee, BigDecimal rate,
            LocalDate rateDate, long targetAmount, String targetCurrency, String failReason, String description,
            OffsetDateTime acceptedAt, OffsetDateTime dueAt) {
        this.accountId = accountId;
        this.payoutNo = payoutNo;
        this.payoutId = payoutId;
        this.state = State.ACCEPTED;
        this.amount = amount;
        this.currency = currency;
        this.fee = fee;
        this.rate = rate;
        this.rateDate = rateDate;
        this.targetAmount = targetAmount;
        this.targetCurrency = targetCurrency;
        this.failReason = failReason;
        this.description = description;
        this.acceptedAt = acceptedAt;
        this.dueAt = dueAt;
    }

    /** The payout's time came: PAID at {@code dueAt}, or FAILED with the reason arranged when it was accepted. */
    public void settle() {
        move(failReason == null ? State.PAID : State.FAILED);
        if (state == State.PAID) {
            this.paidAt = dueAt;
        }
    }

    private void move(State to) {
        if (!state.next().contains(to)) {
            throw new IllegalStateException("payout " + payoutNo + " cannot move from " + state + " to " + to);
        }
        this.state = to;
    }

    public Long getId() {
        return id;
    }

    public long getAccountId() {
        return accountId;
    }

    public String getPayoutNo() {
        return payoutNo;
    }

    public String getPayoutId() {
        return payoutId;
    }

    public State getState() {
        return state;
    }

    public long getAmount() {
        return amount;
    }

    public String getCurrency() {
        return currency;
    }

    public long getFee() {
        return fee;
    }

    public BigDecimal getRate() {
        return rate;
    }

    public LocalDate getRateDate() {
        return rateDate;
    }

    public long getTargetAmount() {
        return targetAmount;
    }

    public String getTargetCurrency() {
        return targetCurrency;
    }

    /** The reason it failed: only once FAILED (before, the arranged reason is not the payout's story yet). */
    public String getFailReason() {
        return state == State.FAILED ? failReason : null;
    }

    public String getDescription() {
        return description;
    }

    public OffsetDateTime getAcceptedAt() {
        return acceptedAt;
    }

    public OffsetDateTime getPaidAt() {
        return paidAt;
    }

    public OffsetDateTime getDueAt() {
        return dueAt;
    }
}
