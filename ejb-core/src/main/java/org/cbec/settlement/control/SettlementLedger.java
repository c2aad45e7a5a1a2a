package org.cbec.settlement.control;

import jakarta.ejb.LocalBean;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.cbec.payment.PaymentFormats;
import org.cbec.company.SplitStatus;
import org.cbec.settlement.AddReceiver;
import org.cbec.settlement.ReceiverView;
import org.cbec.settlement.ReleaseHeld;
import org.cbec.settlement.SplitPayment;
import org.cbec.settlement.SplitShare;
import org.cbec.settlement.SettlementHolding;
import org.cbec.settlement.SplitView;
import org.cbec.payment.entity.PartResult;
import org.cbec.payment.entity.BalanceEntry;
import org.cbec.payment.entity.Payment;
import org.cbec.payment.entity.ReceiverRegistration;
import org.cbec.payment.entity.Refund;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementEvent;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.entity.SplitPart;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.persistence.Inserts;
import org.cbec.webhook.control.Outbox;
import org.cbec.payment.control.BalanceEntries;
import org.cbec.payment.control.EventData;
import org.cbec.payment.control.Exchanges;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.SentLedger;
import org.cbec.payment.control.HeldRefunds;

/**
 * The settlement records. As {@code RefundLedger}: every method commits on its own, so a split or
 * release (the intent) is stored before the company is asked and its outcome, with the exchanges
 * that brought it, after. A new split or release is decided under the payment's row lock, which
 * refunds take too: concurrent splits and refunds of one payment take turns there, each seeing the
 * others, so the splits never pass the maximum share nor what is held.
 */
@Stateless
@LocalBean
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class SettlementLedger implements SentLedger<SplitView, SplitStatus> {

    private static final java.util.logging.Logger LOG = java.util.logging.Logger.getLogger(SettlementLedger.class.getName());

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    /** The split or release a request asks for: stored now ({@code fresh}), or the one it repeats. */
    public record Opened(SplitView split, boolean fresh) {
    }

    // ---- receivers -------------------------------------------------------------------------

    /** Stores a receiver the company registered (again: its fields are replaced), its name masked. */
    public ReceiverView register(String merchant, AddReceiver a) {
        String masked = PaymentFormats.maskName(a.name());
        Optional<ReceiverRegistration> old = registration(merchant, a.paymentMethod(), a.account());
        old.ifPresent(em::remove);
        if (old.isPresent()) {
            em.flush();
        }
        ReceiverRegistration r = new ReceiverRegistration(merchant, a.paymentMethod(), a.type(), a.account(), masked, a.relationType(),
                a.customRelation(), now());
        Inserts.insert(em, r, "receiver " + PaymentFormats.maskAccount(a.account()));
        return view(r);
    }

    /** Removes a receiver; whether the broker had it. */
    public boolean unregister(String merchant, String paymentMethod, String account) {
        Optional<ReceiverRegistration> r = registration(merchant, paymentMethod, account);
        r.ifPresent(em::remove);
        return r.isPresent();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<ReceiverView> receivers(String merchant, String paymentMethod) {
        return em.createNamedQuery(ReceiverRegistration.OF_MERCHANT, ReceiverRegistration.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).getResultStream().map(SettlementLedger::view).toList();
    }

    /** The type the receiver with this account was registered with, if it was. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<String> registeredType(String merchant, String paymentMethod, String account) {
        return registration(merchant, paymentMethod, account).map(ReceiverRegistration::getType);
    }

    // ---- splits and releases ---------------------------------------------------------------

    /** Stores a new split in state UNKNOWN, or finds the one this request repeats; a refusal rolls back and leaves nothing. */
    public Opened openSplit(long paymentId, SplitPayment s, int maxSharePercent) {
        Payment p = em.find(Payment.class, paymentId, LockModeType.PESSIMISTIC_WRITE);
        List<SplitView> splits = views(p);
        refuseElsewhere(p, s.settlementRef());
        Map<String, String> registered = new LinkedHashMap<>();
        for (SplitShare share : s.receivers()) {
            registration(p.getMerchant(), p.getPaymentMethod(), share.account()).ifPresent(r -> registered.put(r.getAccount(), r.getType()));
        }
        SettlementRules.Decision d = SettlementRules.decideSplit(held(p), splits, s, registered, maxSharePercent);
        if (d.repeated().isPresent()) {
            return new Opened(d.repeated().get(), false);
        }
        List<SplitPart> parts = s.receivers().stream()
                .map(share -> new SplitPart(registered.get(share.account()), share.account(), share.amount(), share.description())).toList();
        long total = s.receivers().stream().mapToLong(SplitShare::amount).sum();
        Settlement row = new Settlement(paymentId, p.getMerchant(), d.seq(), Settlement.Kind.SPLIT, s.settlementRef(),
                SettlementRules.companyNo(p.getOrderRef(), d.seq()), s.finishes(), null, total, false, parts, now());
        Inserts.insert(em, row, "settlement " + s.settlementRef());
        BalanceEntries.splitAsked(em, p, row);
        return new Opened(view(p, row), true);
    }

    /** Stores a new release of what is still held, in state UNKNOWN, or finds the one this request repeats. */
    public Opened openRelease(long paymentId, ReleaseHeld r) {
        Payment p = em.find(Payment.class, paymentId, LockModeType.PESSIMISTIC_WRITE);
        List<SplitView> splits = views(p);
        refuseElsewhere(p, r.settlementRef());
        SettlementRules.Decision d = SettlementRules.decideRelease(held(p), splits, r);
        if (d.repeated().isPresent()) {
            return new Opened(d.repeated().get(), false);
        }
        Settlement row = new Settlement(paymentId, p.getMerchant(), d.seq(), Settlement.Kind.RELEASE, r.settlementRef(),
                SettlementRules.companyNo(p.getOrderRef(), d.seq()), false, r.description(), SettlementRules.heldAmount(held(p), splits),
                false, List.of(), now());
        Inserts.insert(em, row, "settlement " + r.settlementRef());
        return new Opened(view(p, row), true);
    }

    /**
     * Records a release the company made on its own (its held money found to be nothing while the
     * broker still counted some, with no split open), FINISHED at once and announced; empty when
     * meanwhile the payment was released or something moved.
     */
    public Optional<SplitView> releasedByCompany(long paymentId, String settlementRef) {
        Payment p = em.find(Payment.class, paymentId, LockModeType.PESSIMISTIC_WRITE);
        List<SplitView> splits = views(p);
        long held = SettlementRules.heldAmount(held(p), splits);
        if (held == 0 || splits.stream().anyMatch(s -> s.state().isOpen())) {
            return Optional.empty();
        }
        int seq = splits.size() + 1;
        Settlement row = new Settlement(paymentId, p.getMerchant(), seq, Settlement.Kind.RELEASE, settlementRef,
                SettlementRules.companyNo(p.getOrderRef(), seq), false, "released by the company after its holding days", held, true,
                List.of(), now());
        Inserts.insert(em, row, "settlement " + settlementRef);
        return Optional.of(applied(p, row, row.observed(SettlementState.FINISHED, null, List.of(), now())));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<SplitView> find(long paymentId, String settlementRef) {
        Payment p = em.find(Payment.class, paymentId);
        return rows(paymentId).stream().filter(s -> s.getSettlementRef().equals(settlementRef)).findFirst().map(s -> view(p, s));
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SplitView get(long id) {
        Settlement s = em.find(Settlement.class, id);
        return view(em.find(Payment.class, s.getPaymentId()), s);
    }

    /** The payment's settlement: its splits and releases in order, and its held money. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public SettlementHolding holding(long paymentId) {
        Payment p = em.find(Payment.class, paymentId);
        List<SplitView> splits = views(p);
        return new SettlementHolding(splits, SettlementRules.heldAmount(held(p), splits), SettlementRules.splitTotal(splits),
                EventData.subsidyAmount(p.getRequestJson()), SettlementRules.released(splits), p.isHeldForSettlement());
    }

    /** What a held payment's splits that are not CLOSED take (refunds must leave it held). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long splitTotal(long paymentId) {
        return SettlementRules.splitTotal(views(em.find(Payment.class, paymentId)));
    }

    /** The company's view of a split or release, with the exchanges that brought it. */
    @Override
    public SplitView observed(long id, SplitStatus status, List<Exchanges.Entry> events) {
        Settlement s = em.find(Settlement.class, id);
        Payment p = lockedBefore(s);
        SettlementState reported = status.state() == SplitStatus.State.FINISHED ? SettlementState.FINISHED : SettlementState.PROCESSING;
        List<Settlement.PartReport> reports = status.parts().stream().map(part -> new Settlement.PartReport(part.account(),
                PartResult.valueOf(part.result().name()), part.failReason(), part.finishTime())).toList();
        Settlement.Moved moved = s.observed(reported, status.splitId(), reports, now());
        PaymentLedger.persistEvents(em, s.getPaymentId(), events);
        return applied(p, s, moved);
    }

    /** The company refused it: nothing moved; a split's parts are CLOSED and no longer count. */
    @Override
    public SplitView refused(long id, String reason, List<Exchanges.Entry> events) {
        Settlement s = em.find(Settlement.class, id);
        Payment p = lockedBefore(s);
        Settlement.Moved moved = s.getState().allows(SettlementEvent.REFUSED) ? s.refused(reason, now())
                : new Settlement.Moved(Set.of(), Map.of());
        PaymentLedger.persistEvents(em, s.getPaymentId(), events);
        return applied(p, s, moved);
    }

    /**
     * Locks the split's or release's payment, then the settlement itself (re-read under its lock):
     * the order of every writer of a payment's money (docs/decisions.md), so that a part closing
     * chooses the bucket its money comes back to (HELD, or AVAILABLE once released) while no
     * release of the payment can finish, and a release takes what is held while no part closes.
     */
    private Payment lockedBefore(Settlement s) {
        Payment p = em.find(Payment.class, s.getPaymentId(), LockModeType.PESSIMISTIC_WRITE);
        em.refresh(s, LockModeType.PESSIMISTIC_WRITE);
        return p;
    }

    /** Exchanges that changed nothing but are kept (they went wrong). */
    @Override
    public void events(long id, List<Exchanges.Entry> events) {
        PaymentLedger.persistEvents(em, em.find(Settlement.class, id).getPaymentId(), events);
    }

    /**
     * Paid, held payments paid before {@code paidBefore} that no release has reached (nor been
     * refused for: a refused release is not sent again by itself) and no split is still open for
     * (its parts take from the held money until the company finishes them): the broker releases
     * them. Native SQL:
     * one statement with its NOT EXISTS, on the flag and the states as the schema has them.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> heldSince(OffsetDateTime paidBefore, int limit) {
        List<?> ids = em.createNativeQuery("SELECT p.id FROM payment p WHERE p.held_for_settlement = TRUE AND p.trade_state = 'SUCCESS'"
                + " AND p.paid_at < ? AND NOT EXISTS (SELECT 1 FROM settlement s WHERE s.payment_id = p.id AND (s.kind = 'RELEASE'"
                + " OR s.finish = TRUE AND s.state <> 'REFUSED' OR s.kind = 'SPLIT' AND s.state NOT IN ('FINISHED', 'REFUSED')))"
                + " ORDER BY p.paid_at").setParameter(1, paidBefore).setMaxResults(limit)
                .getResultList();
        return ids.stream().map(id -> ((Number) id).longValue()).toList();
    }

    /**
     * Releases the company refused, since before {@code before}, whose payment still counts held
     * money and was not released since: the company is asked once what it still holds of each
     * ({@link #heldChecked}), oldest first.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> refusedReleasesToCheck(OffsetDateTime before, int limit) {
        List<?> ids = em.createNativeQuery("SELECT s.id FROM settlement s JOIN payment p ON p.id = s.payment_id WHERE s.kind = 'RELEASE'"
                + " AND s.state = 'REFUSED' AND s.held_checked_at IS NULL AND s.updated_at < ? AND p.held_for_settlement = TRUE"
                + " AND NOT EXISTS (SELECT 1 FROM settlement r WHERE r.payment_id = p.id AND r.state <> 'REFUSED'"
                + " AND (r.kind = 'RELEASE' OR r.finish = TRUE)) ORDER BY s.updated_at, s.id").setParameter(1, before).setMaxResults(limit)
                .getResultList();
        return ids.stream().map(id -> ((Number) id).longValue()).toList();
    }

    /** The company answered what it still holds after refusing this release: it is not asked again. */
    public void heldChecked(long id) {
        em.find(Settlement.class, id, LockModeType.PESSIMISTIC_WRITE).heldChecked(now());
    }

    /**
     * The view after a move, with the effects of what it entered made in the same transaction, under
     * the payment's row lock (which refunds and parts closing take too): each part closed now comes
     * back to the payment ({@link PartResult.Effect}), then a finished release or finishing split
     * releases what is still held ({@link SettlementState.Effect}); then the merchant's events.
     */
    private SplitView applied(Payment p, Settlement s, Settlement.Moved moved) {
        BalanceEntries.partsClosed(em, p, s, moved.partsWith(PartResult.Effect.BOOK_BACK));
        boolean finishes = s.getKind() == Settlement.Kind.RELEASE || s.isFinish();
        if (moved.effects().contains(SettlementState.Effect.RELEASE) && finishes) {
            BalanceEntries.released(em, p, s);
        }
        SplitView after = view(p, s);
        for (String type : SettlementEventData.settlementTypes(after, !moved.partsWith(PartResult.Effect.ANNOUNCE).isEmpty(),
                moved.effects().contains(SettlementState.Effect.ANNOUNCE))) {
            Outbox.add(em, p.getMerchant(), p.getId(), null, type, SettlementEventData.settlement(after), EventData.notifyUrl(p.getRequestJson()),
                    now());
        }
        return after;
    }

    private void refuseElsewhere(Payment p, String settlementRef) {
        boolean elsewhere = em.createNamedQuery(Settlement.BY_REF, Settlement.class).setParameter("merchant", p.getMerchant())
                .setParameter("ref", settlementRef).getResultStream().anyMatch(s -> s.getPaymentId() != p.getId());
        if (elsewhere) {
            throw new InvalidRequestException("settlementRef", "settlementRef " + settlementRef
                    + " is already a split or release of another payment");
        }
    }

    private SettlementRules.Held held(Payment p) {
        List<Refund> rows = em.createNamedQuery(Refund.BY_PAYMENT, Refund.class).setParameter("paymentId", p.getId()).getResultList();
        List<HeldRefunds.Held> refunds = rows.stream().map(r -> new HeldRefunds.Held(r.getRefundRef(), r.getAmount(), r.getState(),
                r.getPayerRefund(), r.getPayerCurrency())).toList();
        long feeGivenBack = rows.stream().filter(r -> r.getState() != RefundState.CLOSED && r.getFee() != null).mapToLong(Refund::getFee).sum();
        return new SettlementRules.Held(p.getOrderRef(), p.getTradeState(), p.isHeldForSettlement(), p.getActualAmount(),
                HeldRefunds.held(refunds), (p.getFee() == null ? 0 : p.getFee()) - feeGivenBack);
    }

    private Optional<ReceiverRegistration> registration(String merchant, String paymentMethod, String account) {
        return em.createNamedQuery(ReceiverRegistration.BY_ACCOUNT, ReceiverRegistration.class).setParameter("merchant", merchant)
                .setParameter("method", paymentMethod).setParameter("account", account).getResultStream().findFirst();
    }

    private List<Settlement> rows(long paymentId) {
        return em.createNamedQuery(Settlement.OF_PAYMENT, Settlement.class).setParameter("paymentId", paymentId).getResultList();
    }

    private List<SplitView> views(Payment p) {
        return rows(p.getId()).stream().map(s -> view(p, s)).toList();
    }

    private static ReceiverView view(ReceiverRegistration r) {
        return new ReceiverView(r.getPaymentMethod(), r.getType(), PaymentFormats.maskAccount(r.getAccount()), r.getNameMasked(),
                r.getRelationType(), r.getCustomRelation());
    }

    private SplitView view(Payment p, Settlement s) {
        return new SplitView(s.getId(), s.getPaymentId(), s.getMerchant(), p.getPaymentMethod(), p.getOrderRef(), s.getSettlementRef(),
                s.getCompanyNo(), s.getSettlementId(), s.getKind(), s.getState(), s.getStateDesc(), s.isFinish(), s.getDescription(),
                s.getAmount(), s.isByCompany(), s.getParts().stream().map(part -> new SplitView.PartView(part.getType(), part.getAccount(),
                        part.getAmount(), part.getDescription(), part.getResult(), part.getFailReason(), part.getFinishedAt())).toList(),
                s.getCreatedAt(), s.getFinishedAt(), released(s));
    }

    /** What a finished release or finishing split released (its RELEASE entry; 0 when nothing was left); null otherwise. */
    private Long released(Settlement s) {
        if (s.getState() != SettlementState.FINISHED || s.getKind() != Settlement.Kind.RELEASE && !s.isFinish()) {
            return null;
        }
        return em.createNamedQuery(BalanceEntry.OF_SOURCE, BalanceEntry.class).setParameter("kind", BalanceEntry.Kind.RELEASE)
                .setParameter("sourceId", s.getId()).getResultStream().findFirst().map(BalanceEntry::getAmount).orElse(0L);
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
