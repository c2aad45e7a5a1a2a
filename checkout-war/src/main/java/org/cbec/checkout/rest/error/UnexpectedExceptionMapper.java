package org.cbec.checkout.rest.error;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;
import org.cbec.platform.error.RequestProblems;

/** Unreadable JSON is the caller's 400; anything else a 500 with only a log reference in data. */
@Provider
public class UnexpectedExceptionMapper implements ExceptionMapper<Throwable> {

    @Override
    public Response toResponse(Throwable e) {
        if (RequestProblems.isUnreadableBody(e)) {
            return ApiResponse.response(400, ApiResponse.refusal(400, RequestProblems.UNREADABLE_BODY, null));
        }
        String reference = RequestProblems.logUnexpected(e);
        return ApiResponse.response(500, new ApiResponse(500, "internal error", Map.of("reference", reference)));
    }
}
