package org.cbec.checkout.rest.error;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.UpstreamFailureException;

/** Business refusals: invalid requests 400 (spec 7), unknown 404, conflicts 409, failed upstream 500. */
@Provider
public class BusinessExceptionMapper implements ExceptionMapper<BusinessException> {

    @Override
    public Response toResponse(BusinessException e) {
        int status = switch (e.kind()) {
            case INVALID_REQUEST -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
            case UPSTREAM_FAILURE -> 500;
        };
        if (e instanceof UpstreamFailureException upstream) {
            return ApiResponse.response(status, new ApiResponse(status, e.getMessage(), Map.of("errors", upstream.errors())));
        }
        return ApiResponse.response(status, ApiResponse.refusal(status, e.getMessage(), e.field()));
    }
}
