package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.sandbox.entity.Account;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.CompanyRefund;
import org.cbec.sandbox.entity.Declaration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A company's orders, refunds and customs declarations, with its rules: the duplicate-order rule,
 * payment, closing, refunds (only of paid orders, never more than was paid, never the money of a
 * held order that was split to receivers ({@link Settlements}), the same number twice is the same
 * refund), and customs (declare only paid orders, redeclare only from SUCCESS or
 * EXCEPT, the check of the declared identity against the payer's). Every change locks the order's
 * row first, so that a payment, a close, a refund and a declaration of one order are applied one
 * after the other, also across servers sharing the database. A payment, a close and a refund's
 * final state are reported to the notify URL the merchant gave, by a callback written to the
 * {@link Outbox} in the same transaction.
 */
@Stateless
public class Books {

    private static final Logger LOG = Logger.getLogger(Books.class.getName());

    @PersistenceContext(unitName = "sandbox")
    EntityManager em;

    /** How long the sandbox's customs take to decide a PROCESSING declaration (SUCCESS). */
    @Inject
    @ConfigProperty(name = "sandbox.customs.delay-ms", defaultValue = "2000")
    long customsDelayMs;

    /** How long an alphapay refund stays PROCESSING before it reaches its outcome. */
    @Inject
    @ConfigProperty(name = "sandbox.refund.delay-ms", defaultValue = "2000")
    long refundDelayMs;

    @Inject
    Outbox outbox;

    @Inject
    Settlements settlements;

    /** The payment documents forwarded to customs (the sandbox's single window) as payments are declared. */
    @Inject
    Event<PaymentDocument> customs;

    /** The most refunds one order takes, as the wallet companies allow. */
    public static final int MAX_REFUNDS = 50;

    // ---- records the callers see ---------------------------------------------------------------

    /**
     * What a create asks for; the duplicate-order rule compares amount, currency and trade type.
     * {@code notifyUrl}: where the payment or the close is reported, null for nowhere (a create
     * found again keeps the first one's). {@code heldForSettlement}: the money paid is held for
     * settlement (recorded; a create found again keeps the first one's).
     */
    public record OrderTerms(String orderRef, String tradeType, long amount, String currency, String description,
            String notifyUrl, boolean heldForSettlement) {
    }

    public record OrderView(String orderRef, String tradeType, long amount, String currency, String reference,
            CompanyOrder.State state, String transactionId, OffsetDateTime paidAt, boolean heldForSettlement) {
    }

    /** A create's outcome: the order (new or found again), or a conflict with an earlier order. */
    public record Created(OrderView order, boolean conflicting) {
    }

    public enum PayResult {
        PAID,
        ALREADY_PAID,
        /** Closed, or no such order. */
        NOT_PAYABLE
    }

    public record Paid(PayResult result, String transactionId) {
    }

    public enum CloseResult {
        CLOSED,
        PAID,
        NOT_FOUND
    }

    /** Which declaration: the order, the sub-order ({@code ""} when not split) and the customs office. */
    public record DeclarationKey(String orderRef, String subOrderNo, String customs) {
    }

    public record DeclarationView(String orderRef, String subOrderNo, String customs, String subOrderId,
            String verifyTradeId, String state, String explanation, String certCheckResult, OffsetDateTime modifiedAt) {
    }

    public enum Refusal {
        ORDER_NOT_PAID,
        ORDER_NOT_EXIST,
        INVALID_REQUEST,
        /** The order's refunds that are not CLOSED would add up to more than it was paid. */
        REFUND_EXCEEDS,
        /** The refund number was used with another amount, or (alphapay) for another order. */
        REFUND_CONFLICT,
        /** The order has {@value Books#MAX_REFUNDS} refunds already. */
        REFUND_LIMIT
    }

    /**
     * What a refund asks for. {@code total} and {@code currency}, when sent, must be the order's.
     * {@code perAccount}: the number is unique across the account's orders (alphapay), not only the
     * order's (betapay). {@code synchronous}: decided when it is made (betapay), not PROCESSING.
     * {@code notifyUrl}: where its final state is reported; without one, the order's when
     * {@code orderNotifyUrlToo} (betapay), else nowhere.
     */
    public record RefundTerms(String orderRef, String refundNo, long amount, Long total, String currency, String reason,
            boolean perAccount, boolean synchronous, String notifyUrl, boolean orderNotifyUrlToo) {
    }

    /**
     * A refund as of now, with its order's figures: {@code refundedTotal} is what the order's refunds
     * that are not CLOSED add up to, this one included; {@code decidedAt} is null while PROCESSING.
     */
    public record RefundView(String orderRef, String transactionId, long orderTotal, String currency, String refundNo,
            String refundId, long amount, String reason, String state, OffsetDateTime createdAt, OffsetDateTime decidedAt,
            long refundedTotal) {
    }

    /** A refund's outcome: the refund (made now, or found again: {@code repeated}), or a refusal with its reason. */
    public record RefundOutcome(RefundView refund, boolean repeated, Refusal refusal, String reason) {

        static RefundOutcome refused(Refusal refusal, String reason) {
            return new RefundOutcome(null, false, refusal, reason);
        }
    }

    /** A customs answer: a declaration, or a refusal with its reason. */
    public record CustomsOutcome(DeclarationView declaration, Refusal refusal, String reason) {

        static CustomsOutcome refused(Refusal refusal, String reason) {
            return new CustomsOutcome(null, refusal, reason);
        }
    }

    /** An identity check: SAME or DIFFERENT, and the declaration it was recorded on, if any. */
    public record IdentityOutcome(String result, DeclarationView declaration, Refusal refusal, String reason) {
    }

    // ---- orders --------------------------------------------------------------------------------

    /**
     * Creates the order, or finds it again when the same out_trade_no comes with the same amount,
     * currency and trade type. Two identical creates at once: the second insert fails on the
     * constraint, and the caller's retry finds the first.
     */
    public Created create(Party party, OrderTerms terms) {
        Optional<CompanyOrder> existing = find(party.accountId(), terms.orderRef(), false);
        if (existing.isPresent()) {
            CompanyOrder o = existing.get();
            boolean same = o.getAmount() == terms.amount() && o.getCurrency().equals(terms.currency())
                    && o.getTradeType().equals(terms.tradeType());
            return new Created(view(o), !same);
        }
        CompanyOrder o = new CompanyOrder(party.accountId(), terms.orderRef(), terms.tradeType(), terms.amount(),
                terms.currency(), terms.description(), Companies.newReference(party.paymentMethod()), terms.notifyUrl(),
                terms.heldForSettlement(), Companies.now());
        em.persist(o);
        em.flush();
        LOG.info(() -> String.format("%s order created: account %s, out_trade_no %s, %s %d %s%s", party.paymentMethod(),
                party.companyMerchantId(), terms.orderRef(), terms.tradeType(), terms.amount(), terms.currency(),
                terms.heldForSettlement() ? ", held for settlement" : ""));
        return new Created(view(o), false);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<OrderView> order(long accountId, String orderRef) {
        return find(accountId, orderRef, false).map(Books::view);
    }

    /**
     * The payer pays: NOTPAY becomes SUCCESS with a transaction id. {@code payerIdentityHash} is
     * what the company learns of who paid (Identity.hash), null when the helper was not told.
     */
    public Paid pay(Party party, String orderRef, String payerIdentityHash) {
        return pay(party, orderRef, payerIdentityHash, Companies.now(), true);
    }

    /**
     * The payer pays at {@code paidAt}, the payment's time at the company (a test may name one in
     * the past, e.g. the last second of an earlier Beijing day; never one to come, the caller's check);
     * without {@code callback}, the company's callback of it is lost (a test's arrangement).
     */
    public Paid pay(Party party, String orderRef, String payerIdentityHash, OffsetDateTime paidAt, boolean callback) {
        CompanyOrder o = find(party.accountId(), orderRef, true).orElse(null);
        if (o == null || o.getState() == CompanyOrder.State.CLOSED) {
            return new Paid(PayResult.NOT_PAYABLE, null);
        }
        if (o.getState() == CompanyOrder.State.SUCCESS) {
            return new Paid(PayResult.ALREADY_PAID, o.getTransactionId());
        }
        o.pay(Companies.transactionId(party.paymentMethod(), o.getReference()), payerIdentityHash, paidAt, fee(party, o.getAmount()));
        LOG.info(() -> String.format("%s order paid: account %s, out_trade_no %s, transaction %s", party.paymentMethod(),
                party.companyMerchantId(), orderRef, o.getTransactionId()));
        // Without its callback (a test's lost callback), the merchant learns of the payment by asking.
        report(Notice.Event.PAID, o, callback ? o.getNotifyUrl() : null, null);
        return new Paid(PayResult.PAID, o.getTransactionId());
    }

    /** The fee the account's company keeps on a payment of {@code amount}, at the rate the account was opened with. */
    private long fee(Party party, long amount) {
        return Fees.ofOrder(amount, em.find(org.cbec.sandbox.entity.Account.class, party.accountId()).getFeeRate());
    }

    /** The company's usual trade type of a payment made at the company itself: a code scanned (both companies call it NATIVE). */
    public static final String DIRECT_TRADE_TYPE = "NATIVE";

    /**
     * Test helper: a payment made at the company that the merchant's broker never asked for, as a
     * payer scanning a code of the merchant's does: an order of {@code amount} fen CNY, created and
     * paid at {@code paidAt}, without notify URL (so no callback). Empty when the account has an
     * order with this number already.
     */
    public Optional<OrderView> directPayment(Party party, String orderRef, long amount, OffsetDateTime paidAt) {
        if (find(party.accountId(), orderRef, false).isPresent()) {
            return Optional.empty();
        }
        CompanyOrder o = new CompanyOrder(party.accountId(), orderRef, DIRECT_TRADE_TYPE, amount, "CNY", null,
                Companies.newReference(party.paymentMethod()), null, false, paidAt);
        o.pay(Companies.transactionId(party.paymentMethod(), o.getReference()), null, paidAt, fee(party, amount));
        em.persist(o);
        em.flush();
        LOG.info(() -> String.format("%s order paid directly at the company: account %s, out_trade_no %s, transaction %s, %d CNY",
                party.paymentMethod(), party.companyMerchantId(), orderRef, o.getTransactionId(), amount));
        return Optional.of(view(o));
    }

    /**
     * Test helper: {@code count} orders made at the company already paid, as {@link #directPayment}
     * makes one, written in one statement (a large merchant's day in seconds): order refs
     * {@code prefix1} … {@code prefixN}, paid {@code n} milliseconds after {@code paidAt}, each with
     * its own reference and transaction number. Empty when one of the refs is taken (nothing made).
     */
    public Optional<Integer> directPayments(Party party, String prefix, int count, long amount, OffsetDateTime paidAt) {
        Number taken = (Number) em.createNativeQuery("SELECT COUNT(*) FROM sandbox_order WHERE account_id = ?1 AND order_ref LIKE ?2")
                .setParameter(1, party.accountId()).setParameter(2, prefix.replace("_", "\\_").replace("%", "\\%") + "%").getSingleResult();
        if (taken.longValue() > 0) {
            return Optional.empty();
        }
        // A block of ids of the orders' sequence of its own (the sequence hands out blocks of 50).
        long blocks = (count + 49) / 50 + 1;
        long top = ((Number) em.createNativeQuery("SELECT setval('sandbox_order_seq', nextval('sandbox_order_seq') + ?1)")
                .setParameter(1, 50 * blocks).getSingleResult()).longValue();
        long first = top - 50 * blocks + 1;
        String alphapay = Companies.ALPHAPAY;
        int made = em.createNativeQuery("INSERT INTO sandbox_order (id, account_id, order_ref, trade_type, amount, currency, reference,"
                + " state, transaction_id, created_at, paid_at, held_for_settlement, fee)"
                + " SELECT ?1 + n, ?2, ?3 || (n + 1), ?4, ?5, 'CNY', r.reference, 'SUCCESS',"
                + " CASE WHEN ?6 THEN '4200' || lpad((?1 + n)::text, 24, '0') ELSE r.reference END,"
                + " CAST(?7 AS TIMESTAMP WITH TIME ZONE) + n * INTERVAL '1 millisecond', CAST(?7 AS TIMESTAMP WITH TIME ZONE) + n * INTERVAL '1 millisecond', false, ?8"
                + " FROM generate_series(0, ?9 - 1) AS n,"
                + " LATERAL (SELECT CASE WHEN ?6 THEN 'wx' || lpad(to_hex(?1 + n), 32, '0') ELSE '20' || lpad(to_hex(?1 + n), 30, '0') END"
                + " AS reference) AS r")
                .setParameter(1, first).setParameter(2, party.accountId()).setParameter(3, prefix).setParameter(4, DIRECT_TRADE_TYPE)
                .setParameter(5, amount).setParameter(6, alphapay.equals(party.paymentMethod())).setParameter(7, paidAt)
                .setParameter(8, fee(party, amount)).setParameter(9, count).executeUpdate();
        LOG.info(() -> String.format("%s orders paid directly at the company: account %s, %d of %d CNY, out_trade_no %s1 to %s%d",
                party.paymentMethod(), party.companyMerchantId(), made, amount, prefix, prefix, count));
        return Optional.of(made);
    }

    /** Closes an unpaid order (a closed one stays closed); a paid order cannot be closed. */
    public CloseResult close(Party party, String orderRef) {
        CompanyOrder o = find(party.accountId(), orderRef, true).orElse(null);
        if (o == null) {
            return CloseResult.NOT_FOUND;
        }
        if (o.getState() == CompanyOrder.State.SUCCESS) {
            return CloseResult.PAID;
        }
        if (o.getState() == CompanyOrder.State.NOTPAY) {
            o.close(Companies.now());
            LOG.info(() -> String.format("%s order closed: account %s, out_trade_no %s", party.paymentMethod(),
                    party.companyMerchantId(), orderRef));
            report(Notice.Event.CLOSED, o, o.getNotifyUrl(), null);
        }
        return CloseResult.CLOSED;
    }

    // ---- refunds -------------------------------------------------------------------------------

    /**
     * Refunds part or all of a paid order, or finds the refund again when the same number comes with
     * the same amount. The order's row is locked first, so that concurrent refunds of one order are
     * added up one after the other and never exceed what was paid.
     */
    public RefundOutcome refund(Party party, RefundTerms terms) {
        CompanyOrder order = find(party.accountId(), terms.orderRef(), true).orElse(null);
        if (order == null) {
            return RefundOutcome.refused(Refusal.ORDER_NOT_EXIST, "no order with this out_trade_no");
        }
        OffsetDateTime now = Companies.now();
        List<CompanyRefund> refunds = refunds(order);
        Optional<CompanyRefund> same = refunds.stream().filter(r -> r.getRefundNo().equals(terms.refundNo())).findFirst();
        if (same.isPresent()) {
            if (same.get().getAmount() != terms.amount()) {
                return RefundOutcome.refused(Refusal.REFUND_CONFLICT,
                        "refund number " + terms.refundNo() + " was used with another amount");
            }
            return new RefundOutcome(view(order, same.get(), refunds, now), true, null, null);
        }
        if (terms.perAccount() && !em.createNamedQuery(CompanyRefund.BY_NUMBER, CompanyRefund.class)
                .setParameter("accountId", party.accountId()).setParameter("refundNo", terms.refundNo())
                .setMaxResults(1).getResultList().isEmpty()) {
            return RefundOutcome.refused(Refusal.REFUND_CONFLICT, "refund number " + terms.refundNo() + " was used for another order");
        }
        if (order.getState() != CompanyOrder.State.SUCCESS) {
            return RefundOutcome.refused(Refusal.ORDER_NOT_PAID, "only paid orders are refunded");
        }
        if (terms.currency() != null && !terms.currency().equals(order.getCurrency())) {
            return RefundOutcome.refused(Refusal.INVALID_REQUEST, "the refund's currency must be the order's, " + order.getCurrency());
        }
        if (terms.total() != null && terms.total() != order.getAmount()) {
            return RefundOutcome.refused(Refusal.INVALID_REQUEST, "the total must be the order's, " + order.getAmount());
        }
        if (refunds.size() >= MAX_REFUNDS) {
            return RefundOutcome.refused(Refusal.REFUND_LIMIT, "an order takes at most " + MAX_REFUNDS + " refunds");
        }
        long refunded = refunded(refunds, now);
        if (refunded + terms.amount() > order.getAmount()) {
            return RefundOutcome.refused(Refusal.REFUND_EXCEEDS, "the refunds would exceed what was paid: "
                    + refunded + " of " + order.getAmount() + " refunded already");
        }
        if (order.isHeldForSettlement()) {
            // Money split to receivers stays theirs: a refund takes only what was neither refunded nor split.
            SettlementRules.Holding holding = new SettlementRules.Holding(order.getAmount(), refunded,
                    settlements.splitNotClosed(order.getId()), false, order.getFee() - feeGivenBack(refunds, now, refundDelayMs));
            Optional<String> refused = SettlementRules.checkRefundOfHeld(holding, terms.amount());
            if (refused.isPresent()) {
                return RefundOutcome.refused(Refusal.REFUND_EXCEEDS, refused.get());
            }
        }
        String outcome = order.getRefundOutcome() == null ? "SUCCESS" : order.getRefundOutcome();
        String notifyUrl = terms.notifyUrl() != null ? terms.notifyUrl() : terms.orderNotifyUrlToo() ? order.getNotifyUrl() : null;
        CompanyRefund r = new CompanyRefund(order.getId(), party.accountId(), terms.refundNo(),
                Companies.newRefundId(party.paymentMethod()), terms.amount(), Fees.ofRefund(order.getFee(), order.getAmount(), terms.amount()),
                terms.reason(),
                terms.synchronous() ? "SUCCESS" : "PROCESSING", terms.synchronous() ? "SUCCESS" : outcome, notifyUrl, now);
        em.persist(r);
        em.flush();
        LOG.info(() -> String.format("%s refund made: account %s, out_trade_no %s, refund %s, %d %s", party.paymentMethod(),
                party.companyMerchantId(), terms.orderRef(), terms.refundNo(), terms.amount(), order.getCurrency()));
        List<CompanyRefund> after = new ArrayList<>(refunds);
        after.add(r);
        RefundView made = view(order, r, after, now);
        if (terms.synchronous()) {
            report(Notice.Event.REFUND, order, notifyUrl, made);
        }
        return new RefundOutcome(made, false, null, null);
    }

    /**
     * The ids of the refunds stored PROCESSING whose delay has passed by now (at most {@code max},
     * oldest first): the callback sender's timer decides each with {@link #decideRefund}.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<Long> refundsToDecide(int max) {
        return em.createNamedQuery(CompanyRefund.PROCESSING_SINCE, Long.class)
                .setParameter("createdBy", Companies.now().minusNanos(refundDelayMs * 1_000_000L)).setMaxResults(max).getResultList();
    }

    /**
     * Stores the outcome a PROCESSING refund has reached (as reads have shown it since its delay
     * passed) and reports it, under the order's row lock: of two servers deciding it at once, the
     * second finds it decided, so it is reported once. Returns whether this call decided it.
     */
    public boolean decideRefund(long refundId) {
        CompanyRefund r = em.find(CompanyRefund.class, refundId);
        if (r == null || !"PROCESSING".equals(r.getState())) {
            return false;
        }
        CompanyOrder order = em.find(CompanyOrder.class, r.getOrderId(), LockModeType.PESSIMISTIC_WRITE);
        em.refresh(r);
        OffsetDateTime now = Companies.now();
        ProcessingClock.Reading reading = reading(r, now);
        if (!"PROCESSING".equals(r.getState()) || "PROCESSING".equals(reading.state())) {
            return false;
        }
        r.decide(reading.state(), reading.modifiedAt());
        LOG.info(() -> String.format("refund %s of out_trade_no %s reached %s", r.getRefundNo(), order.getOrderRef(), r.getState()));
        report(Notice.Event.REFUND, order, r.getNotifyUrl(), view(order, r, refunds(order), now));
        return true;
    }

    /** The refund with this number among the order's, as of now. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<RefundView> refund(long accountId, String orderRef, String refundNo) {
        OffsetDateTime now = Companies.now();
        return find(accountId, orderRef, false).flatMap(order -> {
            List<CompanyRefund> refunds = refunds(order);
            return refunds.stream().filter(r -> r.getRefundNo().equals(refundNo)).findFirst()
                    .map(r -> view(order, r, refunds, now));
        });
    }

    /** The refund with this number among all the account's orders (alphapay's numbers are the account's). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<RefundView> refundByNumber(long accountId, String refundNo) {
        OffsetDateTime now = Companies.now();
        return em.createNamedQuery(CompanyRefund.BY_NUMBER, CompanyRefund.class).setParameter("accountId", accountId)
                .setParameter("refundNo", refundNo).setMaxResults(1).getResultStream().findFirst().map(r -> {
                    CompanyOrder order = em.find(CompanyOrder.class, r.getOrderId());
                    return view(order, r, refunds(order), now);
                });
    }

    /** The order's refunds as of now, oldest first (none when there is no such order). */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<RefundView> refunds(long accountId, String orderRef) {
        OffsetDateTime now = Companies.now();
        return find(accountId, orderRef, false).map(order -> {
            List<CompanyRefund> refunds = refunds(order);
            return refunds.stream().map(r -> view(order, r, refunds, now)).toList();
        }).orElse(List.of());
    }

    /**
     * Test helper: the order's alphapay refunds made from now on end in {@code outcome} (ABNORMAL,
     * CLOSED or SUCCESS) when their delay has passed. Returns whether the order exists.
     */
    public boolean arrangeRefundOutcome(Party party, String orderRef, String outcome) {
        CompanyOrder order = find(party.accountId(), orderRef, true).orElse(null);
        if (order == null) {
            return false;
        }
        order.arrangeRefundOutcome("SUCCESS".equals(outcome) ? null : outcome);
        LOG.info(() -> String.format("%s refunds of out_trade_no %s will end %s: account %s", party.paymentMethod(), orderRef,
                outcome, party.companyMerchantId()));
        return true;
    }

    /**
     * Test helper: the paid order was created and paid {@code days} earlier, so that a test sees what
     * the company does with old orders (its own release of held money). Empty when there is no such
     * order; the order unchanged when it is not paid.
     */
    public Optional<OrderView> age(Party party, String orderRef, long days) {
        return find(party.accountId(), orderRef, true).map(order -> {
            if (order.getState() == CompanyOrder.State.SUCCESS) {
                order.moveBack(days);
                LOG.info(() -> String.format("%s order aged by %d day(s): account %s, out_trade_no %s", party.paymentMethod(), days,
                        party.companyMerchantId(), orderRef));
            }
            return view(order);
        });
    }

    // ---- customs -------------------------------------------------------------------------------

    /**
     * Submits a declaration of a paid order (ADD), or resubmits the existing one (MODIFY, or ADD
     * again): PROCESSING from now on. {@code identityHash} is the declared identity's hash, null
     * when none was declared (then an earlier check is kept).
     */
    public CustomsOutcome declare(Party party, DeclarationKey key, String identityHash) {
        CompanyOrder order = find(party.accountId(), key.orderRef(), true).orElse(null);
        if (order == null || order.getState() != CompanyOrder.State.SUCCESS) {
            return CustomsOutcome.refused(Refusal.ORDER_NOT_PAID, "only paid orders are declared");
        }
        String certCheck = identityHash == null ? null : identityHash.equals(order.getPayerIdentityHash()) ? "SAME" : "DIFFERENT";
        OffsetDateTime now = Companies.now();
        Declaration d = declaration(order, key).orElse(null);
        if (d == null) {
            d = new Declaration(order.getId(), key.subOrderNo(), key.customs(), Companies.newSubOrderId(),
                    Companies.newVerifyTradeId(), now);
            d.submit(certCheck, now);
            em.persist(d);
        } else {
            d.submit(certCheck, now);
        }
        LOG.info(() -> String.format("%s customs declaration submitted: account %s, out_trade_no %s, sub-order '%s', customs %s",
                party.paymentMethod(), party.companyMerchantId(), key.orderRef(), key.subOrderNo(), key.customs()));
        forward(party, order, identityHash, now);
        return new CustomsOutcome(view(order, d, now), null, null);
    }

    /**
     * The payment document sent to customs with a declaration: what the payer paid in CNY, and who
     * paid as the company knows it (the payer's wallet identity; else the identity declared now).
     */
    private void forward(Party party, CompanyOrder order, String declaredIdentity, OffsetDateTime now) {
        String payer = order.getPayerIdentityHash() != null ? order.getPayerIdentityHash() : declaredIdentity;
        customs.fire(new PaymentDocument(Companies.customsCode(party.paymentMethod()), order.getTransactionId(), order.getOrderRef(),
                Companies.inCny(order.getAmount(), order.getCurrency()), payer, now));
    }

    /** Sends a declaration to customs again: only from SUCCESS or EXCEPT, as the companies rule it. */
    public CustomsOutcome redeclare(Party party, DeclarationKey key) {
        CompanyOrder order = find(party.accountId(), key.orderRef(), true).orElse(null);
        OffsetDateTime now = Companies.now();
        Declaration d = order == null ? null : declaration(order, key).orElse(null);
        if (d == null) {
            return CustomsOutcome.refused(Refusal.ORDER_NOT_EXIST, "no declaration of " + key.orderRef() + " at " + key.customs());
        }
        fixReading(d, now);
        if (!d.getState().equals("SUCCESS") && !d.getState().equals("EXCEPT")) {
            return CustomsOutcome.refused(Refusal.INVALID_REQUEST,
                    "a declaration in state " + d.getState() + " cannot be redeclared");
        }
        d.submit(null, now);
        LOG.info(() -> String.format("%s customs declaration resubmitted: account %s, out_trade_no %s, customs %s",
                party.paymentMethod(), party.companyMerchantId(), key.orderRef(), key.customs()));
        forward(party, order, null, now);
        return new CustomsOutcome(view(order, d, now), null, null);
    }

    /** Checks a declared identity against the payer's, recording the result on the declaration if there is one. */
    public IdentityOutcome verifyIdentity(Party party, DeclarationKey key, String identityHash) {
        CompanyOrder order = find(party.accountId(), key.orderRef(), true).orElse(null);
        if (order == null || order.getState() != CompanyOrder.State.SUCCESS) {
            return new IdentityOutcome(null, null, Refusal.ORDER_NOT_PAID, "only paid orders are verified");
        }
        String result = identityHash.equals(order.getPayerIdentityHash()) ? "SAME" : "DIFFERENT";
        OffsetDateTime now = Companies.now();
        Optional<Declaration> d = declaration(order, key);
        d.ifPresent(x -> {
            fixReading(x, now);
            x.certChecked(result, now);
        });
        LOG.info(() -> String.format("%s identity verified: account %s, out_trade_no %s, customs %s", party.paymentMethod(),
                party.companyMerchantId(), key.orderRef(), key.customs()));
        return new IdentityOutcome(result, d.map(x -> view(order, x, now)).orElse(null), null, null);
    }

    /** The order's declarations at a customs office, as far as customs has got with them. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<DeclarationView> declarations(long accountId, String orderRef, String customs) {
        OffsetDateTime now = Companies.now();
        return find(accountId, orderRef, false)
                .map(order -> declarations(order).stream().filter(d -> d.getCustoms().equals(customs))
                        .map(d -> view(order, d, now)).toList())
                .orElse(List.of());
    }

    /**
     * Test helper: customs decides SUCCESS, FAIL or EXCEPT for the order's declarations (only the
     * sub-order's, when one is named). Returns how many declarations it decided.
     */
    public int settle(Party party, String orderRef, String subOrderNo, String state, String explanation) {
        CompanyOrder order = find(party.accountId(), orderRef, true).orElse(null);
        if (order == null) {
            return 0;
        }
        OffsetDateTime now = Companies.now();
        int settled = 0;
        for (Declaration d : declarations(order)) {
            if (subOrderNo == null || subOrderNo.equals(d.getSubOrderNo())) {
                d.settle(state, "SUCCESS".equals(state) ? null : explanation, now);
                settled++;
            }
        }
        int count = settled;
        if (count > 0) {
            LOG.info(() -> String.format("%s customs decided %s for %d declaration(s): account %s, out_trade_no %s",
                    party.paymentMethod(), state, count, party.companyMerchantId(), orderRef));
        }
        return settled;
    }

    // ---- internals -----------------------------------------------------------------------------

    /** Writes the callback reporting the change, in this transaction; none without a notify URL. */
    private void report(Notice.Event event, CompanyOrder order, String notifyUrl, RefundView refund) {
        if (notifyUrl == null) {
            return;
        }
        Account account = em.find(Account.class, order.getAccountId());
        outbox.add(account.getId(), order.getId(), account.getPaymentMethod(), notifyUrl, new Notice(event,
                account.getCompanyMerchantId(), account.getAppId(), account.getApiV3Key(), view(order), refund));
    }

    private Optional<CompanyOrder> find(long accountId, String orderRef, boolean forUpdate) {
        var query = em.createNamedQuery(CompanyOrder.FIND, CompanyOrder.class)
                .setParameter("accountId", accountId).setParameter("orderRef", orderRef);
        if (forUpdate) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return query.getResultStream().findFirst();
    }

    private List<CompanyRefund> refunds(CompanyOrder order) {
        return em.createNamedQuery(CompanyRefund.OF_ORDER, CompanyRefund.class).setParameter("orderId", order.getId())
                .getResultList();
    }

    private ProcessingClock.Reading reading(CompanyRefund r, OffsetDateTime now) {
        return reading(r, now, refundDelayMs);
    }

    private static ProcessingClock.Reading reading(CompanyRefund r, OffsetDateTime now, long refundDelayMs) {
        return ProcessingClock.read(r.getState(), r.getOutcome(), r.getCreatedAt(),
                r.getDecidedAt() == null ? r.getCreatedAt() : r.getDecidedAt(), now, refundDelayMs);
    }

    /** What the refunds that are not CLOSED add up to, as of now. */
    private long refunded(List<CompanyRefund> refunds, OffsetDateTime now) {
        return refunded(refunds, now, refundDelayMs);
    }

    /** What the refunds that are not CLOSED add up to, as of now, when a PROCESSING refund is decided after {@code refundDelayMs}. */
    static long refunded(List<CompanyRefund> refunds, OffsetDateTime now, long refundDelayMs) {
        return refunds.stream().filter(r -> !"CLOSED".equals(reading(r, now, refundDelayMs).state()))
                .mapToLong(CompanyRefund::getAmount).sum();
    }

    /** The fee given back by the refunds not CLOSED as of now. */
    static long feeGivenBack(List<CompanyRefund> refunds, OffsetDateTime now, long refundDelayMs) {
        return refunds.stream().filter(r -> !"CLOSED".equals(reading(r, now, refundDelayMs).state()))
                .mapToLong(CompanyRefund::getFee).sum();
    }

    /** The fee the company keeps on a paid order as of now: the order's, less what its refunds not CLOSED gave back. */
    static long feeKept(CompanyOrder order, List<CompanyRefund> refunds, OffsetDateTime now, long refundDelayMs) {
        return order.getFee() - feeGivenBack(refunds, now, refundDelayMs);
    }

    private RefundView view(CompanyOrder order, CompanyRefund r, List<CompanyRefund> refunds, OffsetDateTime now) {
        ProcessingClock.Reading reading = reading(r, now);
        return new RefundView(order.getOrderRef(), order.getTransactionId(), order.getAmount(), order.getCurrency(), r.getRefundNo(),
                r.getRefundId(), r.getAmount(), r.getReason(), reading.state(),
                r.getCreatedAt(), "PROCESSING".equals(reading.state()) ? null : reading.modifiedAt(), refunded(refunds, now));
    }

    private List<Declaration> declarations(CompanyOrder order) {
        return em.createNamedQuery(Declaration.OF_ORDER, Declaration.class).setParameter("orderId", order.getId())
                .getResultList();
    }

    private Optional<Declaration> declaration(CompanyOrder order, DeclarationKey key) {
        return declarations(order).stream()
                .filter(d -> d.getSubOrderNo().equals(key.subOrderNo()) && d.getCustoms().equals(key.customs()))
                .findFirst();
    }

    /** Before a change, the outcome customs has reached by now becomes the stored one. */
    private void fixReading(Declaration d, OffsetDateTime now) {
        ProcessingClock.Reading r = ProcessingClock.read(d.getState(), "SUCCESS", d.getSubmittedAt(), d.getModifiedAt(), now, customsDelayMs);
        if (!r.state().equals(d.getState())) {
            d.settle(r.state(), null, r.modifiedAt());
        }
    }

    private DeclarationView view(CompanyOrder order, Declaration d, OffsetDateTime now) {
        ProcessingClock.Reading r = ProcessingClock.read(d.getState(), "SUCCESS", d.getSubmittedAt(), d.getModifiedAt(), now, customsDelayMs);
        return new DeclarationView(order.getOrderRef(), d.getSubOrderNo(), d.getCustoms(), d.getSubOrderId(),
                d.getVerifyTradeId(), r.state(), d.getExplanation(), d.getCertCheckResult(), r.modifiedAt());
    }

    private static OrderView view(CompanyOrder o) {
        return new OrderView(o.getOrderRef(), o.getTradeType(), o.getAmount(), o.getCurrency(), o.getReference(),
                o.getState(), o.getTransactionId(), o.getPaidAt(), o.isHeldForSettlement());
    }
}
