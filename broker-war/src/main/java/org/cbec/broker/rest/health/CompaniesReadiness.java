package org.cbec.broker.rest.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.cbec.company.Companies;
import org.cbec.company.CompanyCalls;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;
import org.cbec.payment.PaymentFormats;

/**
 * The broker is not ready while it does not know where a payment company is: every call to that
 * company would fail. Reports each company by name as configured or not, never its URL (which may
 * carry credentials or internal host names), and its circuit breaker as this node last saw it
 * ({@code circuit: open} or {@code closed}). An open circuit is reported but does not make the node
 * unready: every node reaches the same company, so taking nodes out of the load balancer would stop
 * the checkout service and the other company as well, and the circuit closes by itself; an
 * operator alerts on it from the metrics. Registered by the broker, not by ejb-core, so that the
 * checkout service's readiness does not depend on the companies.
 */
@Readiness
@ApplicationScoped
public class CompaniesReadiness implements HealthCheck {

    @Inject
    Companies companies;

    @Inject
    CompanyCalls calls;

    @Override
    public HealthCheckResponse call() {
        List<String> missing = companies.unconfigured();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("payment-companies");
        for (String method : PaymentFormats.METHODS) {
            response.withData(method, missing.contains(method) ? "not configured (" + method + ".url)" : "configured");
            response.withData(method + ".circuit", calls.circuitOpen(method) ? "open" : "closed");
        }
        return response.status(missing.isEmpty()).build();
    }
}
