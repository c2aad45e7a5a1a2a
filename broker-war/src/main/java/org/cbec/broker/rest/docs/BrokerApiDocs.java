package org.cbec.broker.rest.docs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.cbec.access.boundary.OpenEndpoint;
import org.cbec.broker.rest.error.Envelope;
import org.cbec.web.docs.ApiDocs;

/** The broker's API document, {@code /broker/openapi}, and its Swagger UI, {@code /broker/api-docs/}. */
@Path("")
@ApplicationScoped
@OpenEndpoint
public class BrokerApiDocs extends ApiDocs {

    public BrokerApiDocs() {
        super("org/cbec/broker/rest/openapi.yaml", "Payment broker");
    }

    @Override
    protected Response notFound(String file) {
        return Envelope.response(Response.Status.NOT_FOUND, "no such file", null);
    }
}
