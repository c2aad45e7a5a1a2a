package org.cbec.cart.boundary;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The key of the shipping form's link tokens ({@code checkout.form-secret}, CHECKOUT_FORM_SECRET)
 * and how long a link works ({@code checkout.form-ttl-minutes}). Without a configured secret one is
 * drawn at startup: links then stop working at a restart, and several nodes must share one.
 */
@ApplicationScoped
public class FormSecret {

    private static final Logger LOG = Logger.getLogger(FormSecret.class.getName());

    @Inject
    @ConfigProperty(name = "checkout.form-secret")
    Optional<String> configured;

    @Inject
    @ConfigProperty(name = "checkout.form-ttl-minutes", defaultValue = "30")
    long ttlMinutes;

    private byte[] key;

    @PostConstruct
    void init() {
        if (configured.filter(s -> s.length() >= 32).isPresent()) {
            key = configured.get().getBytes(StandardCharsets.UTF_8);
        } else {
            key = new byte[32];
            new SecureRandom().nextBytes(key);
            LOG.warning("CHECKOUT_FORM_SECRET is not set (or shorter than 32 characters): shipping form links end at a restart");
        }
    }

    byte[] key() {
        return key.clone();
    }

    Duration ttl() {
        return Duration.ofMinutes(ttlMinutes);
    }
}
