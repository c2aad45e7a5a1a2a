package org.cbec.payment.control;

import java.util.function.Predicate;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyOutcome.NotSent;
import org.cbec.company.CompanyOutcome.Unanswered;
import org.cbec.company.Exchange;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.error.SaturatedException;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * What a caller is told of a company call that gave nothing usable ({@link CompanyOutcome}): the one
 * place that turns an outcome other than an answer into a client's error. The table of every
 * operation and outcome is docs/company-outcomes.md.
 */
public final class CompanyFailures {

    /** Why a call was not sent when the broker's limit of calls to the company in progress is reached. */
    public static final String BULKHEAD_FULL = CompanyOutcome.Why.BULKHEAD_FULL.reason();

    private CompanyFailures() {
    }

    /**
     * A call that gave nothing usable: one not sent (a full bulkhead, an open circuit) left nothing
     * at the company, a 503 to send again after its {@code Retry-After}; no answer is the action's
     * failure (a 500 with {@code errors}). {@code then} says what became of the request.
     */
    public static BusinessException failed(String action, Unanswered<?> unanswered, String then) {
        String errors = unanswered.reason() + then;
        if (unanswered instanceof NotSent<?> notSent) {
            return new SaturatedException(action, errors + "; send the same request again shortly", notSent.why().retryAfterSeconds(),
                    notSent.reason());
        }
        return new UpstreamFailureException(action, errors);
    }

    /**
     * What the caller is told of a request the company refused ({@code refusal} as stored: "code:
     * message"), when it is refused and at every identical request after it: one the company found
     * invalid is the request's fault (422, {@link InvalidRequestException}), any other refusal is the
     * action's failure (500) with the company's reason.
     */
    public static BusinessException refused(Predicate<String> invalidRequest, String action, String what, String refusal) {
        String code = refusal == null ? "" : refusal.substring(0, Math.max(0, refusal.indexOf(": ")));
        if (invalidRequest.test(code)) {
            return new InvalidRequestException(null, "the company refused " + what + " as invalid: " + refusal
                    + "; nothing is made at the company, and a corrected request needs a new reference");
        }
        return new UpstreamFailureException(action, "the company refused " + what + ": " + refusal);
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
