package org.cbec.sandbox.window;

import jakarta.ejb.EJBException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArrayBuilder;
import jakarta.persistence.PersistenceException;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;
import org.cbec.sandbox.admin.Envelope;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.faults.Fault;
import org.cbec.sandbox.faults.Reception;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Where the window serves an enterprise's requests: the enterprise is known by the key its message
 * names (a declaration) or by its code (a query); then the fault a test set for it, if any, is
 * applied (the modes of a company account's faults), the request is logged, and the work is done.
 * Its refusals are the admin API's JSON envelope with {@code refusal} SIGNATURE, FORMAT, DUPLICATE
 * or STATE (a REFUSE fault's code); its receipts are signed by the window's key.
 */
@ApplicationScoped
public class WindowGate {

    private static final Logger LOG = Logger.getLogger(WindowGate.class.getName());

    @Inject
    Window window;

    @Inject
    WindowSettings settings;

    /** Longer than the broker's read timeout, as a company's TIMEOUT fault. */
    @Inject
    @ConfigProperty(name = "sandbox.timeout-fault-ms", defaultValue = "6500")
    long timeoutFaultMs;

    /** Declares the order in a signed message (CEB311): 200 with the signed receipt 2, or 400 with the refusal. */
    public Response declare(String xml) {
        OrderMessages.Opened m;
        try {
            m = OrderMessages.open(xml);
        } catch (OrderMessages.Refused r) {
            return refusal(400, r.code(), r.getMessage());
        }
        Optional<Window.Enterprise> from = window.enterpriseBySerial(m.serial());
        if (from.isEmpty()) {
            return refusal(400, "SIGNATURE", "no key registered with serial " + m.serial());
        }
        Window.Enterprise e = from.get();
        return serve(e, Window.DECLARE, m.orderNo(), bad -> {
            OrderMessages.Declared d;
            try {
                d = OrderMessages.read(m, e.key());
            } catch (OrderMessages.Refused r) {
                LOG.info(() -> "Window: a message of " + e.copCode() + " refused: " + r.code());
                return refusal(400, r.code(), r.getMessage());
            }
            Window.Answer a;
            try {
                a = window.declare(e, d);
            } catch (EJBException | PersistenceException x) {
                if (!Reception.isConstraintViolation(x)) {
                    throw x;
                }
                // The same order arrived twice at once and the other one stored it first.
                a = window.declare(e, d);
            }
            if (a.refusalCode() != null) {
                return refusal(400, a.refusalCode(), a.message());
            }
            return Response.ok(signed(a.receipt(), bad), "application/xml; charset=UTF-8").build();
        });
    }

    /** The order's receipts, each a signed CEB312 message, oldest first: 200, or 404 when the enterprise declared no such order. */
    public Response receipts(Window.Enterprise e, String ebpCode, String orderNo) {
        return serve(e, Window.QUERY, orderNo, bad -> {
            Optional<List<OrderReceipts.Receipt>> receipts = window.receipts(e, ebpCode, orderNo);
            if (receipts.isEmpty()) {
                return Envelope.response(404, "no order " + orderNo + " of " + ebpCode + " was declared by " + e.copCode(), "orderNo");
            }
            JsonArrayBuilder list = JsonText.array();
            for (OrderReceipts.Receipt r : receipts.get()) {
                list.add(signed(r, bad));
            }
            return Envelope.response(200, JsonText.object().add("code", 200).add("orderNo", orderNo).add("receipts", list).build());
        });
    }

    private Response serve(Window.Enterprise e, String kind, String orderNo, Function<Boolean, Response> work) {
        Optional<Fault> fault = settings.faults().take(e.id(), orderNo, kind);
        Fault.Mode mode = fault.map(Fault::mode).orElse(null);
        String logged = orderNo == null || orderNo.length() > 60 ? null : orderNo;
        if (mode == Fault.Mode.ERROR) {
            window.answered(null, e.id(), kind, logged, fault.get().status());
            return Envelope.response(fault.get().status(), "the window failed (a fault arranged by a test)", null);
        }
        if (mode == Fault.Mode.REFUSE && !fault.get().afterWork()) {
            window.answered(null, e.id(), kind, logged, fault.get().status());
            return refusal(fault.get().status(), fault.get().code(), "refused (a fault arranged by a test)");
        }
        Long receivedId = null;
        if (fault.isPresent() && fault.get().stalls()) {
            receivedId = window.received(e.id(), kind, logged);
            try {
                fault.get().stall(timeoutFaultMs);
            } catch (InterruptedException x) {
                Thread.currentThread().interrupt();
            }
        }
        Response answer = work.apply(mode == Fault.Mode.BAD_SIGNATURE);
        if (mode == Fault.Mode.REFUSE) {
            answer = refusal(fault.get().status(), fault.get().code(), "refused after the work (a fault arranged by a test)");
        }
        window.answered(receivedId, e.id(), kind, logged, answer.getStatus());
        return answer;
    }

    private String signed(OrderReceipts.Receipt r, boolean bad) {
        CompanySigner signer = window.signer();
        String xml = OrderReceipts.signed(r, signer.privateKey(), signer.serial());
        return bad ? tampered(xml) : xml;
    }

    /** The receipt with one character of its signature value changed, so that it no longer verifies. */
    static String tampered(String xml) {
        int at = xml.indexOf("SignatureValue>") + "SignatureValue>".length();
        char c = xml.charAt(at);
        return xml.substring(0, at) + (c == 'A' ? 'B' : 'A') + xml.substring(at + 1);
    }

    static Response refusal(int status, String code, String message) {
        return Envelope.response(status, Envelope.of(status, message).add("refusal", code).build());
    }
}
