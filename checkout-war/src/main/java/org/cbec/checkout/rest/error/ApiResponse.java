package org.cbec.checkout.rest.error;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Map;
import org.cbec.web.ServiceEnvelope;

/**
 * The checkout envelope (spec 2.1): {@code code} is the HTTP status, {@code message} says what
 * happened, {@code data} carries the result, or on a refusal the failing {@code field}.
 */
public record ApiResponse(int code, String message, Object data) {

    /** This envelope for the plumbing of web-common: a 500's {@code data} gives the log's reference. */
    public static final ServiceEnvelope WEB = new ServiceEnvelope() {
        @Override
        public Object refusal(int status, String message, String field) {
            return ApiResponse.refusal(status, message, field);
        }

        @Override
        public Object failure(String message, String reference) {
            return new ApiResponse(500, message, Map.of("reference", reference));
        }
    };

    public static ApiResponse ok(Object data) {
        return new ApiResponse(200, "OK", data);
    }

    /** A refusal; {@code field} may be null. */
    public static ApiResponse refusal(int status, String message, String field) {
        return new ApiResponse(status, message, field == null ? null : Map.of("field", field));
    }

    public static Response response(int status, ApiResponse body) {
        return builder(status, body).build();
    }

    public static Response.ResponseBuilder builder(int status, ApiResponse body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body);
    }
}
