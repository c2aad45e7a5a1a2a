package org.cbec.payment.boundary;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.payment.company.CompanyException;
import org.cbec.payment.company.Exchange;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Why a company call gave nothing usable, in words for the caller's {@code errors}; calls that
 * Fault Tolerance did not send at all go to the sink as such.
 */
public final class CompanyFailures {

    private static final Logger LOG = Logger.getLogger(CompanyFailures.class.getName());

    private CompanyFailures() {
    }

    public static String reason(EventSink sink, String operation, RuntimeException failure) {
        if (failure instanceof CircuitBreakerOpenException || failure instanceof BulkheadException) {
            String reason = failure instanceof CircuitBreakerOpenException
                    ? "the company's circuit breaker is open after repeated failures; not called"
                    : "too many calls to the company in progress; not called";
            sink.notSent(operation, reason);
            return reason;
        }
        if (failure instanceof TimeoutException) {
            return "the company did not answer in time";
        }
        if (failure instanceof CompanyException) {
            return failure.getMessage();
        }
        LOG.log(Level.SEVERE, "Unexpected failure calling a payment company", failure);
        return "unexpected failure calling the company";
    }

    /**
     * A sink that stores every exchange as an event of the payment at once, each in its own
     * transaction (the customs operations, whose outcome lives in another record).
     */
    public static EventSink recorder(PaymentLedger ledger, long paymentId) {
        return new EventSink() {
            @Override
            public void record(Exchange exchange, Outcome outcome) {
                store(one -> one.record(exchange, outcome));
            }

            @Override
            public void notSent(String operation, String reason) {
                store(one -> one.notSent(operation, reason));
            }

            private void store(java.util.function.Consumer<Exchanges> entry) {
                Exchanges one = new Exchanges();
                entry.accept(one);
                ledger.events(paymentId, one.entries());
            }
        };
    }
}
