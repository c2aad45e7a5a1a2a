package org.cbec.company.betapay;

import jakarta.enterprise.context.ApplicationScoped;
import java.nio.file.Path;
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
 * betapay's transport: one circuit breaker and bulkhead for all its operations. Every duration is in milliseconds, the annotations' default
 * unit: on Payara Micro 6.2025.10 a circuit breaker declared with {@code delay = 5, delayUnit =
 * SECONDS} re-closed after about 5 ms (measured: calls a few milliseconds apart went through an
 * open circuit), so units are never relied on here. A full bulkhead is this broker's overload,
 * not the company failing, and an answer that fails verification is one merchant's account's
 * problem (a wrong company key), so neither counts towards opening the circuit ({@code skipOn}). The
 * values can be overridden with MicroProfile Config ({@code org.cbec.company.betapay.BetapayTransport/exchange/CircuitBreaker/delay} ...).
 */
@ApplicationScoped
public class BetapayTransport extends CompanyTransport {

    @Override
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000, successThreshold = 1,
            skipOn = {BulkheadException.class, UnverifiedAnswer.class})
    @Bulkhead(CompanyTransport.CALLS_IN_PROGRESS)
    public HttpExchange exchange(HttpCall call, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        return super.exchange(call, verified, recorder);
    }

    /** A bill file's download: a circuit and bulkhead of their own, so that a long download neither holds nor trips the API calls'. */
    @Override
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 5000, successThreshold = 1,
            skipOn = {BulkheadException.class, UnverifiedAnswer.class})
    @Bulkhead(CompanyTransport.DOWNLOADS_IN_PROGRESS)
    public HttpExchange download(HttpCall call, Path file, Predicate<HttpExchange> verified, ExchangeRecorder recorder) {
        return super.download(call, file, verified, recorder);
    }

    @Override
    protected String company() {
        return BetapayCompany.METHOD;
    }
}
