package org.cbec.checkout.rest.cart;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.UriBuilder;
import jakarta.ws.rs.core.UriInfo;
import org.cbec.web.PublicUrls;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import java.net.URI;
import java.util.Map;
import org.cbec.cart.CartCreated;
import org.cbec.cart.boundary.Carts;
import org.cbec.cart.DeclarationReport;
import org.cbec.cart.PaymentReport;
import org.cbec.checkout.rest.error.ApiResponse;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.web.error.FailureAction;

/**
 * Carts from shop platforms and enterprise merchants, the payment URL, and the payment and
 * declaration outcomes. Cart bodies are read as JSON objects so that the rules can name any field
 * that fails by its path.
 */
@Path("")
@RequestScoped
@Consumes(MediaType.APPLICATION_JSON)
@Produces(MediaType.APPLICATION_JSON)
public class CartsResource {

    /** Body of the payment URL update (spec 4.3). */
    public record PaymentUrl(String paymentUrl) {
    }

    @Inject
    Carts carts;

    /** The checkout's public root behind a TLS proxy ({@code https://shop.example}); links use it. */
    @Inject
    @ConfigProperty(name = "checkout.public-url")
    java.util.Optional<String> publicUrl;

    /**
     * The hosts a request may name for links when no public URL is set ({@code Host} or the proxy's
     * {@code X-Forwarded-Host}), comma-separated; loopback names when unset.
     */
    @Inject
    @ConfigProperty(name = "checkout.allowed-hosts")
    java.util.Optional<String> allowedHosts;

    @FailureAction("creating the cart")
    @POST
    @Path("carts/{platform}/{merchantId}")
    public ApiResponse platformCart(@PathParam("platform") String platform, @PathParam("merchantId") String merchantId,
            JsonObject body) {
        return created(carts.createPlatformCart(platform, merchantId, required(body)));
    }

    @FailureAction("creating the cart")
    @POST
    @Path("carts/enterprise/{enterpriseId}/merchants/{merchantId}")
    public ApiResponse enterpriseCart(@PathParam("enterpriseId") String enterpriseId, @PathParam("merchantId") String merchantId,
            JsonObject body) {
        return created(carts.createEnterpriseCart(enterpriseId, merchantId, required(body)));
    }

    @FailureAction("updating the cart")
    @PUT
    @Path("carts/{cartId}/enterprise/{enterpriseId}")
    public ApiResponse paymentUrl(@PathParam("cartId") String cartId, @PathParam("enterpriseId") String enterpriseId, PaymentUrl body) {
        carts.setPaymentUrl(cartId, enterpriseId, body == null ? null : body.paymentUrl());
        return new ApiResponse(200, "cart updated", Map.of("cartId", cartId));
    }

    @FailureAction("sending the buyer to payment")
    @GET
    @Path("carts/{cartId}/enterprise/{enterpriseId}/pay")
    public Response pay(@PathParam("cartId") String cartId, @PathParam("enterpriseId") String enterpriseId, @Context UriInfo uri,
            @Context HttpHeaders headers) {
        URI base = PublicUrls.base(uri.getBaseUri(), publicUrl.orElse(null), PublicUrls.allowedHosts(allowedHosts),
                headers.getHeaderString("X-Forwarded-Proto"), headers.getHeaderString("X-Forwarded-Host"))
                .orElseThrow(() -> new InvalidRequestException("Host", "the request names a host this service does not answer for;"
                        + " the operator sets CHECKOUT_PUBLIC_URL or CHECKOUT_ALLOWED_HOSTS"));
        String token = carts.readyForPayment(cartId, enterpriseId);
        URI form = UriBuilder.fromUri(base).path("shipping-form").path(cartId).queryParam("token", token).build();
        return Response.status(Response.Status.MOVED_PERMANENTLY).location(form).header("Cache-Control", "no-store").build();
    }

    @FailureAction("recording the payment")
    @POST
    @Path("payment/complete/enterprise/{enterpriseId}")
    public ApiResponse paymentComplete(@PathParam("enterpriseId") String enterpriseId, PaymentReport body) {
        carts.paymentReported(enterpriseId, body);
        return new ApiResponse(200, "received", Map.of("cartId", body.cartId()));
    }

    @FailureAction("recording the declaration")
    @POST
    @Path("declarations/enterprise/{enterpriseId}")
    public ApiResponse declaration(@PathParam("enterpriseId") String enterpriseId, DeclarationReport body) {
        carts.declarationReported(enterpriseId, body);
        return new ApiResponse(200, "received", Map.of("cartId", body.cartId()));
    }

    private static JsonObject required(JsonObject body) {
        if (body == null) {
            throw new InvalidRequestException(null, "a JSON object body is required");
        }
        return body;
    }

    private static ApiResponse created(CartCreated cart) {
        return ApiResponse.ok(Map.of("cartId", cart.cartId(), "exchangeRate", cart.exchangeRate()));
    }
}
