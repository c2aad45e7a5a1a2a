package org.cbec.cart.boundary;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import org.cbec.cart.entity.ExchangeRate;

/** The stored GBP→CNY reference rates; the newest is the last good one. */
@Stateless
public class RateBook {

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<ExchangeRates.Rate> latest() {
        return em.createNamedQuery(ExchangeRate.LATEST, ExchangeRate.class)
                .setParameter("base", "GBP").setParameter("quote", "CNY").setMaxResults(1)
                .getResultStream().findFirst()
                .map(r -> new ExchangeRates.Rate(r.getRate(), r.getSource(), r.getRateDate()));
    }

    public void store(BigDecimal rate, String source, LocalDate date) {
        em.persist(new ExchangeRate("GBP", "CNY", rate, source, date, OffsetDateTime.now(ZoneOffset.UTC)));
    }
}
