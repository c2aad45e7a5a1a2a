package org.cbec.access.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.cbec.access.entity.AdminLoginFailure;

/**
 * The failed admin logins' counts, in the database that both services and every node share
 * ({@link AdminLoginFailure}), so that guesses at the broker's admin API count at the checkout's
 * too, and a lock earned on one node holds on all. Each method commits on its own; a failure is
 * counted under the row's lock, so two nodes counting at once lose neither count.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class AdminLoginLedger {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** The failures held of these keys (keys without any are absent). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<String, LoginThrottle.Failures> of(Set<String> keys) {
        Map<String, LoginThrottle.Failures> held = new HashMap<>();
        for (AdminLoginFailure f : em.createNamedQuery(AdminLoginFailure.OF_KEYS, AdminLoginFailure.class)
                .setParameter("keys", keys).getResultList()) {
            held.put(f.getKey(), failures(f));
        }
        return held;
    }

    /** Counts one failure of {@code key} at {@code now} (epoch milliseconds) by the throttle's rules. */
    public LoginThrottle.Failed failed(String key, LoginThrottle throttle, long now) {
        // The key's row exists before it is locked: two nodes counting a first failure at once
        // both insert, and the second insert does nothing instead of failing.
        boolean first = em.createNativeQuery("INSERT INTO admin_login_failure (login_key, failures, last_failure)"
                + " VALUES (?1, 0, ?2) ON CONFLICT (login_key) DO NOTHING").setParameter(1, key).setParameter(2, time(now))
                .executeUpdate() == 1;
        AdminLoginFailure row = em.find(AdminLoginFailure.class, key, LockModeType.PESSIMISTIC_WRITE);
        LoginThrottle.Failed failed = throttle.failed(first || row.getFailures() == 0 ? null : failures(row), now);
        LoginThrottle.Failures f = failed.failures();
        row.record(f.count(), time(f.lastMillis()), f.lockedUntilMillis() == 0 ? null : time(f.lockedUntilMillis()));
        em.flush();
        return failed;
    }

    /** Forgets these keys' failures (after a successful login). */
    public void forget(Set<String> keys) {
        em.createNamedQuery(AdminLoginFailure.FORGET).setParameter("keys", keys).executeUpdate();
    }

    /** Forgets every key whose last failure was before {@code before} (epoch milliseconds); how many. */
    public int forgetQuietSince(long before) {
        return em.createNamedQuery(AdminLoginFailure.FORGET_QUIET).setParameter("before", time(before)).executeUpdate();
    }

    private static LoginThrottle.Failures failures(AdminLoginFailure f) {
        return new LoginThrottle.Failures(f.getFailures(), f.getLastFailure().toInstant().toEpochMilli(),
                f.getLockedUntil() == null ? 0 : f.getLockedUntil().toInstant().toEpochMilli());
    }

    private static OffsetDateTime time(long millis) {
        return Instant.ofEpochMilli(millis).atOffset(ZoneOffset.UTC);
    }
}
