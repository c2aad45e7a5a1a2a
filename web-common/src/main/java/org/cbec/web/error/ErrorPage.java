package org.cbec.web.error;

import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.cbec.web.ServiceEnvelope;

/**
 * The error page of a web module (its web.xml names the servlet's path): a refusal that Jersey or
 * the container sends without a body of its own (a malformed {@code Content-Type} is one: Jersey
 * answers it with {@code sendError(400)}) gets the service's envelope instead of the container's
 * HTML page. Each WAR maps a subclass exactly (a servlet in this library is not found by the WAR's
 * scan), so it takes precedence over the JAX-RS application at {@code /*}.
 */
public abstract class ErrorPage extends HttpServlet {

    private static final Jsonb JSONB = JsonbBuilder.create();

    private final transient ServiceEnvelope envelope;

    protected ErrorPage(ServiceEnvelope envelope) {
        this.envelope = envelope;
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i && i >= 400 ? i : 404;
        byte[] body = JSONB.toJson(envelope.refusal(status, RequestProblems.describe(status, null), null)).getBytes(StandardCharsets.UTF_8);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
