package org.cbec.access.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;

/** One merchant, enterprise or platform merchant that a key may act for. */
@Entity
@Table(name = "api_key_grant")
public class ApiKeyGrant {

    @Id
    @SequenceGenerator(name = "api_key_grant_seq", sequenceName = "api_key_grant_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "api_key_grant_seq")
    private Long id;

    @ManyToOne(optional = false)
    @JoinColumn(name = "api_key_id", nullable = false)
    private ApiKey apiKey;

    @Enumerated(EnumType.STRING)
    @Column(name = "subject_type", nullable = false, length = 24)
    private GrantSubject subjectType;

    @Column(nullable = false, length = 64)
    private String subject;

    protected ApiKeyGrant() {
    }

    ApiKeyGrant(ApiKey apiKey, GrantSubject subjectType, String subject) {
        this.apiKey = apiKey;
        this.subjectType = subjectType;
        this.subject = subject;
    }

    public Long getId() {
        return id;
    }

    public GrantSubject getSubjectType() {
        return subjectType;
    }

    public String getSubject() {
        return subject;
    }
}
