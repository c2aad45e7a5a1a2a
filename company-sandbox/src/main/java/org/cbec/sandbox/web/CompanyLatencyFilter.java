package org.cbec.sandbox.web;

import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
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
 */
@WebFilter(urlPatterns = {"/alphapay/v3/*", "/betapay/gateway.do", "/betapay/downloadBillFile.resource"},
        asyncSupported = true, dispatcherTypes = DispatcherType.REQUEST)
public class CompanyLatencyFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    /** How long a put-aside request may wait past its delay before the container gives up on it. */
    private static final long GRACE_MS = 60_000;

    @Inject
    transient Latencies latencies;

    @Resource
    transient ManagedScheduledExecutorService scheduler;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getRequestURI().substring(request.getContextPath().length());
        long delayMs = latencies.draw(path.startsWith("/alphapay/") ? Companies.ALPHAPAY : Companies.BETAPAY);
        if (delayMs <= 0) {
            chain.doFilter(request, response);
            return;
        }
        AsyncContext waiting = request.startAsync();
        waiting.setTimeout(delayMs + GRACE_MS);
        scheduler.schedule(() -> waiting.dispatch(), delayMs, TimeUnit.MILLISECONDS);
    }
}
