package org.cbec.sandbox.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** JAX-RS's own refusals (404, 405, 415, 400 ...) in the format of the path, instead of HTML. */
@Provider
@ApplicationScoped
public class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Inject
    Refusals refusals;

    @Context
    HttpServletRequest http;

    @Override
    public Response toResponse(WebApplicationException e) {
        int status = e.getResponse().getStatus();
        if (status >= 500) {
            return new UnexpectedExceptionMapper(refusals, http).toResponse(e);
        }
        Response answer = refusals.refusal(Refusals.Format.of(http.getRequestURI(), http.getContextPath()), status,
                Refusals.describe(status));
        String allow = e.getResponse().getHeaderString(HttpHeaders.ALLOW);
        return allow == null ? answer : Response.fromResponse(answer).header(HttpHeaders.ALLOW, allow).build();
    }
}
