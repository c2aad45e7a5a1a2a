package org.cbec.broker.sandbox;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/** How long a TIMEOUT fault stalls: past the broker's read timeout, so the broker gives up first. */
@ApplicationScoped
public class SandboxTiming {

    @Inject
    @ConfigProperty(name = "company.read-timeout-ms", defaultValue = "5000")
    long readTimeoutMs;

    public long beyondTimeoutMs() {
        return readTimeoutMs + 1500;
    }
}
