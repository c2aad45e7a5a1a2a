package org.cbec.broker.rest.settlement;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbNillable;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.payment.PaymentFormats;
import org.cbec.settlement.AddReceiver;
import org.cbec.settlement.ReceiverView;
import org.cbec.settlement.ReleaseHeld;
import org.cbec.settlement.SplitPayment;
import org.cbec.settlement.SplitShare;
import org.cbec.settlement.SplitView;
import org.cbec.settlement.boundary.Settlements;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.time.BeijingTime;
import org.cbec.web.error.FailureAction;

/**
 * Settlement of held payments: register receivers at a company, split a paid, held payment among
 * them, release the rest to the merchant, and read the splits and the held money. Amounts are fen;
 * receivers' accounts and names are shown masked. The payment method is optional where a payment
 * is named: the payment is the merchant's one with the orderRef.
 */
@FailureAction("settling the payment")
@Path("v1/settlement")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class SettlementResource {

    public record ReceiverRequest(String paymentMethod, String type, String account, String name, String relationType,
            String customRelation) {

        /** Never shows the name. */
        @Override
        public String toString() {
            return "ReceiverRequest[" + paymentMethod + ", " + type + ", " + account + "]";
        }
    }

    public record ShareRequest(String account, Long amount, String description) {
    }

    public record SplitRequest(String paymentMethod, String orderRef, String settlementRef, List<ShareRequest> receivers, Boolean finish) {
    }

    public record ReleaseRequest(String paymentMethod, String orderRef, String settlementRef, String description) {
    }

    /** A registered receiver; account and name masked. */
    @JsonbNillable
    public record ReceiverResult(int code, String message, String paymentMethod, String type, String account, String name,
            String relationType, String customRelation) {
    }

    @JsonbNillable
    public record ReceiverListResult(int code, String message, String paymentMethod, List<ReceiverResult> receivers) {
    }

    @JsonbNillable
    public record RemovedResult(int code, String message, String paymentMethod, String account) {
    }

    /** One receiver's part of a split; account masked. */
    @JsonbNillable
    public record PartResult(String account, long amount, String description, String result, String failReason, String finishTime) {
    }

    /** One split or release; every member is present, null when not known yet. */
    @JsonbNillable
    public record SplitResult(int code, String message, String paymentMethod, String orderRef, String settlementRef,
            String settlementId, String kind, String state, String stateDesc, long amount, boolean finish, String description,
            boolean releasedByCompany, Long released, List<PartResult> receivers, String createTime, String finishTime) {
    }

    /** A payment's settlement: every split and release, what is still held, what the splits take, and whether the rest was released. */
    @JsonbNillable
    public record HoldingResult(int code, String message, String paymentMethod, String orderRef, long totalAmount, String currency,
            boolean heldForSettlement, long heldAmount, long splitTotal, Long subsidyAmount, boolean released, List<SplitResult> splits) {
    }

    @Inject
    Settlements settlements;

    @POST
    @Path("receiver/{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public ReceiverResult addReceiver(@PathParam("merchant") String merchant, ReceiverRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a receiver request body is required");
        }
        return result(settlements.addReceiver(merchant, new AddReceiver(r.paymentMethod(), r.type(), r.account(), r.name(),
                r.relationType(), r.customRelation())));
    }

    @GET
    @Path("receiver/{merchant}")
    public ReceiverListResult receivers(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod) {
        List<ReceiverView> found = settlements.receivers(merchant, paymentMethod);
        return new ReceiverListResult(200, "OK", paymentMethod, found.stream().map(SettlementResource::result).toList());
    }

    @DELETE
    @Path("receiver/{merchant}")
    public RemovedResult deleteReceiver(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod,
            @QueryParam("account") String account) {
        settlements.deleteReceiver(merchant, paymentMethod, account);
        return new RemovedResult(200, "OK", paymentMethod, PaymentFormats.maskAccount(account));
    }

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public SplitResult split(@PathParam("merchant") String merchant, SplitRequest s) {
        if (s == null) {
            throw new InvalidRequestException(null, "a split request body is required");
        }
        List<SplitShare> shares = s.receivers() == null ? null
                : s.receivers().stream().map(r -> r == null ? null : new SplitShare(r.account(), r.amount(), r.description())).toList();
        return result(settlements.split(merchant, new SplitPayment(s.paymentMethod(), s.orderRef(), s.settlementRef(), shares,
                s.finish())));
    }

    @PUT
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public SplitResult release(@PathParam("merchant") String merchant, ReleaseRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a release request body is required");
        }
        return result(settlements.release(merchant, new ReleaseHeld(r.paymentMethod(), r.orderRef(), r.settlementRef(), r.description())));
    }

    @GET
    @Path("{merchant}")
    @FailureAction("querying the settlement")
    // With settlement_ref one SplitResult, without it a HoldingResult (the API document's oneOf).
    public Object query(@PathParam("merchant") String merchant, @QueryParam("payment_method") String paymentMethod,
            @QueryParam("order_ref") String orderRef, @QueryParam("settlement_ref") String settlementRef) {
        if (settlementRef == null) {
            Settlements.HoldingView h = settlements.holding(merchant, paymentMethod, orderRef);
            return new HoldingResult(200, "OK", h.payment().paymentMethod(), h.payment().orderRef(), h.payment().actualAmount(),
                    h.payment().currency(), h.holding().heldForSettlement(), h.holding().heldAmount(), h.holding().splitTotal(),
                    h.holding().subsidyAmount(), h.holding().released(), h.holding().splits().stream().map(SettlementResource::result).toList());
        }
        return result(settlements.query(merchant, paymentMethod, orderRef, settlementRef));
    }

    private static ReceiverResult result(ReceiverView r) {
        return new ReceiverResult(200, "OK", r.paymentMethod(), r.type(), r.account(), r.name(), r.relationType(), r.customRelation());
    }

    private static SplitResult result(SplitView s) {
        return new SplitResult(200, "OK", s.paymentMethod(), s.orderRef(), s.settlementRef(), s.settlementId(), s.kind().name(),
                s.state().shown(), s.stateDesc(), s.amount(), s.finish(), s.description(), s.byCompany(), s.released(),
                s.parts().stream().map(p -> new PartResult(PaymentFormats.maskAccount(p.account()), p.amount(), p.description(),
                        p.result().name(), p.failReason(), BeijingTime.format(p.finishedAt()))).toList(),
                BeijingTime.format(s.createdAt()), BeijingTime.format(s.finishedAt()));
    }
}
