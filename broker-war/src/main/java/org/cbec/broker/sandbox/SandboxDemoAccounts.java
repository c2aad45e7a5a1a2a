package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.access.boundary.DemoProvisioning;
import org.cbec.access.boundary.Parties;
import org.cbec.access.entity.GrantSubject;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.PaymentRules;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Gives the demo merchant an account at both sandbox companies when the application starts, once:
 * a later start finds the accounts registered and changes nothing.
 */
@ApplicationScoped
public class SandboxDemoAccounts {

    private static final Logger LOG = Logger.getLogger(SandboxDemoAccounts.class.getName());

    @Inject
    @ConfigProperty(name = "demo.api.key")
    Optional<String> demoApiKey;

    @Inject
    SandboxSwitch sandbox;

    @Inject
    SandboxBooks books;

    @Inject
    CompanyAccounts accounts;

    @Inject
    Parties parties;

    void provision(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (!sandbox.enabled() || demoApiKey.filter(k -> !k.isBlank()).isEmpty()
                || parties.find(GrantSubject.MERCHANT, DemoProvisioning.DEMO_MERCHANT).isEmpty()) {
            return;
        }
        for (String method : PaymentRules.METHODS) {
            if (!accounts.has(DemoProvisioning.DEMO_MERCHANT, method)) {
                SandboxBooks.Account a = books.onboard(method);
                accounts.register(DemoProvisioning.DEMO_MERCHANT, method, a.companyMerchantId(), a.appId(), a.keySerial(),
                        a.merchantPrivateKey(), a.companyPublicKey());
                LOG.info(() -> "Demo merchant given a sandbox account at " + method + ": " + a.companyMerchantId());
            }
        }
    }
}
