package org.cbec.platform.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * The lease of a cluster-wide scheduled job: the node named by {@code holder} runs it until
 * {@code expiresAt}, and renews it each time it runs. Taken and renewed with one conditional UPDATE
 * ({@link #TAKE}), so two nodes can never both hold it.
 */
@Entity
@Table(name = "scheduler_lease")
@NamedQuery(name = SchedulerLease.TAKE, query = "UPDATE SchedulerLease l SET l.holder = :holder, l.expiresAt = :until,"
        + " l.renewedAt = :now WHERE l.name = :name AND (l.holder = :holder OR l.expiresAt < :now)")
@NamedQuery(name = SchedulerLease.RELEASE, query = "UPDATE SchedulerLease l SET l.expiresAt = :now"
        + " WHERE l.name = :name AND l.holder = :holder")
public class SchedulerLease {

    public static final String TAKE = "SchedulerLease.take";
    public static final String RELEASE = "SchedulerLease.release";

    @Id
    @Column(length = 64)
    private String name;

    @Column(length = 128)
    private String holder;

    @Column(name = "expires_at", nullable = false)
    private OffsetDateTime expiresAt;

    @Column(name = "renewed_at")
    private OffsetDateTime renewedAt;

    protected SchedulerLease() {
    }

    public String getName() {
        return name;
    }

    public String getHolder() {
        return holder;
    }

    public OffsetDateTime getExpiresAt() {
        return expiresAt;
    }

    public OffsetDateTime getRenewedAt() {
        return renewedAt;
    }
}
