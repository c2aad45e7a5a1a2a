package org.cbec.testing;

import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.Persistence;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.cbec.plumbing.schema.EmbeddedDatabases;
import org.flywaydb.core.Flyway;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A fresh database of the embedded PostgreSQL, migrated, with the persistence unit on it outside
 * the container: each {@link #inTransaction} is a transaction of its own on a new entity manager,
 * as the container runs a ledger's method (REQUIRES_NEW).
 */
public final class Store implements AutoCloseable {

    private final PGSimpleDataSource dataSource = new PGSimpleDataSource();
    private final EntityManagerFactory emf;

    private Store(String url) {
        dataSource.setUrl(url);
        Flyway.configure().dataSource(dataSource).locations("classpath:db/migration").load().migrate();
        emf = Persistence.createEntityManagerFactory("cbec", Map.of("jakarta.persistence.transactionType", "RESOURCE_LOCAL",
                "jakarta.persistence.jtaDataSource", "", "jakarta.persistence.jdbc.driver", "org.postgresql.Driver",
                "jakarta.persistence.jdbc.url", url, "eclipselink.logging.level", "WARNING"));
    }

    /** A database of its own, named after {@code name}, migrated to the last version. */
    public static Store fresh(EmbeddedDatabases postgres, String name) throws SQLException {
        return new Store(postgres.freshDatabase(name));
    }

    public <T> T inTransaction(Function<EntityManager, T> work) {
        return inTransaction(emf, work);
    }

    /** {@code work} in a transaction of its own on a new entity manager of {@code emf}, closed after it. */
    public static <T> T inTransaction(EntityManagerFactory emf, Function<EntityManager, T> work) {
        EntityManager em = emf.createEntityManager();
        try {
            em.getTransaction().begin();
            T result = work.apply(em);
            em.getTransaction().commit();
            return result;
        } finally {
            if (em.getTransaction().isActive()) {
                em.getTransaction().rollback();
            }
            em.close();
        }
    }

    /**
     * {@code work} in a transaction of its own on a new entity manager, handed to {@code use} for
     * its length and taken back after (a bean's injected entity manager, set and cleared).
     */
    public static <T> T inTransaction(EntityManagerFactory emf, Consumer<EntityManager> use, Supplier<T> work) {
        return inTransaction(emf, em -> {
            use.accept(em);
            try {
                return work.get();
            } finally {
                use.accept(null);
            }
        });
    }

    /** One statement, outside the persistence unit (as another writer, or an operator by hand). */
    public void sql(String statement) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    /** The first column of the first row of {@code query}, a number. */
    public long count(String query) throws SQLException {
        try (Connection c = dataSource.getConnection(); Statement s = c.createStatement(); ResultSet r = s.executeQuery(query)) {
            r.next();
            return r.getLong(1);
        }
    }

    public Connection connection() throws SQLException {
        return dataSource.getConnection();
    }

    @Override
    public void close() {
        emf.close();
    }
}
