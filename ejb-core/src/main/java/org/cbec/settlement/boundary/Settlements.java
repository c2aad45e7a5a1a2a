package org.cbec.settlement.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.payment.PaymentFormats;
import org.cbec.company.Companies;
import org.cbec.company.CompanyAccount;
import org.cbec.company.CompanyOutcome;
import org.cbec.company.CompanyPort;
import org.cbec.company.HeldMoney;
import org.cbec.company.ReleaseRequest;
import org.cbec.company.SettlementReceiver;
import org.cbec.company.SplitRequest;
import org.cbec.company.SplitStatus;
import org.cbec.settlement.AddReceiver;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RequestOutcome;
import org.cbec.settlement.ReceiverView;
import org.cbec.settlement.ReleaseHeld;
import org.cbec.settlement.SplitPayment;
import org.cbec.settlement.SettlementHolding;
import org.cbec.settlement.SplitView;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.PaymentRules;
import org.cbec.settlement.control.SettlementLedger;
import org.cbec.settlement.control.SettlementRules;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;
import org.cbec.platform.error.AlreadyStoredException;
import org.cbec.platform.error.InProgressException;
import org.cbec.platform.error.UnknownResourceException;
import org.eclipse.microprofile.config.Config;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.boundary.CompanyRequests;
import org.cbec.payment.boundary.Payments;

/**
 * Settlement of held payments: the receivers a merchant registers at a company, the splits of a
 * paid, held payment among them, the release of the rest to the merchant, and their queries. As
 * {@code Refunds}: no transaction spans a company call. A split or release is committed first,
 * with the company's number fixed, then the company is asked, then its answer is stored; a company
 * that fails leaves its outcome UNKNOWN (shown PROCESSING), never lost, and the query, an identical
 * request or the {@code Reconciliation} resolves it: they ask the company for that number and send
 * it again only when the company has none, so a payment is never split twice.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Settlements {

    private static final Logger LOG = Logger.getLogger(Settlements.class.getName());
    public static final String FAILURE = "failure while settling the payment";
    public static final String QUERYING = "failure while querying the settlement";
    /** A company's share unless configured: {@code settlement.max-share-percent.<company>}. */
    static final String MAX_SHARE = "settlement.max-share-percent.";
    /** Held money not split or released after this many days is released by the broker. */
    static final String RELEASE_AFTER_DAYS = "settlement.release-after-days";

    @Inject
    Companies companies;

    @Inject
    Config config;

    @Inject
    CompanyRequests requests;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger payments;

    @EJB
    SettlementLedger ledger;

    @EJB
    Payments paymentOperations;

    /** A payment's settlement as the query without settlement_ref answers it. */
    public record HoldingView(PaymentView payment, SettlementHolding holding) {
    }

    // ---- receivers -------------------------------------------------------------------------

    /** Registers a receiver at the company, then here (its name masked); the same receiver again is the same. */
    public ReceiverView addReceiver(String merchant, AddReceiver a) {
        SettlementRules.checkReceiver(a);
        CompanyPort company = companies.port(a.paymentMethod(), FAILURE);
        CompanyAccount account = accounts.account(merchant, a.paymentMethod());
        Exchanges log = new Exchanges();
        company.addReceiver(account, new SettlementReceiver(a.type(), a.account(), a.name(), a.relationType(), a.customRelation()), log)
                .fold(done -> done, refused -> {
                    throw CompanyFailures.refused(company::invalidRequest, FAILURE, "the receiver", refused.text());
                }, unanswered -> {
                    throw CompanyFailures.failed(FAILURE, unanswered, "; the receiver is not registered, send it again");
                });
        ReceiverView registered;
        try {
            registered = ledger.register(merchant, a);
        } catch (AlreadyStoredException concurrent) {
            registered = ledger.register(merchant, a);
        }
        LOG.info(() -> "Receiver registered: " + merchant + " " + a.paymentMethod() + " " + a.type() + " "
                + PaymentFormats.maskAccount(a.account()) + " " + a.relationType());
        return registered;
    }

    public List<ReceiverView> receivers(String merchant, String paymentMethod) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        if (!accounts.has(merchant, paymentMethod)) {
            throw new org.cbec.platform.error.InvalidRequestException("payment_method", "merchant " + merchant + " has no account at "
                    + paymentMethod);
        }
        return ledger.receivers(merchant, paymentMethod);
    }

    /** Removes a registered receiver at the company and here; 404 when the broker has none with this account. */
    public void deleteReceiver(String merchant, String paymentMethod, String receiverAccount) {
        PaymentRules.requireMethod("payment_method", paymentMethod);
        PaymentRules.requireReceiverAccount("account", receiverAccount);
        String type = ledger.registeredType(merchant, paymentMethod, receiverAccount)
                .orElseThrow(() -> new UnknownResourceException("no receiver " + PaymentFormats.maskAccount(receiverAccount) + " of "
                        + merchant + " at " + paymentMethod));
        CompanyPort company = companies.port(paymentMethod, FAILURE);
        company.deleteReceiver(accounts.account(merchant, paymentMethod), type, receiverAccount, new Exchanges()).fold(done -> done,
                refused -> {
                    throw CompanyFailures.refused(company::invalidRequest, FAILURE, "the removal of the receiver", refused.text());
                }, unanswered -> {
                    throw CompanyFailures.failed(FAILURE, unanswered, "; the receiver is still registered, send it again");
                });
        ledger.unregister(merchant, paymentMethod, receiverAccount);
        LOG.info(() -> "Receiver removed: " + merchant + " " + paymentMethod + " " + PaymentFormats.maskAccount(receiverAccount));
    }

    // ---- splits and releases -----------------------------------------------------------------

    public SplitView split(String merchant, SplitPayment s) {
        SettlementRules.checkSplit(s);
        PaymentView payment = paidPayment(merchant, s.paymentMethod(), s.orderRef());
        int maxShare = maxSharePercent(payment.paymentMethod());
        SettlementLedger.Opened opened = open(() -> ledger.openSplit(payment.id(), s, maxShare));
        return sendOrAnswer(merchant, payment, opened);
    }

    public SplitView release(String merchant, ReleaseHeld r) {
        SettlementRules.checkRelease(r);
        PaymentView payment = paidPayment(merchant, r.paymentMethod(), r.orderRef());
        SettlementLedger.Opened opened = open(() -> ledger.openRelease(payment.id(), r));
        return sendOrAnswer(merchant, payment, opened);
    }

    /** One split or release of a payment, refreshed from the company while it is not final. */
    public SplitView query(String merchant, String paymentMethod, String orderRef, String settlementRef) {
        return refreshed(merchant, paymentMethod, orderRef, settlementRef).answer();
    }

    /** {@link #query}'s outcome as a value: the split or release as stored after asking, and the company's failure if it gave no usable answer. */
    public RequestOutcome<SplitView> refreshed(String merchant, String paymentMethod, String orderRef, String settlementRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentRules.requireSettlementRef("settlement_ref", settlementRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        SplitView s = ledger.find(payment.id(), settlementRef)
                .orElseThrow(() -> new UnknownResourceException("no split or release " + settlementRef + " of payment " + orderRef));
        return requests.refresh(new Sent(payment), s, true);
    }

    /** Every split and release of a payment (those not final refreshed as far as the company answers) and its held money. */
    public HoldingView holding(String merchant, String paymentMethod, String orderRef) {
        List<String> methods = PaymentRules.methodsToSearch("payment_method", paymentMethod);
        PaymentRules.requireOrderRef("order_ref", orderRef);
        PaymentView payment = payment(merchant, methods, "payment_method", orderRef);
        SettlementHolding holding = ledger.holding(payment.id());
        boolean refreshed = false;
        for (SplitView s : holding.splits()) {
            refreshed |= !requests.refresh(new Sent(payment), s, false).answer().equals(s);
        }
        return new HoldingView(payment, refreshed ? ledger.holding(payment.id()) : holding);
    }

    /**
     * One attempt of the money requests' janitor at a split or release without the company's final word
     * ({@link CompanyRequests#reconcile}).
     */
    public RequestOutcome<SplitView> reconcile(SplitView candidate, OffsetDateTime sendingBefore) {
        PaymentView payment = payments.find(candidate.merchant(), candidate.paymentMethod(), candidate.orderRef()).orElseThrow();
        return requests.reconcile(new Sent(payment), candidate, sendingBefore);
    }

    /** Paid, held payments whose holding days are over and that nothing released yet (the {@code Reconciliation}'s list). */
    public List<Long> heldTooLong(OffsetDateTime now, int limit) {
        return ledger.heldSince(now.minusDays(releaseAfterDays()), limit);
    }

    /**
     * Releases a payment held longer than its days: the company is asked what it still holds; when
     * it holds nothing it released the money on its own, which is recorded (and announced) as a
     * release by the company; otherwise the broker releases it.
     */
    public Optional<SplitView> releaseHeldTooLong(long paymentId) {
        PaymentView payment = payments.get(paymentId);
        try {
            return releaseHeld(payment);
        } catch (RuntimeException failed) {
            // A refused release is not taken again by the reconciliation (heldSince); one without an answer is resolved as any.
            LOG.warning(() -> "Held money not released: " + payment.merchant() + " " + payment.paymentMethod() + " "
                    + payment.orderRef() + ": " + failed.getMessage());
            return Optional.empty();
        }
    }

    private Optional<SplitView> releaseHeld(PaymentView payment) {
        Optional<HeldMoney> held = heldAtCompany(payment).flatMap(asked -> asked.fold(Optional::of, refused -> Optional.empty(),
                unanswered -> Optional.empty()));
        if (held.isEmpty()) {
            return Optional.empty();
        }
        if (held.get().unsplitAmount() == 0) {
            return releasedByCompany(payment);
        }
        ReleaseHeld r = new ReleaseHeld(payment.paymentMethod(), payment.orderRef(),
                "auto-release-" + payment.paymentMethod() + "-" + payment.orderRef(), "released after the holding days");
        return Optional.of(release(payment.merchant(), r));
    }

    /**
     * After the company refused a release ({@link SettlementLedger#refusedReleasesToCheck}): the
     * company is asked once what it still holds of the payment. Holding none, it released the money
     * on its own (a company refuses a release of what it already released), which is recorded (and
     * announced) as its release; holding some, the refusal stands and a later release can be
     * asked for. No answer (or no URL for the company on this server): asked again at the next run.
     */
    public Optional<SplitView> afterRefusedRelease(long releaseId) {
        SplitView refusedRelease = ledger.get(releaseId);
        PaymentView payment = payments.find(refusedRelease.merchant(), refusedRelease.paymentMethod(), refusedRelease.orderRef())
                .orElseThrow();
        Optional<CompanyOutcome<HeldMoney>> asked = heldAtCompany(payment);
        if (asked.isEmpty()) {
            return Optional.empty();
        }
        return asked.get().fold(
                held -> {
                    ledger.heldChecked(releaseId);
                    return held.unsplitAmount() == 0 ? releasedByCompany(payment) : Optional.<SplitView>empty();
                },
                refused -> {
                    ledger.heldChecked(releaseId);
                    return Optional.empty();
                },
                unanswered -> Optional.empty());
    }

    /**
     * What the company still holds of the payment; empty when this server cannot ask it (no URL for
     * the company here: a node configured for it will).
     */
    private Optional<CompanyOutcome<HeldMoney>> heldAtCompany(PaymentView payment) {
        return companies.configured(payment.paymentMethod()).map(company -> company.heldMoney(
                accounts.account(payment.merchant(), payment.paymentMethod()), payment.orderRef(), payment.transactionId(), new Exchanges()));
    }

    private Optional<SplitView> releasedByCompany(PaymentView payment) {
        return ledger.releasedByCompany(payment.id(), "released-by-" + payment.paymentMethod() + "-" + payment.orderRef());
    }

    private SettlementLedger.Opened open(java.util.function.Supplier<SettlementLedger.Opened> open) {
        try {
            return open.get();
        } catch (AlreadyStoredException concurrent) {
            // The same settlementRef stored meanwhile by a concurrent request (the unique constraint): decide again.
            return open.get();
        }
    }

    private SplitView sendOrAnswer(String merchant, PaymentView payment, SettlementLedger.Opened opened) {
        SplitView s = opened.split();
        if (opened.fresh() || s.state() == SettlementState.UNKNOWN) {
            // Sent now, or an identical request of one without the company's word carried on (asked for first when it may be at the company).
            return requests.send(new Sent(payment), s).answer();
        }
        if (s.state() == SettlementState.REFUSED) {
            throw CompanyFailures.refused(companies.port(payment.paymentMethod(), FAILURE)::invalidRequest, FAILURE, what(s),
                    s.stateDesc() == null ? null : s.stateDesc().replaceFirst("^refused by the company: ", ""));
        }
        // The identical request answers what is stored, without asking the company (a query with its settlement_ref asks).
        return s;
    }

    /** Splits and releases as {@link CompanyRequests} sends them: the company's split, release and split query, and the ledger. */
    private final class Sent extends CompanyRequests.Kind<SplitView, SplitStatus> {

        private final PaymentView payment;

        Sent(PaymentView payment) {
            super(FAILURE, QUERYING, "Settlement", ledger);
            this.payment = payment;
        }
        @Override
        public String what(SplitView s) {
            return Settlements.what(s);
        }

        @Override
        public String describe(SplitView s) {
            return s.merchant() + " " + s.paymentMethod() + " " + s.orderRef() + " " + s.kind() + " " + s.settlementRef() + " " + s.amount();
        }

        @Override
        public boolean pending(SplitView s) {
            return s.state() == SettlementState.UNKNOWN;
        }

        @Override
        public boolean refreshable(SplitView s) {
            return s.state().isOpen();
        }

        @Override
        public RequestOutcome<SplitView> whileHeld(SplitView s) {
            return RequestOutcome.failed(s, new InProgressException("settlementRef", (s.kind() == Settlement.Kind.RELEASE ? "release "
                    : "split ") + s.settlementRef() + " is in progress at the company; send the same request again shortly",
                    Payments.RETRY_IN_PROGRESS_AFTER_SECONDS));
        }

        @Override
        public CompanyOutcome<SplitStatus> send(CompanyPort company, CompanyAccount account, SplitView s, Exchanges log) {
            return s.kind() == Settlement.Kind.RELEASE
                    ? company.release(account, new ReleaseRequest(payment.orderRef(), payment.transactionId(), s.companyNo(), s.description()),
                            log)
                    : company.split(account, new SplitRequest(payment.orderRef(), payment.transactionId(), s.companyNo(),
                            s.parts().stream().map(p -> new SplitRequest.Part(p.type(), p.account(), p.amount(), p.description())).toList(),
                            s.finish()), log);
        }

        @Override
        public CompanyOutcome<Optional<SplitStatus>> query(CompanyPort company, CompanyAccount account, SplitView s, Exchanges log) {
            return company.querySplit(account, payment.orderRef(), payment.transactionId(), s.companyNo(), log);
        }

        @Override
        public String state(SplitView s) {
            return s.state().name();
        }

    }

    private static String what(SplitView s) {
        return s.kind() == Settlement.Kind.RELEASE ? "the release" : "the split";
    }

    /** The payment to split or release, refreshed from the company while it is not final (paid there, not yet seen paid here). */
    private PaymentView paidPayment(String merchant, String paymentMethod, String orderRef) {
        PaymentView payment = payment(merchant, PaymentRules.methodsToSearch("paymentMethod", paymentMethod), "paymentMethod", orderRef);
        if (payment.tradeState().isOpen()) {
            RequestOutcome<PaymentView> refreshed = paymentOperations.refreshed(payment);
            refreshed.problem().ifPresent(why -> LOG.fine(() -> "Payment not refreshed before a split: " + why));
            return refreshed.view();
        }
        return payment;
    }

    private PaymentView payment(String merchant, List<String> paymentMethods, String methodField, String orderRef) {
        return payments.byReference(merchant, paymentMethods, methodField, orderRef)
                .orElseThrow(() -> PaymentRules.unknownPayment(merchant, paymentMethods, orderRef));
    }

    private int maxSharePercent(String paymentMethod) {
        return config.getOptionalValue(MAX_SHARE + paymentMethod, Integer.class).orElse(SettlementRules.DEFAULT_MAX_SHARE_PERCENT);
    }

    private int releaseAfterDays() {
        return config.getOptionalValue(RELEASE_AFTER_DAYS, Integer.class).orElse(30);
    }
}
