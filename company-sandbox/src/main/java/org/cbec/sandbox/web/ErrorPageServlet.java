package org.cbec.sandbox.web;

import jakarta.inject.Inject;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.annotation.WebServlet;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import java.util.List;

/**
 * The error page of this web module (web.xml): an error the container or Jersey sends without a body
 * of its own (Jersey answers a malformed Content-Type with {@code sendError(400)}) is written here,
 * in the format of the path it was for. Mapped exactly, so it takes precedence over the JAX-RS
 * application at {@code /*}.
 */
@WebServlet("/error-page")
public class ErrorPageServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    @Inject
    transient Refusals refusals;

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer i && i >= 400 ? i : 404;
        Object uri = request.getAttribute(RequestDispatcher.ERROR_REQUEST_URI);
        String path = uri instanceof String s ? s : request.getRequestURI();
        try (Response answer = refusals.refusal(Refusals.Format.of(path, request.getContextPath()), status,
                Refusals.describe(status))) {
            response.resetBuffer();
            response.setStatus(answer.getStatus());
            MultivaluedMap<String, Object> headers = answer.getHeaders();
            for (var header : headers.entrySet()) {
                for (Object value : (List<Object>) header.getValue()) {
                    response.addHeader(header.getKey(), String.valueOf(value));
                }
            }
            byte[] body = answer.getEntity() instanceof byte[] b ? b : new byte[0];
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
    }
}
