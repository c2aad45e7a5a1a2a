package org.cbec.broker.rest.load;

import jakarta.inject.Inject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Semaphore;
import java.util.logging.Logger;
import jakarta.json.Json;
import org.cbec.web.RequestGate;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The first thing every request to the broker meets: its request id and body limit
 * ({@link RequestGate}), then it sheds load: beyond {@code broker.max-concurrent-requests} requests
 * being worked on by a thread of the server, a request is answered at once with {@code 503} and
 * {@code Retry-After: 1}, before any work is spent on it (no database, no JSON, no signature). Past
 * saturation the broker's cores would otherwise share themselves among ever more requests until
 * every one of them was slow; shed here, the admitted ones finish and the refused ones learn it in
 * milliseconds. A request handed to a company's lane ({@link CompanyLanes}) leaves this count when
 * its thread is freed: the lane's own limits bound it from there, its calls in flight and its work
 * on the cores ({@link CpuPermits}).
 */
@WebFilter(urlPatterns = "/*", asyncSupported = true)
public class LoadShedding extends RequestGate {

    private static final Logger LOG = Logger.getLogger(LoadShedding.class.getName());
    private static final String BUSY = "the broker has too many requests in progress; send this request again shortly";

    /** Generous for a 2-core node: the requests on threads at once, not the ones waiting for a company. */
    @Inject
    @ConfigProperty(name = "broker.max-concurrent-requests", defaultValue = "64")
    int maxConcurrent;

    private Semaphore inProgress;
    private final RareWarning shedding = new RareWarning(LOG);

    @Override
    public void init() throws ServletException {
        super.init();
        inProgress = new Semaphore(maxConcurrent);
    }

    /** The broker's envelope: {@code {"code":…,"message":…}}. */
    @Override
    protected byte[] envelope(int status, String message) {
        return Json.createObjectBuilder().add("code", status).add("message", message).build().toString().getBytes(StandardCharsets.UTF_8);
    }

    @Override
    protected void admitted(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if (!inProgress.tryAcquire()) {
            busy(response);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            inProgress.release();
        }
    }

    private void busy(HttpServletResponse response) throws IOException {
        shedding.warn(() -> "Shedding load: more than " + maxConcurrent + " requests in progress; refusing with 503");
        response.setHeader("Retry-After", "1");
        refuse(response, 503, BUSY);
    }
}
