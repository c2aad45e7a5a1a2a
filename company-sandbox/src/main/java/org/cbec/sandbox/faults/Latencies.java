package org.cbec.sandbox.faults;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.logging.Logger;
import org.cbec.sandbox.books.Companies;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Each company's latency, in this server's memory: from the settings {@code sandbox.latency.alphapay}
 * and {@code sandbox.latency.betapay} at start (none by default), replaced by the admin API.
 */
@ApplicationScoped
public class Latencies {

    private static final Logger LOG = Logger.getLogger(Latencies.class.getName());

    @Inject
    @ConfigProperty(name = "sandbox.latency.alphapay", defaultValue = "none")
    String alphapay;

    @Inject
    @ConfigProperty(name = "sandbox.latency.betapay", defaultValue = "none")
    String betapay;

    private final Map<String, Latency> latencies = new ConcurrentHashMap<>();

    @PostConstruct
    void configured() {
        set(Companies.ALPHAPAY, Latency.parse(alphapay));
        set(Companies.BETAPAY, Latency.parse(betapay));
    }

    /** Read at deployment, so that a setting that is no latency fails it rather than the first request. */
    void atStartup(@Observes @Initialized(ApplicationScoped.class) Object started) {
        of(Companies.ALPHAPAY);
    }

    public Latency of(String company) {
        return latencies.getOrDefault(company, Latency.NONE);
    }

    public void set(String company, Latency latency) {
        Latency before = latencies.put(company, latency);
        if (!latency.equals(before == null ? Latency.NONE : before)) {
            LOG.info(() -> "Latency of " + company + ": " + latency);
        }
    }

    /** The delay of one answer of the company, in milliseconds (0: none). */
    public long draw(String company) {
        return of(company).draw(ThreadLocalRandom.current());
    }
}
