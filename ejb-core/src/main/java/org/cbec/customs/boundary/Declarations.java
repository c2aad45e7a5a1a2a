package org.cbec.customs.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Logger;
import org.cbec.customs.entity.DeclarationEvent;
import org.cbec.customs.entity.DeclarationState;
import org.cbec.payment.boundary.CompanyAccounts;
import org.cbec.payment.control.CompanyFailures;
import org.cbec.payment.control.EventSink;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.PaymentRules;
import org.cbec.payment.PaymentView;
import org.cbec.company.Companies;
import org.cbec.company.CompanyPort;
import org.cbec.company.CustomsDeclaration;
import org.cbec.company.CustomsRecord;
import org.cbec.refund.control.RefundLedger;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.error.InvalidRequestException;
import org.cbec.platform.identity.ResidentId;
import org.cbec.customs.control.DeclarationLedger;
import org.cbec.customs.DeclareCustoms;
import org.cbec.customs.DeclarationView;
import org.cbec.customs.RedeclareCustoms;
import org.cbec.customs.IdentityUpload;
import org.cbec.customs.control.CustomsRules;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.control.HeldRefunds;

/**
 * Declare, redeclare, query and identity upload (spec 4.5 to 4.8). Like payments, no transaction
 * spans a company call: the declaration row exists before the company is asked and its report is
 * stored as it comes; every exchange is an event of the payment. A refused request writes nothing.
 */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Declarations {

    private static final Logger LOG = Logger.getLogger(Declarations.class.getName());
    public static final String DECLARING = "failure while declaring the payment";
    public static final String REDECLARING = "failure while redeclaring the payment";
    public static final String QUERYING = "failure while querying the declarations";

    @Inject
    org.cbec.payment.boundary.NotAsked notAsked;

    @Inject
    Companies companies;

    @EJB
    CompanyAccounts accounts;

    @EJB
    PaymentLedger payments;

    @EJB
    DeclarationLedger ledger;

    @EJB
    RefundLedger refunds;

    public DeclarationView declare(String merchant, DeclareCustoms c) {
        CustomsRules.Checked k = CustomsRules.checkDeclare(c);
        PaymentView paid = paidPayment(merchant, c.paymentMethod(), c.orderNo(), c.transactionId());
        long paidFen = paidFen(paid);
        // What is declared is what the payer finally paid: the refunds that are not CLOSED are taken off.
        long refundedFen = HeldRefunds.refundedCnyFen(new HeldRefunds.Paid(paid.orderRef(), TradeState.SUCCESS, paid.actualAmount(),
                paid.currency()), paidFen, refunds.held(paid.id()));
        if (refundedFen >= paidFen) {
            throw new InvalidRequestException("orderNo", "payment " + c.orderNo() + " is fully refunded; it cannot be declared");
        }
        paidFen -= refundedFen;
        String paidText = refundedFen == 0 ? "the paid amount (" + paidFen + " fen)"
                : "the paid amount less the refunds (" + paidFen + " fen)";
        if (c.orderFee() != null && c.orderFee() > paidFen) {
            throw new InvalidRequestException("orderFee", "orderFee must not exceed " + paidText);
        }
        DeclarationState now = ledger.find(merchant, c.orderNo(), k.subOrderNo(), k.customs())
                .map(DeclarationView::state).orElse(DeclarationState.UNDECLARED);
        if (k.actionType().equals("ADD") && !now.allows(DeclarationEvent.ADD)) {
            throw new InvalidRequestException("actionType", "this order is already declared at " + k.customs() + "; send MODIFY to change it");
        }
        if (k.actionType().equals("MODIFY") && !now.allows(DeclarationEvent.MODIFY)) {
            throw new InvalidRequestException("actionType", "nothing is declared at " + k.customs() + " to modify; send ADD");
        }
        if (k.subOrderNo() != null
                && ledger.declaredByOtherSubOrders(merchant, c.orderNo(), k.subOrderNo(), k.customs()) + c.orderFee() > paidFen) {
            throw new InvalidRequestException("orderFee", "the sub-orders would add up to more than " + paidText);
        }
        long paymentId = paid.id();
        CompanyPort company = companies.port(paid.paymentMethod(), DECLARING);
        try {
            ledger.open(merchant, paymentId, paid.paymentMethod(), c.orderNo(), k.subOrderNo(), k.customs(), c.transactionId());
        } catch (org.cbec.platform.error.AlreadyStoredException concurrentOpen) {
            // another request opened the same declaration a moment ago: the row exists, carry on
        }
        CustomsDeclaration declaration = new CustomsDeclaration(c.orderNo(), c.transactionId(), k.subOrderNo(), null, k.customs(),
                c.mchCustomsNo(), k.actionType(), k.certType(), c.certId(), c.name(), c.duty(), k.feeType(), c.orderFee(),
                c.transportFee(), c.productFee());
        return company.declare(accounts.account(merchant, paid.paymentMethod()), declaration, recorder(paymentId)).fold(
                r -> {
                    DeclarationView view = ledger.declared(merchant, c, k, r);
                    LOG.info(() -> "Payment declared: " + merchant + " " + c.orderNo() + "/" + k.subOrderNo() + " at " + k.customs() + " "
                            + k.actionType() + " -> " + r.state());
                    return view;
                },
                refused -> {
                    throw new InvalidRequestException(null, "the company refused the declaration: " + refused.text());
                },
                unanswered -> {
                    ledger.notSubmitted(merchant, c.orderNo(), k.subOrderNo(), k.customs(), unanswered.reason());
                    throw CompanyFailures.failed(DECLARING, unanswered, "");
                });
    }

    public DeclarationView redeclare(String merchant, RedeclareCustoms r) {
        String customs = CustomsRules.checkRedeclare(r);
        DeclarationView stored = ledger.find(merchant, r.orderNo(), r.subOrderNo(), customs).orElseThrow(() ->
                new InvalidRequestException("orderNo", "no declaration of " + r.orderNo() + " at " + customs + " to redeclare"));
        if (r.transactionId() != null && !r.transactionId().equals(stored.transactionId())) {
            throw new InvalidRequestException("transactionId", "transactionId is not the one of the declared payment");
        }
        if (r.paymentMethod() != null && !r.paymentMethod().equals(stored.paymentMethod())) {
            throw new InvalidRequestException("paymentMethod", "the order was declared through " + stored.paymentMethod());
        }
        long paymentId = payments.idOf(merchant, stored.paymentMethod(), r.orderNo());
        CompanyPort company = companies.port(stored.paymentMethod(), REDECLARING);
        var account = accounts.account(merchant, stored.paymentMethod());
        company.queryCustoms(account, r.orderNo(), customs, recorder(paymentId)).fold(
                records -> stored(merchant, r.orderNo(), customs, records),
                refused -> {
                    throw new InvalidRequestException(null, "the company refused the query: " + refused.text());
                },
                unanswered -> {
                    throw CompanyFailures.failed(REDECLARING, unanswered, "");
                });
        DeclarationView current = ledger.find(merchant, r.orderNo(), r.subOrderNo(), customs).orElseThrow();
        if (!current.state().allows(DeclarationEvent.REDECLARE)) {
            throw new InvalidRequestException("orderNo", "a declaration in state " + current.state()
                    + " cannot be redeclared; the companies allow it from SUCCESS or EXCEPT");
        }
        CustomsDeclaration declaration = new CustomsDeclaration(r.orderNo(), stored.transactionId(), r.subOrderNo(),
                r.subOrderId() != null ? r.subOrderId() : current.subOrderId(), customs, r.mchCustomsNo(), null, null, null, null,
                null, null, null, null, null);
        return company.redeclare(account, declaration, recorder(paymentId)).fold(
                report -> {
                    DeclarationView view = ledger.reported(merchant, r.orderNo(), r.subOrderNo(), customs, report).orElseThrow();
                    LOG.info(() -> "Payment redeclared: " + merchant + " " + r.orderNo() + "/" + r.subOrderNo() + " at " + customs);
                    return view;
                },
                refused -> {
                    throw new InvalidRequestException("orderNo", "the company refused to redeclare: " + refused.text());
                },
                unanswered -> {
                    throw CompanyFailures.failed(REDECLARING, unanswered, "");
                });
    }

    /** The declarations of an order at a customs office, refreshed from the company. */
    public List<DeclarationView> query(String merchant, String customs, String orderNo, String transactionId, String subOrderNo,
            String subOrderId, String paymentMethod) {
        String office = CustomsRules.customs(customs);
        CustomsRules.orderNo("order_no", orderNo);
        if (paymentMethod != null) {
            PaymentRules.requireMethod("payment_method", paymentMethod);
        }
        PaymentView payment = payment(merchant, paymentMethod, orderNo, "order_no");
        if (transactionId != null && !transactionId.equals(payment.transactionId())) {
            throw new InvalidRequestException("transaction_id", "transaction_id is not the one of this order's payment");
        }
        long paymentId = payment.id();
        CompanyPort company = companies.port(payment.paymentMethod(), QUERYING);
        company.queryCustoms(accounts.account(merchant, payment.paymentMethod()), orderNo, office, recorder(paymentId)).fold(
                records -> stored(merchant, orderNo, office, records),
                refused -> {
                    throw new InvalidRequestException(null, "the company refused the query: " + refused.text());
                },
                unanswered -> {
                    if (unanswered.sent()) {
                        throw CompanyFailures.failed(QUERYING, unanswered, "");
                    }
                    // The company could not be asked now (its bulkhead full, its circuit open): the stored reports are the answer.
                    notAsked.because(unanswered.reason());
                    return false;
                });
        return ledger.ofOrder(merchant, orderNo, office).stream()
                .filter(d -> subOrderNo == null || subOrderNo.equals(d.subOrderNo()))
                .filter(d -> subOrderId == null || subOrderId.equals(d.subOrderId()))
                .toList();
    }

    /** Uploads the payer's identity for re-verification; only companies that offer it (alphapay). */
    public DeclarationView uploadIdentity(String merchant, IdentityUpload u) {
        String customs = CustomsRules.checkIdentity(u);
        PaymentView paid = paidPayment(merchant, u.paymentMethod(), u.orderNo(), u.transactionId());
        CompanyPort company = companies.port(paid.paymentMethod(), DECLARING);
        if (!company.verifiesIdentity()) {
            throw new InvalidRequestException("paymentMethod", paid.paymentMethod()
                    + " does not re-verify payer identity; identity upload is supported by alphapay only");
        }
        long paymentId = paid.id();
        CustomsDeclaration declaration = new CustomsDeclaration(u.orderNo(), u.transactionId(), u.subOrderNo(), null, customs,
                u.mchCustomsNo(), null, "IDCARD", u.certId(), u.certName(), null, null, null, null, null);
        return company.uploadIdentity(accounts.account(merchant, paid.paymentMethod()), declaration, recorder(paymentId)).fold(
                r -> {
                    LOG.info(() -> "Payer identity uploaded: " + merchant + " " + u.orderNo() + " " + ResidentId.mask(u.certId()));
                    ledger.identityUploaded(merchant, u.orderNo(), u.subOrderNo(), customs, u.certId(), u.certName());
                    return ledger.reported(merchant, u.orderNo(), u.subOrderNo(), customs, r).orElseGet(() -> new DeclarationView(
                            paid.paymentMethod(), u.orderNo(), u.subOrderNo(), r.subOrderId(), customs, u.mchCustomsNo(), u.transactionId(),
                            r.state(), r.explanation(), r.modifyTime(), null, null, null, null, null, "IDCARD", r.certCheckResult(),
                            r.verifyDepartment(), r.verifyDepartmentTradeId(), r.customsMessage(), r.resultCode()));
                },
                refused -> {
                    throw new InvalidRequestException(null, "the company refused the identity upload: " + refused.text());
                },
                unanswered -> {
                    throw CompanyFailures.failed(DECLARING, unanswered, "");
                });
    }

    /** One batch of resealing the declared payer identities ({@link DeclarationLedger#reseal}): each batch commits on its own. */
    public org.cbec.platform.crypto.Resealed resealIdentities(long afterId, int limit) {
        return ledger.reseal(afterId, limit);
    }

    /** Stores the company's reports on the order's declarations at this customs office. */
    private boolean stored(String merchant, String orderNo, String customs, List<CustomsRecord> records) {
        for (CustomsRecord record : records) {
            ledger.reported(merchant, orderNo, record.subOrderNo(), customs, record);
        }
        return true;
    }

    /** The merchant's payment of this order in state SUCCESS, with this transaction id. */
    private PaymentView paidPayment(String merchant, String paymentMethod, String orderNo, String transactionId) {
        PaymentView p = payment(merchant, paymentMethod, orderNo, "orderNo");
        if (p.tradeState() != TradeState.SUCCESS) {
            throw new InvalidRequestException("orderNo", "payment " + orderNo + " is not paid (" + p.tradeState() + "); only paid orders are declared");
        }
        if (!transactionId.equals(p.transactionId())) {
            throw new InvalidRequestException("transactionId", "transactionId is not the one of payment " + orderNo);
        }
        return p;
    }

    private PaymentView payment(String merchant, String paymentMethod, String orderNo, String field) {
        List<String> methods = paymentMethod != null ? List.of(paymentMethod) : PaymentFormats.ALL_METHODS;
        // Customs answers 422 for an order it cannot find, where the payment operations answer 404.
        return payments.byReference(merchant, methods, "paymentMethod", orderNo)
                .orElseThrow(() -> new InvalidRequestException(field, "no payment " + orderNo + " of this merchant"));
    }

    /** The paid amount in CNY fen: what the payer paid in CNY, or the amount of a CNY payment. */
    private static long paidFen(PaymentView p) {
        Long fen = CustomsRules.paidCnyFen(p);
        if (fen == null) {
            throw new InvalidRequestException("orderNo", "the CNY amount paid for " + p.orderRef() + " is not known yet; query the payment first");
        }
        return fen;
    }

    private EventSink recorder(long paymentId) {
        return CompanyFailures.recorder(payments, paymentId);
    }
}
