package org.cbec.broker.rest.timing;

import jakarta.annotation.Priority;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ContainerResponseFilter;
import jakarta.ws.rs.container.PreMatching;
import jakarta.ws.rs.ext.Provider;
import java.util.Locale;
import org.cbec.company.CompanyClock;

/**
 * Every broker answer says where its time went, in the standard {@code Server-Timing} header:
 * {@code broker;dur=…} is the broker's own time (matching, authentication, rules, database, JSON,
 * the request's signatures) and {@code company;dur=…} the time spent waiting for companies, both
 * in milliseconds. Measured from the first request filter to the response filter, so it leaves out
 * only the container's HTTP parsing and the writing of the (small) body.
 */
@Provider
@PreMatching
@Priority(1)
public class ServerTiming implements ContainerRequestFilter, ContainerResponseFilter {

    static final String HEADER = "Server-Timing";
    private static final String START = ServerTiming.class.getName() + ".start";

    @Override
    public void filter(ContainerRequestContext request) {
        CompanyClock.reset();
        request.setProperty(START, System.nanoTime());
    }

    @Override
    public void filter(ContainerRequestContext request, ContainerResponseContext response) {
        Object start = request.getProperty(START);
        if (!(start instanceof Long startNanos)) {
            return;
        }
        long total = System.nanoTime() - startNanos;
        long company = Math.min(CompanyClock.nanos(), total);
        response.getHeaders().putSingle(HEADER, String.format(Locale.ROOT, "broker;dur=%.3f, company;dur=%.3f",
                (total - company) / 1e6, company / 1e6));
    }
}
