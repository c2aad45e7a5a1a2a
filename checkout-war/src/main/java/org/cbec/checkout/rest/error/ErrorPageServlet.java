package org.cbec.checkout.rest.error;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.cbec.platform.error.RequestProblems;

/**
 * The error page of this web module (web.xml): a refusal that Jersey or the container sends
 * without a body of its own (a malformed {@code Content-Type} is one: Jersey answers it with
 * {@code sendError(400)}) gets the envelope instead of the container's HTML page. Mapped exactly,
 * so it takes precedence over the JAX-RS application at {@code /*}.
 */
@WebServlet("/error-envelope")
public class ErrorPageServlet extends HttpServlet {

    private static final Jsonb JSONB = JsonbBuilder.create();

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i && i >= 400 ? i : 404;
        byte[] body = JSONB.toJson(ApiResponse.refusal(status, RequestProblems.describe(status, null), null)).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
