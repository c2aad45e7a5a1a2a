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

/** An enterprise merchant of the checkout service, addressed by its issued {@code enterpriseId}. */
@Entity
@Table(name = "enterprise")
@NamedQuery(name = Enterprise.BY_ENTERPRISE_ID,
        query = "SELECT e FROM Enterprise e WHERE e.enterpriseId = :enterpriseId")
public class Enterprise {

    public static final String BY_ENTERPRISE_ID = "Enterprise.byEnterpriseId";

    @Id
    @SequenceGenerator(name = "enterprise_seq", sequenceName = "enterprise_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "enterprise_seq")
    private Long id;

    @Column(name = "enterprise_id", nullable = false, unique = true, length = 64)
    private String enterpriseId;

    @Column(nullable = false, length = 200)
    private String name;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected Enterprise() {
    }

    public Enterprise(String enterpriseId, String name, OffsetDateTime createdAt) {
        this.enterpriseId = enterpriseId;
        this.name = name;
        this.createdAt = createdAt;
    }

    public Long getId() {
        return id;
    }

    public String getEnterpriseId() {
        return enterpriseId;
    }

    public String getName() {
        return name;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
