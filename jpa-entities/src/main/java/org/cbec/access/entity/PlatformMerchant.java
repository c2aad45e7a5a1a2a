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

/**
 * A merchant storefront on one of the shop platforms, addressed by its globally unique
 * {@code merchantId} in {@code POST /carts/{platform}/{merchantId}}.
 */
@Entity
@Table(name = "platform_merchant")
@NamedQuery(name = PlatformMerchant.BY_MERCHANT_ID,
        query = "SELECT p FROM PlatformMerchant p WHERE p.merchantId = :merchantId")
public class PlatformMerchant {

    public static final String BY_MERCHANT_ID = "PlatformMerchant.byMerchantId";

    @Id
    @SequenceGenerator(name = "platform_merchant_seq", sequenceName = "platform_merchant_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "platform_merchant_seq")
    private Long id;

    @Column(name = "merchant_id", nullable = false, unique = true, length = 64)
    private String merchantId;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    protected PlatformMerchant() {
    }

    public PlatformMerchant(String merchantId, OffsetDateTime createdAt) {
        this.merchantId = merchantId;
        this.createdAt = createdAt;
    }

    public Long getId() {
        return id;
    }

    public String getMerchantId() {
        return merchantId;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }
}
