package org.cbec.sandbox.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * A payment document a payment company forwarded to the window when a payment was declared to
 * customs there: the company's customs code, the transaction, the amount paid in CNY fen and the
 * payer's identity as a hash (null when the company knows none). A declaration again replaces it.
 */
@Entity
@Table(name = "sandbox_window_payment")
@NamedQuery(name = WindowPayment.OF_TRANSACTION,
        query = "SELECT p FROM WindowPayment p WHERE p.payCode = :payCode AND p.payTransactionId = :payTransactionId")
public class WindowPayment {

    public static final String OF_TRANSACTION = "WindowPayment.ofTransaction";

    @Id
    @SequenceGenerator(name = "sandbox_window_payment_seq", sequenceName = "sandbox_window_payment_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_window_payment_seq")
    private Long id;

    @Column(name = "pay_code", nullable = false, length = 10)
    private String payCode;

    @Column(name = "pay_transaction_id", nullable = false, length = 64)
    private String payTransactionId;

    @Column(name = "order_ref", nullable = false, length = 64)
    private String orderRef;

    @Column(name = "amount_paid", nullable = false)
    private long amountPaid;

    @Column(name = "payer_identity", length = 64)
    private String payerIdentity;

    @Column(name = "declared_at", nullable = false)
    private OffsetDateTime declaredAt;

    protected WindowPayment() {
    }

    public WindowPayment(String payCode, String payTransactionId, String orderRef, long amountPaid, String payerIdentity,
            OffsetDateTime declaredAt) {
        this.payCode = payCode;
        this.payTransactionId = payTransactionId;
        declared(orderRef, amountPaid, payerIdentity, declaredAt);
    }

    /** Declared (again): the document as now forwarded. */
    public final void declared(String orderRef, long amountPaid, String payerIdentity, OffsetDateTime declaredAt) {
        this.orderRef = orderRef;
        this.amountPaid = amountPaid;
        this.payerIdentity = payerIdentity;
        this.declaredAt = declaredAt;
    }

    public String getPayCode() {
        return payCode;
    }

    public String getPayTransactionId() {
        return payTransactionId;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public long getAmountPaid() {
        return amountPaid;
    }

    public String getPayerIdentity() {
        return payerIdentity;
    }

    public OffsetDateTime getDeclaredAt() {
        return declaredAt;
    }
}
