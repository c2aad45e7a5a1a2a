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
 * A customs declaration a company submitted for a paid order: one per order, sub-order and customs
 * office. {@code state} is what was last decided; a PROCESSING declaration reads as SUCCESS once the
 * customs delay has passed since {@code submittedAt} (see {@code books.ProcessingClock}), without a
 * write: reading never changes a declaration.
 */
@Entity
@Table(name = "sandbox_declaration")
@NamedQuery(name = Declaration.OF_ORDER,
        query = "SELECT d FROM Declaration d WHERE d.orderId = :orderId ORDER BY d.customs, d.subOrderNo")
public class Declaration {

    public static final String OF_ORDER = "Declaration.ofOrder";

    @Id
    @SequenceGenerator(name = "sandbox_declaration_seq", sequenceName = "sandbox_declaration_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "sandbox_declaration_seq")
    private Long id;

    @Column(name = "order_id", nullable = false)
    private long orderId;

    /** Empty when the order is not split (a unique constraint does not treat NULLs as equal). */
    @Column(name = "sub_order_no", nullable = false, length = 64)
    private String subOrderNo;

    @Column(nullable = false, length = 32)
    private String customs;

    @Column(name = "sub_order_id", nullable = false, length = 64)
    private String subOrderId;

    @Column(name = "verify_trade_id", nullable = false, length = 64)
    private String verifyTradeId;

    @Column(nullable = false, length = 16)
    private String state;

    @Column(length = 256)
    private String explanation;

    /** SAME or DIFFERENT; null while no identity was declared. */
    @Column(name = "cert_check_result", length = 16)
    private String certCheckResult;

    @Column(name = "submitted_at", nullable = false)
    private OffsetDateTime submittedAt;

    @Column(name = "modified_at", nullable = false)
    private OffsetDateTime modifiedAt;

    protected Declaration() {
    }

    public Declaration(long orderId, String subOrderNo, String customs, String subOrderId, String verifyTradeId,
            OffsetDateTime at) {
        this.orderId = orderId;
        this.subOrderNo = subOrderNo;
        this.customs = customs;
        this.subOrderId = subOrderId;
        this.verifyTradeId = verifyTradeId;
        this.state = "PROCESSING";
        this.submittedAt = at;
        this.modifiedAt = at;
    }

    /** Sent (again) to customs: PROCESSING from now on; a null check keeps the earlier one. */
    public void submit(String certCheckResult, OffsetDateTime at) {
        this.state = "PROCESSING";
        this.explanation = null;
        if (certCheckResult != null) {
            this.certCheckResult = certCheckResult;
        }
        this.submittedAt = at;
        this.modifiedAt = at;
    }

    /** Customs decided. */
    public void settle(String state, String explanation, OffsetDateTime at) {
        this.state = state;
        this.explanation = explanation;
        this.modifiedAt = at;
    }

    public void certChecked(String certCheckResult, OffsetDateTime at) {
        this.certCheckResult = certCheckResult;
        this.modifiedAt = at;
    }

    public long getOrderId() {
        return orderId;
    }

    public String getSubOrderNo() {
        return subOrderNo;
    }

    public String getCustoms() {
        return customs;
    }

    public String getSubOrderId() {
        return subOrderId;
    }

    public String getVerifyTradeId() {
        return verifyTradeId;
    }

    public String getState() {
        return state;
    }

    public String getExplanation() {
        return explanation;
    }

    public String getCertCheckResult() {
        return certCheckResult;
    }

    public OffsetDateTime getSubmittedAt() {
        return submittedAt;
    }

    public OffsetDateTime getModifiedAt() {
        return modifiedAt;
    }
}
