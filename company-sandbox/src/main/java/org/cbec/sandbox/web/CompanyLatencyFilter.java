package org.cbec.sandbox.web;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.control.RequestContextController;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.cbec.sandbox.books.Companies;
import org.cbec.sandbox.faults.Latencies;

/**
 * A company's latency ({@link Latencies}), spent before the company reads the request and without a
 * thread: the request is put aside (the servlet's asynchronous mode) and dispatched again, to be
 * served as any other, once its drawn delay has passed. Only the companies' own APIs wait (alphapay
 * {@code /alphapay/v3/…}, betapay's gateway and bill download); the admin API never does.
 *
 * <p>Payara serves the dispatch on a thread of its web container's asynchronous pool with no CDI
 * request context (WELD-001303 on the request-scoped resources), so the filter activates one for
 * it, as the container does for a request.
 */
@WebFilter(urlPatterns = {"/alphapay/v3/*", "/betapay/gateway.do", "/betapay/downloadBillFile.resource"},
        asyncSupported = true, dispatcherTypes = {DispatcherType.REQUEST, DispatcherType.ASYNC})
public class CompanyLatencyFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    /** How long a put-aside request may wait past its delay before the container gives up on it. */
    private static final long GRACE_MS = 60_000;

    @Inject
    transient Latencies latencies;

    @Resource
    transient ManagedScheduledExecutorService scheduler;

    /** One per dispatch: a controller activates the context on its own thread and keeps whether it did. */
    @Inject
    transient Instance<RequestContextController> requestContexts;

    /** The request attribute that marks a call whose delay has been drawn (and spent). */
    private static final String DELAYED = CompanyLatencyFilter.class.getName() + ".delayed";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (request.getDispatcherType() == DispatcherType.ASYNC) {
            if (request.getAttribute(DELAYED) == null) {
                chain.doFilter(request, response);
                return;
            }
            RequestContextController context = requestContexts.get();
            context.activate();
            try {
                chain.doFilter(request, response);
            } finally {
                context.deactivate();
                requestContexts.destroy(context);
            }
            return;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length());
        long delayMs = latencies.draw(path.startsWith("/alphapay/") ? Companies.ALPHAPAY : Companies.BETAPAY);
        if (delayMs <= 0) {
            chain.doFilter(request, response);
            return;
        }
        request.setAttribute(DELAYED, delayMs);
        AsyncContext waiting = request.startAsync();
        waiting.setTimeout(delayMs + GRACE_MS);
        scheduler.schedule(() -> waiting.dispatch(), delayMs, TimeUnit.MILLISECONDS);
    }
}
