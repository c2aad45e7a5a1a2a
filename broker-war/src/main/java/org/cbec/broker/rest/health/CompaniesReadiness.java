package org.cbec.broker.rest.health;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import org.cbec.payment.boundary.PaymentRules;
import org.cbec.payment.company.Companies;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.HealthCheckResponseBuilder;
import org.eclipse.microprofile.health.Readiness;

/**
 * The broker is not ready while it does not know where a payment company is: every call to that
 * company would fail. Reports each company by name as configured or not, never its URL (which may
 * carry credentials or internal host names). Registered by the broker, not by ejb-core, so that
 * the checkout service's readiness does not depend on the companies.
 */
@Readiness
@ApplicationScoped
public class CompaniesReadiness implements HealthCheck {

    @Inject
    Companies companies;

    @Override
    public HealthCheckResponse call() {
        List<String> missing = companies.unconfigured();
        HealthCheckResponseBuilder response = HealthCheckResponse.named("payment-companies");
        for (String method : PaymentRules.METHODS) {
            response.withData(method, missing.contains(method) ? "not configured (" + method + ".url)" : "configured");
        }
        return response.status(missing.isEmpty()).build();
    }
}
