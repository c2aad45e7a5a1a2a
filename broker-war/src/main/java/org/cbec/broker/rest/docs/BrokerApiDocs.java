package org.cbec.broker.rest.docs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.web.error.FailureAction;
import org.cbec.broker.rest.error.Envelope;
import org.cbec.web.docs.ApiDocs;

/** The broker's API document, {@code /broker/openapi}, and its Swagger UI, {@code /broker/api-docs/}. */
@Path("")
@ApplicationScoped
@OpenEndpoint
@FailureAction("serving the API document")
public class BrokerApiDocs extends ApiDocs {

    public BrokerApiDocs() {
        super("org/cbec/broker/rest/openapi.yaml", "Payment broker", Envelope.WEB);
    }
}
