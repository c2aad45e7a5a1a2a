package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.NotFoundException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** {@code sandbox.enabled} (SANDBOX_ENABLED): on by default for the embedded run, off in production. */
@ApplicationScoped
public class SandboxSwitch {

    @Inject
    @ConfigProperty(name = "sandbox.enabled", defaultValue = "true")
    boolean enabled;

    public boolean enabled() {
        return enabled;
    }

    /** A disabled sandbox does not exist: every sandbox path is a 404. */
    public void require() {
        if (!enabled) {
            throw new NotFoundException();
        }
    }
}
