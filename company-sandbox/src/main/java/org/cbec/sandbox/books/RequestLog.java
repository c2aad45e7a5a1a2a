package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.TypedQuery;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.entity.ReceivedRequest;

/**
 * The requests a company received, one row each, once the request was authenticated (an
 * unauthenticated request belongs to no account). The status is the HTTP status answered; a request
 * held by a TIMEOUT, SLOW or HOLD fault is stored with a null status before it stalls (so that a test
 * counting what the company received sees it at once) and gets its status when it is answered.
 */
@Stateless
public class RequestLog {

    public static final String CREATE = "create";
    public static final String QUERY = "query";
    public static final String CLOSE = "close";
    public static final String CUSTOMS_DECLARE = "customs-declare";
    public static final String CUSTOMS_REDECLARE = "customs-redeclare";
    public static final String CUSTOMS_QUERY = "customs-query";
    public static final String IDENTITY = "identity";
    public static final String REFUND = "refund";
    public static final String REFUND_QUERY = "refund-query";
    public static final String RECEIVER_ADD = "receiver-add";
    public static final String RECEIVER_DELETE = "receiver-delete";
    public static final String RECEIVER_QUERY = "receiver-query";
    public static final String SPLIT = "split";
    public static final String RELEASE = "release";
    public static final String SPLIT_QUERY = "split-query";
    public static final String HELD_QUERY = "held-query";
    public static final String BENEFICIARY = "beneficiary";
    public static final String PAYOUT = "payout";
    public static final String PAYOUT_QUERY = "payout-query";
    /** A day's bill asked for. */
    public static final String BILL = "bill";
    /** A bill file downloaded. */
    public static final String BILL_DOWNLOAD = "bill-download";
    public static final Set<String> KINDS = Set.of(CREATE, QUERY, CLOSE, CUSTOMS_DECLARE, CUSTOMS_REDECLARE, CUSTOMS_QUERY,
            IDENTITY, REFUND, REFUND_QUERY, RECEIVER_ADD, RECEIVER_DELETE, RECEIVER_QUERY, SPLIT, RELEASE, SPLIT_QUERY, HELD_QUERY,
            BENEFICIARY, PAYOUT, PAYOUT_QUERY, BILL, BILL_DOWNLOAD);

    /** One authenticated request: whose, what kind, about which order (null when it named none readable). */
    public record Visit(long accountId, String paymentMethod, String kind, String orderRef) {

        public Visit {
            // Recorded as sent when it can be stored; a reference too long or with control
            // characters was refused anyway and is recorded as none.
            orderRef = PlainText.orNull(orderRef, 64);
        }
    }

    public record Logged(String kind, String orderRef, Integer status, OffsetDateTime at) {
    }

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    /** Stores a request about to stall, committed at once; returns its id for {@link #answered}. */
    @TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
    public long received(Visit visit) {
        ReceivedRequest r = new ReceivedRequest(visit.accountId(), visit.paymentMethod(), visit.kind(), visit.orderRef(),
                null, Companies.now());
        em.persist(r);
        em.flush();
        return r.getId();
    }

    /** Records the status answered: on the row stored before a stall, or a new row. */
    public void answered(Visit visit, Long receivedId, int status) {
        ReceivedRequest r = receivedId == null ? null : em.find(ReceivedRequest.class, receivedId);
        if (r == null) {
            em.persist(new ReceivedRequest(visit.accountId(), visit.paymentMethod(), visit.kind(), visit.orderRef(), status,
                    Companies.now()));
        } else {
            r.answered(status);
        }
    }

    /** The account's requests in the order received, optionally of one kind and/or about one order. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Logged> list(long accountId, String kind, String orderRef) {
        // Built per filter rather than ":p IS NULL OR ...": PostgreSQL cannot type a null parameter.
        StringBuilder jpql = new StringBuilder("SELECT r FROM ReceivedRequest r WHERE r.accountId = :accountId");
        if (kind != null) {
            jpql.append(" AND r.kind = :kind");
        }
        if (orderRef != null) {
            jpql.append(" AND r.orderRef = :orderRef");
        }
        TypedQuery<ReceivedRequest> query = em.createQuery(jpql.append(" ORDER BY r.id").toString(), ReceivedRequest.class)
                .setParameter("accountId", accountId);
        if (kind != null) {
            query.setParameter("kind", kind);
        }
        if (orderRef != null) {
            query.setParameter("orderRef", orderRef);
        }
        return query.getResultStream().map(r -> new Logged(r.getKind(), r.getOrderRef(), r.getStatus(), r.getReceivedAt()))
                .toList();
    }
}
