package org.cbec.broker.rest.customs;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.customs.DeclareOrder;
import org.cbec.customs.OrderDeclarationView;
import org.cbec.customs.boundary.OrderDeclarations;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.time.BeijingTime;
import org.cbec.web.error.FailureAction;

/**
 * Declare-order and query-order: a shop platform's order declared to customs through the single
 * window for the merchant ({@code POST}), and as the window reports it ({@code GET}). Unlike the
 * payment's customs operations, an invalid or mismatched order is a 422 naming the field.
 */
@FailureAction("declaring the order")
@Path("v1/customs/order")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class OrderResource {

    /** An order declared to customs: what it names, its state at the window, customs' last words, the three documents' standing, every receipt. */
    public record OrderResult(int code, String message, String platform, String platformCode, String orderNo, String customs,
            String paymentMethod, String transactionId, String actionType, String state, String windowStatus, String windowInfo,
            OrderDocuments documents, List<OrderReceipt> receipts, String createdAt, String updatedAt) {
    }

    /** Where the three documents stand: the order AWAITED, RECEIVED or REFUSED; the payment and the waybill as customs last said (null before). */
    @JsonbNillable
    public record OrderDocuments(String order, String payment, String paymentField, String waybill) {
    }

    /** A receipt of the window: customs' status code, its words, its time. */
    public record OrderReceipt(String status, String info, String at) {
    }

    @Inject
    OrderDeclarations orders;

    /** Declare-order: the order of a shop platform, declared to customs for the merchant once it matches its payment. */
    @FailureAction("declaring the order")
    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public OrderResult declareOrder(@PathParam("merchant") String merchant, DeclareOrder body) {
        if (body == null) {
            throw new InvalidRequestException(null, "an order body is required");
        }
        return order(orders.declare(merchant, body));
    }

    /** Query-order: the declared order as the window reports it now. */
    @FailureAction("querying the order")
    @GET
    @Path("{merchant}")
    public OrderResult queryOrder(@PathParam("merchant") String merchant, @QueryParam("customs") String customs,
            @QueryParam("order_no") String orderNo) {
        return order(orders.query(merchant, customs, orderNo).orElseThrow(() -> new UnknownResourceException("no order " + orderNo
                + " of this merchant was declared at " + (customs == null ? "GUANGZHOU_ZS" : customs))));
    }

    private static OrderResult order(OrderDeclarationView v) {
        OrderDeclarationView.Documents d = v.documents();
        return new OrderResult(200, "OK", v.platform(), v.platformCode(), v.orderNo(), v.customs(), v.paymentCompany(), v.transactionId(),
                v.actionType(), v.state().name(), v.windowStatus(), v.windowInfo(), new OrderDocuments(d.order(), d.payment(), d.paymentField(),
                        d.waybill()),
                v.receipts().stream().map(r -> new OrderReceipt(r.status(), r.info(), BeijingTime.format(r.at()))).toList(),
                BeijingTime.format(v.createdAt()), BeijingTime.format(v.updatedAt()));
    }

}
