package org.cbec.payment.boundary;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cbec.dispatch.control.RequestLedger;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.webhook.entity.MerchantEvent;

/**
 * The figures an operator watches, counted in the database (so every node reports the same):
 * payments, refunds and merchant events by state, the money requests (payments' creates among
 * them) needing attention by kind, and the accounts whose running totals the last check found
 * differing from their entries.
 * Every state is present, at 0 when there is none, so that a series exists before it is needed.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.SUPPORTS)
public class PaymentFigures {

    /** All figures at once: one round of queries per read. */
    public record Figures(Map<String, Long> payments, Map<String, Long> refunds, Map<String, Long> events,
            Map<String, Long> attention, long balanceDifferences) {
    }

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @jakarta.ejb.EJB
    RequestLedger requests;

    public static final List<String> PAYMENT_STATES = names(TradeState.values());
    public static final List<String> REFUND_STATES = names(RefundState.values());
    public static final List<String> EVENT_STATES = names(MerchantEvent.State.values());
    public static final List<String> REQUEST_KINDS = names(RequestKind.values()).stream().map(k -> k.toLowerCase(java.util.Locale.ROOT)).toList();

    public Figures now() {
        return new Figures(
                byState("SELECT p.tradeState, COUNT(p) FROM Payment p GROUP BY p.tradeState", PAYMENT_STATES),
                byState("SELECT r.state, COUNT(r) FROM Refund r GROUP BY r.state", REFUND_STATES),
                byState("SELECT e.state, COUNT(e) FROM MerchantEvent e GROUP BY e.state", EVENT_STATES),
                names(requests.attentionCounts()),
                ((Number) em.createNativeQuery("SELECT COUNT(*) FROM balance WHERE difference IS NOT NULL").getSingleResult()).longValue());
    }

    private Map<String, Long> byState(String jpql, List<String> states) {
        Map<String, Long> counts = new LinkedHashMap<>();
        states.forEach(s -> counts.put(s, 0L));
        for (Object[] row : em.createQuery(jpql, Object[].class).getResultList()) {
            counts.put(String.valueOf(row[0]), (Long) row[1]);
        }
        return counts;
    }

    private static Map<String, Long> names(Map<RequestKind, Long> byKind) {
        Map<String, Long> counts = new LinkedHashMap<>();
        byKind.forEach((k, n) -> counts.put(k.name().toLowerCase(java.util.Locale.ROOT), n));
        return counts;
    }

    private static List<String> names(Enum<?>[] values) {
        return java.util.Arrays.stream(values).map(Enum::name).toList();
    }
}
