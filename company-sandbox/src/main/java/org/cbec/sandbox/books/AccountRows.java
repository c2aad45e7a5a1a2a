package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import org.cbec.sandbox.entity.Account;
import org.cbec.sandbox.entity.CompanyKey;
import org.cbec.sandbox.entity.WindowEnterprise;

/**
 * Inserts that may lose a race, each in a transaction of its own and flushed at once, so that a
 * unique-constraint violation surfaces here (as an EJBException to the caller) and the caller can
 * read the winner's row in a fresh transaction.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class AccountRows {

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    public void insert(Account account) {
        em.persist(account);
        em.flush();
    }

    public void insert(CompanyKey key) {
        em.persist(key);
        em.flush();
    }

    /** The single window's registration of an enterprise (window.Window): the code's constraint settles a race. */
    public void insert(WindowEnterprise enterprise) {
        em.persist(enterprise);
        em.flush();
    }

    /** Gives the account this API v3 key unless it has one already (another server's); whether it did. */
    public boolean giveApiV3Key(long accountId, String apiV3Key) {
        return em.createQuery("UPDATE Account a SET a.apiV3Key = :key WHERE a.id = :id AND a.apiV3Key IS NULL")
                .setParameter("key", apiV3Key).setParameter("id", accountId).executeUpdate() == 1;
    }
}
