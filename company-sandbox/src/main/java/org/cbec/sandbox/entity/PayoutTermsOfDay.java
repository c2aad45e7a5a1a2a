package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A company's terms of the day for payouts in one currency, as a test configured them: its rate
 * (CNY for one unit), the day the rate is for, its fee (a fixed part in fen and a percentage of the
 * amount) and how long after acceptance a payout is paid. One per company and currency.
 */
@Entity
@Table(name = "sandbox_payout_terms")
@NamedQuery(name = PayoutTermsOfDay.OF_COMPANY,
        query = "SELECT t FROM PayoutTermsOfDay t WHERE t.paymentMethod = :paymentMethod ORDER BY t.currency")
@NamedQuery(name = PayoutTermsOfDay.FIND,
        query = "SELECT t FROM PayoutTermsOfDay t WHERE t.paymentMethod = :paymentMethod AND t.currency = :currency")
public class PayoutTermsOfDay {

    public static final String OF_COMPANY = "PayoutTermsOfDay.ofCompany";
    public static final String FIND = "PayoutTermsOfDay.find";

    @Id
    @SequenceGenerator(name = "sandbox_payout_terms_seq", sequenceName = "sandbox_payout_terms_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_payout_terms_seq")
    private Long id;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(nullable = false, length = 3)
    private String currency;

    @Column(nullable = false, precision = 18, scale = 8)
    private BigDecimal rate;

    @Column(name = "rate_date", nullable = false)
    private LocalDate rateDate;

    @Column(name = "fee_fixed", nullable = false)
    private long feeFixed;

    @Column(name = "fee_percent", nullable = false, precision = 7, scale = 4)
    private BigDecimal feePercent;

    @Column(name = "paid_after_seconds", nullable = false)
    private long paidAfterSeconds;

    @Column(name = "set_at", nullable = false)
    private OffsetDateTime setAt;

    protected PayoutTermsOfDay() {
    }

    public PayoutTermsOfDay(String paymentMethod, String currency) {
        this.paymentMethod = paymentMethod;
        this.currency = currency;
    }

    public void set(BigDecimal rate, LocalDate rateDate, long feeFixed, BigDecimal feePercent, long paidAfterSeconds,
            OffsetDateTime at) {
        this.rate = rate;
        this.rateDate = rateDate;
        this.feeFixed = feeFixed;
        this.feePercent = feePercent;
        this.paidAfterSeconds = paidAfterSeconds;
        this.setAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getCurrency() {
        return currency;
    }

    public BigDecimal getRate() {
        return rate;
    }

    public LocalDate getRateDate() {
        return rateDate;
    }

    public long getFeeFixed() {
        return feeFixed;
    }

    public BigDecimal getFeePercent() {
        return feePercent;
    }

    public long getPaidAfterSeconds() {
        return paidAfterSeconds;
    }
}
