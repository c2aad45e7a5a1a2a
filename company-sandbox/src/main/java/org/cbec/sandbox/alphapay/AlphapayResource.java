package org.cbec.sandbox.alphapay;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Encoded;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.UriInfo;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.cbec.sandbox.alphapay.AlphapayOperations.Operation;
import org.cbec.sandbox.codec.Bodies;

/**
 * alphapay's API base {@code /sandbox/alphapay}: its v3 operations. Thin: takes the request as it
 * came on the wire (raw path and query, raw headers, the body's bytes, read as bytes whatever the
 * Content-Type says) and hands it to the gate. Mapped at {@code /} like the other resources, so that
 * JAX-RS matches these literal paths and the admin helpers' templates together.
 */
@Path("/")
@RequestScoped
public class AlphapayResource {

    private static final String BASE = "alphapay/v3/";
    private static final String ORDERS = BASE + "pay/transactions/out-trade-no/{outTradeNo}";
    private static final String CUSTOMS = BASE + "global/customs/orders";
    private static final String REFUNDS = BASE + "refund/domestic/refunds";
    private static final String PROFIT_SHARING = BASE + "profitsharing/";
    private static final String SETTLE = BASE + "global/settle/";

    @Inject
    AlphapayGate gate;

    @Context
    HttpServletRequest http;

    @Context
    UriInfo uri;

    @POST
    @Path(BASE + "pay/transactions/{kind: native|h5|jsapi|app}")
    public Response create(@PathParam("kind") String kind, InputStream body) {
        return gate.serve(Operation.create(kind), request(body, null));
    }

    @GET
    @Path(ORDERS)
    public Response query(@Encoded @PathParam("outTradeNo") String outTradeNo) {
        return gate.serve(Operation.QUERY, request(null, outTradeNo));
    }

    @POST
    @Path(ORDERS + "/close")
    public Response close(@Encoded @PathParam("outTradeNo") String outTradeNo, InputStream body) {
        return gate.serve(Operation.CLOSE, request(body, outTradeNo));
    }

    @POST
    @Path(REFUNDS)
    public Response refund(InputStream body) {
        return gate.serve(Operation.REFUND, request(body, null));
    }

    @GET
    @Path(REFUNDS + "/{outRefundNo}")
    public Response refundQuery(@Encoded @PathParam("outRefundNo") String outRefundNo) {
        return gate.serve(Operation.REFUND_QUERY, request(null, outRefundNo));
    }

    @POST
    @Path(CUSTOMS)
    public Response declare(InputStream body) {
        return gate.serve(Operation.DECLARE, request(body, null));
    }

    @PUT
    @Path(CUSTOMS)
    public Response redeclare(InputStream body) {
        return gate.serve(Operation.REDECLARE, request(body, null));
    }

    @GET
    @Path(CUSTOMS)
    public Response customsQuery() {
        return gate.serve(Operation.CUSTOMS_QUERY, request(null, null));
    }

    @POST
    @Path(CUSTOMS + "/verify-certificate")
    public Response verifyCertificate(InputStream body) {
        return gate.serve(Operation.IDENTITY, request(body, null));
    }

    @POST
    @Path(PROFIT_SHARING + "receivers/add")
    public Response addReceiver(InputStream body) {
        return gate.serve(Operation.RECEIVER_ADD, request(body, null));
    }

    @POST
    @Path(PROFIT_SHARING + "receivers/delete")
    public Response deleteReceiver(InputStream body) {
        return gate.serve(Operation.RECEIVER_DELETE, request(body, null));
    }

    @POST
    @Path(PROFIT_SHARING + "orders")
    public Response split(InputStream body) {
        return gate.serve(Operation.SPLIT, request(body, null));
    }

    @POST
    @Path(PROFIT_SHARING + "orders/unfreeze")
    public Response unfreeze(InputStream body) {
        return gate.serve(Operation.RELEASE, request(body, null));
    }

    @GET
    @Path(PROFIT_SHARING + "orders/{outOrderNo}")
    public Response splitQuery(@Encoded @PathParam("outOrderNo") String outOrderNo) {
        return gate.serve(Operation.SPLIT_QUERY, request(null, outOrderNo));
    }

    @GET
    @Path(PROFIT_SHARING + "transactions/{transactionId}/amounts")
    public Response amounts(@Encoded @PathParam("transactionId") String transactionId) {
        return gate.serve(Operation.HELD_QUERY, request(null, transactionId));
    }

    @POST
    @Path(SETTLE + "beneficiary")
    public Response beneficiary(InputStream body) {
        return gate.serve(Operation.BENEFICIARY, request(body, null));
    }

    @POST
    @Path(SETTLE + "payouts")
    public Response payout(InputStream body) {
        return gate.serve(Operation.PAYOUT, request(body, null));
    }

    @GET
    @Path(SETTLE + "payouts/out-payout-no/{outPayoutNo}")
    public Response payoutQuery(@Encoded @PathParam("outPayoutNo") String outPayoutNo) {
        return gate.serve(Operation.PAYOUT_QUERY, request(null, outPayoutNo));
    }

    @GET
    @Path(BASE + "bill/tradebill")
    public Response tradeBill() {
        return gate.serve(Operation.TRADE_BILL, request(null, null));
    }

    @GET
    @Path(BASE + "bill/fundflowbill")
    public Response fundFlowBill() {
        return gate.serve(Operation.FUNDFLOW_BILL, request(null, null));
    }

    @GET
    @Path(PROFIT_SHARING + "bills")
    public Response profitSharingBill() {
        return gate.serve(Operation.PROFITSHARING_BILL, request(null, null));
    }

    /** The download URL a bill's answer gives; its answer is the file, unsigned. */
    @GET
    @Path(BASE + "billdownload/file")
    public Response billDownload() {
        return gate.download(request(null, null));
    }

    private AlphapayRequest request(InputStream body, String rawPathNumber) {
        // The servlet's request URI is the path as sent, still percent-encoded, context root included:
        // exactly what the merchant signed.
        String query = http.getQueryString();
        String pathAndQuery = http.getRequestURI() + (query == null || query.isEmpty() ? "" : "?" + query);
        byte[] bytes = body == null ? new byte[0] : Bodies.read(body);
        return new AlphapayRequest(http.getMethod(), pathAndQuery, query, http.getHeader("Authorization"),
                http.getContentType(), bytes, uri.getBaseUri().toString() + "alphapay", rawPathNumber);
    }
}
