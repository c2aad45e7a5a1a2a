package org.cbec.payment.company.alphapay;

import jakarta.enterprise.context.ApplicationScoped;
import java.time.temporal.ChronoUnit;
import java.util.function.Predicate;
import org.cbec.payment.company.CompanyTransport;
import org.cbec.payment.company.ExchangeRecorder;
import org.cbec.payment.company.HttpCall;
import org.cbec.payment.company.HttpExchange;
import org.eclipse.microprofile.faulttolerance.Bulkhead;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Timeout;

/**
 * alphapay's transport: one circuit breaker and bulkhead for all its operations. The values can be
 * overridden with MicroProfile Config ({@code org.cbec.payment.company.alphapay.AlphapayTransport/exchange/CircuitBreaker/delay} ...).
 */
@ApplicationScoped
public class AlphapayTransport extends CompanyTransport {

    @Override
    @Timeout(value = 8, unit = ChronoUnit.SECONDS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5, delayUnit = ChronoUnit.SECONDS, successThreshold = 1)
    @Bulkhead(32)
    public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        return super.exchange(call, verified, recorder);
    }
}
