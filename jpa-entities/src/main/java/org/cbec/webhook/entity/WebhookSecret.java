package org.cbec.webhook.entity;

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
 * A merchant's webhook signing secret, stored sealed (or, if stored before sealing existed, as it
 * was until resealed); one replaced by a newer one still signs until {@code signsUntil}.
 */
@Entity
@Table(name = "webhook_secret")
@NamedQuery(name = WebhookSecret.OF_MERCHANT,
        query = "SELECT s FROM WebhookSecret s WHERE s.merchant = :merchant ORDER BY s.createdAt DESC, s.id DESC")
public class WebhookSecret {

    public static final String OF_MERCHANT = "WebhookSecret.ofMerchant";

    @Id
    @SequenceGenerator(name = "webhook_secret_seq", sequenceName = "webhook_secret_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "webhook_secret_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "secret", nullable = false, length = 256)
    private String sealedSecret;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "signs_until")
    private OffsetDateTime signsUntil;

    protected WebhookSecret() {
    }

    public WebhookSecret(String merchant, String sealedSecret, OffsetDateTime at) {
        this.merchant = merchant;
        this.sealedSecret = sealedSecret;
        this.createdAt = at;
    }

    /** Replaced by a newer secret: signs beside it until {@code until}. */
    public void replaced(OffsetDateTime until) {
        if (signsUntil == null || signsUntil.isAfter(until)) {
            signsUntil = until;
        }
    }

    public boolean signsAt(OffsetDateTime at) {
        return signsUntil == null || signsUntil.isAfter(at);
    }

    public String getMerchant() {
        return merchant;
    }

    /** Sealed anew (under a newer key-encryption key, or for the first time). */
    public void resealed(String sealed) {
        this.sealedSecret = sealed;
    }

    public Long getId() {
        return id;
    }

    public String getSealedSecret() {
        return sealedSecret;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getSignsUntil() {
        return signsUntil;
    }
}
