package org.cbec.checkout.rest.error;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.RetryLater;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * Business refusals: invalid requests 400 (spec 7), unknown 404, conflicts 409, failed upstream 500,
 * and the broker's own saturation 503 with {@code Retry-After} (send the same request again).
 */
@Provider
public class BusinessExceptionMapper implements ExceptionMapper<BusinessException> {

    @Override
    public Response toResponse(BusinessException e) {
        int status = switch (e.kind()) {
            case INVALID_REQUEST -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case UPSTREAM_FAILURE -> 500;
            case SATURATED -> 503;
        };
        Response response = e instanceof UpstreamFailureException upstream
                ? ApiResponse.response(status, new ApiResponse(status, e.getMessage(), Map.of("errors", upstream.errors())))
                : ApiResponse.response(status, ApiResponse.refusal(status, e.getMessage(), e.field()));
        if (e instanceof RetryLater later) {
            return Response.fromResponse(response).header("Retry-After", later.retryAfterSeconds()).build();
        }
        return response;
    }
}
