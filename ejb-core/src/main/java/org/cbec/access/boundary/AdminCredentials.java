package org.cbec.access.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.cbec.access.control.BasicCredentials;
import org.cbec.access.control.KeyMaterial;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The administrator of both services: user {@code admin}, password from the configuration
 * property {@code admin.password} (environment variable {@code ADMIN_PASSWORD}). Without a password
 * the admin API refuses everyone.
 */
@ApplicationScoped
public class AdminCredentials {

    public static final String USER = "admin";
    public static final String ROLE = "admin";
    /** The {@code WWW-Authenticate} value of a refused admin request. */
    public static final String CHALLENGE = "Basic realm=\"cbec-admin\", charset=\"UTF-8\"";

    @Inject
    @ConfigProperty(name = "admin.password")
    Optional<String> password;

    public boolean enabled() {
        return password.filter(p -> !p.isEmpty()).isPresent();
    }

    /** Whether an {@code Authorization} header carries the administrator's Basic credentials. */
    public boolean verify(String authorizationHeader) {
        if (!enabled()) {
            return false;
        }
        return BasicCredentials.parse(authorizationHeader)
                .map(c -> KeyMaterial.sameHash(KeyMaterial.hash(USER), KeyMaterial.hash(c.user()))
                        & KeyMaterial.sameHash(KeyMaterial.hash(password.get()), KeyMaterial.hash(c.password())))
                .orElse(false);
    }
}
