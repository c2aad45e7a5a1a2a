package org.cbec.web.access;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerRequestFilter;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.HttpHeaders;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.cbec.web.AdminListener;
import org.cbec.web.RequestGate;
import org.cbec.web.ServiceEnvelope;

/**
 * Who may call the matched operation ({@link Endpoints}), run after matching so that it knows the
 * resource and the party in the path: open endpoints pass; admin resources take a caller the
 * container has logged in as the administrator (Jakarta Security, from Basic credentials; a
 * refusal says how to send them, {@code WWW-Authenticate}; after too many failed logins, 429 with
 * {@code Retry-After}); with an admin listener ({@link AdminListener}) admin resources are found on
 * its port only, and the others everywhere but there;
 * every other one needs an API key granted for the path's party and within its rate (else 429
 * with {@code Retry-After}). Every refusal is the service's envelope.
 * <p>
 * Each WAR's subclass is the {@code @Provider} (this library, in the EAR's {@code lib/}, is not
 * scanned and cannot see ejb-core): it answers the questions below from ejb-core's access
 * component. Nothing here is {@code final}: the subclass is a CDI bean with a client proxy.
 * <p>
 * It holds no {@code @Context} proxy: with an admin listener each WAR runs as two web modules (one
 * per virtual server, {@link AdminListener}), each with a JAX-RS runtime of its own, and the one
 * application-scoped bean would keep the proxies of whichever runtime injected it last, which
 * fail in the other one ("Not inside a request scope"). So the matched operation and the servlet
 * request are taken from the request itself ({@link #matched}, {@link RequestGate#servletRequest}).
 */
public abstract class AccessControl implements ContainerRequestFilter {

    /** The {@code WWW-Authenticate} value of a refused admin request. */
    public static final String CHALLENGE = "Basic realm=\"cbec-admin\", charset=\"UTF-8\"";

    static final String NOT_AUTHENTICATED = "Not Authenticated";

    private final ServiceEnvelope envelope;

    protected AccessControl(ServiceEnvelope envelope) {
        this.envelope = envelope;
    }

    /** The role of the administrator, whom the container has logged in (ejb-core's {@code AdminAuthentication}, Jakarta Security). */
    public static final String ADMIN_ROLE = "admin";

    /** Whether the container has logged in the administrator for this request. */
    protected boolean administrator(HttpServletRequest request) {
        return request.isUserInRole(ADMIN_ROLE);
    }

    /**
     * Empty while the caller may try to log in as administrator; else the seconds its address or
     * user is locked for after failed logins. None by default.
     */
    protected OptionalLong adminLoginLocked(HttpServletRequest request) {
        return OptionalLong.empty();
    }

    /** The admin listener's port, when the operator gave the admin API one ({@link AdminListener}). */
    protected OptionalInt adminPort() {
        return AdminListener.port();
    }

    /** The public id of the key that the request carries, when it is granted for the party in the path. */
    protected abstract Optional<String> keyId(ContainerRequestContext request);

    /** Empty while the key is within its rate; else how long it must wait, and the rate in words. */
    protected abstract Optional<OverRate> overRate(String keyId);

    /** A key over its rate: the whole seconds to wait ({@code Retry-After}) and the rate it is held to. */
    public record OverRate(long retryAfterSeconds, String limit) {

        /** From a rate limiter's answer ({@code retryAfterSeconds}, empty within the rate) and its words. */
        public static Optional<OverRate> of(OptionalLong wait, Supplier<String> limit) {
            return wait.isPresent() ? Optional.of(new OverRate(wait.getAsLong(), limit.get())) : Optional.empty();
        }
    }

    /** A keyed request admitted by its key and rate; the service may check more here. */
    protected void admitted(ContainerRequestContext request) {
        // nothing more by default
    }

    @Override
    public void filter(ContainerRequestContext request) {
        ResourceInfo resource = matched(request);
        HttpServletRequest servletRequest = RequestGate.servletRequest(request::getProperty);
        Endpoints kind = Endpoints.of(resource.getResourceMethod(), resource.getResourceClass());
        // The request gate refuses by path already; this holds for whatever path reached a resource.
        if (!AdminListener.serves(adminPort(), servletRequest.getLocalPort(), kind == Endpoints.ADMIN)) {
            refuse(request, 404, AdminListener.NOT_FOUND, null);
            return;
        }
        switch (kind) {
            case OPEN -> { }
            case ADMIN -> {
                if (!administrator(servletRequest)) {
                    OptionalLong locked = adminLoginLocked(servletRequest);
                    if (locked.isPresent()) {
                        request.abortWith(ServiceEnvelope.json(429, envelope.refusal(429, "too many failed admin logins from this address"
                                + " or for this user; send them again after Retry-After seconds", null))
                                .header(HttpHeaders.RETRY_AFTER, locked.getAsLong()).build());
                        return;
                    }
                    request.abortWith(ServiceEnvelope.json(401, envelope.refusal(401, NOT_AUTHENTICATED, null))
                            .header(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE).build());
                }
            }
            case KEYED -> keyed(request);
        }
    }

    private void keyed(ContainerRequestContext request) {
        Optional<String> keyId = keyId(request);
        if (keyId.isEmpty()) {
            refuse(request, 401, NOT_AUTHENTICATED, null);
            return;
        }
        Optional<OverRate> over = overRate(keyId.get());
        if (over.isPresent()) {
            request.abortWith(ServiceEnvelope.json(429, envelope.refusal(429, "too many requests for this key: " + over.get().limit()
                    + "; send it again after Retry-After seconds", null))
                    .header(HttpHeaders.RETRY_AFTER, over.get().retryAfterSeconds()).build());
            return;
        }
        admitted(request);
    }

    /**
     * The operation the request was matched to. JAX-RS gives it only by injection; Jersey's
     * {@code UriInfo} of a request is its routing context, which is the request's
     * {@code ResourceInfo} too. Fails (500) rather than guess on another implementation.
     */
    static ResourceInfo matched(ContainerRequestContext request) {
        if (request.getUriInfo() instanceof ResourceInfo resource) {
            return resource;
        }
        throw new IllegalStateException("the JAX-RS implementation does not give the matched resource with the request");
    }

    /** Ends the request with a refusal in the service's envelope. */
    protected void refuse(ContainerRequestContext request, int status, String message, String field) {
        request.abortWith(ServiceEnvelope.json(status, envelope.refusal(status, message, field)).build());
    }
}
