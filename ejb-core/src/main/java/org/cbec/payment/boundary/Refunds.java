package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.payment.control.RefundSendRules;
import org.cbec.company.RefundRequest;
import org.cbec.company.RefundStatus;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.BusinessException;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.platform.error.UpstreamFailureException;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.RefundLedger;
import org.cbec.payment.CreateRefund;
import org.cbec.payment.RefundView;
import org.cbec.payment.PaymentView;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.control.CompanyFailures;

/**
 * Refund and query refunds of paid payments. As {@link Payments}: no transaction spans a company
 * call. The refund is committed first, with the company's refund number fixed, then the company is
 * asked, then its answer is stored; a company that fails leaves the refund's outcome UNKNOWN (shown
 * as PROCESSING), never lost, and the query, an identical request or the {@link Reconciliation}
 * resolves it: they ask the company for that refund number and send it again only when the company
 * has none, so a refund is never made twice.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Refunds {

    private static final Logger LOG = Logger.getLogger(Refunds.class.getName());
    /** What became of a refund without an answer. */
    private static final String KEPT = "; the refund is kept and the reconciliation resolves it";
    private static final String STILL_KEPT = "; the refund is kept and will be resolved";

    @Inject
    NotAsked notAsked;
    public static final String FAILURE = "failure while refunding the payment";

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger payments;

    @EJB
    RefundLedger ledger;

    @EJB
    Payments paymentOperations;

    @Inject
    CallbackUrls callbackUrls;

    /** The refunds of a payment and what went back of it (the SUCCESS refunds). */
    public record RefundList(PaymentView payment, List<RefundView> refunds, long refundedTotal) {
    }

    /** Without {@code paymentMethod} the payment is the merchant's one with this orderRef at either company. */
    public RefundView create(String merchant, CreateRefund c) {
        PaymentRules.checkRefund(c);
        PaymentView payment = payment(merchant, PaymentRules.methodsToSearch("paymentMethod", c.paymentMethod()), "paymentMethod",
                c.orderRef());
        CompanyPort company = companies.port(payment.paymentMethod(), FAILURE);
        CompanyAccount account = accounts.account(merchant, payment.paymentMethod());
        if (TradeState.valueOf(payment.tradeState()).isOpen()) {
            // Paid at the company but not yet seen paid here: ask before refusing.
            try {
                payment = paymentOperations.refreshed(payment);
            } catch (BusinessException companyFailed) {
                LOG.fine(() -> "Payment not refreshed before a refund: " + companyFailed.getMessage());
            }
        }
        RefundLedger.Opened opened;
        try {
            opened = ledger.open(payment.id(), c);
        } catch (AlreadyStoredException concurrent) {
            // The same refundRef stored meanwhile by a concurrent request (the unique constraint): decide again.
            opened = ledger.open(payment.id(), c);
        }
        RefundView r = opened.refund();
        if (opened.fresh()) {
            return send(company, account, payment, r);
        }
        return switch (RefundSendRules.onIdenticalRefund(r.state())) {
            case IN_PROGRESS -> throw new InProgressException("refundRef", "refund " + c.refundRef()
                    + " is in progress at the company; send the same request again shortly", Payments.RETRY_IN_PROGRESS_AFTER_SECONDS);
            case TAKE_OVER -> ledger.takeOver(r.id()) ? resolveOrSend(company, account, payment, r) : ledger.get(r.id());
            case STORED -> r;
        };
    }

    /** One refund of a payment, refreshed from the company while it is not final; {@code paymentMethod} as for {@link #list}. */
    public RefundView query(String merchant, String paymentMethod, String orderRef, String refundRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentRules.requireRefundRef("refund_ref", refundRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        RefundView r = ledger.find(payment.id(), refundRef)
                .orElseThrow(() -> new UnknownResourceException("no refund " + refundRef + " of payment " + orderRef));
        return refresh(payment, r, true);
    }

    /**
     * Every refund of a payment, those not final refreshed from the company as far as it answers.
     * Without {@code paymentMethod} the payment is the merchant's one with this orderRef at either company.
     */
    public RefundList list(String merchant, String paymentMethod, String orderRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        List<RefundView> refunds = ledger.of(payment.id()).stream().map(r -> refresh(payment, r, false)).toList();
        long refunded = refunds.stream().filter(r -> r.state() == RefundState.SUCCESS).mapToLong(RefundView::amount).sum();
        return new RefundList(payment, refunds, refunded);
    }

    /**
     * Resolves a refund with no final outcome, with no client involved (the scheduled
     * {@link Reconciliation}): a refund left SENDING since before {@code sendingBefore} lost its
     * sender and becomes UNKNOWN; then the company is asked, and an unknown refund it does not have
     * is sent again. Throws like a query when the company cannot be reached.
     */
    public RefundView reconcile(RefundView candidate, OffsetDateTime sendingBefore) {
        ledger.abandoned(candidate.id(), sendingBefore, "the broker stopped before the company answered");
        RefundView r = ledger.get(candidate.id());
        PaymentView payment = payments.find(r.merchant(), r.paymentMethod(), r.orderRef()).orElseThrow();
        if (r.state().isUnresolved() && ledger.takeOver(r.id())) {
            return resolveOrSend(companies.port(r.paymentMethod(), FAILURE), accounts.account(r.merchant(), r.paymentMethod()), payment, r);
        }
        return refresh(payment, r, true);
    }

    /**
     * A refund taken over (SENDING again, by this caller only) after an unknown outcome: the
     * company is asked for it first and it is sent again only if the company has none.
     */
    private RefundView resolveOrSend(CompanyPort company, CompanyAccount account, PaymentView payment, RefundView r) {
        Exchanges log = new Exchanges();
        CompanyOutcome<Optional<RefundStatus>> asked = company.queryRefund(account, request(payment, r), log);
        if (RefundSendRules.afterTakeOverQuery(asked) == RefundSendRules.AfterQuery.SEND) {
            ledger.events(r.id(), log.entries());
            return send(company, account, payment, r);
        }
        // The company has it (its state is taken), or nothing is known (it stays UNKNOWN, nothing is sent).
        return asked.fold(
                found -> ledger.observed(r.id(), found.orElseThrow(), log.entries()),
                refused -> {
                    ledger.unknown(r.id(), refused.text(), log.entries());
                    throw new UpstreamFailureException(FAILURE, refused.text() + STILL_KEPT);
                },
                unanswered -> {
                    ledger.unknown(r.id(), unanswered.reason(), log.entries());
                    throw CompanyFailures.failed(FAILURE, unanswered, STILL_KEPT);
                });
    }

    /** Sends the refund and applies its outcome; anything but an answer is the client's error ({@link CompanyFailures}). */
    private RefundView send(CompanyPort company, CompanyAccount account, PaymentView payment, RefundView r) {
        Exchanges log = new Exchanges();
        return company.refund(account, request(payment, r), log).fold(
                status -> {
                    RefundView done = ledger.observed(r.id(), status, log.entries());
                    LOG.info(() -> "Refund sent: " + r.merchant() + " " + r.paymentMethod() + " " + r.orderRef() + " " + r.refundRef() + " "
                            + r.amount() + " " + r.currency() + " " + done.state());
                    return done;
                },
                refused -> {
                    ledger.refused(r.id(), refused.text(), log.entries());
                    LOG.info(() -> "Refund refused by " + r.paymentMethod() + ": " + r.merchant() + " " + r.orderRef() + " " + r.refundRef()
                            + " " + refused.text());
                    throw CompanyFailures.refused(company::invalidRequest, FAILURE, "the refund", refused.text() + "; the refund is CLOSED");
                },
                unanswered -> {
                    if (unanswered.sent()) {
                        ledger.unknown(r.id(), unanswered.reason(), log.entries());
                    } else {
                        ledger.notSent(r.id(), unanswered.reason(), log.entries());
                    }
                    LOG.warning(() -> "Refund " + (unanswered.sent() ? "outcome unknown: " : "not sent: ") + r.merchant() + " " + r.paymentMethod() + " " + r.orderRef() + " "
                            + r.refundRef() + ": " + unanswered.reason());
                    throw CompanyFailures.failed(FAILURE, unanswered, KEPT);
                });
    }

    /**
     * The stored refund, or the company's newer view of it. {@code strict}: a company failure is the
     * caller's 500 (one refund asked for); otherwise the stored view is answered.
     */
    private RefundView refresh(PaymentView payment, RefundView r, boolean strict) {
        if (r.state() != RefundState.PROCESSING && !r.state().isUnresolved()) {
            return r; // final, or SENDING: its sender is still talking to the company
        }
        CompanyPort company;
        try {
            company = companies.port(r.paymentMethod(), FAILURE);
        } catch (BusinessException notConfigured) {
            if (strict) {
                throw notConfigured;
            }
            return r;
        }
        Exchanges log = new Exchanges();
        Optional<RefundStatus> status = company.queryRefund(accounts.account(r.merchant(), r.paymentMethod()), request(payment, r), log)
                .fold(
                        found -> found,
                        refused -> storedAnswer(r, log, strict, refused.text()),
                        unanswered -> {
                            if (unanswered.saturated()) {
                                // The broker's own limit of calls to the company was reached: what is stored is the
                                // answer (a final state is never refreshed, so it stays final), and the caller is told so.
                                notAsked.because(unanswered.reason());
                                return Optional.empty();
                            }
                            return storedAnswer(r, log, strict, unanswered.reason());
                        });
        if (status.isEmpty() || sameAs(r, status.get())) {
            // Unknown and not at the company: an identical request or the reconciliation sends it again.
            keepEvents(r, log);
            return r;
        }
        return ledger.observed(r.id(), status.get(), log.entries());
    }

    /** A refresh that got nothing usable: the caller's 500 when {@code strict}, otherwise the stored view (one of several). */
    private Optional<RefundStatus> storedAnswer(RefundView r, Exchanges log, boolean strict, String why) {
        if (strict) {
            keepEvents(r, log);
            throw new UpstreamFailureException(FAILURE, why);
        }
        return Optional.empty();
    }

    /** Exchanges that changed nothing are kept only when one went wrong. */
    private void keepEvents(RefundView r, Exchanges log) {
        if (log.anyNotOk()) {
            ledger.events(r.id(), log.entries());
        }
    }

    private static boolean sameAs(RefundView r, RefundStatus s) {
        return s.state() == r.state() && java.util.Objects.equals(s.refundId(), r.refundId())
                && java.util.Objects.equals(s.payerRefund(), r.payerRefund());
    }

    /** The refund as the company gets it: its notify URL is the broker's callback (the merchant's gets the broker's events). */
    private RefundRequest request(PaymentView p, RefundView r) {
        return new RefundRequest(p.orderRef(), p.transactionId(), r.companyRefundNo(), r.amount(), p.actualAmount(), p.currency(),
                p.payerTotal(), p.payerCurrency(), r.reason(), callbackUrls.of(r.paymentMethod(), r.merchant()));
    }

    /** The merchant's payment with this orderRef at one of these companies ({@link PaymentLedger#byReference}); 404 if none. */
    private PaymentView payment(String merchant, List<String> paymentMethods, String methodField, String orderRef) {
        return payments.byReference(merchant, paymentMethods, methodField, orderRef)
                .orElseThrow(() -> PaymentRules.unknownPayment(merchant, paymentMethods, orderRef));
    }
}
