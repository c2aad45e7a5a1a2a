package org.cbec.sandbox.window;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.cbec.sandbox.faults.Faults;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * What a test sets at the window, in this server's memory as the companies' faults and latencies
 * are: the faults of each registered enterprise (by its row's id: the same modes as a company
 * account's, for the kinds {@code order-declare} and {@code order-query}), and how long customs
 * takes for each decision ({@code sandbox.window.delay-ms}, until a test sets another).
 */
@ApplicationScoped
public class WindowSettings {

    private final Faults faults = new Faults();

    @Inject
    @ConfigProperty(name = "sandbox.window.delay-ms", defaultValue = "2000")
    long configuredDelayMs;

    private volatile Long delayMs;

    public Faults faults() {
        return faults;
    }

    public Duration delay() {
        Long set = delayMs;
        return Duration.ofMillis(set == null ? configuredDelayMs : set);
    }

    /** Customs' delay from now on; null: the configured one again. */
    public void delay(Long ms) {
        delayMs = ms;
    }
}
