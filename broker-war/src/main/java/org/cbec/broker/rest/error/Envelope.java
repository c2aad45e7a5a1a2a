package org.cbec.broker.rest.error;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import org.cbec.web.ServiceEnvelope;

/**
 * The broker's response envelope (spec 2.1): {@code code} mirrors the HTTP status, {@code message}
 * says what happened, {@code field} names the request field that failed, {@code errors} is present
 * on 500 bodies only. Null members are left out of the JSON.
 */
public record Envelope(int code, String message, String field, String errors) {

    /** This envelope for the plumbing of web-common: a 500's {@code errors} gives the log's reference. */
    public static final ServiceEnvelope WEB = new ServiceEnvelope() {
        @Override
        public Object refusal(int status, String message, String field) {
            return new Envelope(status, message, field, null);
        }

        @Override
        public Object failure(String message, String reference) {
            return new Envelope(500, message, null, "internal error, reference " + reference);
        }
    };

    public static Envelope of(int status, String message) {
        return new Envelope(status, message, null, null);
    }

    public static Response response(Response.Status status, String message, String field) {
        return response(status.getStatusCode(), new Envelope(status.getStatusCode(), message, field, null));
    }

    public static Response response(int status, Envelope envelope) {
        return builder(status, envelope).build();
    }

    public static Response.ResponseBuilder builder(int status, Envelope envelope) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(envelope);
    }
}
