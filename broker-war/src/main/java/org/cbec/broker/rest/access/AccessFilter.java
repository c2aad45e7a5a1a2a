package org.cbec.broker.rest.access;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.OptionalLong;
import org.cbec.access.boundary.AdminLogins;
import org.cbec.access.boundary.ApiKeys;
import org.cbec.access.boundary.RateLimits;
import org.cbec.access.entity.ApiService;
import org.cbec.access.entity.GrantSubject;
import org.cbec.broker.rest.error.Envelope;
import org.cbec.web.access.AccessControl;

/**
 * The broker's access control ({@link AccessControl}, in its envelope): a keyed path needs an
 * {@code app-api-key} (header, or the legacy query parameter of version 1.6.6) granted for the
 * path's {@code {merchant}}.
 */
@Provider
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class AccessFilter extends AccessControl {

    static final String KEY = "app-api-key";

    @Inject
    ApiKeys apiKeys;

    @Inject
    RateLimits rateLimits;

    @Inject
    AdminLogins adminLogins;

    public AccessFilter() {
        super(Envelope.WEB);
    }

    @Override
    protected Optional<String> keyId(ContainerRequestContext request) {
        String key = request.getHeaderString(KEY);
        if (key == null) {
            key = request.getUriInfo().getQueryParameters().getFirst(KEY);
        }
        String merchant = request.getUriInfo().getPathParameters().getFirst("merchant");
        return apiKeys.authorizedKeyId(ApiService.BROKER, key, GrantSubject.MERCHANT, merchant);
    }

    @Override
    protected Optional<OverRate> overRate(String keyId) {
        return OverRate.of(rateLimits.retryAfterSeconds(keyId), rateLimits::describe);
    }

    @Override
    protected OptionalLong adminLoginLocked(HttpServletRequest request) {
        return adminLogins.retryAfterSeconds(request.getRemoteAddr(), Optional.ofNullable(request.getHeader(HttpHeaders.AUTHORIZATION)));
    }
}
