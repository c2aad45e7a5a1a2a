package org.cbec.access.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBException;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.platform.error.BusinessException;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.cbec.access.Grant;

/**
 * The demo parties of the embedded run. With {@code DEMO_API_KEY}: broker merchant {@code demo}
 * with that key. With {@code DEMO_CA_KEY}: enterprise {@code demo-enterprise} and platform merchant
 * {@code demo} with that checkout key. Runs at every start and changes nothing the second time.
 *
 * <p>No transaction of its own: each step commits in the boundary it calls, so a step that loses a
 * race with another deployment starting on the same database is simply tried again.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
@TransactionManagement(TransactionManagementType.BEAN)
public class DemoProvisioning {

    private static final Logger LOG = Logger.getLogger(DemoProvisioning.class.getName());

    public static final String DEMO_MERCHANT = "demo";
    public static final String DEMO_ENTERPRISE = "demo-enterprise";
    public static final String DEMO_PLATFORM_MERCHANT = "demo";

    @Inject
    @ConfigProperty(name = "demo.api.key")
    Optional<String> demoApiKey;

    @Inject
    @ConfigProperty(name = "demo.ca.key")
    Optional<String> demoCaKey;

    @Inject
    AdminCredentials admin;

    @EJB
    Parties parties;

    @EJB
    ApiKeys apiKeys;

    @PostConstruct
    void provision() {
        if (!admin.enabled()) {
            LOG.info("Admin API disabled: ADMIN_PASSWORD is not set");
        }
        demoApiKey.filter(k -> !k.isBlank()).ifPresent(key -> {
            warnIfWeak("DEMO_API_KEY", key);
            attempt("broker demo merchant", () -> {
                parties.ensure(GrantSubject.MERCHANT, DEMO_MERCHANT, DEMO_MERCHANT);
                apiKeys.provision(ApiService.BROKER, key, new Grant(GrantSubject.MERCHANT, DEMO_MERCHANT), "DEMO_API_KEY");
            });
        });
        demoCaKey.filter(k -> !k.isBlank()).ifPresent(key -> {
            warnIfWeak("DEMO_CA_KEY", key);
            attempt("checkout demo enterprise and platform merchant", () -> {
                parties.ensure(GrantSubject.ENTERPRISE, DEMO_ENTERPRISE, "Demo enterprise");
                parties.ensure(GrantSubject.PLATFORM_MERCHANT, DEMO_PLATFORM_MERCHANT, DEMO_PLATFORM_MERCHANT);
                apiKeys.provision(ApiService.CHECKOUT, key, new Grant(GrantSubject.ENTERPRISE, DEMO_ENTERPRISE), "DEMO_CA_KEY");
                apiKeys.provision(ApiService.CHECKOUT, key, new Grant(GrantSubject.PLATFORM_MERCHANT, DEMO_PLATFORM_MERCHANT), "DEMO_CA_KEY");
            });
        });
    }

    private void attempt(String what, Runnable steps) {
        for (int attempt = 1; ; attempt++) {
            try {
                steps.run();
                LOG.info(() -> "Demo provisioning done: " + what);
                return;
            } catch (BusinessException refused) {
                LOG.severe(() -> "Demo provisioning refused for " + what + ": " + refused.getMessage());
                return;
            } catch (EJBException lostRace) {
                if (attempt == 3) {
                    throw lostRace;
                }
                LOG.log(Level.INFO, "Demo provisioning of {0} collided with another start; trying again", what);
            }
        }
    }

    private static void warnIfWeak(String variable, String key) {
        if (key.length() < 22) {
            LOG.warning(() -> variable + " is shorter than 22 characters (128 bits); use it for demos only");
        }
    }
}
