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
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.platform.time.BeijingTime;
import org.cbec.refund.CreateRefund;
import org.cbec.refund.RefundView;
import org.cbec.refund.boundary.Refunds;
import org.cbec.broker.rest.load.CompanyLanes;
import org.cbec.platform.error.InvalidRequestException;
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
public class RefundsResource {

    public record RefundRequest(
            String paymentMethod,
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
    public record RefundListResult(int code, String message, String paymentMethod, String orderRef, long totalAmount, String currency,
            long refundedTotal, List<RefundResult> refunds) {
    }

    @Inject
    Refunds refunds;

    @Inject
    CompanyLanes lanes;

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public void refund(@PathParam("merchant") String merchant, RefundRequest r, @Suspended AsyncResponse async) {
        if (r == null) {
            throw new InvalidRequestException(null, "a refund request body is required");
        }
        // In the company's lane: the request's thread is free while the company answers.
        lanes.answer(r.paymentMethod(), Refunds.FAILURE, async, () -> result(refunds.create(merchant, new CreateRefund(r.paymentMethod(),
                r.orderRef(), r.refundRef(), r.amount(), r.currency(), r.reason(), r.notifyUrl()))));
    }

    @GET
    @Path("{merchant}")
    @FailureAction("querying the refunds")
    // With refund_ref one RefundResult, without it a RefundListResult (the API document's oneOf).
    public Object query(@PathParam("merchant") String merchant,
            @QueryParam("payment_method") String paymentMethod,
            @QueryParam("order_ref") String orderRef,
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
