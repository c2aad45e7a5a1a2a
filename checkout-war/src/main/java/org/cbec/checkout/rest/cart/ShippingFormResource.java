package org.cbec.checkout.rest.cart;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.servlet.ServletContext;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import org.cbec.web.access.OpenEndpoint;
import org.cbec.cart.boundary.Carts;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.web.error.FailureAction;

/**
 * The buyer's shipping form, reached through the 301 of {@code …/pay}. The buyer's browser has no
 * API key: the link's token opens this one cart until it expires. The page is served from this
 * WAR (no third-party CDN); it reads the cart from {@code data} and posts the confirmation.
 */
@Path("shipping-form/{cartId}")
@RequestScoped
@OpenEndpoint
public class ShippingFormResource {

    /**
     * The page's Content-Security-Policy: its script and style are files of this WAR (no inline
     * code, so an injected one does not run), it calls only this origin, and no site may frame it
     * (the buyer types personal data here: no clickjacking). The link's token stays out of the
     * Referer sent to the payment page.
     */
    static final String POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self';"
            + " form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    @Inject
    Carts carts;

    @Context
    ServletContext servlet;

    @FailureAction("showing the shipping form")
    @GET
    @Produces("text/html;charset=UTF-8")
    public Response page() throws IOException {
        try (InputStream html = servlet.getResourceAsStream("/WEB-INF/shipping-form.html")) {
            return Response.ok(html.readAllBytes()).header("Cache-Control", "no-store")
                    .header("Content-Security-Policy", POLICY).header("X-Frame-Options", "DENY")
                    .header("Referrer-Policy", "no-referrer").header("X-Content-Type-Options", "nosniff")
                    .build();
        }
    }

    @FailureAction("reading the shipping form")
    @GET
    @Path("data")
    @Produces(MediaType.APPLICATION_JSON)
    public Response data(@PathParam("cartId") String cartId, @QueryParam("token") String token) {
        JsonObject form = carts.shippingForm(cartId, token);
        return Response.ok(ApiResponse.ok(form)).header("Cache-Control", "no-store").build();
    }

    @FailureAction("confirming the shipping address")
    @POST
    @Path("confirm")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    public ApiResponse confirm(@PathParam("cartId") String cartId, @QueryParam("token") String token, JsonObject body) {
        return new ApiResponse(200, "confirmed", Map.of("paymentUrl", carts.confirmShipping(cartId, token, body)));
    }
}
