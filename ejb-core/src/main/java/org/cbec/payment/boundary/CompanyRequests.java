package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Optional;
import java.util.function.Function;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.control.RequestLedger;
import org.cbec.dispatch.entity.RequestEvent;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.SentRequest;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.SentLedger;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.UpstreamFailureException;

/**
 * The one way a money request is sent to a company, so that it is never lost and never made twice:
 * payments' creates, refunds, splits and releases, payouts. Each is committed first, with the
 * company's number for it fixed ({@link Kind} stores it); where it stands with the company is its
 * dispatcher's row ({@link RequestLedger}, moved by {@link RequestState}'s table), and its own row
 * keeps only what the company said. Whoever claims the row acts on it: a request never sent is
 * sent; one that may be at the company (its answer lost) is asked for by its number first and sent
 * again only when the company has none; a refusal of that resend ends nothing, since the first send
 * may still be at the company: it is never sent a third time, and is refused only once a later query
 * finds none. While it is not final a query asks the company for its newer view ({@link #refresh}).
 * No transaction spans a company call: every step is its ledger's own, the request's row moved
 * after it (so that a node lost between the two leaves a held row, whose holder the janitor takes
 * as gone, and then finds the company's word already stored). Each step's outcome is a value
 * ({@link RequestOutcome}): the request as stored after it, and what an API caller is told when
 * the company gave nothing usable; nothing here throws for the company's sake.
 */
@ApplicationScoped
public class CompanyRequests {

    private static final Logger LOG = Logger.getLogger(CompanyRequests.class.getName());

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    RequestLedger requests;

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

        /** Whether the company's word on it is not in yet (its own row UNKNOWN): its dispatcher's row says why. */
        public abstract boolean pending(V v);

        /** Whether a query asks the company again: its word not in yet, or the company still working on it. */
        public abstract boolean refreshable(V v);

        /** Whether the company's word on it is final for its dispatcher: the janitor asks no more (a payment's create once answered). */
        public boolean ended(V v) {
            return !refreshable(v);
        }

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

        /** What a caller is told of one another sender holds now (talking to the company about it): as stored. */
        public RequestOutcome<V> whileHeld(V v) {
            return RequestOutcome.of(v);
        }

        /** The shown state, for a log line. */
        public abstract String state(V v);

        /** It as its dispatcher's row knows it: its own view's ({@link SentRequest#subject}), unless the kind's row is another's. */
        public RequestSubject subject(V v) {
            return v.subject();
        }

        /** What a caller is told of a refusal of its first send (a 422 when the company calls the request invalid). */
        public BusinessException refusal(CompanyPort company, V v, String refusal) {
            return CompanyFailures.refused(company::invalidRequest, failure, what(v), refusal + afterRefusal());
        }

        /**
         * What a caller is told of one nobody holds and nobody needs to send now (its row
         * {@code state}, with its last {@code answer}): as stored.
         */
        public RequestOutcome<V> asStored(V stored, RequestState state, String answer) {
            return RequestOutcome.of(stored);
        }
    }

    /**
     * Sends one stored without the company's word, or carries it on: never sent (its row made now,
     * or left TO_SEND or NOT_SENT), it is sent; possibly at the company, the company is asked first
     * (see the class). One held by another sender now is as {@link Kind#whileHeld} says.
     */
    public <V extends SentRequest, S> RequestOutcome<V> send(Kind<V, S> kind, V v) {
        return carryOn(kind, v, null);
    }

    /**
     * Resolves one with no client involved (an attempt of the money requests' janitor): one whose
     * holder is gone (held since before {@code heldBefore}) is taken back first; one without the
     * company's word is carried on as {@link #send} does; one the company is still working on is
     * asked for its newer view. The company's failure, when it gave no usable answer, is in the outcome.
     */
    public <V extends SentRequest, S> RequestOutcome<V> reconcile(Kind<V, S> kind, V v, OffsetDateTime heldBefore) {
        return kind.pending(v) ? carryOn(kind, v, heldBefore) : refresh(kind, v, true);
    }

    /** Whether another sender is talking to the company about it now (its row held). */
    public boolean beingSent(SentRequest v) {
        return beingSent(v.subject());
    }

    private boolean beingSent(RequestSubject s) {
        return requests.state(s.kind(), s.subjectId()).map(RequestState::isHeld).orElse(false);
    }

    private <V extends SentRequest, S> RequestOutcome<V> carryOn(Kind<V, S> kind, V v, OffsetDateTime heldBefore) {
        Optional<CompanyPort> configured = companies.configured(v.paymentMethod());
        if (configured.isEmpty()) {
            // The server's configuration: nothing is claimed, so nothing waits on a sender that cannot send.
            return RequestOutcome.failed(v, Companies.notConfigured(v.paymentMethod(), kind.failure()));
        }
        CompanyAccount account = accounts.account(v.merchant(), v.paymentMethod());
        RequestLedger.Claim claim = requests.claim(kind.subject(v), heldBefore, now());
        if (!claim.claimed()) {
            return claim.state().isHeld() ? kind.whileHeld(v) : kind.asStored(kind.ledger().get(v.id()), claim.state(), claim.answer());
        }
        if (claim.state() == RequestState.SENDING) {
            return sendOnce(kind, configured.get(), account, v, false);
        }
        return ask(kind, configured.get(), account, v, claim.state() == RequestState.CONFIRMING);
    }

    /** Sends it (again: after the company said it has none, so that a refusal leaves it unresolved) and applies the outcome. */
    private <V extends SentRequest, S> RequestOutcome<V> sendOnce(Kind<V, S> kind, CompanyPort company, CompanyAccount account, V v,
            boolean again) {
        Exchanges log = new Exchanges();
        long id = v.id();
        RequestSubject subject = kind.subject(v);
        return kind.send(company, account, v, log).fold(
                status -> {
                    V done = kind.ledger().observed(id, status, log.entries());
                    requests.move(subject, RequestEvent.ANSWER, kind.state(done), kind.ended(done), now());
                    LOG.info(() -> kind.label() + " sent: " + kind.describe(v) + " " + kind.state(done));
                    return RequestOutcome.of(done);
                },
                refused -> {
                    if (again) {
                        kind.ledger().events(id, log.entries());
                        requests.move(subject, RequestEvent.REFUSAL, "refused when sent again: " + refused.text(), false, now());
                        LOG.warning(() -> kind.label() + " sent again refused by " + v.paymentMethod() + ", kept: " + kind.describe(v) + " "
                                + refused.text());
                        return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), "the company refused "
                                + kind.what(v) + " sent again: " + refused.text() + "; its first send may still be at the company, so "
                                + kind.what(v) + " is kept and ends as the company's query says"));
                    }
                    V done = kind.ledger().refused(id, refused.text(), log.entries());
                    requests.move(subject, RequestEvent.REFUSAL, refused.text(), true, now());
                    LOG.info(() -> kind.label() + " refused by " + v.paymentMethod() + ": " + kind.describe(v) + " " + refused.text());
                    return RequestOutcome.failed(done, kind.refusal(company, v, refused.text()));
                },
                unanswered -> {
                    kind.ledger().events(id, log.entries());
                    requests.move(subject, unanswered.sent() ? RequestEvent.NO_ANSWER : RequestEvent.CALL_NOT_SENT, unanswered.reason(), false,
                            now());
                    LOG.warning(() -> kind.label() + (unanswered.sent() ? " outcome unknown: " : " not sent: ") + kind.describe(v) + ": "
                            + unanswered.reason());
                    return RequestOutcome.failed(kind.ledger().get(id), CompanyFailures.failed(kind.failure(), unanswered,
                            kept(kind, v, "the reconciliation resolves it")));
                });
    }

    /**
     * Asks the company for one that may be there (claimed ASKING, or CONFIRMING after its resend was
     * refused): found, its state is taken; none, it is sent again (ASKING) or, its resend refused
     * before, refused for good (CONFIRMING); nothing known, it stays as it was and nothing is sent.
     */
    private <V extends SentRequest, S> RequestOutcome<V> ask(Kind<V, S> kind, CompanyPort company, CompanyAccount account, V v,
            boolean confirming) {
        Exchanges log = new Exchanges();
        long id = v.id();
        RequestSubject subject = kind.subject(v);
        String stillKept = kept(kind, v, "will be resolved");
        return kind.query(company, account, v, log).fold(
                found -> {
                    if (found.isEmpty() && confirming) {
                        V done = kind.ledger().refused(id, "refused when sent again, and the company has none", log.entries());
                        requests.move(subject, RequestEvent.NONE, "the company has none after refusing it sent again", true, now());
                        LOG.info(() -> kind.label() + " refused, the company having none after refusing it sent again: " + kind.describe(v));
                        return RequestOutcome.of(done);
                    }
                    if (found.isEmpty()) {
                        kind.ledger().events(id, log.entries());
                        requests.move(subject, RequestEvent.NONE, "the company has none: sent again", false, now());
                        return sendOnce(kind, company, account, v, true);
                    }
                    V done = kind.ledger().observed(id, found.get(), log.entries());
                    requests.move(subject, RequestEvent.FOUND, kind.state(done), kind.ended(done), now());
                    return RequestOutcome.of(done);
                },
                refused -> {
                    kind.ledger().events(id, log.entries());
                    requests.move(subject, RequestEvent.NO_ANSWER, refused.text(), false, now());
                    return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), refused.text() + stillKept));
                },
                unanswered -> {
                    kind.ledger().events(id, log.entries());
                    requests.move(subject, unanswered.sent() ? RequestEvent.NO_ANSWER : RequestEvent.CALL_NOT_SENT, unanswered.reason(), false,
                            now());
                    return RequestOutcome.failed(kind.ledger().get(id), CompanyFailures.failed(kind.failure(), unanswered, stillKept));
                });
    }

    /**
     * The stored view, or the company's newer one. {@code strict}: a company failure is the
     * caller's 500 (one request asked for, {@link Kind#queryFailure()}); otherwise the stored view is
     * answered (one of several). A company that could not be asked (its bulkhead full, its circuit
     * open) is no failure: the stored view is the answer, and the caller is told so ({@link NotAsked}).
     */
    public <V extends SentRequest, S> RequestOutcome<V> refresh(Kind<V, S> kind, V v, boolean strict) {
        if (!kind.refreshable(v) || kind.pending(v) && beingSent(kind.subject(v))) {
            return RequestOutcome.of(v); // final, or held: its sender is talking to the company now
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
                    V done = kind.ledger().observed(id, found.get(), log.entries());
                    requests.move(kind.subject(v), RequestEvent.REPORTED, kind.state(done), kind.ended(done), now());
                    return RequestOutcome.of(done);
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

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }

    /** "; the refund is kept and …". */
    private static <V extends SentRequest, S> String kept(Kind<V, S> kind, V v, String then) {
        return "; " + kind.what(v) + " is kept and " + then;
    }
}
