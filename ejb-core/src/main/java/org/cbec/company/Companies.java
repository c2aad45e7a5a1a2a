package org.cbec.company;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * The companies by their {@code paymentMethod} value: every adapter of the port the container
 * knows ({@link PaymentCompany#method()} names it), so the port knows no adapter.
 */
@ApplicationScoped
public class Companies {

    @Inject
    @Any
    Instance<PaymentCompany> adapters;

    private final Map<String, PaymentCompany> byMethod = new TreeMap<>();

    @PostConstruct
    void collect() {
        for (PaymentCompany adapter : adapters) {
            if (byMethod.putIfAbsent(adapter.method(), adapter) != null) {
                throw new IllegalStateException("two adapters for " + adapter.method());
            }
        }
    }

    @Inject
    CompanyCalls calls;

    /**
     * The company's adapter, ready to be called (its calls throw; the boundaries use {@link #port}); the method was checked against {@code alphapay}/{@code betapay}
     * before. A company whose URL this server has no configuration for (there is no default: the EAR
     * must be told where the real companies are) fails the request at once with the 500 of the
     * action ({@code failure}: "failure while making the payment", …), before anything is stored.
     */
    public PaymentCompany of(String paymentMethod, String failure) {
        PaymentCompany company = byMethod.get(paymentMethod);
        if (company == null) {
            throw new IllegalArgumentException("no payment company " + paymentMethod);
        }
        if (!company.configured()) {
            throw notConfigured(paymentMethod, failure);
        }
        return company;
    }

    /** The 500 of the action ({@code failure}) when this server has no URL for the company. */
    public static UpstreamFailureException notConfigured(String paymentMethod, String failure) {
        return new UpstreamFailureException(failure, paymentMethod + " is not configured on this server (" + paymentMethod
                + ".url is not set); not called");
    }

    /**
     * The company as the boundaries call it, when this server has its URL; empty when it has not
     * (the server's configuration, not the company's answer: nothing can be asked of it here).
     */
    public Optional<CompanyPort> configured(String paymentMethod) {
        PaymentCompany company = byMethod.get(paymentMethod);
        if (company == null) {
            throw new IllegalArgumentException("no payment company " + paymentMethod);
        }
        return company.configured() ? Optional.of(new CompanyPort(company, calls)) : Optional.empty();
    }

    /** The company as the boundaries call it, every call giving an outcome ({@link CompanyPort}); ready as for {@link #of}. */
    public CompanyPort port(String paymentMethod, String failure) {
        return new CompanyPort(of(paymentMethod, failure), calls);
    }

    /** Every company's payment method. */
    public Set<String> methods() {
        return Collections.unmodifiableSet(byMethod.keySet());
    }

    /** The payment methods whose company URL is not configured, for readiness. */
    public List<String> unconfigured() {
        return byMethod.values().stream().filter(c -> !c.configured()).map(PaymentCompany::method).toList();
    }
}
