package org.cbec.broker.rest.error;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.error.RequestProblems;

/**
 * Anything not mapped more precisely. A body that could not be read as JSON is the caller's 400;
 * everything else is a 500 whose {@code errors} carries only a reference to the server log line.
 */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable e) {
        if (RequestProblems.isUnreadableBody(e)) {
            return Envelope.response(Response.Status.BAD_REQUEST, RequestProblems.UNREADABLE_BODY, null);
        }
        String reference = RequestProblems.logUnexpected(e);
        return Envelope.response(500, new Envelope(500, "internal error", null, "internal error, reference " + reference));
    }
}
