package org.cbec.cart.entity;

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

/** A reference rate: units of {@code quote} per unit of {@code base}, from a source on a date. */
@Entity
@Table(name = "exchange_rate")
@NamedQuery(name = ExchangeRate.LATEST, query = "SELECT r FROM ExchangeRate r WHERE r.base = :base AND r.quote = :quote"
        + " ORDER BY r.fetchedAt DESC, r.id DESC")
public class ExchangeRate {

    public static final String LATEST = "ExchangeRate.latest";

    @Id
    @SequenceGenerator(name = "exchange_rate_seq", sequenceName = "exchange_rate_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "exchange_rate_seq")
    private Long id;

    @Column(nullable = false, length = 3)
    private String base;

    @Column(nullable = false, length = 3)
    private String quote;

    @Column(nullable = false, precision = 18, scale = 6)
    private BigDecimal rate;

    @Column(nullable = false, length = 16)
    private String source;

    @Column(name = "rate_date", nullable = false)
    private LocalDate rateDate;

    @Column(name = "fetched_at", nullable = false)
    private OffsetDateTime fetchedAt;

    protected ExchangeRate() {
    }

    public ExchangeRate(String base, String quote, BigDecimal rate, String source, LocalDate rateDate, OffsetDateTime fetchedAt) {
        this.base = base;
        this.quote = quote;
        this.rate = rate;
        this.source = source;
        this.rateDate = rateDate;
        this.fetchedAt = fetchedAt;
    }

    public BigDecimal getRate() {
        return rate;
    }

    public String getSource() {
        return source;
    }

    public LocalDate getRateDate() {
        return rateDate;
    }

    public OffsetDateTime getFetchedAt() {
        return fetchedAt;
    }
}
