package org.cbec.checkout.rest.docs;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Response;
import org.cbec.access.boundary.OpenEndpoint;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.docs.ApiDocs;

/** The checkout's API document, {@code /checkout/openapi}, and its Swagger UI, {@code /checkout/api-docs/}. */
@Path("")
@ApplicationScoped
@OpenEndpoint
public class CheckoutApiDocs extends ApiDocs {

    public CheckoutApiDocs() {
        super("org/cbec/checkout/rest/openapi.yaml", "Checkout cart service");
    }

    @Override
    protected Response notFound(String file) {
        return ApiResponse.response(404, ApiResponse.refusal(404, "no such file", null));
    }
}
