package org.cbec.web;

import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/**
 * A service's response envelope, as the shared web plumbing needs it: the body of a refusal and
 * the body of a failure that no business rule produced. Each WAR implements it once, next to its
 * envelope record; the plumbing here puts the body into a JSON response with the status.
 */
public interface ServiceEnvelope {

    /** The body of a refusal with this status; {@code field} names the failing request field, or is null. */
    Object refusal(int status, String message, String field);

    /** The body of a 500 that no business rule produced: what failed, and the server log's reference. */
    Object failure(String message, String reference);

    /** A JSON response with this status and body. */
    static Response.ResponseBuilder json(int status, Object body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE).entity(body);
    }
}
