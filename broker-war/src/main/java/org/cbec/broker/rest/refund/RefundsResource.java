package org.cbec.broker.rest.refund;

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
import org.cbec.platform.time.BeijingTime;
import org.cbec.payment.boundary.CreateRefund;
import org.cbec.payment.boundary.RefundView;
import org.cbec.payment.boundary.Refunds;
import org.cbec.platform.error.InvalidRequestException;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.cbec.web.error.FailureAction;

/**
 * Refund a paid payment, and read its refunds. Amounts are in the payment currency's base unit
 * except {@code payerTotal} and {@code payerRefund}, which are in {@code payerCurrency} (CNY). The
 * payment method is optional in each: the payment is the merchant's one with the orderRef.
 */
@FailureAction("refunding the payment")
@Path("v1/refund")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@SecurityRequirement(name = "http_api_key")
public class RefundsResource {

    public record RefundRequest(
            @Schema(description = "alphapay or betapay; optional: needed only when the merchant has orderRef at both companies"
                    + " (else 422 naming paymentMethod)") String paymentMethod,
            String orderRef, String refundRef, Long amount, String currency, String reason, String notifyUrl) {
    }

    /** One refund; every member is present, null when not known yet. */
    @JsonbNillable
    public record RefundResult(int code, String message, String paymentMethod, String orderRef, String refundRef, String refundId,
            String state, String stateDesc, long amount, String currency, long totalAmount, Long payerTotal, Long payerRefund,
            String payerCurrency, Long settlementTotal, Long settlementAmount, String reason, String createTime, String successTime) {
    }

    /** Every refund of a payment, and what went back of it ({@code refundedTotal}: the SUCCESS refunds). */
    @JsonbNillable
    @Schema(name = "RefundListResult", description = "every refund of a payment; refundedTotal is the sum of the SUCCESS ones")
    public record RefundListResult(int code, String message, String paymentMethod, String orderRef, long totalAmount, String currency,
            long refundedTotal, List<RefundResult> refunds) {
    }

    @Inject
    Refunds refunds;

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Refund: gives back all or part of a paid payment; repeating it returns the same refund")
    public RefundResult refund(@PathParam("merchant") String merchant, RefundRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a refund request body is required");
        }
        return result(refunds.create(merchant, new CreateRefund(r.paymentMethod(), r.orderRef(), r.refundRef(), r.amount(),
                r.currency(), r.reason(), r.notifyUrl())));
    }

    @GET
    @Path("{merchant}")
    @Operation(summary = "QueryRefund: one refund (refund_ref), refreshed from the company while not final; "
            + "without refund_ref every refund of the payment")
    // Payara ignores @Schema(oneOf) (payara/Payara#6265, open), and links an implementation only
    // to a class it scanned as a schema (hence @Schema on RefundListResult): the list is documented
    // here, and the single refund is the RefundResult the POST documents.
    @APIResponse(responseCode = "200", description = "without refund_ref a RefundListResult; with refund_ref one RefundResult,"
            + " as the POST answers", content = @Content(mediaType = MediaType.APPLICATION_JSON,
                    schema = @Schema(implementation = RefundListResult.class)))
    public Object query(@PathParam("merchant") String merchant,
            @Parameter(description = "alphapay or betapay; optional, it only restricts the search: needed only when the merchant"
                    + " has this order_ref at both companies (else 422 naming payment_method)")
            @QueryParam("payment_method") String paymentMethod,
            @Parameter(description = "the merchant's order number of the refunded payment", required = true)
            @QueryParam("order_ref") String orderRef,
            @Parameter(description = "the merchant's refund number; without it, every refund of the payment")
            @QueryParam("refund_ref") String refundRef) {
        if (refundRef == null) {
            Refunds.RefundList list = refunds.list(merchant, paymentMethod, orderRef);
            return new RefundListResult(200, "OK", list.payment().paymentMethod(), list.payment().orderRef(),
                    list.payment().actualAmount(), list.payment().currency(), list.refundedTotal(),
                    list.refunds().stream().map(RefundsResource::result).toList());
        }
        return result(refunds.query(merchant, paymentMethod, orderRef, refundRef));
    }

    private static RefundResult result(RefundView r) {
        return new RefundResult(200, "OK", r.paymentMethod(), r.orderRef(), r.refundRef(), r.refundId(), r.state().shown(), r.stateDesc(),
                r.amount(), r.currency(), r.totalAmount(), r.payerTotal(), r.payerRefund(), r.payerCurrency(), r.settlementTotal(),
                r.settlementAmount(), r.reason(), BeijingTime.format(r.createdAt()), BeijingTime.format(r.successAt()));
    }
}
