package org.cbec.sandbox.window;

import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import java.io.InputStream;
import org.cbec.sandbox.admin.Envelope;
import org.cbec.sandbox.books.CompanySigner;
import org.cbec.sandbox.codec.Bodies;
import org.cbec.sandbox.codec.JsonText;
import org.cbec.sandbox.codec.PlainText;
import org.cbec.sandbox.codec.Utf8;

/**
 * The customs single window's API for transmitting enterprises (docs/companies/single-window.md):
 * {@code POST /sandbox/window/orders} a signed order message, {@code GET
 * /sandbox/window/orders/{ebpCode}/{orderNo}?copCode=} its receipts, {@code GET
 * /sandbox/window/key} the window's public key. Each method reads the request and calls the gate.
 */
@Path("/")
@RequestScoped
public class WindowResource {

    @Inject
    WindowGate gate;

    @Inject
    Window window;

    @Context
    HttpServletRequest http;

    @POST
    @Path("window/orders")
    public Response declare(InputStream body) {
        byte[] bytes = Bodies.read(body);
        if (bytes == null) {
            return Envelope.response(413, "request body larger than " + Bodies.LIMIT / 1024 + " KiB", null);
        }
        if (!isXml(http.getContentType())) {
            return Envelope.response(415, "unsupported media type: send application/xml (UTF-8)", null);
        }
        String xml;
        try {
            xml = Utf8.decode(bytes);
        } catch (IllegalArgumentException e) {
            return WindowGate.refusal(400, "FORMAT", "the message is not UTF-8");
        }
        return gate.declare(xml);
    }

    @GET
    @Path("window/orders/{ebpCode}/{orderNo}")
    public Response receipts(@PathParam("ebpCode") String ebpCode, @PathParam("orderNo") String orderNo,
            @QueryParam("copCode") String copCode) {
        if (!PlainText.isPlain(copCode, 10)) {
            return Envelope.response(400, "copCode, the enterprise that declared the order, is required", "copCode");
        }
        var from = window.enterpriseByCode(copCode);
        if (from.isEmpty()) {
            return Envelope.response(404, "no enterprise is registered with this copCode", "copCode");
        }
        if (!PlainText.isPlain(ebpCode, 10) || !PlainText.isPlain(orderNo, 60)) {
            return Envelope.response(404, "no order " + (PlainText.isPlain(orderNo, 60) ? orderNo + " " : "") + "was declared by " + copCode,
                    "orderNo");
        }
        return gate.receipts(from.get(), ebpCode, orderNo);
    }

    /** The window's public key and its serial, which every receipt names. */
    @GET
    @Path("window/key")
    public Response key() {
        CompanySigner signer = window.signer();
        return Envelope.response(200, JsonText.object().add("code", 200).add("keySerial", signer.serial())
                .add("publicKey", signer.publicKeyPem()).build());
    }

    /** application/xml or text/xml, in UTF-8 when a charset is named. */
    static boolean isXml(String contentType) {
        if (contentType == null) {
            return false;
        }
        String[] parts = contentType.split(";");
        String type = parts[0].strip();
        if (!type.equalsIgnoreCase("application/xml") && !type.equalsIgnoreCase("text/xml")) {
            return false;
        }
        for (int i = 1; i < parts.length; i++) {
            String[] param = parts[i].strip().split("=", 2);
            if (param[0].strip().equalsIgnoreCase("charset")
                    && (param.length < 2 || !param[1].strip().replace("\"", "").equalsIgnoreCase("utf-8"))) {
                return false;
            }
        }
        return true;
    }
}
