package org.cbec.sandbox.books;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.cbec.sandbox.entity.CompanyOrder;
import org.cbec.sandbox.entity.Declaration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * A company's orders and customs declarations, with its rules: the duplicate-order rule, payment,
 * closing, and customs (declare only paid orders, redeclare only from SUCCESS or EXCEPT, the check
 * of the declared identity against the payer's). Every change locks the order's row first, so that
 * a payment, a close and a declaration of one order are applied one after the other, also across
 * servers sharing the database.
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

    // ---- records the callers see ---------------------------------------------------------------

    /** What a create asks for; the duplicate-order rule compares amount, currency and trade type. */
    public record OrderTerms(String orderRef, String tradeType, long amount, String currency, String description) {
    }

    public record OrderView(String orderRef, String tradeType, long amount, String currency, String reference,
            CompanyOrder.State state, String transactionId, OffsetDateTime paidAt) {
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
        INVALID_REQUEST
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
                terms.currency(), terms.description(), Companies.newReference(party.paymentMethod()), Companies.now());
        em.persist(o);
        em.flush();
        LOG.info(() -> String.format("%s order created: account %s, out_trade_no %s, %s %d %s", party.paymentMethod(),
                party.companyMerchantId(), terms.orderRef(), terms.tradeType(), terms.amount(), terms.currency()));
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
        CompanyOrder o = find(party.accountId(), orderRef, true).orElse(null);
        if (o == null || o.getState() == CompanyOrder.State.CLOSED) {
            return new Paid(PayResult.NOT_PAYABLE, null);
        }
        if (o.getState() == CompanyOrder.State.SUCCESS) {
            return new Paid(PayResult.ALREADY_PAID, o.getTransactionId());
        }
        o.pay(Companies.transactionId(party.paymentMethod(), o.getReference()), payerIdentityHash, Companies.now());
        LOG.info(() -> String.format("%s order paid: account %s, out_trade_no %s, transaction %s", party.paymentMethod(),
                party.companyMerchantId(), orderRef, o.getTransactionId()));
        return new Paid(PayResult.PAID, o.getTransactionId());
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
        }
        return CloseResult.CLOSED;
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
        return new CustomsOutcome(view(order, d, now), null, null);
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

    private Optional<CompanyOrder> find(long accountId, String orderRef, boolean forUpdate) {
        var query = em.createNamedQuery(CompanyOrder.FIND, CompanyOrder.class)
                .setParameter("accountId", accountId).setParameter("orderRef", orderRef);
        if (forUpdate) {
            query.setLockMode(LockModeType.PESSIMISTIC_WRITE);
        }
        return query.getResultStream().findFirst();
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
        CustomsClock.Reading r = CustomsClock.read(d.getState(), d.getSubmittedAt(), d.getModifiedAt(), now, customsDelayMs);
        if (!r.state().equals(d.getState())) {
            d.settle(r.state(), null, r.modifiedAt());
        }
    }

    private DeclarationView view(CompanyOrder order, Declaration d, OffsetDateTime now) {
        CustomsClock.Reading r = CustomsClock.read(d.getState(), d.getSubmittedAt(), d.getModifiedAt(), now, customsDelayMs);
        return new DeclarationView(order.getOrderRef(), d.getSubOrderNo(), d.getCustoms(), d.getSubOrderId(),
                d.getVerifyTradeId(), r.state(), d.getExplanation(), d.getCertCheckResult(), r.modifiedAt());
    }

    private static OrderView view(CompanyOrder o) {
        return new OrderView(o.getOrderRef(), o.getTradeType(), o.getAmount(), o.getCurrency(), o.getReference(),
                o.getState(), o.getTransactionId(), o.getPaidAt());
    }
}
