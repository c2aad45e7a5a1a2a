package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.sandbox.books.SettlementRules.Holding;
import org.cbec.sandbox.books.SettlementRules.PartNow;
import org.cbec.sandbox.books.SettlementRules.Refused;
import org.cbec.sandbox.crypto.Hashes;
import org.cbec.sandbox.entity.Account;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.CompanyRefund;
import org.cbec.sandbox.entity.SettlementReceiver;
import org.cbec.sandbox.entity.Split;
import org.cbec.sandbox.entity.SplitPart;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A company's holding of paid money for settlement, as both wallet companies do it: the money of an
 * order created to be held ({@code CompanyOrder.heldForSettlement}) stays at the company once paid,
 * until it is split to the account's registered receivers (at most the company's maximum share of
 * what was paid, 30% by default, never more than is still held; at most 50 receivers per split),
 * released to the merchant (WeChat's unfreeze, Alipay's settle with royalty_finish), or released by
 * the company on its own after its days. A split is asynchronous: its parts are PENDING until the
 * sandbox's settlement delay has passed, then SUCCESS, or CLOSED with a reason when a test arranged
 * that receiver's failure (the money comes back to the held money). Every change locks the order's
 * row first, as {@link Books} does, so that concurrent splits, releases and refunds of one order
 * are applied one after the other. The protocol layers ({@code alphapay}, {@code betapay}) read
 * their wire formats and call this; it knows none of them. The arithmetic and the refusals are
 * {@link SettlementRules}'.
 *
 * <p>A split with {@code finish} releases the rest in the same record: its parts are the receivers'
 * and, last, a part to the merchant itself (type {@code MERCHANT}, SUCCESS at once) of what was
 * still held, as WeChat lists the unfreeze in the split order it finished. A receiver's name is
 * kept as a hash and a mask of its first character (see {@link ReceiverView}); it is never logged.
 */
@Stateless
public class Settlements {

    private static final Logger LOG = Logger.getLogger(Settlements.class.getName());

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    /** The most that an order's splits (parts not CLOSED) may add up to, in percent of what was paid. */
    @Inject
    @ConfigProperty(name = "sandbox.settlement.max-share-percent", defaultValue = "30")
    int maxSharePercent;

    /** How long a receiver's part stays PENDING before it reaches its outcome. */
    @Inject
    @ConfigProperty(name = "sandbox.settlement.delay-ms", defaultValue = "2000")
    long settlementDelayMs;

    /** After how many days since it was paid the company releases an order's held money on its own. */
    @Inject
    @ConfigProperty(name = "sandbox.settlement.unfreeze-after-days", defaultValue = "30")
    int unfreezeAfterDays;

    /** Read as {@link Books} reads it: an alphapay refund's outcome counts once its delay has passed. */
    @Inject
    @ConfigProperty(name = "sandbox.refund.delay-ms", defaultValue = "2000")
    long refundDelayMs;

    /** Why the company said no; each protocol maps it to its own code. */
    public enum Refusal {
        ORDER_NOT_EXIST,
        /** Not paid, or paid but not held for settlement. */
        ORDER_NOT_HELD,
        /** Everything was released: no further split. */
        ALREADY_RELEASED,
        /** A part's receiver is not registered for this account at this company. */
        RECEIVER_NOT_REGISTERED,
        /** The split would pass the maximum share of what was paid. */
        SHARE_EXCEEDED,
        /** The split would take more than is still held. */
        NOT_ENOUGH_HELD,
        /** The split number was used with another body, or for another order. */
        SPLIT_CONFLICT,
        /** Too many receivers in one split, or too many splits of one order. */
        TOO_MANY,
        INVALID_REQUEST
    }

    /** A receiver as registered: {@code name} in clear as the protocol decrypted it (null when not given). */
    public record ReceiverTerms(String type, String account, String name, String relationType, String customRelation) {
    }

    /**
     * A receiver as the company keeps it. {@code name} is the mask of the registered name (its first
     * character and {@code *}; null when none was given): the company keeps no clear text of it.
     */
    public record ReceiverView(String type, String account, String name, String relationType, String customRelation,
            OffsetDateTime addedAt) {
    }

    /** A receiver added (or found again, {@code repeated}), or a refusal with its reason. */
    public record ReceiverOutcome(ReceiverView receiver, boolean repeated, Refusal refusal, String reason) {
    }

    public record PartTerms(String type, String account, long amount, String description) {
    }

    /**
     * A split the protocol asks for: the order by the merchant's out_trade_no ({@code orderRef}) or,
     * when that is null, by the company's {@code transactionId}; {@code finish}: release the rest
     * after it.
     */
    public record SplitTerms(String orderRef, String transactionId, String splitNo, List<PartTerms> parts, boolean finish) {
    }

    /** A part as of now: {@code result} PENDING, SUCCESS or CLOSED; {@code failReason} only when CLOSED. */
    public record PartView(String type, String account, long amount, String description, String result, String failReason,
            OffsetDateTime finishedAt) {
    }

    /**
     * A split or a release as of now: {@code kind} SPLIT or RELEASE; {@code state} PROCESSING while a
     * part is PENDING, else FINISHED; a release has one part, to the merchant itself (type
     * {@code MERCHANT}, its company merchant id), of what was released; {@code byCompany}: a release
     * the company made on its own after its days.
     */
    public record SplitView(String orderRef, String transactionId, String splitNo, String splitId, String kind, String state,
            List<PartView> parts, boolean byCompany, OffsetDateTime createdAt) {
    }

    /** A split or release made (or found again, {@code repeated}), or a refusal with its reason. */
    public record SplitOutcome(SplitView split, boolean repeated, Refusal refusal, String reason) {
    }

    /** What an order holds now: paid, refunded (not CLOSED), split (parts not CLOSED), still held, and whether it was released. */
    public record HeldView(String orderRef, String transactionId, long paid, long refunded, long split, long unsplit,
            boolean released, long fee) {
    }

    /** An order's settlement as the admin view shows it: its holding and its splits and releases, oldest first. */
    public record Settlement(HeldView held, List<SplitView> splits) {
    }

    // ---- receivers -----------------------------------------------------------------------------

    /**
     * Registers a receiver for the account, or finds it again (same type and account; the latest
     * add's name and relation are kept). Two identical adds at once: the second insert fails on the
     * constraint, and the caller's retry finds the first.
     */
    public ReceiverOutcome addReceiver(Party party, ReceiverTerms terms) {
        if (blank(terms.type()) || blank(terms.account())) {
            return new ReceiverOutcome(null, false, Refusal.INVALID_REQUEST, "a receiver needs its type and account");
        }
        if ("CUSTOM".equals(terms.relationType()) && blank(terms.customRelation())) {
            return new ReceiverOutcome(null, false, Refusal.INVALID_REQUEST, "a CUSTOM relation needs its custom relation");
        }
        Optional<SettlementReceiver> existing = receiver(party.accountId(), terms.type(), terms.account());
        SettlementReceiver r = existing.orElseGet(() -> new SettlementReceiver(party.accountId(), terms.type(), terms.account(),
                Companies.now()));
        r.register(terms.name() == null ? null : Hashes.sha256Hex(Identity.normalise(terms.name())),
                SettlementRules.mask(terms.name()), terms.relationType(), terms.customRelation());
        if (existing.isEmpty()) {
            em.persist(r);
            em.flush();
            LOG.info(() -> String.format("%s receiver added: account %s, %s %s", party.paymentMethod(), party.companyMerchantId(),
                    terms.type(), terms.account()));
        }
        return new ReceiverOutcome(view(r), existing.isPresent(), null, null);
    }

    /** Whether the account had the receiver (it has not any more). */
    public boolean deleteReceiver(Party party, String type, String account) {
        Optional<SettlementReceiver> r = receiver(party.accountId(), type, account);
        r.ifPresent(x -> {
            em.remove(x);
            LOG.info(() -> String.format("%s receiver deleted: account %s, %s %s", party.paymentMethod(), party.companyMerchantId(),
                    type, account));
        });
        return r.isPresent();
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<ReceiverView> receivers(long accountId) {
        return em.createNamedQuery(SettlementReceiver.OF_ACCOUNT, SettlementReceiver.class).setParameter("accountId", accountId)
                .getResultStream().map(Settlements::view).toList();
    }

    /**
     * Test helper: the parts made from now on to the account's receivers with this receiver account
     * (of any type) end CLOSED with {@code reason}; null clears it. Returns how many receivers it
     * touched (0: none is registered).
     */
    public int arrangeReceiverFailure(Party party, String account, String reason) {
        List<SettlementReceiver> receivers = em.createNamedQuery(SettlementReceiver.BY_ACCOUNT_NUMBER, SettlementReceiver.class)
                .setParameter("accountId", party.accountId()).setParameter("account", account).getResultList();
        receivers.forEach(r -> r.arrangeFailure(reason));
        if (!receivers.isEmpty()) {
            LOG.info(() -> String.format("%s parts to receiver %s will %s: account %s", party.paymentMethod(), account,
                    reason == null ? "succeed" : "end CLOSED", party.companyMerchantId()));
        }
        return receivers.size();
    }

    // ---- splits and releases -------------------------------------------------------------------

    public SplitOutcome split(Party party, SplitTerms terms) {
        Optional<Refused> shape = SettlementRules.checkShape(terms.splitNo(), terms.parts());
        if (shape.isPresent()) {
            return refused(shape.get());
        }
        CompanyOrder order = find(party.accountId(), terms.orderRef(), terms.transactionId(), true).orElse(null);
        if (order == null) {
            return refused(Refusal.ORDER_NOT_EXIST, "no such order");
        }
        OffsetDateTime now = Companies.now();
        releaseIfDue(order, now);
        Optional<Split> same = byNumber(party.accountId(), terms.splitNo());
        if (same.isPresent()) {
            Split s = same.get();
            if (s.getOrderId() == order.getId() && s.getKind() == Split.Kind.SPLIT && s.isFinish() == terms.finish()
                    && sameParts(parts(s), terms.parts())) {
                return new SplitOutcome(view(order, s, parts(s), now), true, null, null);
            }
            return refused(Refusal.SPLIT_CONFLICT, "split number " + terms.splitNo() + " was used with other parts or for another order");
        }
        List<Split> splits = splits(order);
        Holding holding = holding(order, splits, now);
        Map<String, SettlementReceiver> registered = new HashMap<>();
        for (SettlementReceiver r : em.createNamedQuery(SettlementReceiver.OF_ACCOUNT, SettlementReceiver.class)
                .setParameter("accountId", party.accountId()).getResultList()) {
            registered.put(key(r.getType(), r.getAccount()), r);
        }
        int splitsSoFar = (int) splits.stream().filter(s -> s.getKind() == Split.Kind.SPLIT).count();
        Optional<Refused> refused = SettlementRules.checkSplit(paidAndHeld(order), holding, splitsSoFar, terms.parts(),
                p -> registered.containsKey(key(p.type(), p.account())), maxSharePercent);
        if (refused.isPresent()) {
            return refused(refused.get());
        }
        Split s = new Split(order.getId(), party.accountId(), terms.splitNo(), Companies.newSplitId(party.paymentMethod()),
                Split.Kind.SPLIT, terms.finish(), false, now);
        em.persist(s);
        em.flush();
        int partNo = 0;
        long asked = 0;
        for (PartTerms p : terms.parts()) {
            String failure = registered.get(key(p.type(), p.account())).getFailureReason();
            em.persist(new SplitPart(s.getId(), order.getId(), ++partNo, false, p.type(), p.account(), p.amount(), p.description(),
                    "PENDING", failure == null ? "SUCCESS" : "CLOSED", failure, now));
            asked += p.amount();
        }
        if (terms.finish()) {
            em.persist(toMerchant(s, order, partNo + 1, holding.unsplit() - asked, "the rest released", now));
        }
        em.flush();
        int parts = terms.parts().size();
        long total = asked;
        LOG.info(() -> String.format("%s split made: account %s, out_trade_no %s, split %s, %d part(s), %d %s%s",
                party.paymentMethod(), party.companyMerchantId(), order.getOrderRef(), terms.splitNo(), parts, total,
                order.getCurrency(), terms.finish() ? ", the rest released" : ""));
        return new SplitOutcome(view(order, s, parts(s), now), false, null, null);
    }

    /** Releases what the order still holds to the merchant, under {@code releaseNo} (the same number again is the same release). */
    public SplitOutcome release(Party party, String orderRef, String transactionId, String releaseNo, String description) {
        if (blank(releaseNo)) {
            return refused(Refusal.INVALID_REQUEST, "a release needs its number");
        }
        CompanyOrder order = find(party.accountId(), orderRef, transactionId, true).orElse(null);
        if (order == null) {
            return refused(Refusal.ORDER_NOT_EXIST, "no such order");
        }
        OffsetDateTime now = Companies.now();
        releaseIfDue(order, now);
        Optional<Split> same = byNumber(party.accountId(), releaseNo);
        if (same.isPresent()) {
            Split s = same.get();
            if (s.getOrderId() == order.getId() && s.getKind() == Split.Kind.RELEASE) {
                return new SplitOutcome(view(order, s, parts(s), now), true, null, null);
            }
            return refused(Refusal.SPLIT_CONFLICT, "number " + releaseNo + " was used for a split or for another order");
        }
        Holding holding = holding(order, splits(order), now);
        Optional<Refused> refused = SettlementRules.checkRelease(paidAndHeld(order), holding);
        if (refused.isPresent()) {
            return refused(refused.get());
        }
        Split s = recordRelease(order, releaseNo, Companies.newSplitId(party.paymentMethod()), description, holding.unsplit(),
                false, now);
        LOG.info(() -> String.format("%s release made: account %s, out_trade_no %s, release %s, %d %s", party.paymentMethod(),
                party.companyMerchantId(), order.getOrderRef(), releaseNo, holding.unsplit(), order.getCurrency()));
        return new SplitOutcome(view(order, s, parts(s), now), false, null, null);
    }

    /** The account's split or release with this number (of this order when {@code orderRef} or {@code transactionId} is given). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<SplitView> split(long accountId, String orderRef, String transactionId, String splitNo) {
        OffsetDateTime now = Companies.now();
        return byNumber(accountId, splitNo).flatMap(s -> {
            CompanyOrder order = em.find(CompanyOrder.class, s.getOrderId());
            boolean ofOrder = (orderRef == null || orderRef.equals(order.getOrderRef()))
                    && (transactionId == null || transactionId.equals(order.getTransactionId()));
            return ofOrder ? Optional.of(view(order, s, parts(s), now)) : Optional.empty();
        });
    }

    /**
     * The order's holding, by out_trade_no or (when that is null) by the company's transaction id.
     * A read that finds the order due for the company's own release makes that release first (under
     * the order's row lock), so that what it answers is what the company holds.
     */
    public Optional<HeldView> held(long accountId, String orderRef, String transactionId) {
        return find(accountId, orderRef, transactionId, false).map(order -> {
            OffsetDateTime now = Companies.now();
            Holding holding = holding(order, splits(order), now);
            if (SettlementRules.dueForCompanyRelease(order.getPaidAt(), holding, now, unfreezeAfterDays) && paidAndHeld(order)) {
                em.refresh(order, LockModeType.PESSIMISTIC_WRITE);
                releaseIfDue(order, now);
                holding = holding(order, splits(order), now);
            }
            return view(order, holding);
        });
    }

    /** The order's holding and every split and release of it, as of now (the admin view). */
    public Optional<Settlement> settlement(long accountId, String orderRef) {
        return held(accountId, orderRef, null).map(held -> {
            CompanyOrder order = find(accountId, orderRef, null, false).orElseThrow();
            OffsetDateTime now = Companies.now();
            return new Settlement(held, splits(order).stream().map(s -> view(order, s, parts(s), now)).toList());
        });
    }

    /** What the order's receivers' parts that are not CLOSED add up to, as of now (a refund of a held order may not take it). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long splitNotClosed(long orderId) {
        OffsetDateTime now = Companies.now();
        return SettlementRules.holding(0, 0, partsNow(em.createNamedQuery(SplitPart.OF_ORDER, SplitPart.class)
                .setParameter("orderId", orderId).getResultList(), now), false).split();
    }

    // ---- the timer's work ----------------------------------------------------------------------

    /**
     * The splits (row ids) with a part stored PENDING whose delay has passed by now (at most
     * {@code max}): the callback sender's timer stores their outcomes with {@link #decideSplit}.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> splitsToDecide(int max) {
        return em.createNamedQuery(SplitPart.PENDING_SINCE, Long.class)
                .setParameter("createdBy", Companies.now().minusNanos(settlementDelayMs * 1_000_000L)).setMaxResults(max)
                .getResultList();
    }

    /**
     * Stores the outcomes the split's PENDING parts have reached (as reads have shown them since the
     * delay passed), under the order's row lock. Returns how many parts it decided.
     */
    public int decideSplit(long splitRowId) {
        Split s = em.find(Split.class, splitRowId);
        if (s == null) {
            return 0;
        }
        CompanyOrder order = em.find(CompanyOrder.class, s.getOrderId(), LockModeType.PESSIMISTIC_WRITE);
        OffsetDateTime now = Companies.now();
        int decided = 0;
        for (SplitPart p : parts(s)) {
            em.refresh(p);
            ProcessingClock.Reading r = reading(p, now);
            if ("PENDING".equals(p.getResult()) && !"PENDING".equals(r.state())) {
                p.finish(r.state(), r.modifiedAt());
                decided++;
            }
        }
        int count = decided;
        if (count > 0) {
            LOG.info(() -> String.format("split %s of out_trade_no %s: %d part(s) reached their result", s.getSplitNo(),
                    order.getOrderRef(), count));
        }
        return decided;
    }

    /**
     * The ids above {@code after} of orders paid {@code sandbox.settlement.unfreeze-after-days} ago
     * or earlier without a release (at most {@code max}, in id order): the timer asks
     * {@link #releaseIfDue} for each, which leaves alone those not held, finished by a split or
     * holding nothing any more. Those stay among the candidates, so the timer pages through them
     * ({@code after}) rather than reading the first ones again and again.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> ordersToRelease(long after, int max) {
        return em.createNamedQuery(CompanyOrder.PAID_BY, Long.class).setParameter("paid", CompanyOrder.State.SUCCESS)
                .setParameter("after", after)
                .setParameter("paidBy", Companies.now().minusDays(unfreezeAfterDays)).setParameter("release", Split.Kind.RELEASE)
                .setMaxResults(max).getResultList();
    }

    /** The company releases the order on its own when it is due, under the order's row lock; returns whether it did. */
    public boolean releaseIfDue(long orderId) {
        CompanyOrder order = em.find(CompanyOrder.class, orderId, LockModeType.PESSIMISTIC_WRITE);
        return order != null && releaseIfDue(order, Companies.now());
    }

    // ---- internals -----------------------------------------------------------------------------

    /** Under the order's row lock: the company's own release, when the order is due for it. */
    private boolean releaseIfDue(CompanyOrder order, OffsetDateTime now) {
        if (!paidAndHeld(order)) {
            return false;
        }
        Holding holding = holding(order, splits(order), now);
        if (!SettlementRules.dueForCompanyRelease(order.getPaidAt(), holding, now, unfreezeAfterDays)) {
            return false;
        }
        Account account = em.find(Account.class, order.getAccountId());
        String splitId = Companies.newSplitId(account.getPaymentMethod());
        recordRelease(order, splitId, splitId, "released by the company after " + unfreezeAfterDays + " days", holding.unsplit(),
                true, now);
        LOG.info(() -> String.format("%s released on its own: account %s, out_trade_no %s, %d %s", account.getPaymentMethod(),
                account.getCompanyMerchantId(), order.getOrderRef(), holding.unsplit(), order.getCurrency()));
        return true;
    }

    private Split recordRelease(CompanyOrder order, String number, String splitId, String description, long amount,
            boolean byCompany, OffsetDateTime now) {
        Split s = new Split(order.getId(), order.getAccountId(), number, splitId, Split.Kind.RELEASE, false, byCompany, now);
        em.persist(s);
        em.flush();
        em.persist(toMerchant(s, order, 1, amount, description, now));
        em.flush();
        return s;
    }

    /** The release's part: to the merchant itself (type MERCHANT, its company merchant id), SUCCESS at once. */
    private SplitPart toMerchant(Split s, CompanyOrder order, int partNo, long amount, String description, OffsetDateTime now) {
        Account account = em.find(Account.class, order.getAccountId());
        return new SplitPart(s.getId(), order.getId(), partNo, true, SettlementRules.MERCHANT, account.getCompanyMerchantId(),
                amount, description, "SUCCESS", "SUCCESS", null, now);
    }

    private Optional<CompanyOrder> find(long accountId, String orderRef, String transactionId, boolean forUpdate) {
        if (orderRef == null && transactionId == null) {
            return Optional.empty();
        }
        var query = orderRef != null
                ? em.createNamedQuery(CompanyOrder.FIND, CompanyOrder.class).setParameter("orderRef", orderRef)
                : em.createNamedQuery(CompanyOrder.BY_TRANSACTION, CompanyOrder.class).setParameter("transactionId", transactionId);
        query.setParameter("accountId", accountId);
        if (forUpdate) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return query.getResultStream().findFirst()
                .filter(o -> orderRef == null || transactionId == null || transactionId.equals(o.getTransactionId()));
    }

    private Optional<SettlementReceiver> receiver(long accountId, String type, String account) {
        return em.createNamedQuery(SettlementReceiver.FIND, SettlementReceiver.class).setParameter("accountId", accountId)
                .setParameter("type", type).setParameter("account", account).getResultStream().findFirst();
    }

    private Optional<Split> byNumber(long accountId, String splitNo) {
        return em.createNamedQuery(Split.BY_NUMBER, Split.class).setParameter("accountId", accountId)
                .setParameter("splitNo", splitNo).getResultStream().findFirst();
    }

    private List<Split> splits(CompanyOrder order) {
        return em.createNamedQuery(Split.OF_ORDER, Split.class).setParameter("orderId", order.getId()).getResultList();
    }

    private List<SplitPart> parts(Split s) {
        return em.createNamedQuery(SplitPart.OF_SPLIT, SplitPart.class).setParameter("splitRowId", s.getId()).getResultList();
    }

    private static boolean paidAndHeld(CompanyOrder order) {
        return order.getState() == CompanyOrder.State.SUCCESS && order.isHeldForSettlement();
    }

    /** The order's figures as of now (paid is 0 until it is paid). */
    private Holding holding(CompanyOrder order, List<Split> splits, OffsetDateTime now) {
        long paid = order.getState() == CompanyOrder.State.SUCCESS ? order.getAmount() : 0;
        List<CompanyRefund> refunds = em.createNamedQuery(CompanyRefund.OF_ORDER, CompanyRefund.class)
                .setParameter("orderId", order.getId()).getResultList();
        List<SplitPart> parts = em.createNamedQuery(SplitPart.OF_ORDER, SplitPart.class).setParameter("orderId", order.getId())
                .getResultList();
        long fee = order.getState() == CompanyOrder.State.SUCCESS ? Books.feeKept(order, refunds, now, refundDelayMs) : 0;
        return SettlementRules.holding(paid, Books.refunded(refunds, now, refundDelayMs), partsNow(parts, now),
                splits.stream().anyMatch(Split::releases), fee);
    }

    private List<PartNow> partsNow(List<SplitPart> parts, OffsetDateTime now) {
        return parts.stream().map(p -> new PartNow(p.isToMerchant(), p.getAmount(), reading(p, now).state())).toList();
    }

    /** A part as of now: a stored PENDING part reads as its outcome once the settlement delay has passed. */
    private ProcessingClock.Reading reading(SplitPart p, OffsetDateTime now) {
        if (!"PENDING".equals(p.getResult())) {
            return new ProcessingClock.Reading(p.getResult(), p.getFinishedAt());
        }
        ProcessingClock.Reading r = ProcessingClock.read("PROCESSING", p.getOutcome(), p.getCreatedAt(), p.getCreatedAt(), now,
                settlementDelayMs);
        return "PROCESSING".equals(r.state()) ? new ProcessingClock.Reading("PENDING", null) : r;
    }

    /** Whether a split asked again has the stored split's receivers' parts, in the same order. */
    private static boolean sameParts(List<SplitPart> stored, List<PartTerms> asked) {
        List<SplitPart> receivers = stored.stream().filter(p -> !p.isToMerchant()).toList();
        if (receivers.size() != asked.size()) {
            return false;
        }
        for (int i = 0; i < asked.size(); i++) {
            SplitPart s = receivers.get(i);
            PartTerms a = asked.get(i);
            if (!s.getType().equals(a.type()) || !s.getAccount().equals(a.account()) || s.getAmount() != a.amount()
                    || !Objects.equals(s.getDescription(), a.description())) {
                return false;
            }
        }
        return true;
    }

    private SplitView view(CompanyOrder order, Split s, List<SplitPart> parts, OffsetDateTime now) {
        List<PartView> views = parts.stream().map(p -> {
            ProcessingClock.Reading r = reading(p, now);
            return new PartView(p.getType(), p.getAccount(), p.getAmount(), p.getDescription(), r.state(),
                    "CLOSED".equals(r.state()) ? p.getFailReason() : null, r.modifiedAt());
        }).toList();
        boolean processing = views.stream().anyMatch(p -> "PENDING".equals(p.result()));
        return new SplitView(order.getOrderRef(), order.getTransactionId(), s.getSplitNo(), s.getSplitId(), s.getKind().name(),
                processing ? "PROCESSING" : "FINISHED", views, s.isByCompany(), s.getCreatedAt());
    }

    private static HeldView view(CompanyOrder order, Holding h) {
        return new HeldView(order.getOrderRef(), order.getTransactionId(), h.paid(), h.refunded(), h.split(),
                order.isHeldForSettlement() ? h.unsplit() : 0, h.released(), h.fee());
    }

    private static ReceiverView view(SettlementReceiver r) {
        return new ReceiverView(r.getType(), r.getAccount(), r.getNameMask(), r.getRelationType(), r.getCustomRelation(),
                r.getAddedAt());
    }

    private static SplitOutcome refused(Refused r) {
        return refused(r.refusal(), r.reason());
    }

    private static SplitOutcome refused(Refusal refusal, String reason) {
        return new SplitOutcome(null, false, refusal, reason);
    }

    private static String key(String type, String account) {
        return type + "\n" + account;
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
