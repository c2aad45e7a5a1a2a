package org.cbec.sandbox.books;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes (or reads) both companies' key pairs when the application starts, after the schema is
 * migrated: the first requests then neither wait for RSA key generation nor race to make the pair.
 * Also gives the alphapay accounts opened before accounts had API v3 keys one (schema V3), so that
 * every alphapay account can be sent callbacks and its credentials show the key.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class CompanyKeysAtStartup {

    private static final Logger LOG = Logger.getLogger(CompanyKeysAtStartup.class.getName());

    @Inject
    Accounts accounts;

    @PostConstruct
    void prepare() {
        for (String company : Companies.ALL) {
            try {
                accounts.companySigner(company);
            } catch (RuntimeException e) {
                // Not fatal here: readiness reports the database, and the first request tries again.
                LOG.log(Level.WARNING, "The " + company + " company key could not be prepared at startup", e);
            }
        }
        try {
            int given = accounts.giveMissingApiV3Keys();
            if (given > 0) {
                LOG.info(() -> given + " alphapay account(s) opened before API v3 keys were given one");
            }
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "The alphapay accounts without an API v3 key could not be given one at startup", e);
        }
    }
}
