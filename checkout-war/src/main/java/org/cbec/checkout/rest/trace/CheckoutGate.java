package org.cbec.checkout.rest.trace;

import jakarta.json.Json;
import jakarta.servlet.annotation.WebFilter;
import java.nio.charset.StandardCharsets;
import org.cbec.web.RequestGate;

/**
 * The first thing every request to the checkout service meets: its {@code X-Request-Id} and the
 * body limit ({@link RequestGate}), refusals in the checkout envelope.
 */
@WebFilter(urlPatterns = "/*")
public class CheckoutGate extends RequestGate {

    /** The checkout envelope (spec 2.1) of a refusal without a field: {@code {"code":…,"message":…}}, as ApiResponse writes it. */
    @Override
    protected byte[] envelope(int status, String message) {
        return Json.createObjectBuilder().add("code", status).add("message", message).build().toString().getBytes(StandardCharsets.UTF_8);
    }
}
