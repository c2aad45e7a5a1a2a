package org.cbec.payment.boundary;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.cbec.payment.company.CompanyException;
import org.cbec.payment.company.Exchange;
import org.cbec.payment.company.PaymentCompany;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.SaturatedException;
import org.cbec.platform.error.UpstreamFailureException;
import org.eclipse.microprofile.faulttolerance.exceptions.BulkheadException;
import org.eclipse.microprofile.faulttolerance.exceptions.CircuitBreakerOpenException;
import org.eclipse.microprofile.faulttolerance.exceptions.TimeoutException;

/**
 * Why a company call gave nothing usable, in words for the caller's {@code errors}; calls that
 * Fault Tolerance did not send at all go to the sink as such.
 */
public final class CompanyFailures {

    private static final Logger LOG = Logger.getLogger(CompanyFailures.class.getName());
    /** Why a call was not sent when the broker's limit of calls to the company in progress is reached. */
    public static final String BULKHEAD_FULL = "too many calls to the company in progress; not called";

    private CompanyFailures() {
    }

    public static String reason(EventSink sink, String operation, RuntimeException failure) {
        if (failure instanceof CircuitBreakerOpenException || failure instanceof BulkheadException) {
            String reason = failure instanceof CircuitBreakerOpenException
                    ? "the company's circuit breaker is open after repeated failures; not called"
                    : BULKHEAD_FULL;
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
     * What the caller is told of a company call that gave nothing usable: a full bulkhead is the
     * broker's own saturation (nothing was sent), a 503 to send again shortly; anything else is the
     * action's failure (a 500 with {@code errors}). {@code errors} is what
     * {@link #reason} said, with what became of the request.
     */
    public static BusinessException failed(String action, String errors, RuntimeException failure) {
        if (saturated(failure)) {
            return new SaturatedException(action, errors + "; send the same request again shortly");
        }
        return new UpstreamFailureException(action, errors);
    }

    /**
     * What the caller is told of a request the company refused ({@code refusal} as stored: "code:
     * message"), when it is refused and at every identical request after it: one the company found
     * invalid is the request's fault (422, {@link InvalidRequestException}), any other refusal is the
     * action's failure (500) with the company's reason.
     */
    public static BusinessException refused(PaymentCompany company, String action, String what, String refusal) {
        String code = refusal == null ? "" : refusal.substring(0, Math.max(0, refusal.indexOf(": ")));
        if (company.invalidRequest(code)) {
            return new InvalidRequestException(null, "the company refused " + what + " as invalid: " + refusal
                    + "; nothing is made at the company, and a corrected request needs a new reference");
        }
        return new UpstreamFailureException(action, "the company refused " + what + ": " + refusal);
    }

    /** Whether the call was not sent because this broker already has as many calls to the company in progress as it allows. */
    public static boolean saturated(RuntimeException failure) {
        return failure instanceof BulkheadException;
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
