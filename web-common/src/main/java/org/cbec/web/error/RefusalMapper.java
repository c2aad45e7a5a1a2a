package org.cbec.web.error;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.cbec.web.ServiceEnvelope;

/**
 * JAX-RS's own refusals (404, 405, 406, 415, 400 ...) in the service's envelope instead of HTML,
 * keeping their {@code Allow}; a 5xx is an unexpected failure ({@link UnexpectedFailureMapper}).
 * Each WAR registers it by a {@code @Provider} subclass that gives its envelope.
 */
public abstract class RefusalMapper implements ExceptionMapper<WebApplicationException> {

    @Context
    ResourceInfo resource;

    private final ServiceEnvelope envelope;

    protected RefusalMapper(ServiceEnvelope envelope) {
        this.envelope = envelope;
    }

    /**
     * The member that made the body unreadable (named twice in one object, or not one of the
     * request's); the WAR knows the strict reader's refusal (this library cannot see ejb-core).
     * None by default.
     */
    protected RequestProblems.Member refusedMember(Throwable failure) {
        return null;
    }

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return UnexpectedFailureMapper.answer(envelope, resource, e, refusedMember(e));
        }
        RequestProblems.Member member = status == 400 ? refusedMember(e) : null;
        Object refusal = member != null ? RequestProblems.unreadableBody(envelope, member)
                : envelope.refusal(status, RequestProblems.describe(status, e), null);
        Response.ResponseBuilder response = ServiceEnvelope.json(status, refusal);
        String allow = e.getResponse().getHeaderString(HttpHeaders.ALLOW);
        if (allow != null) {
            response.header(HttpHeaders.ALLOW, allow);
        }
        return response.build();
    }
}
