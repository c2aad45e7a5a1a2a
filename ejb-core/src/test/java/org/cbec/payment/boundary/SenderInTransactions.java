package org.cbec.payment.boundary;

import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;
import java.util.function.Supplier;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.testing.Store;

/**
 * The dispatcher's claims and moves of its rows outside the container: each in a transaction of its
 * own on a new entity manager, as {@link CompanyRequests} demarcates them with the server's
 * transaction. Its minimum age is the broker's default, 5 s.
 */
public final class SenderInTransactions extends CompanyRequests {

    private final EntityManagerFactory emf;

    public SenderInTransactions(EntityManagerFactory emf) {
        this.emf = emf;
        this.minAgeMs = 5000;
    }

    @Override
    <T> T inTransaction(Supplier<T> work) {
        return Store.inTransaction(emf, own -> em = own, work);
    }

    @Override
    public Optional<RequestState> state(RequestKind kind, long subjectId) {
        return inTransaction(() -> super.state(kind, subjectId));
    }
}
