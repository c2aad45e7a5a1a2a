package org.cbec.sandbox.admin;

import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/** Admin refusals as the admin API's JSON. */
@Provider
public class AdminRefusalMapper implements ExceptionMapper<AdminRefusal> {

    @Override
    public Response toResponse(AdminRefusal e) {
        return Envelope.response(e.status(), e.getMessage(), e.field());
    }
}
