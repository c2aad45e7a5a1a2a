package org.cbec.sandbox.admin;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.Provider;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.logging.Logger;

/**
 * HTTP Basic for the admin API, checked here rather than by a security constraint so that the
 * refusal is the API's JSON (401 with {@code WWW-Authenticate: Basic realm="sandbox"}) and not the
 * container's page. Any other credential, such as the broker's {@code app-api-key}, means nothing.
 * Failed logins are throttled ({@link AdminLogins}): a locked address or user gets 429 with
 * {@code Retry-After} and its credentials are not checked.
 * A CDI bean, so that Jersey takes it (and its injected credentials) from CDI.
 */
@Provider
@AdminOnly
@Priority(Priorities.AUTHENTICATION)
@ApplicationScoped
public class AdminFilter implements ContainerRequestFilter {

    private static final Logger LOG = Logger.getLogger(AdminFilter.class.getName());

    @Inject
    AdminCredentials credentials;

    @Inject
    AdminLogins logins;

    @Context
    HttpServletRequest http;

    @Override
    public void filter(ContainerRequestContext request) {
        String header = request.getHeaderString(HttpHeaders.AUTHORIZATION);
        String address = http.getRemoteAddr();
        Optional<String> user = AdminCredentials.user(header);
        // A locked address or user is not even checked.
        if (locked(request, address, user)) {
            return;
        }
        if (credentials.accepts(header)) {
            logins.succeeded(address, AdminCredentials.USER);
            return;
        }
        if (user.isPresent()) {
            logins.failed(address, user.get());
            // As the broker: the failure that starts a lock is answered as locked already.
            if (locked(request, address, user)) {
                return;
            }
        }
        LOG.fine(() -> "Admin request refused: no valid admin credentials for " + request.getMethod() + " "
                + request.getUriInfo().getPath());
        request.abortWith(Response.fromResponse(Envelope.response(401, "admin credentials required (HTTP Basic, user admin)", null))
                .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"sandbox\"").build());
    }

    /** Whether the address or user is locked; if so the request is answered 429 with {@code Retry-After}. */
    private boolean locked(ContainerRequestContext request, String address, Optional<String> user) {
        OptionalLong locked = logins.retryAfterSeconds(address, user.orElse(null));
        if (locked.isPresent()) {
            request.abortWith(Response.fromResponse(Envelope.response(429, "too many failed admin logins from this address"
                    + " or for this user; send them again after Retry-After seconds", null))
                    .header(HttpHeaders.RETRY_AFTER, locked.getAsLong()).build());
        }
        return locked.isPresent();
    }
}
