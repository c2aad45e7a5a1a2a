package org.cbec.broker.rest.notify;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.refund.boundary.Callbacks;
import org.cbec.web.error.FailureAction;

/**
 * Where the companies send their callbacks. Answered as the companies expect (spec 6.2): the plain
 * word {@code success}, or {@code failure} with a 400 when the callback is refused (not the
 * company's signature, stale, undecryptable, an unknown order or refund); a company sends a refused
 * callback again later, and a repeat is harmless.
 */
@FailureAction("taking the company's notification")
@Path("notify")
@OpenEndpoint
@RequestScoped
public class NotifyResource {

    @Inject
    Callbacks callbacks;

    @POST
    @Path("{paymentMethod}/{merchant}")
    @Consumes(MediaType.WILDCARD)
    @Produces(MediaType.TEXT_PLAIN)
    public Response notify(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @Context HttpHeaders httpHeaders, String body) {
        Map<String, String> headers = new HashMap<>();
        httpHeaders.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(Locale.ROOT), values.get(0)));
        boolean taken = callbacks.receive(paymentMethod, merchant, headers, body == null ? "" : body);
        return Response.status(taken ? 200 : 400).type(MediaType.TEXT_PLAIN_TYPE).entity(taken ? "success" : "failure").build();
    }
}
