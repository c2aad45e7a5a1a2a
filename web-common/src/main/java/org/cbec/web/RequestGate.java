package org.cbec.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.function.Function;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * What every request to a service meets first. It tags the request with an {@code X-Request-Id}
 * that the answer and the server's log lines for the request carry ({@link RequestIds}), and it
 * refuses a body larger than {@code http.max-body-bytes} (HTTP_MAX_BODY_BYTES, 1 MiB by default)
 * with {@code 413} and the service's envelope before anything parses it: at once from its
 * {@code Content-Length}, or, for a body sent without one (chunked), after reading at most one
 * byte past the limit. A request with a {@code Transfer-Encoding} has its connection closed after
 * the answer, and one that also shows a {@code Content-Length} is refused with {@code 400}, as is
 * one with two {@code Host} headers (its connection closed too). With an
 * admin listener ({@link AdminListener}) it answers 404 to an admin path on any other port and to
 * any other path on the admin port, before the body is read. Each service's filter extends it with its envelope ({@link #envelope}) and
 * may add its own step ({@link #admitted}).
 */
public abstract class RequestGate extends HttpFilter {

    public static final String MAX_BODY_PROPERTY = "http.max-body-bytes";
    public static final long DEFAULT_MAX_BODY = 1024 * 1024;

    /** How much of a body too large is read and dropped, in multiples of the limit. */
    static final int DRAIN_FACTOR = 8;

    /** The request attribute that holds the servlet request for the JAX-RS filters ({@link #servletRequest}). */
    static final String SERVLET_REQUEST = RequestGate.class.getName() + ".request";

    private long maxBody = DEFAULT_MAX_BODY;

    /**
     * The servlet request that the gate admitted, looked up by {@code attributes} (a JAX-RS
     * {@code ContainerRequestContext::getProperty}, which in a servlet container reads the servlet
     * request's attributes). For filters that are shared between web modules and so may not hold
     * an injected one. Fails (500) when the request did not pass the gate.
     */
    public static HttpServletRequest servletRequest(Function<String, Object> attributes) {
        if (attributes.apply(SERVLET_REQUEST) instanceof HttpServletRequest request) {
            return request;
        }
        throw new IllegalStateException("the request did not pass the service's request gate");
    }

    @Override
    public void init() throws ServletException {
        maxBody = ConfigProvider.getConfig().getOptionalValue(MAX_BODY_PROPERTY, Long.class).orElse(DEFAULT_MAX_BODY);
    }

    /** The service's envelope of a refusal, as JSON bytes. */
    protected abstract byte[] envelope(int status, String message);

    /** The request, admitted: its id set and its body within the limit. Passes it on by default. */
    protected void admitted(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        chain.doFilter(request, response);
    }

    @Override
    protected final void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String id = RequestIds.accept(request.getHeader(RequestIds.HEADER));
        response.setHeader(RequestIds.HEADER, id);
        request.setAttribute(SERVLET_REQUEST, request);
        try (RequestIds.Scope logged = RequestIds.onThisThread(id)) {
            if (java.util.Collections.list(request.getHeaders("Host")).size() > 1) {
                // RFC 9112 3.2: a request with more than one Host is answered 400. Two front ends
                // that each read a different one would route and authorize it apart.
                response.setHeader("Connection", "close");
                refuse(response, 400, "a request has one Host header");
                return;
            }
            if (request.getHeader("Transfer-Encoding") != null) {
                // RFC 9112 6.3: after a request with both a Content-Length and a Transfer-Encoding the
                // server must close the connection, else a front end that took the other length sends
                // the rest as a next request (request smuggling). Grizzly answers a Content-Length that
                // follows the Transfer-Encoding itself (400, closed), but one that comes first it drops
                // without a trace, so no filter can tell: every request with a Transfer-Encoding ends
                // its connection.
                response.setHeader("Connection", "close");
                if (isAmbiguouslyFramed(request)) {
                    refuse(response, 400, "a request must not have both Content-Length and Transfer-Encoding");
                    return;
                }
            }
            if (!AdminListener.serves(AdminListener.port(), request.getLocalPort(),
                    AdminListener.adminPath(request.getServletPath(), request.getPathInfo()))) {
                refuse(response, 404, AdminListener.NOT_FOUND);
                return;
            }
            long length = request.getContentLengthLong();
            if (length > maxBody) {
                tooLarge(request, response, length);
                return;
            }
            HttpServletRequest bounded = request;
            if (length < 0 && "chunked".equalsIgnoreCase(request.getHeader("Transfer-Encoding"))) {
                byte[] body = readAtMost(request.getInputStream(), maxBody + 1);
                if (body.length > maxBody) {
                    tooLarge(request, response, -1);
                    return;
                }
                bounded = new ReadBody(request, body);
            }
            admitted(bounded, new ReasonPhrases(response), chain);
        }
    }

    /** Both a Content-Length and a Transfer-Encoding, as the servlet sees the headers: two lengths for one body. */
    static boolean isAmbiguouslyFramed(HttpServletRequest request) {
        return request.getHeader("Transfer-Encoding") != null && request.getHeader("Content-Length") != null;
    }

    /** Writes a refusal in the service's envelope. */
    protected final void refuse(HttpServletResponse response, int status, String message) throws IOException {
        byte[] body = envelope(status, message);
        response.setStatus(status);
        response.setContentType("application/json");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /**
     * The 413, then the rest of the body read and dropped (nothing parses it), up to
     * {@value #DRAIN_FACTOR} times the limit: a client that sends its whole body before it reads the
     * answer (most do, without {@code Expect: 100-continue}) would otherwise never see the 413, the
     * server having stopped reading (seen: the JDK's client got "EOF reached while reading" after
     * 30 s). A body larger than that is not read. The connection is closed after the answer.
     */
    private void tooLarge(HttpServletRequest request, HttpServletResponse response, long length) throws IOException {
        long drain = maxBody * DRAIN_FACTOR;
        boolean dropRest = length < 0 || length <= drain;
        // Not kept alive either: the next request on a connection whose last body was cut short
        // was lost (seen: the JDK's client, a 413 with Content-Length then a chunked one).
        response.setHeader("Connection", "close");
        refuse(response, 413, "the request body is larger than " + maxBody + " bytes");
        response.flushBuffer();
        if (dropRest) {
            InputStream in = request.getInputStream();
            byte[] buffer = new byte[8192];
            long dropped = 0;
            int n;
            while (dropped < drain && (n = in.read(buffer)) >= 0) {
                dropped += n;
            }
        }
    }

    static byte[] readAtMost(InputStream in, long limit) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long total = 0;
        int n;
        while (total < limit && (n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - total))) >= 0) {
            out.write(buffer, 0, n);
            total += n;
        }
        return out.toByteArray();
    }

    /** A request whose body was read here (within the limit) and is served from memory. */
    private static final class ReadBody extends HttpServletRequestWrapper {

        private final byte[] body;

        ReadBody(HttpServletRequest request, byte[] body) {
            super(request);
            this.body = body;
        }

        @Override
        public ServletInputStream getInputStream() {
            ByteArrayInputStream in = new ByteArrayInputStream(body);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body was read already; no asynchronous reading");
                }
            };
        }

        @Override
        public BufferedReader getReader() {
            String encoding = getCharacterEncoding();
            Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
            return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(body), charset));
        }

        @Override
        public int getContentLength() {
            return body.length;
        }

        @Override
        public long getContentLengthLong() {
            return body.length;
        }
    }
}
