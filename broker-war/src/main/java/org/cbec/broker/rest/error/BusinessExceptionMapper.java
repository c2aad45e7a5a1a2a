package org.cbec.broker.rest.error;

import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.RetryLater;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * Business refusals: invalid requests 422 (spec 7 for payments; a resource may declare another
 * {@link ValidationStatus}), unknown 404, conflicts 409 (with {@code Retry-After} when the same
 * request is in progress), a
 * failed company 500 with the spec's message and {@code errors} saying what failed, and the broker's
 * own saturation (a company's bulkhead full, nothing sent) 503 with {@code Retry-After}.
 */
@Provider
public class BusinessExceptionMapper implements ExceptionMapper<BusinessException> {

    @Context
    ResourceInfo resource;

    @Override
    public Response toResponse(BusinessException e) {
        int status = switch (e.kind()) {
            case INVALID_REQUEST -> invalidRequestStatus();
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case UPSTREAM_FAILURE -> 500;
            case SATURATED -> 503;
        };
        String errors = e instanceof UpstreamFailureException upstream ? upstream.errors() : null;
        Response.ResponseBuilder response = Envelope.builder(status, new Envelope(status, e.getMessage(), e.field(), errors));
        if (e instanceof RetryLater later) {
            response.header("Retry-After", later.retryAfterSeconds());
        }
        return response.build();
    }

    private int invalidRequestStatus() {
        Class<?> type = resource == null ? null : resource.getResourceClass();
        ValidationStatus declared = type == null ? null : type.getAnnotation(ValidationStatus.class);
        return declared == null ? 422 : declared.value();
    }
}
