package org.cbec.sandbox.admin;

import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Priorities;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Logger;

/**
 * HTTP Basic for the admin API, checked here rather than by a security constraint so that the
 * refusal is the API's JSON (401 with {@code WWW-Authenticate: Basic realm="sandbox"}) and not the
 * container's page. Any other credential, such as the broker's {@code app-api-key}, means nothing.
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

    @Override
    public void filter(ContainerRequestContext request) {
        if (!credentials.accepts(request.getHeaderString(HttpHeaders.AUTHORIZATION))) {
            LOG.fine(() -> "Admin request refused: no valid admin credentials for " + request.getMethod() + " "
                    + request.getUriInfo().getPath());
            request.abortWith(jakarta.ws.rs.core.Response.fromResponse(
                    Envelope.response(401, "admin credentials required (HTTP Basic, user admin)", null))
                    .header(HttpHeaders.WWW_AUTHENTICATE, "Basic realm=\"sandbox\"").build());
        }
    }
}
