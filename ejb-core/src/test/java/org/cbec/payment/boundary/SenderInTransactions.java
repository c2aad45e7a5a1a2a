package org.cbec.payment.boundary;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.util.Optional;
import java.util.function.Supplier;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;

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
        EntityManager own = emf.createEntityManager();
        em = own;
        try {
            own.getTransaction().begin();
            T result = work.get();
            own.getTransaction().commit();
            return result;
        } finally {
            if (own.getTransaction().isActive()) {
                own.getTransaction().rollback();
            }
            own.close();
            em = null;
        }
    }

    @Override
    public Optional<RequestState> state(RequestKind kind, long subjectId) {
        return inTransaction(() -> super.state(kind, subjectId));
    }
}
