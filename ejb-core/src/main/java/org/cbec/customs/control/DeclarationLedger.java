package org.cbec.customs.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.cbec.customs.entity.Declaration;
import org.cbec.customs.entity.DeclarationState;
import org.cbec.company.CustomsRecord;
import org.cbec.customs.DeclarationView;
import org.cbec.customs.DeclareCustoms;
import org.cbec.platform.crypto.CredentialKeys;
import org.cbec.platform.crypto.KeyRing;
import org.cbec.platform.crypto.Resealed;

/**
 * The declaration records. Each method commits on its own, like the payment ledger, so that the
 * declaration exists before the company is asked and the company's report is kept whatever follows.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class DeclarationLedger {

    /** '' stands for "not split" in the unique key (merchant, order, sub-order, customs). */
    static final String WHOLE_ORDER = "";

    static final String PAYER_IDENTITY_FIELD = "payer_identity";

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

    @Inject
    CredentialKeys keys;

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<DeclarationView> find(String merchant, String orderNo, String subOrderNo, String customs) {
        return entity(merchant, orderNo, subOrderNo, customs).map(DeclarationLedger::view);
    }

    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public List<DeclarationView> ofOrder(String merchant, String orderNo, String customs) {
        return em.createNamedQuery(Declaration.OF_ORDER, Declaration.class)
                .setParameter("merchant", merchant).setParameter("orderNo", orderNo).setParameter("customs", customs)
                .getResultStream().map(DeclarationLedger::view).toList();
    }

    /** The fen already declared by the order's other sub-orders at this customs office. */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public long declaredByOtherSubOrders(String merchant, String orderNo, String subOrderNo, String customs) {
        return em.createNamedQuery(Declaration.OF_ORDER, Declaration.class)
                .setParameter("merchant", merchant).setParameter("orderNo", orderNo).setParameter("customs", customs)
                .getResultStream()
                .filter(d -> !d.getSubOrderNo().equals(key(subOrderNo)) && d.getState() != DeclarationState.UNDECLARED)
                .mapToLong(d -> d.getOrderFee() == null ? 0 : d.getOrderFee())
                .sum();
    }

    /** The declaration row, created UNDECLARED if there is none yet. */
    public void open(String merchant, long paymentId, String paymentMethod, String orderNo, String subOrderNo, String customs,
            String transactionId) {
        if (entity(merchant, orderNo, subOrderNo, customs).isEmpty()) {
            org.cbec.platform.persistence.Inserts.insert(em,
                    new Declaration(merchant, paymentId, paymentMethod, orderNo, key(subOrderNo), customs, transactionId, now()),
                    "declaration " + orderNo);
        }
    }

    /** The company accepted the declaration: what was declared, and what the company reported. */
    public DeclarationView declared(String merchant, DeclareCustoms c, CustomsRules.Checked k, CustomsRecord r) {
        Declaration d = entity(merchant, c.orderNo(), k.subOrderNo(), k.customs()).orElseThrow();
        d.declared(c.mchCustomsNo(), k.feeType(), c.orderFee(), c.transportFee(), c.productFee(), c.duty(),
                c.certId() == null ? null : k.certType(), now());
        if (c.certId() != null && c.name() != null) {
            payerDeclared(d, c.certId(), c.name());
        }
        report(d, r);
        return view(d);
    }

    /** The company took an identity upload for the declaration: the payer identity now declared for it. */
    public void identityUploaded(String merchant, String orderNo, String subOrderNo, String customs, String idNumber, String name) {
        entity(merchant, orderNo, subOrderNo, customs).ifPresent(d -> payerDeclared(d, idNumber, name));
    }

    private void payerDeclared(Declaration d, String idNumber, String name) {
        d.payerDeclared(keys.ring().seal(OrderRules.idNumber(idNumber) + "\n" + OrderRules.name(name), context(d)), now());
    }

    /**
     * The digests of the payer identity last declared for the payment (by any of its declarations),
     * empty when none was: opened here, digested ({@link #digest}) and never kept in clear.
     */
    @TransactionAttribute(TransactionAttributeType.SUPPORTS)
    public Optional<OrderRules.IdentityDigests> declaredPayer(long paymentId) {
        return em.createNamedQuery(Declaration.PAYER_DECLARED, Declaration.class).setParameter("paymentId", paymentId).setMaxResults(1)
                .getResultStream().findFirst().map(d -> {
                    String[] parts = keys.ring().open(d.getSealedPayerIdentity(), context(d)).split("\n", 2);
                    return new OrderRules.IdentityDigests(digest(parts[0]), digest(parts[1]));
                });
    }

    /** What an identity's part is compared by: the SHA-256 of its normalised text (OrderRules.idNumber, OrderRules.name). */
    public static String digest(String normalised) {
        return org.cbec.access.control.KeyMaterial.hash(normalised);
    }

    /**
     * Seals anew, under the newest key-encryption key, the declared payer identities of the
     * declarations after {@code afterId} (up to {@code limit}, in id order) sealed under an older key;
     * each row locked while it is rewritten.
     */
    public Resealed reseal(long afterId, int limit) {
        KeyRing ring = keys.ring();
        List<Long> ids = em.createQuery("SELECT d.id FROM Declaration d WHERE d.id > :after AND d.sealedPayerIdentity IS NOT NULL"
                + " ORDER BY d.id", Long.class).setParameter("after", afterId).setMaxResults(limit).getResultList();
        int rewritten = 0;
        for (Long id : ids) {
            Declaration d = em.find(Declaration.class, id, LockModeType.PESSIMISTIC_WRITE);
            if (!ring.isCurrent(d.getSealedPayerIdentity())) {
                d.payerResealed(ring.resealed(d.getSealedPayerIdentity(), context(d)));
                rewritten++;
            }
        }
        return new Resealed(ids.size(), rewritten, ids.isEmpty() ? afterId : ids.get(ids.size() - 1), ids.size() == limit);
    }

    /** The sealed identity's context: its table, row and field. */
    static String context(Declaration d) {
        return "declaration\n" + d.getId() + "\n" + PAYER_IDENTITY_FIELD;
    }

    public Optional<DeclarationView> reported(String merchant, String orderNo, String subOrderNo, String customs, CustomsRecord r) {
        return entity(merchant, orderNo, subOrderNo, customs).map(d -> {
            report(d, r);
            return view(d);
        });
    }

    /** The company gave no answer: nothing changes but the noted reason. */
    public void notSubmitted(String merchant, String orderNo, String subOrderNo, String customs, String reason) {
        entity(merchant, orderNo, subOrderNo, customs).ifPresent(d -> d.notSubmitted(reason, now()));
    }

    private void report(Declaration d, CustomsRecord r) {
        d.reported(r.state(), r.explanation(), r.modifyTime(), r.subOrderId(), r.certCheckResult(), r.verifyDepartment(),
                r.verifyDepartmentTradeId(), r.customsMessage() == null || r.customsMessage().length() <= 4000
                        ? r.customsMessage() : r.customsMessage().substring(0, 4000), r.resultCode(), now());
    }

    private Optional<Declaration> entity(String merchant, String orderNo, String subOrderNo, String customs) {
        return em.createNamedQuery(Declaration.FIND, Declaration.class)
                .setParameter("merchant", merchant).setParameter("orderNo", orderNo).setParameter("subOrderNo", key(subOrderNo))
                .setParameter("customs", customs).getResultStream().findFirst();
    }

    private static String key(String subOrderNo) {
        return subOrderNo == null ? WHOLE_ORDER : subOrderNo;
    }

    static DeclarationView view(Declaration d) {
        return new DeclarationView(d.getPaymentMethod(), d.getOrderNo(), d.getSubOrderNo().isEmpty() ? null : d.getSubOrderNo(),
                d.getSubOrderId(), d.getCustoms(), d.getMchCustomsNo(), d.getTransactionId(), d.getState(), d.getExplanation(),
                d.getModifyTime(), d.getDuty(), d.getFeeType(), d.getOrderFee(), d.getTransportFee(), d.getProductFee(),
                d.getCertType(), d.getCertCheckResult(), d.getVerifyDepartment(), d.getVerifyDepartmentTradeId(),
                d.getCustomsMessage(), d.getResultCode());
    }

    private static OffsetDateTime now() {
        return OffsetDateTime.now(ZoneOffset.UTC);
    }
}
