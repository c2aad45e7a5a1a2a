package org.cbec.broker.rest.customs;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import org.cbec.platform.time.BeijingTime;
import org.cbec.broker.rest.error.ValidationStatus;
import org.cbec.customs.DeclarationView;
import org.cbec.customs.boundary.Declarations;
import org.cbec.customs.DeclareCustoms;
import org.cbec.customs.IdentityUpload;
import org.cbec.customs.RedeclareCustoms;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.ResidentId;
import org.cbec.web.error.FailureAction;

/**
 * GetCustomsPayment, PutCustomsPayment, PostCustomsPayment and PostCustomsIdentification. Times are
 * given in GMT+8, as customs keeps them. The order's operations are {@link OrderResource}'s.
 */
@FailureAction("declaring the payment")
@Path("v1/customs")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@ValidationStatus(400)
public class CustomsResource {

    /** Spec 4.7. */
    public record DeclareRequest(String orderNo, String transactionId, String customs, String paymentMethod, String mchCustomsNo,
            String certType, String certId, String name, Long duty, String actionType, String subOrderNo, String feeType,
            Long orderFee, Long transportFee, Long productFee) {
    }

    /** Spec 4.6. */
    public record RedeclareRequest(String customs, String mchCustomsNo, String orderNo, String transactionId, String subOrderNo,
            String subOrderId, String paymentMethod) {
    }

    /** Spec 4.8. */
    public record IdentityRequest(String orderNo, String transactionId, String subOrderNo, String customs, String paymentMethod,
            String mchCustomsNo, String certType, String certId, String certName) {
    }

    /** Spec 2.8. */
    public record DeclarationResult(int code, String message, String customsMessage, String resultCode, String state,
            String transactionId, String orderNo, String subOrderNo, String modifyTime, String certCheckResult,
            String verifyDepartment, String verifyDepartmentTradeId) {
    }

    /** Spec 2.7. */
    public record OrderRecord(String state, String subOrderNo, String subOrderId, String mchCustomsNo, String explanation,
            String customs, String modifyTime, Long duty, String feeType, Long orderFee, Long transportFee, Long productFee,
            String certType, String certCheckResult, String verifyDepartment, String verifyDepartmentTradeId) {
    }

    /** Spec 4.5. */
    public record QueryResult(int code, String message, String customsMessage, String resultCode, String transactionId,
            List<OrderRecord> orders) {
    }

    /** Spec 4.8; the identity number and name come back masked. */
    public record IdentityResult(int code, String message, String orderNo, String transactionId, String subOrderNo, String customs,
            String mchCustomsNo, String certType, String certId, String certName, String certCheckResult) {
    }

    @Inject
    Declarations declarations;

    @GET
    @Path("payment/{merchant}")
    @FailureAction("querying the declarations")
    public QueryResult query(@PathParam("merchant") String merchant, @QueryParam("customs") String customs,
            @QueryParam("order_no") String orderNo, @QueryParam("transaction_id") String transactionId,
            @QueryParam("sub_order_no") String subOrderNo, @QueryParam("sub_order_id") String subOrderId,
            @QueryParam("payment_method") String paymentMethod) {
        List<DeclarationView> found = declarations.query(merchant, customs, orderNo, transactionId, subOrderNo, subOrderId, paymentMethod);
        DeclarationView first = found.isEmpty() ? null : found.get(0);
        return new QueryResult(200, "OK", first == null ? null : first.customsMessage(), first == null ? null : first.resultCode(),
                first == null ? transactionId : first.transactionId(), found.stream().map(CustomsResource::record).toList());
    }

    @POST
    @Path("payment/{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public DeclarationResult declare(@PathParam("merchant") String merchant, DeclareRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a declaration body is required");
        }
        return result(declarations.declare(merchant, new DeclareCustoms(r.orderNo(), r.transactionId(), r.customs(),
                r.paymentMethod(), r.mchCustomsNo(), r.certType(), r.certId(), r.name(), r.duty(), r.actionType(), r.subOrderNo(),
                r.feeType(), r.orderFee(), r.transportFee(), r.productFee())));
    }

    @FailureAction("redeclaring the payment")
    @PUT
    @Path("payment/{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public DeclarationResult redeclare(@PathParam("merchant") String merchant, RedeclareRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "a redeclaration body is required");
        }
        return result(declarations.redeclare(merchant, new RedeclareCustoms(r.customs(), r.mchCustomsNo(), r.orderNo(),
                r.transactionId(), r.subOrderNo(), r.subOrderId(), r.paymentMethod())));
    }

    @POST
    @Path("identification/{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public IdentityResult identify(@PathParam("merchant") String merchant, IdentityRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "an identification body is required");
        }
        DeclarationView d = declarations.uploadIdentity(merchant, new IdentityUpload(r.orderNo(), r.transactionId(), r.subOrderNo(),
                r.customs(), r.paymentMethod(), r.mchCustomsNo(), r.certType(), r.certId(), r.certName()));
        return new IdentityResult(200, "OK", r.orderNo(), r.transactionId(), r.subOrderNo(), d.customs(), r.mchCustomsNo(), "IDCARD",
                ResidentId.mask(r.certId()), r.certName().substring(0, 1) + "*".repeat(r.certName().length() - 1), d.certCheckResult());
    }

    private static DeclarationResult result(DeclarationView d) {
        return new DeclarationResult(200, "OK", d.customsMessage(), d.resultCode(), d.state().name(), d.transactionId(), d.orderNo(),
                d.subOrderNo(), BeijingTime.format(d.modifyTime()), d.certCheckResult(), d.verifyDepartment(), d.verifyDepartmentTradeId());
    }

    private static OrderRecord record(DeclarationView d) {
        return new OrderRecord(d.state().name(), d.subOrderNo(), d.subOrderId(), d.mchCustomsNo(), d.explanation(), d.customs(),
                BeijingTime.format(d.modifyTime()), d.duty(), d.feeType(), d.orderFee(), d.transportFee(), d.productFee(), d.certType(),
                d.certCheckResult(), d.verifyDepartment(), d.verifyDepartmentTradeId());
    }
}
