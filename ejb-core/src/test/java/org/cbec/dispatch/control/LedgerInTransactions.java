package org.cbec.dispatch.control;

import jakarta.persistence.EntityManagerFactory;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import org.cbec.dispatch.AttentionView;
import org.cbec.dispatch.Attempts;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.testing.Store;

/**
 * The janitor's ledger outside the container: each call in a transaction of its own on a new
 * entity manager, as the container runs each of its methods (REQUIRES_NEW).
 */
public final class LedgerInTransactions extends RequestLedger {

    private final EntityManagerFactory emf;

    public LedgerInTransactions(EntityManagerFactory emf) {
        this.emf = emf;
    }

    private <T> T inTransaction(Supplier<T> work) {
        return Store.inTransaction(emf, own -> em = own, work);
    }

    @Override
    public List<AttentionView> sweep(String open, List<String> atCompany, long minAgeMs, OffsetDateTime now) {
        return inTransaction(() -> super.sweep(open, atCompany, minAgeMs, now));
    }

    @Override
    public List<AttentionView> due(OffsetDateTime dueBy, OffsetDateTime heldBefore, int limit) {
        return inTransaction(() -> super.due(dueBy, heldBefore, limit));
    }

    @Override
    public After attempted(long id, Attempts.Attempt attempt, AttemptRules rules, OffsetDateTime now) {
        return inTransaction(() -> super.attempted(id, attempt, rules, now));
    }

    @Override
    public List<AttentionView> attention(String merchant, RequestKind kind, int limit) {
        return inTransaction(() -> super.attention(merchant, kind, limit));
    }

    @Override
    public Map<RequestKind, Long> attentionCounts() {
        return inTransaction(super::attentionCounts);
    }

    @Override
    public Optional<AttentionView> find(long id) {
        return inTransaction(() -> super.find(id));
    }

    @Override
    public AttentionView retry(long id) {
        return inTransaction(() -> super.retry(id));
    }

    @Override
    public AttentionView settle(long id, String note) {
        return inTransaction(() -> super.settle(id, note));
    }
}
