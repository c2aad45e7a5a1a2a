package org.cbec.customs.control;

import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.persistence.EntityManager;
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

/**
 * The declaration records. Each method commits on its own, like the payment ledger, so that the
 * declaration exists before the company is asked and the company's report is kept whatever follows.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.REQUIRES_NEW)
public class DeclarationLedger {

    /** '' stands for "not split" in the unique key (merchant, order, sub-order, customs). */
    static final String WHOLE_ORDER = "";

    @PersistenceContext(unitName = "cbec")
    EntityManager em;

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
        report(d, r);
        return view(d);
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
