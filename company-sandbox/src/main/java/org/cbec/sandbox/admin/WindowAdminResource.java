package org.cbec.sandbox.admin;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.cbec.sandbox.codec.Bodies;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.entity.WindowPayment;
import org.cbec.sandbox.window.Window;
import org.cbec.sandbox.window.WindowSettings;

/**
 * The test helpers of the customs single window, under {@code /sandbox/window/…} with the admin
 * API's credentials: registering a transmitting enterprise, declaring a waybill as a logistics
 * company would, arranging a return, customs' delay, an enterprise's faults and request log, and
 * the payment documents the companies forwarded. Each method reads the request, calls the window
 * and writes the answer.
 */
@Path("/")
@AdminOnly
@RequestScoped
public class WindowAdminResource {

    @Inject
    Window window;

    @Inject
    WindowSettings settings;

    @Context
    HttpServletRequest http;

    /** Registers an enterprise (201), or hands out what it was registered with again (200). */
    @POST
    @Path("window/enterprises")
    public Response register(InputStream body) {
        AdminRequests.ToRegister r = AdminRequests.toRegister(Bodies.read(body), http.getContentType());
        Window.Registration g = window.register(r.copCode(), r.copName());
        return Envelope.response(g.created() ? 201 : 200, JsonText.object().add("copCode", g.copCode()).add("copName", g.copName())
                .add("keySerial", g.keySerial()).add("enterprisePrivateKey", g.enterprisePrivateKey())
                .add("windowKeySerial", g.windowKeySerial()).add("windowPublicKey", g.windowPublicKey()).build());
    }

    /** A logistics company's waybill for a platform's order: 201, 200 for the same again, 409 when the order has another. */
    @POST
    @Path("window/waybills")
    public Response waybill(InputStream body) {
        AdminRequests.Waybill w = AdminRequests.waybill(Bodies.read(body), http.getContentType());
        Boolean created = window.declareWaybill(w.ebpCode(), w.orderNo(), w.logisticsCode(), w.logisticsNo())
                .orElseThrow(() -> new AdminRefusal(409, "order " + w.orderNo() + " of " + w.ebpCode() + " has another waybill", "logisticsNo"));
        return Envelope.response(created ? 201 : 200, Envelope.of(created ? 201 : 200, "waybill declared").add("ebpCode", w.ebpCode())
                .add("orderNo", w.orderNo()).add("logisticsNo", w.logisticsNo()).build());
    }

    /** Customs returns the order with the reason given ({@code {"reason"}}) instead of releasing it, once; declared yet or not. */
    @PUT
    @Path("window/returns/{ebpCode}/{orderNo}")
    public Response arrangeReturn(@PathParam("ebpCode") String ebpCode, @PathParam("orderNo") String orderNo, InputStream body) {
        String reason = AdminRequests.failureReason(Bodies.read(body), http.getContentType());
        order(ebpCode, orderNo);
        window.arrangeReturn(ebpCode, orderNo, reason);
        return Envelope.response(200, Envelope.of(200, "order " + orderNo + " is to be returned").add("reason", reason).build());
    }

    @DELETE
    @Path("window/returns/{ebpCode}/{orderNo}")
    public Response clearReturn(@PathParam("ebpCode") String ebpCode, @PathParam("orderNo") String orderNo) {
        order(ebpCode, orderNo);
        window.arrangeReturn(ebpCode, orderNo, null);
        return Envelope.response(200, "no return arranged for order " + orderNo, null);
    }

    /** How long customs takes for each decision from now on: {@code {"ms"}}. */
    @PUT
    @Path("window/delay")
    public Response setDelay(InputStream body) {
        settings.delay(AdminRequests.windowDelay(Bodies.read(body), http.getContentType()));
        return delay();
    }

    @GET
    @Path("window/delay")
    public Response delay() {
        return Envelope.response(200, JsonText.object().add("code", 200).add("ms", settings.delay().toMillis()).build());
    }

    /** Customs takes its configured delay again. */
    @DELETE
    @Path("window/delay")
    public Response clearDelay() {
        settings.delay(null);
        return delay();
    }

    /** The enterprise's fault, as a company account's ({@code kind} order-declare or order-query). */
    @PUT
    @Path("window/{copCode}/faults")
    public Response setFault(@PathParam("copCode") String copCode, InputStream body) {
        Window.Enterprise e = enterprise(copCode);
        settings.faults().set(e.id(), "window enterprise " + copCode, AdminRequests.fault(Bodies.read(body), http.getContentType(), Window.KINDS));
        return Envelope.response(200, "fault set", null);
    }

    @DELETE
    @Path("window/{copCode}/faults")
    public Response clearFaults(@PathParam("copCode") String copCode) {
        Window.Enterprise e = enterprise(copCode);
        settings.faults().clear(e.id(), "window enterprise " + copCode);
        return Envelope.response(200, "faults cleared", null);
    }

    /** The requests the window received from the enterprise, optionally of one kind and/or about one order. */
    @GET
    @Path("window/{copCode}/requests")
    public Response requests(@PathParam("copCode") String copCode, @QueryParam("kind") String kind, @QueryParam("orderNo") String orderNo) {
        Window.Enterprise e = enterprise(copCode);
        if (kind != null && !Window.KINDS.contains(kind)) {
            throw new AdminRefusal(400, "kind must be " + Window.DECLARE + " or " + Window.QUERY, "kind");
        }
        if (orderNo != null && !AdminRequests.couldBeOrderNo(orderNo)) {
            throw new AdminRefusal(400, "orderNo must be 1 to 60 characters", "orderNo");
        }
        var logged = window.requests(e.id(), kind, orderNo);
        JsonArrayBuilder list = JsonText.array();
        for (Window.Logged r : logged) {
            list.add(AdminResource.logged(r.kind(), "orderNo", r.orderNo(), r.status(), r.at()));
        }
        return Envelope.response(200, JsonText.object().add("code", 200).add("count", logged.size()).add("requests", list).build());
    }

    /** The payment document a company forwarded for its transaction (no identity: whether one was given). */
    @GET
    @Path("window/payments/{payCode}/{payTransactionId}")
    public Response payment(@PathParam("payCode") String payCode, @PathParam("payTransactionId") String payTransactionId) {
        WindowPayment p = (AdminRequests.couldBeCustomsCode(payCode) && AdminRequests.couldBeOrderNo(payTransactionId)
                ? window.payment(payCode, payTransactionId) : java.util.Optional.<WindowPayment>empty())
                .orElseThrow(() -> new AdminRefusal(404, "no payment document of this transaction reached the window", "payTransactionId"));
        return Envelope.response(200, JsonText.object().add("code", 200).add("payCode", p.getPayCode())
                .add("payTransactionId", p.getPayTransactionId()).add("orderRef", p.getOrderRef()).add("amountPaid", p.getAmountPaid())
                .add("payerKnown", p.getPayerIdentity() != null).add("declaredAt", p.getDeclaredAt().toInstant().toString()).build());
    }

    private static void order(String ebpCode, String orderNo) {
        if (!AdminRequests.couldBeCustomsCode(ebpCode)) {
            throw new AdminRefusal(400, "ebpCode must be a 10-character customs code (digits and capital letters)", "ebpCode");
        }
        if (!AdminRequests.couldBeOrderNo(orderNo)) {
            throw new AdminRefusal(400, "orderNo must be 1 to 60 characters", "orderNo");
        }
    }

    private Window.Enterprise enterprise(String copCode) {
        return (AdminRequests.couldBeCustomsCode(copCode) ? window.enterpriseByCode(copCode) : java.util.Optional.<Window.Enterprise>empty())
                .orElseThrow(() -> new AdminRefusal(404, "no enterprise is registered at the window with this copCode", "copCode"));
    }
}
