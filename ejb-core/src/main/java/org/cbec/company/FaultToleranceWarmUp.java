package org.cbec.company;

import jakarta.annotation.PostConstruct;
import jakarta.ejb.DependsOn;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Enters each company's transport once as the application starts, one after the other, before it
 * serves a request: the call is {@link CompanyTransport#WARM_UP}, which sends nothing.
 * <p>
 * Payara 6 registers a Fault Tolerance method's metrics at its first call, in a registry shared by
 * every application of the server, whose histograms are made with a plain {@code HashMap}. Two
 * companies' first calls at once (a node started under load, as behind a load balancer) made two
 * bulkhead histograms at once: one registration failed with a {@code ConcurrentModificationException},
 * and every later call through that company's transport on that node failed with a
 * {@code NullPointerException} (its histogram was never made), until the node was restarted. Made
 * here, each transport's metrics exist before any request, and Payara makes them only once.
 * <p>
 * Each start thus counts one successful call per company in Fault Tolerance's own metrics
 * ({@code ft_invocations_total}, {@code ft_bulkhead_calls_total}); the broker's
 * {@code company_calls_total} counts none, since nothing is sent.
 */
@Singleton
@Startup
@DependsOn("SchemaMigrator")
public class FaultToleranceWarmUp {

    private static final Logger LOG = Logger.getLogger(FaultToleranceWarmUp.class.getName());

    @Inject
    Instance<CompanyTransport> transports;

    @PostConstruct
    void warmUp() {
        for (CompanyTransport transport : transports) {
            try {
                transport.exchange(CompanyTransport.WARM_UP, answer -> true, null);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, "A company transport's Fault Tolerance could not be entered at start", e);
            }
        }
    }
}
