package org.cbec.access.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/** A merchant of the payment broker: the {@code {merchant}} segment of every broker path. */
@Entity
@Table(name = "merchant")
@NamedQuery(name = Merchant.BY_NAME, query = "SELECT m FROM Merchant m WHERE m.name = :name")
public class Merchant {

    public static final String BY_NAME = "Merchant.byName";

    @Id
    @SequenceGenerator(name = "merchant_seq", sequenceName = "merchant_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "merchant_seq")
    private Long id;

    @Column(nullable = false, unique = true, length = 64)
    private String name;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected Merchant() {
    }

    public Merchant(String name, OffsetDateTime createdAt) {
        this.name = name;
        this.createdAt = createdAt;
    }

    public Long getId() {
        return id;
    }

    public String getName() {
        return name;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
