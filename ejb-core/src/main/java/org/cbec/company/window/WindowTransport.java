package org.cbec.company.window;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.function.Predicate;
import org.cbec.company.CompanyTransport;
import org.cbec.company.ExchangeRecorder;
import org.cbec.company.HttpCall;
import org.cbec.company.HttpExchange;
import org.cbec.company.UnverifiedAnswer;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;

/**
 * The single window's transport: one circuit breaker and bulkhead for its calls, as each payment
 * company's (milliseconds, never units; a full bulkhead and an answer that does not verify do not
 * open the circuit). Overridable as {@code org.cbec.company.window.WindowTransport/exchange/CircuitBreaker/delay} ….
 */
@ApplicationScoped
public class WindowTransport extends CompanyTransport {

    @Override
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000, successThreshold = 1,
            skipOn = {BulkheadException.class, UnverifiedAnswer.class})
    @Bulkhead(CompanyTransport.CALLS_IN_PROGRESS)
    public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        return super.exchange(call, verified, recorder);
    }

    @Override
    protected String company() {
        return WindowCompany.NAME;
    }
}
