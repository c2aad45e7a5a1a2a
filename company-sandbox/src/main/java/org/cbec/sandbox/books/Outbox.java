package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.sandbox.entity.Callback;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The callbacks the companies owe merchants. {@link #add} writes one in the transaction of the
 * change it reports (a change rolled back reports nothing); the callback sender then takes due ones
 * ({@link #due}), claims each ({@link #claim}: the version-checked move of its next attempt past the
 * send, so that of two senders sharing the database one sends it), and records what the merchant
 * answered ({@link #finish}): delivered, tried again later by the {@link RetrySchedule}, or given up.
 */
@Stateless
public class Outbox {

    private static final Logger LOG = Logger.getLogger(Outbox.class.getName());

    /**
     * How long a claim holds a callback: far longer than its wait for a free sender and its 5 s
     * send, so that only a sender that died leaves it to be claimed again, a minute later.
     */
    static final Duration LEASE = Duration.ofSeconds(60);

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    @Inject
    @Any
    Instance<CallbackFormat> formats;

    /** The first retry's delay; each further one doubles, up to 60 s. */
    @Inject
    @ConfigProperty(name = "sandbox.callback.retry-ms", defaultValue = "1000")
    long retryMs;

    /** A callback found due, with the claim version it was read at. */
    public record Due(long id, long version) {
    }

    /** A callback this sender holds: what to send, and the version its result must find. */
    public record Claimed(long id, long version, String paymentMethod, String kind, String url, String contentType,
            Map<String, String> headers, String body) {

        @Override
        public String toString() {
            return "callback " + id + " (" + paymentMethod + " " + kind + ")";
        }
    }

    public record CallbackView(String kind, String refundNo, String url, Callback.State state, int attempts, Integer lastStatus,
            OffsetDateTime createdAt, OffsetDateTime deliveredAt) {
    }

    /** Writes the callback reporting {@code notice} to {@code url}, due at once, in the caller's transaction. */
    @TransactionAttribute(TransactionAttributeType.MANDATORY)
    public void add(long accountId, long orderId, String paymentMethod, String url, Notice notice) {
        Optional<CallbackFormat.Composed> composed = format(paymentMethod).compose(notice);
        if (composed.isEmpty()) {
            LOG.warning(() -> String.format("%s callback not written (the format cannot report it): account %s, out_trade_no %s",
                    paymentMethod, notice.companyMerchantId(), notice.order().orderRef()));
            return;
        }
        String refundNo = notice.refund() == null ? null : notice.refund().refundNo();
        Callback c = new Callback(accountId, orderId, refundNo, paymentMethod, composed.get().kind(), url, composed.get().body(),
                Companies.now());
        em.persist(c);
        LOG.info(() -> String.format("%s callback %s written: account %s, out_trade_no %s%s", paymentMethod, c.getKind(),
                notice.companyMerchantId(), notice.order().orderRef(), refundNo == null ? "" : ", refund " + refundNo));
    }

    /** At most {@code max} pending callbacks whose next attempt is due, the most overdue first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Due> due(int max) {
        return em.createNamedQuery(Callback.DUE, Object[].class).setParameter("pending", Callback.State.PENDING)
                .setParameter("now", Companies.now()).setMaxResults(max).getResultStream()
                .map(row -> new Due(((Number) row[0]).longValue(), ((Number) row[1]).longValue())).toList();
    }

    /**
     * Claims a due callback: moves its next attempt a {@link #LEASE} ahead where it is still pending
     * at the version read. Empty when another sender claimed (or finished) it first.
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public Optional<Claimed> claim(Due due) {
        int claimed = em.createNamedQuery(Callback.CLAIM).setParameter("until", Companies.now().plus(LEASE))
                .setParameter("id", due.id()).setParameter("version", due.version())
                .setParameter("pending", Callback.State.PENDING).executeUpdate();
        if (claimed != 1) {
            return Optional.empty();
        }
        Callback c = em.find(Callback.class, due.id());
        CallbackFormat format = format(c.getPaymentMethod());
        return Optional.of(new Claimed(c.getId(), c.getClaimVersion(), c.getPaymentMethod(), c.getKind(), c.getUrl(),
                format.contentType(), format.headers(c.getBody()), c.getBody()));
    }

    /**
     * Records an attempt's outcome ({@code status} null: no answer), unless the claim was lost
     * meanwhile (its lease ran out and another sender took the callback over).
     */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public void finish(Claimed claimed, Integer status, boolean delivered) {
        Callback c = em.find(Callback.class, claimed.id(), LockModeType.PESSIMISTIC_WRITE);
        if (c == null || c.getClaimVersion() != claimed.version() || c.getState() != Callback.State.PENDING) {
            LOG.fine(() -> claimed + ": the claim was lost before its result; the result is not recorded");
            return;
        }
        OffsetDateTime now = Companies.now();
        if (delivered) {
            c.delivered(status, now);
            LOG.info(() -> String.format("%s delivered after %d attempt(s)", claimed, c.getAttempts()));
            return;
        }
        OffsetDateTime next = RetrySchedule.startingAt(retryMs).next(c.getCreatedAt(), c.getAttempts() + 1, now).orElse(null);
        c.failed(status, next);
        if (next == null) {
            LOG.info(() -> String.format("%s given up after %d attempt(s), the last answered %s", claimed, c.getAttempts(),
                    status == null ? "nothing" : "HTTP " + status));
        } else {
            LOG.fine(() -> String.format("%s attempt %d not acknowledged (%s); next at %s", claimed, c.getAttempts(),
                    status == null ? "no answer" : "HTTP " + status, next));
        }
    }

    /** Sends the order's delivered callbacks again, at once (the admin's "resend"); how many. */
    @TransactionAttribute(TransactionAttributeType.REQUIRED)
    public int sendAgain(long accountId, String orderRef) {
        List<Callback> delivered = em.createQuery("SELECT c FROM Callback c, CompanyOrder o WHERE c.orderId = o.id"
                + " AND o.accountId = :accountId AND o.orderRef = :orderRef AND c.state = :delivered", Callback.class)
                .setParameter("accountId", accountId).setParameter("orderRef", orderRef)
                .setParameter("delivered", Callback.State.DELIVERED).getResultList();
        OffsetDateTime now = Companies.now();
        delivered.forEach(c -> c.sendAgain(now));
        return delivered.size();
    }

    /** The callbacks of the account's order, oldest first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<CallbackView> list(long accountId, String orderRef) {
        return em.createQuery("SELECT c FROM Callback c, CompanyOrder o WHERE c.orderId = o.id AND o.accountId = :accountId"
                + " AND o.orderRef = :orderRef ORDER BY c.id", Callback.class)
                .setParameter("accountId", accountId).setParameter("orderRef", orderRef).getResultStream()
                .map(c -> new CallbackView(c.getKind(), c.getRefundNo(), c.getUrl(), c.getState(), c.getAttempts(), c.getLastStatus(),
                        c.getCreatedAt(), c.getDeliveredAt()))
                .toList();
    }

    private CallbackFormat format(String paymentMethod) {
        return formats.stream().filter(f -> f.paymentMethod().equals(paymentMethod)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no callback format for " + paymentMethod));
    }
}
