package org.cbec.checkout.rest.access;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.cbec.access.boundary.AdminLogins;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.boundary.RateLimits;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.access.AccessControl;

/**
 * The checkout's access control ({@link AccessControl}, in its envelope). A keyed path names its
 * party: {@code {enterpriseId}} (the {@code x-ca-key} must be granted for that enterprise) or else
 * {@code {merchantId}} (granted for that platform merchant). {@code x-ca-stage}, when sent, must be
 * one of the API-gateway stages; one deployment serves all of them.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class AccessFilter extends AccessControl {

    static final String KEY = "x-ca-key";
    static final String STAGE = "x-ca-stage";
    static final Set<String> STAGES = Set.of("RELEASE", "PRE", "TEST");

    @Inject
    RateLimits rateLimits;

    @Inject
    AdminLogins adminLogins;

    @Inject
    ApiKeys apiKeys;

    public AccessFilter() {
        super(ApiResponse.WEB);
    }

    @Override
    protected Optional<String> keyId(ContainerRequestContext request) {
        String key = request.getHeaderString(KEY);
        MultivaluedMap<String, String> path = request.getUriInfo().getPathParameters();
        String enterprise = path.getFirst("enterpriseId");
        if (enterprise != null) {
            return apiKeys.authorizedKeyId(ApiService.CHECKOUT, key, GrantSubject.ENTERPRISE, enterprise);
        }
        return apiKeys.authorizedKeyId(ApiService.CHECKOUT, key, GrantSubject.PLATFORM_MERCHANT, path.getFirst("merchantId"));
    }

    @Override
    protected Optional<OverRate> overRate(String keyId) {
        return OverRate.of(rateLimits.retryAfterSeconds(keyId), rateLimits::describe);
    }

    @Override
    protected void admitted(ContainerRequestContext request) {
        String stage = request.getHeaderString(STAGE);
        if (stage != null && !STAGES.contains(stage)) {
            refuse(request, 400, "x-ca-stage must be RELEASE, PRE or TEST", STAGE);
        }
    }

    @Override
    protected OptionalLong adminLoginLocked(HttpServletRequest request) {
        return adminLogins.retryAfterSeconds(request.getRemoteAddr(), Optional.ofNullable(request.getHeader(HttpHeaders.AUTHORIZATION)));
    }
}
