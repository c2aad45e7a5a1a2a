package org.cbec.payment.boundary;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.payment.company.CompanyException;
import org.cbec.payment.company.ExchangeRecorder;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Why a company call gave nothing usable, in words for the caller's {@code errors}; calls that
 * Fault Tolerance did not send at all are recorded as such on the payment.
 */
public final class CompanyFailures {

    private static final Logger LOG = Logger.getLogger(CompanyFailures.class.getName());

    private CompanyFailures() {
    }

    public static String reason(PaymentLedger ledger, long paymentId, String operation, RuntimeException failure) {
        if (failure instanceof CircuitBreakerOpenException || failure instanceof BulkheadException) {
            String reason = failure instanceof CircuitBreakerOpenException
                    ? "the company's circuit breaker is open after repeated failures; not called"
                    : "too many calls to the company in progress; not called";
            ledger.notSent(paymentId, operation, reason);
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

    /** Stores every exchange of a call as an event of the payment. */
    public static ExchangeRecorder recorder(PaymentLedger ledger, long paymentId) {
        return (exchange, outcome) -> ledger.event(paymentId, exchange, outcome);
    }
}
