package org.cbec.sandbox.web;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Anything not answered otherwise: logged with a reference, answered 500 in the path's format with
 * only that reference (a 5xx is a failure of the company, which is what it is). Never the message or
 * the stack trace: they may quote a request, and a request may carry a key or an identity.
 */
@Provider
@ApplicationScoped
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    private static final Logger LOG = Logger.getLogger(UnexpectedExceptionMapper.class.getName());

    @Inject
    Refusals refusals;

    @Context
    HttpServletRequest http;

    public UnexpectedExceptionMapper() {
    }

    UnexpectedExceptionMapper(Refusals refusals, HttpServletRequest http) {
        this.refusals = refusals;
        this.http = http;
    }

    @Override
    public Response toResponse(Throwable e) {
        String reference = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, "Unexpected failure, reference " + reference, e);
        return refusals.refusal(Refusals.Format.of(http.getRequestURI(), http.getContextPath()), 500,
                "internal error, reference " + reference);
    }
}
