package org.cbec.broker.rest.load;

import jakarta.inject.Inject;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.UUID;
import java.util.concurrent.Semaphore;
import java.util.logging.Logger;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first thing every request to the broker meets. It tags the request with an
 * {@code X-Request-Id} (the caller's when it is a plain token, else a new one) that the answer
 * carries back; and it sheds load: beyond {@code broker.max-concurrent-requests} requests in
 * progress, a request is answered at once with {@code 503} and {@code Retry-After: 1}, before any
 * work is spent on it (no database, no JSON, no signature). Past saturation the broker's one core
 * would otherwise share itself among ever more requests until every one of them was slow; shed
 * here, the admitted ones finish and the refused ones learn it in milliseconds.
 */
@WebFilter(urlPatterns = "/*")
public class LoadShedding implements Filter {

    private static final Logger LOG = Logger.getLogger(LoadShedding.class.getName());
    public static final String REQUEST_ID = "X-Request-Id";
    private static final Pattern PLAIN_ID = Pattern.compile("[A-Za-z0-9._:-]{1,64}");
    private static final byte[] BUSY = ("{\"code\":503,\"message\":\"the broker has too many requests in progress;"
            + " send this request again shortly\"}").getBytes(StandardCharsets.UTF_8);

    /** Generous for a 2-core node: twice the companies' bulkhead of 32 calls, so it never refuses first. */
    @Inject
    @ConfigProperty(name = "broker.max-concurrent-requests", defaultValue = "64")
    int maxConcurrent;

    private Semaphore inProgress;
    private volatile long shedSince;

    @Override
    public void init(FilterConfig config) {
        inProgress = new Semaphore(maxConcurrent);
    }

    @Override
    public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain) throws IOException, ServletException {
        HttpServletRequest request = (HttpServletRequest) req;
        HttpServletResponse response = (HttpServletResponse) res;
        String given = request.getHeader(REQUEST_ID);
        response.setHeader(REQUEST_ID, given != null && PLAIN_ID.matcher(given).matches() ? given : UUID.randomUUID().toString());
        if (!inProgress.tryAcquire()) {
            busy(response);
            return;
        }
        try {
            chain.doFilter(req, res);
        } finally {
            inProgress.release();
        }
    }

    private void busy(HttpServletResponse response) throws IOException {
        long now = System.nanoTime();
        if (now - shedSince > 10_000_000_000L) {
            // One line per ten seconds of shedding, not one per refused request.
            shedSince = now;
            LOG.warning(() -> "Shedding load: more than " + maxConcurrent + " requests in progress; refusing with 503");
        }
        response.setStatus(503);
        response.setHeader("Retry-After", "1");
        response.setContentType("application/json");
        response.setContentLength(BUSY.length);
        response.getOutputStream().write(BUSY);
    }
}
