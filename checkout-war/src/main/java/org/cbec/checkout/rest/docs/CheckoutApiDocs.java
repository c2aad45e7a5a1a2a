package org.cbec.checkout.rest.docs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.web.error.FailureAction;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.docs.ApiDocs;

/** The checkout's API document, {@code /checkout/openapi}, and its Swagger UI, {@code /checkout/api-docs/}. */
@Path("")
@ApplicationScoped
@OpenEndpoint
@FailureAction("serving the API document")
public class CheckoutApiDocs extends ApiDocs {

    public CheckoutApiDocs() {
        super("org/cbec/checkout/rest/openapi.yaml", "Checkout cart service", ApiResponse.WEB);
    }
}
