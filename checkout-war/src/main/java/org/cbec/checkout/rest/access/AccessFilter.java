package org.cbec.checkout.rest.access;

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
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.util.Set;
import org.cbec.access.boundary.AdminCredentials;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.boundary.RateLimits;
import org.cbec.access.boundary.Endpoints;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.checkout.rest.error.ApiResponse;

/**
 * Closed by default ({@link Endpoints}). A keyed path names its party: {@code {enterpriseId}} (the
 * key must be granted for that enterprise) or else {@code {merchantId}} (granted for that platform
 * merchant). {@code x-ca-stage}, when sent, must be one of the API-gateway stages; one deployment
 * serves all of them.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class AccessFilter implements ContainerRequestFilter {

    static final String KEY = "x-ca-key";
    static final String STAGE = "x-ca-stage";
    static final Set<String> STAGES = Set.of("RELEASE", "PRE", "TEST");

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
                    request.abortWith(ApiResponse.builder(401, ApiResponse.refusal(401, "Not Authenticated", null))
                            .header(HttpHeaders.WWW_AUTHENTICATE, AdminCredentials.CHALLENGE).build());
                }
            }
            case KEYED -> {
                java.util.Optional<String> keyId = authorized(request);
                if (keyId.isEmpty()) {
                    request.abortWith(ApiResponse.response(401, ApiResponse.refusal(401, "Not Authenticated", null)));
                    return;
                }
                java.util.OptionalLong wait = rateLimits.retryAfterSeconds(keyId.get());
                if (wait.isPresent()) {
                    request.abortWith(ApiResponse.builder(429, ApiResponse.refusal(429, "too many requests for this key: "
                            + rateLimits.describe() + "; send it again after Retry-After seconds", null))
                            .header(HttpHeaders.RETRY_AFTER, wait.getAsLong()).build());
                    return;
                }
                String stage = request.getHeaderString(STAGE);
                if (stage != null && !STAGES.contains(stage)) {
                    request.abortWith(ApiResponse.response(400,
                            ApiResponse.refusal(400, "x-ca-stage must be RELEASE, PRE or TEST", STAGE)));
                }
            }
        }
    }

    private java.util.Optional<String> authorized(ContainerRequestContext request) {
        String key = request.getHeaderString(KEY);
        MultivaluedMap<String, String> path = request.getUriInfo().getPathParameters();
        String enterprise = path.getFirst("enterpriseId");
        if (enterprise != null) {
            return apiKeys.authorizedKeyId(ApiService.CHECKOUT, key, GrantSubject.ENTERPRISE, enterprise);
        }
        return apiKeys.authorizedKeyId(ApiService.CHECKOUT, key, GrantSubject.PLATFORM_MERCHANT, path.getFirst("merchantId"));
    }
}
