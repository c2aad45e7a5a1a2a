package org.cbec.webhook.control;

import org.cbec.webhook.IssuedSecret;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;
import org.cbec.platform.persistence.Columns;
import org.cbec.webhook.entity.EventAttempt;
import org.cbec.webhook.entity.MerchantEvent;
import org.cbec.webhook.entity.WebhookSecret;
import org.cbec.webhook.EventView;

/**
 * The events, their attempts and the merchants' secrets; every method commits on its own. The
 * secrets are stored sealed under the key-encryption key ({@link CredentialKeys}), bound to their
 * table, merchant and field, as the company credentials are.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class EventLedger {

    /** A replaced secret keeps signing beside the new one for this long, while the receiver switches. */
    static final Duration ROTATION_OVERLAP = Duration.ofHours(24);

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Inject
    CredentialKeys keys;

    /** What a sealed webhook secret is bound to: its table, merchant and field (the column's name). */
    public static String context(String merchant) {
        return "webhook_secret\n" + merchant + "\nsecret";
    }

    /** An event to send: what is signed and where it goes. */
    public record Due(String id, String merchant, String type, String body, String targetUrl, int attempts, OffsetDateTime createdAt) {
    }

    /**
     * The merchants with events due now, apart from {@code busy} (those this node is sending to
     * already), at most {@code limit}, the longest waiting first.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<String> merchantsDue(OffsetDateTime now, java.util.Set<String> busy, int limit) {
        List<?> rows = em.createNativeQuery("SELECT merchant FROM merchant_event WHERE state = 'PENDING' AND next_attempt_at <= ?1"
                + " GROUP BY merchant ORDER BY MIN(next_attempt_at)").setParameter(1, now).getResultList();
        return rows.stream().map(String::valueOf).filter(m -> !busy.contains(m)).limit(limit).toList();
    }

    /**
     * Claims until {@code until} up to {@code limit} of the merchant's events due now, the longest
     * waiting first, and returns them: nobody else sends them before then. Rows another node is
     * claiming at the same moment are skipped, not waited for ({@code FOR UPDATE SKIP LOCKED}), so
     * two claimants never take the same event and neither fails.
     */
    public List<Due> claim(String merchant, OffsetDateTime now, OffsetDateTime until, int limit) {
        List<?> rows = em.createNativeQuery("UPDATE merchant_event e SET next_attempt_at = ?1, version = e.version + 1"
                + " WHERE e.id IN (SELECT d.id FROM merchant_event d WHERE d.merchant = ?2 AND d.state = 'PENDING'"
                + " AND d.next_attempt_at <= ?3 ORDER BY d.next_attempt_at LIMIT ?4 FOR UPDATE SKIP LOCKED)"
                + " RETURNING e.id, e.merchant, e.type, e.body, e.target_url, e.attempts, e.created_at")
                .setParameter(1, until).setParameter(2, merchant).setParameter(3, now).setParameter(4, limit).getResultList();
        return rows.stream().map(r -> (Object[]) r)
                .map(r -> new Due((String) r[0], (String) r[1], (String) r[2], (String) r[3], (String) r[4], ((Number) r[5]).intValue(),
                        Columns.instant(r[6])))
                .sorted(java.util.Comparator.comparing(Due::createdAt)).toList();
    }

    /** Whether the event still waits for an attempt (not cancelled, delivered or failed meanwhile). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public boolean pending(String id) {
        MerchantEvent e = em.find(MerchantEvent.class, id);
        return e != null && e.getState() == MerchantEvent.State.PENDING;
    }

    /** The attempt's outcome; {@code next} null and not delivered: failed for good. */
    public void attempted(String id, OffsetDateTime at, Integer status, long durationMs, String error, boolean delivered,
            OffsetDateTime next) {
        em.persist(new EventAttempt(id, at, status, durationMs, error));
        // Locked, so that a cancellation made during the attempt is read here, not overwritten.
        em.find(MerchantEvent.class, id, LockModeType.PESSIMISTIC_WRITE).attempted(delivered, next, at);
    }

    /** The secrets that sign now: the newest first, and one it replaced while the overlap lasts. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<String> signingSecrets(String merchant, OffsetDateTime now) {
        return em.createNamedQuery(WebhookSecret.OF_MERCHANT, WebhookSecret.class).setParameter("merchant", merchant).getResultStream()
                .filter(s -> s.signsAt(now)).map(this::opened).toList();
    }

    /** A new secret for the merchant; the ones before it sign beside it for {@link #ROTATION_OVERLAP}, then stop. */
    public IssuedSecret issue(String merchant) {
        OffsetDateTime now = OffsetDateTime.now(ZoneOffset.UTC);
        OffsetDateTime until = now.plus(ROTATION_OVERLAP);
        List<WebhookSecret> older = em.createNamedQuery(WebhookSecret.OF_MERCHANT, WebhookSecret.class).setParameter("merchant", merchant)
                .getResultList();
        older.forEach(s -> s.replaced(until));
        String secret = WebhookSignature.newSecret();
        em.persist(new WebhookSecret(merchant, keys.ring().seal(secret, context(merchant)), now));
        return new IssuedSecret(secret, older.stream().anyMatch(s -> s.signsAt(now)) ? until : null);
    }

    /**
     * Seals anew, under the newest key-encryption key, the secrets after {@code afterId} (up to
     * {@code limit}, in id order) sealed under an older key or stored before sealing existed; each
     * locked while it is rewritten.
     */
    public Resealed reseal(long afterId, int limit) {
        KeyRing ring = keys.ring();
        List<Long> ids = em.createQuery("SELECT s.id FROM WebhookSecret s WHERE s.id > :after ORDER BY s.id", Long.class)
                .setParameter("after", afterId).setMaxResults(limit).getResultList();
        int rewritten = 0;
        for (Long id : ids) {
            WebhookSecret s = em.find(WebhookSecret.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (!ring.isCurrent(s.getSealedSecret())) {
                s.resealed(ring.resealed(s.getSealedSecret(), context(s.getMerchant())));
                rewritten++;
            }
        }
        return new Resealed(ids.size(), rewritten, ids.isEmpty() ? afterId : ids.get(ids.size() - 1), ids.size() == limit);
    }

    /** The secret in the clear: opened if sealed, as it is if stored before sealing (until resealed). */
    private String opened(WebhookSecret s) {
        return KeyRing.isSealed(s.getSealedSecret()) ? keys.ring().open(s.getSealedSecret(), context(s.getMerchant())) : s.getSealedSecret();
    }

    /** The events of these payments, each with its attempts, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<EventView> ofPayments(List<Long> paymentIds) {
        return paymentIds.stream().flatMap(pid -> em.createNamedQuery(MerchantEvent.OF_PAYMENT, MerchantEvent.class)
                .setParameter("paymentId", pid).getResultStream())
                .sorted(java.util.Comparator.comparing(MerchantEvent::getCreatedAt))
                .map(this::view).toList();
    }

    /** The events of a payout, each with its attempts, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<EventView> ofPayout(long payoutId) {
        return em.createNamedQuery(MerchantEvent.OF_PAYOUT, MerchantEvent.class).setParameter("payoutId", payoutId).getResultStream()
                .map(this::view).toList();
    }

    /** Sends the merchant's event again (at once, and on the retry schedule from now); empty when it has no such event. */
    public Optional<EventView> redeliver(String merchant, String id) {
        MerchantEvent e = em.find(MerchantEvent.class, id);
        if (e == null || !e.getMerchant().equals(merchant)) {
            return Optional.empty();
        }
        if (e.getTargetUrl() != null) {
            e.redeliver(OffsetDateTime.now(ZoneOffset.UTC));
        }
        return Optional.of(view(e));
    }

    /** The outcome of a cancellation: the event, and whether it had attempts left to cancel. */
    public record Cancelled(EventView event, boolean hadAttemptsLeft) {
    }

    /**
     * Cancels the remaining attempts of the merchant's event; empty when it has no such event. The
     * row is locked, so an attempt ending meanwhile waits and then sees the cancellation.
     */
    public Optional<Cancelled> cancel(String merchant, String id) {
        MerchantEvent e = em.find(MerchantEvent.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (e == null || !e.getMerchant().equals(merchant)) {
            return Optional.empty();
        }
        boolean cancelled = e.cancel(OffsetDateTime.now(ZoneOffset.UTC));
        return Optional.of(new Cancelled(view(e), cancelled));
    }

    private EventView view(MerchantEvent e) {
        List<EventView.Attempt> attempts = em.createNamedQuery(EventAttempt.OF_EVENT, EventAttempt.class).setParameter("eventId", e.getId())
                .getResultStream().map(a -> new EventView.Attempt(a.getAttemptedAt(), a.getHttpStatus(), a.getDurationMs(), a.getError()))
                .toList();
        return new EventView(e.getId(), e.getType(), e.getCreatedAt(), e.getState(), e.getTargetUrl(), e.getNextAttemptAt(),
                e.getBody(), attempts);
    }
}
