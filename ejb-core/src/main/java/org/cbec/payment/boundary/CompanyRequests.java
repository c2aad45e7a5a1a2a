package org.cbec.payment.boundary;

import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.EJBException;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.SystemException;
import jakarta.transaction.UserTransaction;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.MoneyRequest;
import org.cbec.dispatch.entity.RequestEvent;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;
import org.cbec.payment.RequestOutcome;
import org.cbec.payment.SentRequest;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.SentLedger;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.UpstreamFailureException;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The one way a money request is sent to a company, so that it is never lost and never made twice:
 * payments' creates and closes, refunds, splits and releases, payouts. Each is committed first, with
 * the company's number for it fixed ({@link Kind} stores it); where it stands with the company is
 * its dispatcher's row ({@link MoneyRequest}), claimed and moved here by {@link RequestState}'s
 * table, and its own row keeps only what the company said. Whoever claims the row acts on it: a
 * request never sent is sent; one that may be at the company (its answer lost) is asked for by its
 * number first and sent again only when the company has none; a refusal of that resend ends
 * nothing, since the first send may still be at the company: it is never sent a third time, and is
 * refused only once a later query finds none. While it is not final a query asks the company for
 * its newer view ({@link #refresh}). No transaction spans a company call: this bean demarcates its
 * own (the row's claim before a call, its move after), each ledger's step is its own, and the row
 * is moved after the outcome is stored (so that a node lost between the two leaves a held row,
 * whose holder the janitor takes as gone, and then finds the company's word already stored). Each
 * step's outcome is a value ({@link RequestOutcome}): the request as stored after it, and what an
 * API caller is told when the company gave nothing usable; nothing here throws for the company's
 * sake. The janitor's side of the rows (what is due, each attempt, the operator's list) is
 * {@code RequestLedger}'s.
 */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class CompanyRequests {

    private static final Logger LOG = Logger.getLogger(CompanyRequests.class.getName());

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @Inject
    NotAsked notAsked;

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Resource
    UserTransaction transaction;

    /** How long after an outcome without the company's final word the janitor first asks, so that the client's own retry comes first. */
    @Inject
    @ConfigProperty(name = "reconciliation.min-age-ms", defaultValue = "5000")
    long minAgeMs;

    /**
     * A claim's outcome: {@code claimed}, the row is this caller's to act on, in {@code state}
     * (SENDING: send it; ASKING or CONFIRMING: ask the company first); otherwise {@code state} is
     * where it stands (held by another sender, the company's word in, an operator's), with what it
     * last heard ({@code answer}).
     */
    public record Claim(RequestState state, boolean claimed, String answer) {
    }

    private static final String SENDER_GONE = "the broker stopped before the company answered";

    /** Where a request is sent ({@link Kind#destination}): the company's port and the merchant's account there (both null for a kind with an adapter of its own). */
    public record Destination(CompanyPort company, CompanyAccount account) {
    }

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

        /**
         * Where it is sent: its company's port and the merchant's account there, empty when this
         * server has no such company configured. A kind sent elsewhere than to a payment company
         * (the customs single window) has neither, and sends with its own adapter.
         */
        public Optional<Destination> destination(Companies companies, CompanyAccounts accounts, V v) {
            return companies.configured(v.paymentMethod()).map(p -> new Destination(p, accounts.account(v.merchant(), v.paymentMethod())));
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
        return state(s.kind(), s.subjectId()).map(RequestState::isHeld).orElse(false);
    }

    private <V extends SentRequest, S> RequestOutcome<V> carryOn(Kind<V, S> kind, V v, OffsetDateTime heldBefore) {
        Optional<Destination> configured = kind.destination(companies, accounts, v);
        if (configured.isEmpty()) {
            // The server's configuration: nothing is claimed, so nothing waits on a sender that cannot send.
            return RequestOutcome.failed(v, Companies.notConfigured(v.paymentMethod(), kind.failure()));
        }
        CompanyPort company = configured.get().company();
        CompanyAccount account = configured.get().account();
        Claim claim = claim(kind.subject(v), heldBefore, now());
        if (!claim.claimed()) {
            return claim.state().isHeld() ? kind.whileHeld(v) : kind.asStored(kind.ledger().get(v.id()), claim.state(), claim.answer());
        }
        if (claim.state() == RequestState.SENDING) {
            return sendOnce(kind, company, account, v, false);
        }
        return ask(kind, company, account, v, claim.state() == RequestState.CONFIRMING);
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
                    move(subject, RequestEvent.ANSWER, kind.state(done), kind.ended(done), now());
                    LOG.info(() -> kind.label() + " sent: " + kind.describe(v) + " " + kind.state(done));
                    return RequestOutcome.of(done);
                },
                refused -> {
                    if (again) {
                        kind.ledger().events(id, log.entries());
                        move(subject, RequestEvent.REFUSAL, "refused when sent again: " + refused.text(), false, now());
                        LOG.warning(() -> kind.label() + " sent again refused by " + v.paymentMethod() + ", kept: " + kind.describe(v) + " "
                                + refused.text());
                        return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), "the company refused "
                                + kind.what(v) + " sent again: " + refused.text() + "; its first send may still be at the company, so "
                                + kind.what(v) + " is kept and ends as the company's query says"));
                    }
                    V done = kind.ledger().refused(id, refused.text(), log.entries());
                    move(subject, RequestEvent.REFUSAL, refused.text(), true, now());
                    LOG.info(() -> kind.label() + " refused by " + v.paymentMethod() + ": " + kind.describe(v) + " " + refused.text());
                    return RequestOutcome.failed(done, kind.refusal(company, v, refused.text()));
                },
                unanswered -> {
                    kind.ledger().events(id, log.entries());
                    move(subject, unanswered.sent() ? RequestEvent.NO_ANSWER : RequestEvent.CALL_NOT_SENT, unanswered.reason(), false,
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
                        move(subject, RequestEvent.NONE, "the company has none after refusing it sent again", true, now());
                        LOG.info(() -> kind.label() + " refused, the company having none after refusing it sent again: " + kind.describe(v));
                        return RequestOutcome.of(done);
                    }
                    if (found.isEmpty()) {
                        kind.ledger().events(id, log.entries());
                        move(subject, RequestEvent.NONE, "the company has none: sent again", false, now());
                        return sendOnce(kind, company, account, v, true);
                    }
                    V done = kind.ledger().observed(id, found.get(), log.entries());
                    move(subject, RequestEvent.FOUND, kind.state(done), kind.ended(done), now());
                    return RequestOutcome.of(done);
                },
                refused -> {
                    kind.ledger().events(id, log.entries());
                    move(subject, RequestEvent.NO_ANSWER, refused.text(), false, now());
                    return RequestOutcome.failed(kind.ledger().get(id), new UpstreamFailureException(kind.failure(), refused.text() + stillKept));
                },
                unanswered -> {
                    kind.ledger().events(id, log.entries());
                    move(subject, unanswered.sent() ? RequestEvent.NO_ANSWER : RequestEvent.CALL_NOT_SENT, unanswered.reason(), false,
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
        Optional<Destination> configured = kind.destination(companies, accounts, v);
        if (configured.isEmpty()) {
            // The server's configuration, not the company's answer: this request cannot be asked about here.
            return strict ? RequestOutcome.failed(v, Companies.notConfigured(v.paymentMethod(), kind.queryFailure())) : RequestOutcome.of(v);
        }
        CompanyPort company = configured.get().company();
        Exchanges log = new Exchanges();
        long id = v.id();
        Function<String, RequestOutcome<V>> nothing = why -> {
            keepEvents(kind, id, log);
            return strict ? RequestOutcome.failed(v, new UpstreamFailureException(kind.queryFailure(), why)) : RequestOutcome.of(v);
        };
        return kind.query(company, configured.get().account(), v, log).fold(
                found -> {
                    if (found.isEmpty() || kind.unchanged(v, found.get())) {
                        // Unknown and not at the company: an identical request or the reconciliation sends it again.
                        keepEvents(kind, id, log);
                        return RequestOutcome.of(v);
                    }
                    V done = kind.ledger().observed(id, found.get(), log.entries());
                    move(kind.subject(v), RequestEvent.REPORTED, kind.state(done), kind.ended(done), now());
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

    // ---- the dispatcher's row: each step its own transaction, never one around a company call ----------

    /**
     * Takes the request to send it or ask for it, at {@code now}: a request without a row gets one,
     * SENDING, held by this caller (nothing has been sent: a send leaves the broker only once its
     * row exists); a row nobody holds and the company has not answered is claimed by its table
     * ({@link RequestEvent#CLAIMED}). A row held since before {@code heldBefore} (null: never) lost its
     * holder first ({@link RequestEvent#SENDER_LOST}).
     */
    public Claim claim(RequestSubject s, OffsetDateTime heldBefore, OffsetDateTime now) {
        return inTransaction(() -> {
            // Made first, without a look: a request's first send (every create, refund, split and payout)
            // finds no row, so one statement claims it; a row already there (a retry, the janitor) is locked after
            // (its insert refused, at the cost of one number of the row's sequence).
            int made = em.createNativeQuery("INSERT INTO money_request (kind, subject_id, merchant, payment_method, merchant_ref,"
                    + " company_no, state, attempts, next_attempt_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)"
                    + " ON CONFLICT (kind, subject_id) DO NOTHING").setParameter(1, s.kind().name()).setParameter(2, s.subjectId())
                    .setParameter(3, s.merchant()).setParameter(4, s.paymentMethod()).setParameter(5, s.merchantRef())
                    .setParameter(6, s.companyNo()).setParameter(7, RequestState.TO_SEND.next(RequestEvent.CLAIMED).name())
                    .setParameter(8, now).setParameter(9, now).setParameter(10, now).executeUpdate();
            if (made == 1) {
                return new Claim(RequestState.SENDING, true, null);
            }
            MoneyRequest m = locked(s);
            if (heldBefore != null && m.getState().isHeld() && m.getUpdatedAt().isBefore(heldBefore)) {
                m.moved(RequestEvent.SENDER_LOST, SENDER_GONE, now);
            }
            boolean claimed = m.moved(RequestEvent.CLAIMED, null, now);
            return new Claim(m.getState(), claimed, m.getLastAnswer()); // the state the claim left: what to do now
        });
    }

    /**
     * One event of the request at {@code now} (a company call's outcome, a report), when its table
     * allows it; {@code answer}: what it heard, for the operator. Left waiting for an attempt, it is
     * due {@code reconciliation.min-age-ms} from now; {@code ended} (the company's final word is
     * in), it is closed. Its state after, empty when it has no row.
     */
    public Optional<RequestState> move(RequestSubject s, RequestEvent event, String answer, boolean ended, OffsetDateTime now) {
        return inTransaction(() -> {
            MoneyRequest m = locked(s);
            if (m == null) {
                return Optional.empty();
            }
            if (m.moved(event, answer, now) && (m.getState().awaitsAnAttempt() || m.getState() == RequestState.ANSWERED)) {
                m.dueAt(now.plus(minAgeMs, ChronoUnit.MILLIS));
            }
            if (ended && m.getClosedAt() == null) {
                m.closed(null, now);
            }
            return Optional.of(m.getState());
        });
    }

    /** Where the request stands with its company, empty when it has no row (never sent); read outside a transaction. */
    public Optional<RequestState> state(RequestKind kind, long subjectId) {
        return em.createNamedQuery(MoneyRequest.OF_SUBJECT, MoneyRequest.class).setParameter("kind", kind)
                .setParameter("subjectId", subjectId).getResultStream().findFirst().map(MoneyRequest::getState);
    }

    private MoneyRequest locked(RequestSubject s) {
        return em.createNamedQuery(MoneyRequest.OF_SUBJECT, MoneyRequest.class).setParameter("kind", s.kind())
                .setParameter("subjectId", s.subjectId()).setLockMode(LockModeType.PESSIMISTIC_WRITE).getResultStream().findFirst()
                .orElse(null);
    }

    /** {@code work} in a transaction of its own, committed before it answers; rolled back if it throws. */
    <T> T inTransaction(Supplier<T> work) {
        try {
            transaction.begin();
            T result = work.get();
            transaction.commit();
            return result;
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new EJBException("the dispatcher's row could not be committed", e);
        } finally {
            try {
                if (transaction.getStatus() != Status.STATUS_NO_TRANSACTION) {
                    transaction.rollback();
                }
            } catch (SystemException | IllegalStateException e) {
                LOG.warning(() -> "the dispatcher's row's transaction could not be rolled back: " + e);
            }
        }
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
