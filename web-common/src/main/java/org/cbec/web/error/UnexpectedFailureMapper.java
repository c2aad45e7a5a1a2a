package org.cbec.web.error;

import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import org.cbec.web.ServiceEnvelope;

/**
 * Anything not mapped more precisely. A body that could not be read as JSON is the caller's 400;
 * everything else is a 500 whose message names the operation's {@link FailureAction} and whose
 * envelope carries only a reference to the server log line. Each WAR registers it by a
 * {@code @Provider} subclass that gives its envelope.
 */
public abstract class UnexpectedFailureMapper implements ExceptionMapper<Throwable> {

    @Context
    ResourceInfo resource;

    private final ServiceEnvelope envelope;

    protected UnexpectedFailureMapper(ServiceEnvelope envelope) {
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
    public Response toResponse(Throwable e) {
        return answer(envelope, resource, e, refusedMember(e));
    }

    /**
     * The answer to {@code e} in the operation {@code resource} (null when none was matched);
     * {@code member} is the member that made the body unreadable, if one did.
     */
    static Response answer(ServiceEnvelope envelope, ResourceInfo resource, Throwable e, RequestProblems.Member member) {
        if (RequestProblems.isUnreadableBody(e)) {
            return ServiceEnvelope.json(400, RequestProblems.unreadableBody(envelope, member)).build();
        }
        return ServiceEnvelope.json(500, failure(envelope, resource, e)).build();
    }

    /** Logs {@code e} and gives the envelope of its 500: what the matched operation was doing, and the log's reference. */
    static Object failure(ServiceEnvelope envelope, ResourceInfo resource, Throwable e) {
        String reference = RequestProblems.logUnexpected(e);
        String message = resource == null ? FailureActions.UNNAMED
                : FailureActions.message(resource.getResourceMethod(), resource.getResourceClass());
        return envelope.failure(message, reference);
    }
}
