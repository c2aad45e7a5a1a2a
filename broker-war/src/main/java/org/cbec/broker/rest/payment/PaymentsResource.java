package org.cbec.broker.rest.payment;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.bind.annotation.JsonbProperty;
import jakarta.json.bind.annotation.JsonbTypeDeserializer;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
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
import org.cbec.payment.CreatePayment;
import org.cbec.payment.InvokePayment;
import org.cbec.payment.PaymentView;
import org.cbec.payment.boundary.Payments;
import org.cbec.broker.rest.load.CompanyLanes;
import org.cbec.company.Invocation;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.json.StrictJson;
import org.cbec.web.error.FailureAction;

/**
 * QueryPayment, CreatePayment, ClosePayment and InvokePayment. The payment method of query and
 * close is the optional query parameter {@code payment_method}: the spec names only
 * {@code order_ref}, and the method only restricts (ejb-core decides which payment is meant).
 * Create, query and close are served in their company's lane ({@link CompanyLanes}): the request's
 * thread is free while the company answers.
 */
@FailureAction("making the payment")
@Path("v1/payment")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
public class PaymentsResource {

    /** Spec 2.2. */
    public record PaymentRequest(String paymentMethod, String paymentType, String orderRef, Long actualAmount, Long total,
            Long subsidyAmount, Long costPrice, String invoiceId, String currency, Boolean profitSharing,
            List<ProductLine> products, String description, String attach, String timeExpire, String goodsTag,
            String payerId, String merchantPayerId, String notifyUrl, String successUrl, String cancelUrl, String spAppId) {
    }

    /** Spec 2.3. */
    public record ProductLine(String goodsName, String goodsCategory, Long goodsUnitPrice, Long goodsQuantity,
            String merchantProductId, Long paymentProductId) {
    }

    /** Spec 2.4. */
    public record PaymentResult(int code, String message, String payMessage, String payInvokeMessage, String timeStamp,
            String nonceStr) {
    }

    /** Spec 2.5; the payment time is {@code Timing}, with a capital T, as the spec writes it. */
    public record QueryResult(int code, String message, String orderRef, String payerCurrency, String currency,
            Long payerTotal, Long actualAmount, Long total, String bankType, @JsonbProperty("Timing") String timing,
            String transactionId, String tradeState, String tradeStateDesc, String tradeType, String tradeMessage) {
    }

    /** Spec 2.6. */
    public record CloseResult(int code, String message, String paymentMessage) {
    }

    /**
     * Spec 4.4; the success-notification URL is {@code notifyUrl}. {@code timeStamp} is text, as the
     * spec types it, and also read from a JSON number, as its example sends it.
     */
    public record InvokeRequest(String paymentMethod, String paymentType, String payMessage,
            @JsonbTypeDeserializer(StrictJson.TextOrNumber.class)
            String timeStamp,
            String nonceStr, String notifyUrl) {
    }

    @Inject
    Payments payments;

    @Inject
    CompanyLanes lanes;

    @GET
    @Path("{merchant}")
    @FailureAction("querying the payment")
    public void query(@PathParam("merchant") String merchant,
            @QueryParam("order_ref") String orderRef,
            @QueryParam("payment_method") String paymentMethod, @Suspended AsyncResponse async) {
        PaymentView stored = payments.find(merchant, paymentMethod, orderRef);
        lanes.answer(stored.paymentMethod(), Payments.QUERYING, async, () -> queryResult(payments.query(stored)));
    }

    private static QueryResult queryResult(PaymentView p) {
        return new QueryResult(200, "OK", p.orderRef(), p.payerCurrency(), p.currency(), p.payerTotal(), p.actualAmount(),
                p.total() != null ? p.total() : p.actualAmount(), p.bankType(), BeijingTime.format(p.paidAt()),
                p.transactionId(), p.shownState(), p.tradeStateDesc(), p.tradeType(), p.tradeStateDesc());
    }

    @POST
    @Path("{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public void create(@PathParam("merchant") String merchant, @HeaderParam("X-Real-Ip") String realIp,
            @HeaderParam("Client-Id") String clientId, PaymentRequest r, @Suspended AsyncResponse async) {
        if (r == null) {
            throw new InvalidRequestException(null, "a payment request body is required");
        }
        lanes.answer(r.paymentMethod(), Payments.FAILURE, async, () -> {
            PaymentView p = payments.create(merchant, createOf(r, realIp, clientId));
            return new PaymentResult(200, "OK", p.payMessage(), p.payInvokeMessage(), p.timeStamp(), p.nonceStr());
        });
    }

    static CreatePayment createOf(PaymentRequest r, String realIp, String clientId) {
        return new CreatePayment(r.paymentMethod(), r.paymentType(), r.orderRef(),
                r.actualAmount(), r.total(), r.subsidyAmount(), r.costPrice(), r.invoiceId(), r.currency(), r.profitSharing(),
                r.description(), r.attach(), r.timeExpire(), r.goodsTag(), r.payerId(), r.merchantPayerId(), r.notifyUrl(),
                r.successUrl(), r.cancelUrl(), r.spAppId(), lines(r.products()), realIp, clientId);
    }

    private static List<org.cbec.payment.ProductLine> lines(List<ProductLine> products) {
        return products == null ? null : products.stream().map(l -> l == null ? null : new org.cbec.payment.ProductLine(
                l.goodsName(), l.goodsCategory(), l.goodsUnitPrice(), l.goodsQuantity(), l.merchantProductId(), l.paymentProductId()))
                .toList();
    }

    @POST
    @Path("close/{merchant}/{order_ref}")
    @FailureAction("closing the payment")
    public void close(@PathParam("merchant") String merchant, @PathParam("order_ref") String orderRef,
            @QueryParam("payment_method") String paymentMethod, @Suspended AsyncResponse async) {
        PaymentView stored = payments.find(merchant, paymentMethod, orderRef);
        lanes.answer(stored.paymentMethod(), Payments.CLOSING, async, () -> new CloseResult(200, "OK", payments.close(stored).shownState()));
    }

    @POST
    @Path("invocation/{merchant}")
    @Consumes(MediaType.APPLICATION_JSON)
    public PaymentResult invoke(@PathParam("merchant") String merchant, InvokeRequest r) {
        if (r == null) {
            throw new InvalidRequestException(null, "an invocation request body is required");
        }
        Invocation i = payments.invoke(merchant, new InvokePayment(r.paymentMethod(), r.paymentType(), r.payMessage(),
                r.timeStamp(), r.nonceStr(), r.notifyUrl()));
        return new PaymentResult(200, "OK", r.payMessage(), i.payInvokeMessage(), i.timeStamp(), i.nonceStr());
    }
}
