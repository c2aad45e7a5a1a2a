package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.SentRequest;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.RefundSendRules;
import org.cbec.payment.control.SentLedger;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * The one way a money request is sent to a company, so that it is never lost and never made
 * twice: payments' creates, refunds, splits and releases, payouts. Each is committed first, with the
 * company's number for it fixed ({@link Kind} stores it), then sent once ({@link #send}); without
 * an answer its outcome is UNKNOWN (or NOT_SENT), and whoever takes it over asks the company for
 * that number first and sends it again only when the company has none ({@link #resolveOrSend}).
 * A refusal of that resend ends nothing, since the first send may still be at the company: the
 * request stays UNKNOWN, is never sent a third time, and is refused only once a later query finds
 * none. While it is not final a query asks the company for its newer view ({@link #refresh}). No
 * transaction spans a company call: every step is its ledger's own. Each step's outcome is a value
 * ({@link RequestOutcome}): the request as stored after it, and what an API caller is told when the
 * company gave nothing usable; nothing here throws for the company's sake.
 */
@ApplicationScoped
public class CompanyRequests {

    private static final Logger LOG = Logger.getLogger(CompanyRequests.class.getName());

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @Inject
    NotAsked notAsked;

    /**
     * One kind of money request: how it is sent and asked for at the company, and how its ledger
     * stores each outcome. {@code V} is its stored view, {@code S} the company's status of it.
     */
    public abstract static class Kind<V extends SentRequest, S> {

        private final String failure;
        private final String queryFailure;
        private final String label;
        private final SentLedger<V, S> ledger;

        /**
         * {@code failure}: the 500's message of sending it ("failure while …"); {@code queryFailure}:
         * of a query of it ("failure while querying …"); {@code label}: the log lines' name of it
         * ("Refund", "Settlement", "Payout"); {@code ledger}: the request's ledger, which stores each outcome.
         */
        protected Kind(String failure, String queryFailure, String label, SentLedger<V, S> ledger) {
            this.failure = failure;
            this.queryFailure = queryFailure;
            this.label = label;
            this.ledger = ledger;
        }

        public final String failure() {
            return failure;
        }

        public final String queryFailure() {
            return queryFailure;
        }

        public final String label() {
            return label;
        }

        public final SentLedger<V, S> ledger() {
            return ledger;
        }

        /** The request in a sentence: "the refund", "the split". */
        public abstract String what(V v);

        /** Who and what, for a log line: no secret, no personal data. */
        public abstract String describe(V v);

        /** Whether a query asks the company again: its outcome unknown, or the company still working on it. */
        public abstract boolean refreshable(V v);

        public abstract CompanyOutcome<S> send(CompanyPort company, CompanyAccount account, V v, Exchanges log);

        /** The company's status of it by its number; empty when the company has none. */
        public abstract CompanyOutcome<Optional<S>> query(CompanyPort company, CompanyAccount account, V v, Exchanges log);

        /** Whether the company's status says nothing new (then nothing is written). */
        public boolean unchanged(V v, S status) {
            return false;
        }

        /** What a refusal leaves it as, for the caller: appended to the company's words. */
        public String afterRefusal() {
            return "";
        }

        /** The shown state, for a log line. */
        public abstract String state(V v);
    }

    /** Sends it and applies the outcome; anything but an answer is the caller's failure ({@link CompanyFailures}). */
    public <V extends SentRequest, S> RequestOutcome<V> send(Kind<V, S> kind, V v) {
        return send(kind, v, false);
    }

    /** {@code again}: sent again after its first answer was lost, so that a refusal leaves it UNKNOWN. */
    private <V extends SentRequest, S> RequestOutcome<V> send(Kind<V, S> kind, V v, boolean again) {
        CompanyPort company = companies.port(v.paymentMethod(), kind.failure());
        CompanyAccount account = accounts.account(v.merchant(), v.paymentMethod());
        Exchanges log = new Exchanges();
        long id = v.id();
        return kind.send(company, account, v, log).fold(
                status -> {
                    V done = kind.ledger().observed(id, status, log.entries());
                    LOG.info(() -> kind.label() + " sent: " + kind.describe(v) + " " + kind.state(done));
                    return RequestOutcome.of(done);
                },
                refused -> {
                    if (again) {
                        kind.ledger().resendRefused(id, refused.text(), log.entries());
                        LOG.warning(() -> kind.label() + " sent again refused by " + v.paymentMethod() + ", kept: " + kind.describe(v) + " "
                                + refused.text());
                        return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), "the company refused "
                                + kind.what(v) + " sent again: " + refused.text() + "; its first send may still be at the company, so "
                                + kind.what(v) + " is kept and ends as the company's query says"));
                    }
                    V done = kind.ledger().refused(id, refused.text(), log.entries());
                    LOG.info(() -> kind.label() + " refused by " + v.paymentMethod() + ": " + kind.describe(v) + " " + refused.text());
                    return RequestOutcome.failed(done, CompanyFailures.refused(company::invalidRequest, kind.failure(), kind.what(v),
                            refused.text() + kind.afterRefusal()));
                },
                unanswered -> {
                    if (unanswered.sent()) {
                        kind.ledger().unknown(id, unanswered.reason(), log.entries());
                    } else {
                        kind.ledger().notSent(id, unanswered.reason(), log.entries());
                    }
                    LOG.warning(() -> kind.label() + (unanswered.sent() ? " outcome unknown: " : " not sent: ") + kind.describe(v) + ": "
                            + unanswered.reason());
                    return RequestOutcome.failed(kind.ledger().get(id), CompanyFailures.failed(kind.failure(), unanswered,
                            kept(kind, v, "the reconciliation resolves it")));
                });
    }

    /**
     * One taken over (SENDING again, by this caller only) after an unknown outcome: the company is
     * asked for it first and it is sent again only if the company answered that it has none, and
     * had not refused it sent again before (then the company's "none" confirms that refusal).
     */
    public <V extends SentRequest, S> RequestOutcome<V> resolveOrSend(Kind<V, S> kind, V v) {
        CompanyPort company = companies.port(v.paymentMethod(), kind.failure());
        Exchanges log = new Exchanges();
        long id = v.id();
        boolean resendRefused = kind.ledger().wasResendRefused(id);
        CompanyOutcome<Optional<S>> asked = kind.query(company, accounts.account(v.merchant(), v.paymentMethod()), v, log);
        RefundSendRules.AfterQuery next = RefundSendRules.afterTakeOverQuery(asked, resendRefused);
        if (next == RefundSendRules.AfterQuery.SEND) {
            kind.ledger().events(id, log.entries());
            return send(kind, v, true);
        }
        if (next == RefundSendRules.AfterQuery.REFUSE) {
            V done = kind.ledger().refused(id, "refused when sent again, and the company has none", log.entries());
            LOG.info(() -> kind.label() + " refused, the company having none after refusing it sent again: " + kind.describe(v));
            return RequestOutcome.of(done);
        }
        // The company has it (its state is taken), or nothing is known (it stays UNKNOWN, nothing is sent).
        String stillKept = kept(kind, v, "will be resolved");
        return asked.fold(
                found -> RequestOutcome.of(kind.ledger().observed(id, found.orElseThrow(), log.entries())),
                refused -> {
                    kind.ledger().unknown(id, refused.text(), log.entries());
                    return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), refused.text() + stillKept));
                },
                unanswered -> {
                    kind.ledger().unknown(id, unanswered.reason(), log.entries());
                    return RequestOutcome.failed(kind.ledger().get(id), CompanyFailures.failed(kind.failure(), unanswered, stillKept));
                });
    }

    /**
     * Resolves one without the company's final word, with no client involved (an attempt of the
     * money requests' janitor): one left SENDING since before {@code sendingBefore} lost its sender
     * and is UNKNOWN from now; an unknown one is taken over and resolved ({@link #resolveOrSend}:
     * the company asked, and it sent again only when the company has none); one the company is
     * still working on is asked for its newer view. The company's failure, when it gave no usable
     * answer, is in the outcome.
     */
    public <V extends SentRequest, S> RequestOutcome<V> reconcile(Kind<V, S> kind, V candidate, OffsetDateTime sendingBefore) {
        kind.ledger().abandoned(candidate.id(), sendingBefore, "the broker stopped before the company answered");
        V v = kind.ledger().get(candidate.id());
        if (kind.ledger().takeOver(v.id())) { // only one without an outcome that nobody is sending
            return resolveOrSend(kind, v);
        }
        return refresh(kind, v, true);
    }

    /**
     * The stored view, or the company's newer one. {@code strict}: a company failure is the
     * caller's 500 (one request asked for, {@link Kind#queryFailure()}); otherwise the stored view is
     * answered (one of several). A company that could not be asked (its bulkhead full, its circuit
     * open) is no failure: the stored view is the answer, and the caller is told so ({@link NotAsked}).
     */
    public <V extends SentRequest, S> RequestOutcome<V> refresh(Kind<V, S> kind, V v, boolean strict) {
        if (!kind.refreshable(v)) {
            return RequestOutcome.of(v); // final, or SENDING: its sender is still talking to the company
        }
        Optional<CompanyPort> configured = companies.configured(v.paymentMethod());
        if (configured.isEmpty()) {
            // The server's configuration, not the company's answer: this request cannot be asked about here.
            return strict ? RequestOutcome.failed(v, Companies.notConfigured(v.paymentMethod(), kind.queryFailure())) : RequestOutcome.of(v);
        }
        CompanyPort company = configured.get();
        Exchanges log = new Exchanges();
        long id = v.id();
        Function<String, RequestOutcome<V>> nothing = why -> {
            keepEvents(kind, id, log);
            return strict ? RequestOutcome.failed(v, new UpstreamFailureException(kind.queryFailure(), why)) : RequestOutcome.of(v);
        };
        return kind.query(company, accounts.account(v.merchant(), v.paymentMethod()), v, log).fold(
                found -> {
                    if (found.isEmpty() || kind.unchanged(v, found.get())) {
                        // Unknown and not at the company: an identical request or the reconciliation sends it again.
                        keepEvents(kind, id, log);
                        return RequestOutcome.of(v);
                    }
                    return RequestOutcome.of(kind.ledger().observed(id, found.get(), log.entries()));
                },
                refused -> nothing.apply(refused.text()),
                unanswered -> {
                    if (!unanswered.sent()) {
                        // The company could not be asked now (its bulkhead full, its circuit open): what is stored
                        // is the answer (a final state is never refreshed, so it stays final), and the caller is told so.
                        notAsked.because(unanswered.reason());
                        keepEvents(kind, id, log);
                        return RequestOutcome.of(v);
                    }
                    return nothing.apply(unanswered.reason());
                });
    }

    private static <V extends SentRequest, S> void keepEvents(Kind<V, S> kind, long id, Exchanges log) {
        if (log.anyNotOk()) {
            kind.ledger().events(id, log.entries());
        }
    }

    /** "; the refund is kept and …". */
    private static <V extends SentRequest, S> String kept(Kind<V, S> kind, V v, String then) {
        return "; " + kind.what(v) + " is kept and " + then;
    }
}
