package org.cbec.checkout.rest.error;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import org.cbec.platform.error.BusinessException;

/** Business refusals: invalid requests 400 (spec 7), unknown 404, conflicts 409. */
@Provider
public class BusinessExceptionMapper implements ExceptionMapper<BusinessException> {

    @Override
    public Response toResponse(BusinessException e) {
        int status = switch (e.kind()) {
            case INVALID_REQUEST -> 400;
            case NOT_FOUND -> 404;
            case CONFLICT -> 409;
        };
        return ApiResponse.response(status, ApiResponse.refusal(status, e.getMessage(), e.field()));
    }
}
