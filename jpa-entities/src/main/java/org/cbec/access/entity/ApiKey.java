package org.cbec.access.entity;

import jakarta.persistence.CascadeType;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OneToMany;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * An API key, kept only as the SHA-256 of its text. {@code keyId} is a public handle for
 * administration; it is not part of the key and opens nothing.
 */
@Entity
@Table(name = "api_key")
@NamedQuery(name = ApiKey.BY_SECRET_HASH,
        query = "SELECT k FROM ApiKey k LEFT JOIN FETCH k.grants WHERE k.secretHash = :secretHash")
@NamedQuery(name = ApiKey.BY_KEY_ID, query = "SELECT k FROM ApiKey k WHERE k.keyId = :keyId")
public class ApiKey {

    public static final String BY_SECRET_HASH = "ApiKey.bySecretHash";
    public static final String BY_KEY_ID = "ApiKey.byKeyId";

    @Id
    @SequenceGenerator(name = "api_key_seq", sequenceName = "api_key_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "api_key_seq")
    private Long id;

    @Column(name = "key_id", nullable = false, unique = true, length = 40)
    private String keyId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private ApiService service;

    @Column(name = "secret_hash", nullable = false, unique = true, length = 64)
    private String secretHash;

    @Column(length = 200)
    private String label;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "revoked_at")
    private OffsetDateTime revokedAt;

    @OneToMany(mappedBy = "apiKey", cascade = CascadeType.ALL, orphanRemoval = true, fetch = FetchType.LAZY)
    private List<ApiKeyGrant> grants = new ArrayList<>();

    protected ApiKey() {
    }

    public ApiKey(String keyId, ApiService service, String secretHash, String label, OffsetDateTime createdAt) {
        this.keyId = keyId;
        this.service = service;
        this.secretHash = secretHash;
        this.label = label;
        this.createdAt = createdAt;
    }

    /** Grants this key for a subject; a subject of the other service is a programming error. */
    public void grant(GrantSubject type, String subject) {
        if (type.service() != service) {
            throw new IllegalArgumentException(type + " is not a subject of " + service + " keys");
        }
        if (!isGrantedFor(type, subject)) {
            grants.add(new ApiKeyGrant(this, type, subject));
        }
    }

    public boolean isGrantedFor(GrantSubject type, String subject) {
        return grants.stream().anyMatch(g -> g.getSubjectType() == type && g.getSubject().equals(subject));
    }

    public void revoke(OffsetDateTime at) {
        if (revokedAt == null) {
            revokedAt = at;
        }
    }

    public boolean isRevoked() {
        return revokedAt != null;
    }

    public Long getId() {
        return id;
    }

    public String getKeyId() {
        return keyId;
    }

    public ApiService getService() {
        return service;
    }

    public String getSecretHash() {
        return secretHash;
    }

    public String getLabel() {
        return label;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getRevokedAt() {
        return revokedAt;
    }

    public List<ApiKeyGrant> getGrants() {
        return Collections.unmodifiableList(grants);
    }
}
