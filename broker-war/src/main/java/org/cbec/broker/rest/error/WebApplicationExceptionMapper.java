package org.cbec.broker.rest.error;

import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.error.RequestProblems;

/** JAX-RS's own refusals (404, 405, 406, 415, 400 ...) with the envelope instead of HTML. */
@Provider
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return new UnexpectedExceptionMapper().toResponse(e);
        }
        Response.ResponseBuilder response = Envelope.builder(status, Envelope.of(status, RequestProblems.describe(status, e)));
        String allow = e.getResponse().getHeaderString(HttpHeaders.ALLOW);
        if (allow != null) {
            response.header(HttpHeaders.ALLOW, allow);
        }
        return response.build();
    }
}
