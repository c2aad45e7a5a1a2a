package org.cbec.broker.sandbox;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.concurrent.atomic.AtomicInteger;
import org.cbec.access.boundary.AdminOnly;
import org.cbec.access.boundary.OpenEndpoint;
import org.cbec.broker.rest.error.Envelope;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.PaymentRules;
import org.eclipse.microprofile.openapi.annotations.Operation;

/**
 * {@code /broker/sandbox}: the two sandbox companies' endpoints (authenticated by their own
 * signatures, as the real ones are), account onboarding (admin), and the test helpers of a merchant
 * (its {@code app-api-key}): make the payer pay, inject faults. One class, so that JAX-RS matches
 * the companies' literal paths and the helpers' templated ones together.
 */
@Path("sandbox")
@RequestScoped
public class SandboxResource {

    /** Body of {@code PUT …/faults}: mode TIMEOUT, ERROR, SLOW or BAD_SIGNATURE. */
    public record FaultRequest(String mode, Integer status, Long latencyMs, String orderRef, Integer count) {
    }

    @Inject
    SandboxSwitch sandbox;

    @Inject
    AlphapaySandbox alphapay;

    @Inject
    BetapaySandbox betapay;

    @Inject
    SandboxBooks books;

    @Inject
    SandboxFaults faults;

    @Inject
    CompanyAccounts accounts;

    @Context
    UriInfo uri;

    // ---- alphapay, the company side ----------------------------------------------------------

    @POST
    @Path("alphapay/v3/pay/transactions/{kind}")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_JSON)
    public Response alphapayCreate(@PathParam("kind") String kind, @HeaderParam("Authorization") String authorization, String body) {
        sandbox.require();
        return alphapay.create(kind, "POST", pathAndQuery(), authorization, body, companyBase("alphapay"));
    }

    @GET
    @Path("alphapay/v3/pay/transactions/out-trade-no/{orderRef}")
    @OpenEndpoint
    public Response alphapayQuery(@PathParam("orderRef") String orderRef, @QueryParam("mchid") String mchid,
            @HeaderParam("Authorization") String authorization) {
        sandbox.require();
        return alphapay.query(orderRef, mchid, "GET", pathAndQuery(), authorization);
    }

    @POST
    @Path("alphapay/v3/pay/transactions/out-trade-no/{orderRef}/close")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_JSON)
    public Response alphapayClose(@PathParam("orderRef") String orderRef, @HeaderParam("Authorization") String authorization,
            String body) {
        sandbox.require();
        return alphapay.close(orderRef, "POST", pathAndQuery(), authorization, body);
    }

    @POST
    @Path("alphapay/v3/global/customs/orders")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_JSON)
    public Response alphapayDeclare(@HeaderParam("Authorization") String authorization, String body) {
        sandbox.require();
        return alphapay.customsSubmit(false, "POST", pathAndQuery(), authorization, body);
    }

    @PUT
    @Path("alphapay/v3/global/customs/orders")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_JSON)
    public Response alphapayRedeclare(@HeaderParam("Authorization") String authorization, String body) {
        sandbox.require();
        return alphapay.customsSubmit(true, "PUT", pathAndQuery(), authorization, body);
    }

    @GET
    @Path("alphapay/v3/global/customs/orders")
    @OpenEndpoint
    public Response alphapayCustomsQuery(@QueryParam("mchid") String mchid, @QueryParam("order_no") String orderNo,
            @QueryParam("customs") String customs, @HeaderParam("Authorization") String authorization) {
        sandbox.require();
        return alphapay.customsQuery(mchid, orderNo, customs, "GET", pathAndQuery(), authorization);
    }

    @POST
    @Path("alphapay/v3/global/customs/orders/verify-certificate")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_JSON)
    public Response alphapayVerifyCertificate(@HeaderParam("Authorization") String authorization, String body) {
        sandbox.require();
        return alphapay.verifyCertificate("POST", pathAndQuery(), authorization, body);
    }

    // ---- betapay, the company side -----------------------------------------------------------

    @POST
    @Path("betapay/gateway.do")
    @OpenEndpoint
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Response betapayGateway(String form) {
        sandbox.require();
        return betapay.gateway(form, companyBase("betapay"));
    }

    // ---- onboarding and test helpers ---------------------------------------------------------

    @POST
    @Path("{paymentMethod}/accounts")
    @AdminOnly
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sandbox onboarding: opens a merchant account and hands out its credentials")
    public Response onboard(@PathParam("paymentMethod") String paymentMethod) {
        sandbox.require();
        PaymentRules.requireMethod("paymentMethod", paymentMethod);
        return Response.status(201).entity(books.onboard(paymentMethod)).build();
    }

    @POST
    @Path("{paymentMethod}/{merchant}/payments/{orderRef}/pay")
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sandbox: the payer pays the order; an optional body {payerName, payerIdNumber} is who paid")
    public Response pay(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, String body) {
        sandbox.require();
        String mch = accounts.account(merchant, PaymentRules.requireMethod("paymentMethod", paymentMethod)).companyMerchantId();
        jakarta.json.JsonObject payer = org.cbec.payment.company.Json.object(body);
        String identity = SandboxBooks.identityHash(org.cbec.payment.company.Json.string(payer, "payerName"),
                org.cbec.payment.company.Json.string(payer, "payerIdNumber"));
        if (!books.pay(paymentMethod, mch, orderRef, identity)) {
            return Envelope.response(409, Envelope.of(409, "the company has no open order " + orderRef));
        }
        return Envelope.response(200, Envelope.of(200, "paid"));
    }

    /** Body of {@code PUT …/declarations/{orderRef}}: what customs answers. */
    public record CustomsAnswer(String state, String explanation, String subOrderNo) {
    }

    @PUT
    @Path("{paymentMethod}/{merchant}/declarations/{orderRef}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sandbox: customs answers SUCCESS, FAIL or EXCEPT (with an explanation) for the order's declarations")
    public Response customsAnswers(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant,
            @PathParam("orderRef") String orderRef, CustomsAnswer a) {
        sandbox.require();
        String mch = accounts.account(merchant, PaymentRules.requireMethod("paymentMethod", paymentMethod)).companyMerchantId();
        if (a == null || !java.util.Set.of("SUCCESS", "FAIL", "EXCEPT").contains(String.valueOf(a.state()))) {
            return Envelope.response(Response.Status.BAD_REQUEST, "state must be SUCCESS, FAIL or EXCEPT", "state");
        }
        int settled = books.settle(paymentMethod, mch, orderRef, a.subOrderNo(), a.state(), a.explanation());
        if (settled == 0) {
            return Envelope.response(404, Envelope.of(404, "the company has no declaration of " + orderRef));
        }
        return Envelope.response(200, Envelope.of(200, settled + " declaration(s) now " + a.state()));
    }

    @PUT
    @Path("{paymentMethod}/{merchant}/faults")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(summary = "Sandbox: the company misbehaves for this merchant (or one orderRef), count times or until cleared")
    public Response fault(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant, FaultRequest f) {
        sandbox.require();
        String mch = accounts.account(merchant, PaymentRules.requireMethod("paymentMethod", paymentMethod)).companyMerchantId();
        SandboxFaults.Mode mode;
        try {
            mode = SandboxFaults.Mode.valueOf(f == null ? "" : String.valueOf(f.mode()));
        } catch (IllegalArgumentException e) {
            return Envelope.response(Response.Status.BAD_REQUEST, "mode must be TIMEOUT, ERROR, SLOW or BAD_SIGNATURE", "mode");
        }
        faults.set(paymentMethod, mch, new SandboxFaults.Fault(mode, f.status() == null ? 500 : f.status(),
                f.latencyMs() == null ? 0 : f.latencyMs(), f.orderRef(), f.count() == null ? null : new AtomicInteger(f.count())));
        return Envelope.response(200, Envelope.of(200, "fault set"));
    }

    @DELETE
    @Path("{paymentMethod}/{merchant}/faults")
    @Produces(MediaType.APPLICATION_JSON)
    public Response clearFaults(@PathParam("paymentMethod") String paymentMethod, @PathParam("merchant") String merchant) {
        sandbox.require();
        String mch = accounts.account(merchant, PaymentRules.requireMethod("paymentMethod", paymentMethod)).companyMerchantId();
        faults.clear(paymentMethod, mch);
        return Envelope.response(200, Envelope.of(200, "faults cleared"));
    }

    private String pathAndQuery() {
        String query = uri.getRequestUri().getRawQuery();
        return uri.getRequestUri().getRawPath() + (query == null ? "" : "?" + query);
    }

    private String companyBase(String method) {
        return uri.getBaseUriBuilder().path("sandbox").path(method).build().toString();
    }
}
