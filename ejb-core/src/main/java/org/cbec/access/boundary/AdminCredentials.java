package org.cbec.access.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.cbec.access.control.BasicCredentials;
import org.cbec.access.control.KeyMaterial;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who may use the admin APIs of both services. Two sources, tried in this order:
 * <ol>
 * <li>the user {@code admin} with the password of the configuration property {@code admin.password}
 * (environment variable {@code ADMIN_PASSWORD}): the embedded run on Payara Micro;</li>
 * <li>any user of the container's realm (the {@code file} realm of Payara Server) who is in the group
 * {@code admin}, mapped to the role {@code admin} by each WAR's {@code payara-web.xml}: the data-center
 * deployment, where {@code server-config/deploy-server} creates that user and the operators manage
 * the group from the admin console.</li>
 * </ol>
 * With neither, the admin APIs refuse everyone. {@link AdminAuthentication} logs either in (Jakarta
 * Security); the web modules ask the container for the role {@link #ROLE}.
 */
@ApplicationScoped
public class AdminCredentials {

    public static final String USER = "admin";
    public static final String ROLE = "admin";

    @Inject
    @ConfigProperty(name = "admin.password")
    Optional<String> password;

    /** Whether the configured password is set (the realm may still have administrators). */
    public boolean enabled() {
        return password.filter(p -> !p.isEmpty()).isPresent();
    }

    /** Whether {@code c} are the configured administrator's ({@code admin} with {@code admin.password}), compared in constant time. */
    public boolean configured(BasicCredentials c) {
        if (!enabled()) {
            return false;
        }
        return KeyMaterial.sameHash(KeyMaterial.hash(USER), KeyMaterial.hash(c.user()))
                & KeyMaterial.sameHash(KeyMaterial.hash(password.get()), KeyMaterial.hash(c.password()));
    }
}
