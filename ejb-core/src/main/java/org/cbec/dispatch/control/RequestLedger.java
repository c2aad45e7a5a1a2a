package org.cbec.dispatch.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.stream.Collectors;
import org.cbec.dispatch.Attempts;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.entity.MoneyRequest;
import org.cbec.dispatch.entity.RequestEvent;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.UnknownResourceException;

/**
 * The janitor's and the operator's side of the dispatcher's rows ({@link MoneyRequest}; each is
 * made, claimed and moved by a company call's outcome where the request is sent,
 * {@code CompanyRequests}): rows added for open requests without one, taken when due in fair order,
 * each attempt's outcome, the list needing attention and an operator's act, each through
 * {@link RequestState}'s table. Each method is its own transaction; no company call happens inside one.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class RequestLedger {

    /** What an attempt did to its row. */
    public enum After {
        CLOSED, WAITING, GAVE_UP
    }

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /**
     * Adds a row for each open request without one (a request stored whose sender stopped before
     * its first claim: never sent, so TO_SEND; or, at the company, ANSWERED), due {@code minAgeMs}
     * after its last change, and closes the rows whose request ended otherwise (a client's query, a
     * company's notification), at {@code now}. Returns the rows it closed, each as it now is.
     */
    @SuppressWarnings("unchecked")
    public List<AttentionView> sweep(String open, List<String> atCompany, long minAgeMs, OffsetDateTime now) {
        String atCompanyList = atCompany.stream().map(RequestLedger::literal).collect(Collectors.joining(", "));
        em.createNativeQuery("INSERT INTO money_request (kind, subject_id, merchant, payment_method, merchant_ref, company_no,"
                + " state, attempts, next_attempt_at, created_at, updated_at) SELECT o.kind, o.id, o.merchant, o.payment_method,"
                + " o.merchant_ref, o.company_no, CASE WHEN o.state IN (" + atCompanyList + ") THEN 'ANSWERED' ELSE 'TO_SEND' END, 0,"
                + " o.updated_at + ? * INTERVAL '1 millisecond', ?, ?"
                + " FROM (" + open + ") o WHERE NOT EXISTS (SELECT 1 FROM money_request m WHERE m.kind = o.kind AND m.subject_id = o.id)"
                + " ON CONFLICT (kind, subject_id) DO NOTHING")
                .setParameter(1, minAgeMs).setParameter(2, now).setParameter(3, now).executeUpdate();
        // Ended without the janitor, the company's word having come another way (a client's query, a
        // notification): REPORTED, in RequestState's table, from each state that is not held and
        // allows it; one never sent (TO_SEND, NOT_SENT) is closed as it is. A held one is its holder's.
        List<Object> closed = em.createNativeQuery("UPDATE money_request m SET state = CASE WHEN m.state IN ('TO_SEND', 'NOT_SENT')"
                + " THEN m.state ELSE 'ANSWERED' END, closed_at = ?, updated_at = ? WHERE m.closed_at IS NULL"
                + " AND m.state IN ('TO_SEND', 'NOT_SENT', 'UNKNOWN', 'RESEND_REFUSED', 'ANSWERED', 'NEEDS_ATTENTION')"
                + " AND NOT EXISTS (SELECT 1 FROM (" + open + ") o WHERE o.kind = m.kind AND o.id = m.subject_id) RETURNING m.id")
                .setParameter(1, now).setParameter(2, now).getResultList();
        return closed.stream().map(id -> em.find(MoneyRequest.class, ((Number) id).longValue())).map(RequestLedger::view).toList();
    }

    /**
     * The rows due by {@code dueBy}, and those held since before {@code heldBefore} (their holder
     * gone), longest due first (never by when they last changed), at most {@code limit}.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AttentionView> due(OffsetDateTime dueBy, OffsetDateTime heldBefore, int limit) {
        return em.createNamedQuery(MoneyRequest.DUE, MoneyRequest.class)
                .setParameter("states", List.of(RequestState.TO_SEND, RequestState.NOT_SENT, RequestState.UNKNOWN,
                        RequestState.RESEND_REFUSED, RequestState.ANSWERED)).setParameter("dueBy", dueBy)
                .setParameter("held", List.of(RequestState.SENDING, RequestState.ASKING, RequestState.RESENDING, RequestState.CONFIRMING))
                .setParameter("heldBefore", heldBefore).setMaxResults(limit).getResultStream().map(RequestLedger::view).toList();
    }

    /**
     * One attempt's outcome: the row closed, scheduled again, or given up to an operator (only
     * one nobody holds: a held one is scheduled again, and its holder's outcome moves it).
     */
    public After attempted(long id, Attempts.Attempt attempt, AttemptRules rules, OffsetDateTime now) {
        MoneyRequest m = em.find(MoneyRequest.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (m == null || m.getClosedAt() != null || m.getState() == RequestState.NEEDS_ATTENTION) {
            return After.CLOSED; // settled by an operator, or closed by its sender or a sweep, meanwhile
        }
        if (attempt.standing() == Attempts.Standing.FINAL) {
            m.closed(attempt.answer(), now);
            return After.CLOSED;
        }
        if (attempt.standing() == Attempts.Standing.AT_COMPANY) {
            m.atCompany(attempt.answer(), now);
        }
        Optional<OffsetDateTime> next = rules.next(m.getState() == RequestState.ANSWERED, m.getAttempts() + 1, m.getCreatedAt(), now,
                () -> ThreadLocalRandom.current().nextDouble());
        if (next.isEmpty() && m.getState().allows(RequestEvent.GAVE_UP)) {
            m.gaveUp(attempt.answer(), now);
            return After.GAVE_UP;
        }
        m.attempted(attempt.answer(), next.orElse(now), now);
        return After.WAITING;
    }

    /** The rows needing attention, optionally of one merchant and kind, the longest waiting first. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<AttentionView> attention(String merchant, RequestKind kind, int limit) {
        var q = em.createQuery("SELECT m FROM MoneyRequest m WHERE m.state = :state" + (merchant != null ? " AND m.merchant = :merchant" : "")
                + (kind != null ? " AND m.kind = :kind" : "") + " ORDER BY m.attentionSince, m.id", MoneyRequest.class)
                .setParameter("state", RequestState.NEEDS_ATTENTION);
        if (merchant != null) {
            q.setParameter("merchant", merchant);
        }
        if (kind != null) {
            q.setParameter("kind", kind);
        }
        return q.setMaxResults(limit).getResultStream().map(RequestLedger::view).toList();
    }

    /** Open rows needing attention, by kind (every kind counted, 0 included). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Map<RequestKind, Long> attentionCounts() {
        Map<RequestKind, Long> counts = new java.util.EnumMap<>(RequestKind.class);
        for (RequestKind k : RequestKind.values()) {
            counts.put(k, 0L);
        }
        for (Object[] row : em.createNamedQuery(MoneyRequest.COUNT_BY_STATE, Object[].class)
                .setParameter("state", RequestState.NEEDS_ATTENTION).getResultList()) {
            counts.put((RequestKind) row[0], ((Number) row[1]).longValue());
        }
        return counts;
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<AttentionView> find(long id) {
        return Optional.ofNullable(em.find(MoneyRequest.class, id)).map(RequestLedger::view);
    }

    /** An operator's "try again now": only one needing attention; its attempts counted afresh. */
    public AttentionView retry(long id) {
        MoneyRequest m = needingAttention(id, "tried again");
        m.retriedByOperator(now());
        return view(m);
    }

    /** An operator's "settled, with the company's word": only one needing attention; the janitor takes it no more. */
    public AttentionView settle(long id, String note) {
        MoneyRequest m = needingAttention(id, "settled");
        m.settledByOperator(note, now());
        return view(m);
    }

    private MoneyRequest needingAttention(long id, String what) {
        MoneyRequest m = em.find(MoneyRequest.class, id, LockModeType.PESSIMISTIC_WRITE);
        if (m == null) {
            throw new UnknownResourceException("no money request " + id);
        }
        if (m.getState() != RequestState.NEEDS_ATTENTION || m.getClosedAt() != null) {
            throw new ConflictException(null, "money request " + id + " is " + (m.getClosedAt() != null ? "closed (" + m.getState() + ")"
                    : m.getState()) + ", not NEEDS_ATTENTION: only a request needing attention is " + what + " by an operator");
        }
        return m;
    }

    private static String literal(String stateName) {
        if (!stateName.matches("[A-Z_]+")) {
            throw new IllegalArgumentException("not a state name: " + stateName);
        }
        return "'" + stateName + "'";
    }

    static AttentionView view(MoneyRequest m) {
        return new AttentionView(m.getId(), m.getKind(), m.getSubjectId(), m.getMerchant(), m.getPaymentMethod(), m.getMerchantRef(), m.getCompanyNo(),
                m.getState(), m.getAttempts(), m.getLastAnswer(), m.getCreatedAt(), m.getAttentionSince(), m.getNextAttemptAt(),
                m.getClosedAt(), m.getOperatorNote());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
