package org.cbec.sandbox.betapay;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import org.cbec.sandbox.codec.Bodies;

/**
 * betapay's one gateway {@code /sandbox/betapay/gateway.do}. Thin: hands the raw Content-Type and
 * the body's bytes to the gate (read as bytes whatever the Content-Type says, so that a wrong one is
 * betapay's refusal node and not the runtime's 415). Mapped at {@code /} like the other resources.
 */
@Path("/")
@RequestScoped
public class BetapayResource {

    @Inject
    BetapayGate gate;

    @Context
    HttpServletRequest http;

    @Context
    UriInfo uri;

    @POST
    @Path("betapay/gateway.do")
    public Response gateway(InputStream body) {
        return gate.serve(http.getContentType(), Bodies.read(body), uri.getBaseUri().toString() + "betapay");
    }
}
