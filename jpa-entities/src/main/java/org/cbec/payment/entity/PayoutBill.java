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
 * A statement of a merchant's balance at a company that was asked for: the one behind a payout
 * (the balance's lines since the previous payout) or the one of a Beijing day. Its lines are not
 * copied here: they are the {@link BalanceEntry} rows of its window, which are never changed. It is
 * READY once its window is closed (the payout final, the day over), PREPARING until then. A day's
 * window is fixed by the ledger's numbers when it becomes READY (a payout's is between two entries).
 */
@Entity
@Table(name = "payout_bill")
@NamedQuery(name = PayoutBill.OF_PAYOUT, query = "SELECT b FROM PayoutBill b WHERE b.merchant = :merchant"
        + " AND b.paymentMethod = :method AND b.payoutId = :payoutId")
@NamedQuery(name = PayoutBill.OF_DAY, query = "SELECT b FROM PayoutBill b WHERE b.merchant = :merchant"
        + " AND b.paymentMethod = :method AND b.billDate = :billDate")
public class PayoutBill {

    public static final String OF_PAYOUT = "PayoutBill.ofPayout";
    public static final String OF_DAY = "PayoutBill.ofDay";

    /** Whether the statement's window is closed. */
    public enum State {
        PREPARING,
        READY
    }

    @Id
    @SequenceGenerator(name = "payout_bill_seq", sequenceName = "payout_bill_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "payout_bill_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "payout_id")
    private Long payoutId;

    @Column(name = "bill_date")
    private LocalDate billDate;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "ready_at")
    private OffsetDateTime readyAt;

    /** A day's window by the ledger's numbers, fixed when it became READY: after this entry (0: from the first)… */
    @Column(name = "after_seq")
    private Long afterSeq;

    /** …up to this one, inclusive. */
    @Column(name = "until_seq")
    private Long untilSeq;

    @Version
    private long version;

    protected PayoutBill() {
    }

    /** The statement behind a payout ({@code payoutId}) or of a day ({@code billDate}): exactly one of them. */
    public PayoutBill(String merchant, String paymentMethod, Long payoutId, LocalDate billDate, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.payoutId = payoutId;
        this.billDate = billDate;
        this.state = State.PREPARING;
        this.createdAt = at;
    }

    /** Its window has closed: from now on it is shown as READY. */
    public void ready(OffsetDateTime at) {
        if (state != State.READY) {
            state = State.READY;
            readyAt = at;
        }
    }

    /** A day's window, by the ledger's numbers: the entries after {@code after} up to {@code until}; fixed once, never moved. */
    public void window(long after, long until) {
        if (afterSeq == null) {
            afterSeq = after;
            untilSeq = until;
        }
    }

    public Long getAfterSeq() {
        return afterSeq;
    }

    public Long getUntilSeq() {
        return untilSeq;
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

    public Long getPayoutId() {
        return payoutId;
    }

    public LocalDate getBillDate() {
        return billDate;
    }

    public State getState() {
        return state;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getReadyAt() {
        return readyAt;
    }
}
