package org.cbec.platform.crypto;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The configured key-encryption keys ({@code credentials.key}: the environment variable
 * CREDENTIALS_KEY on Payara Micro, a password alias of that name on Payara Server). Read once, at
 * startup: a new key takes a restart. Without it nothing secret can be stored or read, and every
 * such operation fails (the run script always provides one).
 */
@ApplicationScoped
public class CredentialKeys {

    private static final Logger LOG = Logger.getLogger(CredentialKeys.class.getName());

    @Inject
    @ConfigProperty(name = "credentials.key")
    Optional<String> configured;

    private KeyRing ring;
    private String problem;

    @PostConstruct
    void read() {
        try {
            ring = KeyRing.parse(configured.orElse(null));
        } catch (IllegalArgumentException e) {
            problem = e.getMessage();
            LOG.severe(() -> "Secrets cannot be stored or read: " + problem);
        }
    }

    /** The ring, or a failure that says what is wrong with the configuration. */
    public KeyRing ring() {
        if (ring == null) {
            throw new IllegalStateException(problem);
        }
        return ring;
    }
}
