package org.cbec.platform.lease;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import org.cbec.platform.entity.SchedulerLease;

/**
 * Leases of cluster-wide jobs in the shared database: whichever node takes a job's lease runs the
 * job, and keeps it by renewing before it expires; the others skip their run. A node that stops
 * (or dies) loses the lease when it expires, and another takes over. The nodes' clocks must agree
 * to well within the lease time (NTP), since each compares its own clock with the stored expiry.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class Leases {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** A new holder's name: this node's host and a random part (on Payara Micro each WAR has its own copy of a job). */
    public static String newHolder() {
        String host;
        try {
            host = java.net.InetAddress.getLocalHost().getHostName();
        } catch (java.io.IOException e) {
            host = "node";
        }
        return host + "/" + java.util.UUID.randomUUID();
    }

    /** Takes or renews the lease for {@code duration}; false when another holder's lease is still valid. */
    public boolean take(String job, String holder, Duration duration) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        return em.createNamedQuery(SchedulerLease.TAKE)
                .setParameter("holder", holder).setParameter("until", now.plus(duration)).setParameter("now", now)
                .setParameter("name", job).executeUpdate() == 1;
    }

    /** Lets the lease go now, if this holder has it, so that another node takes over at once. */
    public void release(String job, String holder) {
        em.createNamedQuery(SchedulerLease.RELEASE)
                .setParameter("now", OffsetDateTime.now(ZoneOffset.UTC)).setParameter("name", job).setParameter("holder", holder)
                .executeUpdate();
    }
}
