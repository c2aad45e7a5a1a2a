package org.cbec.payment.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A difference between the broker's records and a company's bill of one day, for one line
 * ({@code lineKind} and {@code lineKey}: a payment's order, a refund's, split part's, release's or
 * payout's number) and one kind of difference, with both sides' values and the company's line as it
 * was written. OPEN until a later comparison finds the records agree (resolved by the
 * reconciliation) or an operator resolves it with a note; a difference found again after the
 * records agreed is open again.
 */
@Entity
@Table(name = "discrepancy")
@NamedQuery(name = Discrepancy.OF_DAY, query = "SELECT x FROM Discrepancy x WHERE x.merchant = :merchant AND x.paymentMethod = :method"
        + " AND x.billDate = :billDate ORDER BY x.id")
@NamedQuery(name = Discrepancy.OPEN_BY_KIND, query = "SELECT x.kind, COUNT(x) FROM Discrepancy x"
        + " WHERE x.state = org.cbec.payment.entity.Discrepancy.State.OPEN GROUP BY x.kind")
public class Discrepancy {

    public static final String OF_DAY = "Discrepancy.ofDay";
    public static final String OPEN_BY_KIND = "Discrepancy.openByKind";

    public enum Kind {
        MISSING_AT_BROKER,
        MISSING_AT_COMPANY,
        AMOUNT_DIFFERS,
        STATE_DIFFERS,
        /** The same line, amount and state, with another fee: the amounts compared are the fees. */
        FEE_DIFFERS,
        /** A line of the company's bill of a kind the broker does not read (line kind {@code OTHER}): reported, not compared. */
        UNKNOWN_LINE
    }

    public enum State {
        OPEN,
        RESOLVED
    }

    @Id
    @SequenceGenerator(name = "discrepancy_seq", sequenceName = "discrepancy_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "discrepancy_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "bill_date", nullable = false)
    private LocalDate billDate;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 24)
    private Kind kind;

    @Column(name = "line_kind", nullable = false, length = 16)
    private String lineKind;

    @Column(name = "line_key", nullable = false, length = 160)
    private String lineKey;

    @Column(name = "order_ref", length = 64)
    private String orderRef;

    @Column(length = 64)
    private String reference;

    @Column(name = "broker_amount")
    private Long brokerAmount;

    @Column(name = "company_amount")
    private Long companyAmount;

    @Column(name = "broker_state", length = 16)
    private String brokerState;

    @Column(name = "company_state", length = 16)
    private String companyState;

    @Column(name = "company_line", length = 2000)
    private String companyLine;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(length = 256)
    private String resolution;

    @Column(name = "resolved_by", length = 64)
    private String resolvedBy;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "resolved_at")
    private OffsetDateTime resolvedAt;

    @Version
    private long version;

    /** The merchant's own reference of the record (orderRef, refundRef, settlementRef or payoutRef); null where the broker has none. */
    @Column(name = "merchant_ref", length = 64)
    private String merchantRef;

    /** A split part's receiver, masked; null for other lines. */
    @Column(length = 64)
    private String receiver;

    protected Discrepancy() {
    }

    public Discrepancy(String merchant, String paymentMethod, LocalDate billDate, Kind kind, String lineKind, String lineKey,
            OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.billDate = billDate;
        this.kind = kind;
        this.lineKind = lineKind;
        this.lineKey = lineKey;
        this.state = State.OPEN;
        this.createdAt = at;
    }

    /** The two sides as last compared, with the merchant's reference and a split part's masked receiver. */
    public void values(String orderRef, String reference, String merchantRef, String receiver, Long brokerAmount, Long companyAmount,
            String brokerState, String companyState, String companyLine) {
        this.orderRef = orderRef;
        this.reference = reference;
        this.merchantRef = merchantRef;
        this.receiver = receiver;
        this.brokerAmount = brokerAmount;
        this.companyAmount = companyAmount;
        this.brokerState = brokerState;
        this.companyState = companyState;
        this.companyLine = companyLine == null || companyLine.length() <= 2000 ? companyLine : companyLine.substring(0, 2000);
    }

    /** Found again: open again unless an operator resolved it. Whether it was reopened. */
    public boolean foundAgain() {
        if (state == State.RESOLVED && !"operator".equals(resolvedBy)) {
            state = State.OPEN;
            resolution = null;
            resolvedBy = null;
            resolvedAt = null;
            return true;
        }
        return false;
    }

    public void resolve(String by, String note, OffsetDateTime at) {
        state = State.RESOLVED;
        resolvedBy = by;
        resolution = note == null || note.length() <= 256 ? note : note.substring(0, 256);
        resolvedAt = at;
    }

    public Long getId() {
        return id;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public LocalDate getBillDate() {
        return billDate;
    }

    public Kind getKind() {
        return kind;
    }

    public String getLineKind() {
        return lineKind;
    }

    public String getLineKey() {
        return lineKey;
    }

    public String getMerchantRef() {
        return merchantRef;
    }

    public String getReceiver() {
        return receiver;
    }

    public String getOrderRef() {
        return orderRef;
    }

    public String getReference() {
        return reference;
    }

    public Long getBrokerAmount() {
        return brokerAmount;
    }

    public Long getCompanyAmount() {
        return companyAmount;
    }

    public String getBrokerState() {
        return brokerState;
    }

    public String getCompanyState() {
        return companyState;
    }

    public String getCompanyLine() {
        return companyLine;
    }

    public State getState() {
        return state;
    }

    public String getResolution() {
        return resolution;
    }

    public String getResolvedBy() {
        return resolvedBy;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getResolvedAt() {
        return resolvedAt;
    }
}
