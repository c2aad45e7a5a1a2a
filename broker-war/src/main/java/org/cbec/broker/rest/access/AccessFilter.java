package org.cbec.broker.rest.access;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import org.cbec.access.boundary.AdminCredentials;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.boundary.RateLimits;
import org.cbec.access.boundary.Endpoints;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.broker.rest.error.Envelope;

/**
 * Runs after matching, so it knows the resource and the {@code {merchant}} of the path. Closed by
 * default ({@link Endpoints}): admin resources take the administrator's Basic credentials; every
 * other one needs an {@code app-api-key} (header, or the legacy query parameter of version 1.6.6)
 * granted for the path's merchant. Every refusal is the spec's 401 envelope.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class AccessFilter implements ContainerRequestFilter {

    static final String KEY = "app-api-key";

    @Context
    ResourceInfo resource;

    @Inject
    ApiKeys apiKeys;

    @Context
    HttpServletRequest servletRequest;

    @Inject
    AdminCredentials admin;

    @Inject
    RateLimits rateLimits;

    @Override
    public void filter(ContainerRequestContext request) {
        switch (Endpoints.of(resource.getResourceMethod(), resource.getResourceClass())) {
            case OPEN -> { }
            case ADMIN -> {
                if (!admin.verify(servletRequest)) {
                    request.abortWith(Envelope.builder(401, Envelope.of(401, "Not Authenticated"))
                            .header(HttpHeaders.WWW_AUTHENTICATE, AdminCredentials.CHALLENGE).build());
                }
            }
            case KEYED -> {
                String key = request.getHeaderString(KEY);
                if (key == null) {
                    key = request.getUriInfo().getQueryParameters().getFirst(KEY);
                }
                String merchant = request.getUriInfo().getPathParameters().getFirst("merchant");
                java.util.Optional<String> keyId = apiKeys.authorizedKeyId(ApiService.BROKER, key, GrantSubject.MERCHANT, merchant);
                if (keyId.isEmpty()) {
                    request.abortWith(Envelope.response(401, Envelope.of(401, "Not Authenticated")));
                    return;
                }
                java.util.OptionalLong wait = rateLimits.retryAfterSeconds(keyId.get());
                if (wait.isPresent()) {
                    request.abortWith(Envelope.builder(429, Envelope.of(429, "too many requests for this key: " + rateLimits.describe()
                            + "; send it again after Retry-After seconds")).header(HttpHeaders.RETRY_AFTER, wait.getAsLong()).build());
                }
            }
        }
    }
}
