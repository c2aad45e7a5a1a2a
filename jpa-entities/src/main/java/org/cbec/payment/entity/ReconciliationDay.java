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
 * One merchant account's reconciliation of one Beijing day with its company's bills: DUE until a
 * run compares them (and again while its bills cannot be had), DONE when compared, AWAITING when
 * compared but a line near midnight waits for the next day's bill, FAILED when its bills could
 * not be had for the days allowed (reported to the operator). The counts are the last comparison's.
 */
@Entity
@Table(name = "reconciliation_day")
@NamedQuery(name = ReconciliationDay.OF_DAY, query = "SELECT d FROM ReconciliationDay d WHERE d.merchant = :merchant"
        + " AND d.paymentMethod = :method AND d.billDate = :billDate")
@NamedQuery(name = ReconciliationDay.OF_METHOD_AND_DAY, query = "SELECT d FROM ReconciliationDay d WHERE d.paymentMethod = :method"
        + " AND d.billDate = :billDate ORDER BY d.merchant")
@NamedQuery(name = ReconciliationDay.SINCE, query = "SELECT d FROM ReconciliationDay d WHERE d.paymentMethod = :method"
        + " AND d.merchant = :merchant AND d.billDate >= :since")
public class ReconciliationDay {

    public static final String OF_DAY = "ReconciliationDay.ofDay";
    public static final String OF_METHOD_AND_DAY = "ReconciliationDay.ofMethodAndDay";
    /** The days of an account run since a date. */
    public static final String SINCE = "ReconciliationDay.since";

    public enum State {
        DUE,
        DONE,
        AWAITING,
        FAILED
    }

    @Id
    @SequenceGenerator(name = "reconciliation_day_seq", sequenceName = "reconciliation_day_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "reconciliation_day_seq")
    private Long id;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "bill_date", nullable = false)
    private LocalDate billDate;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private State state;

    @Column(nullable = false)
    private int attempts;

    @Column(name = "last_error", length = 256)
    private String lastError;

    @Column(name = "broker_lines")
    private Integer brokerLines;

    @Column(name = "company_lines")
    private Integer companyLines;

    @Column(name = "matched")
    private Integer matched;

    @Column(name = "across_days")
    private Integer acrossDays;

    @Column(name = "awaiting")
    private Integer awaiting;

    @Column(name = "run_by", length = 128)
    private String runBy;

    @Column(name = "first_attempt_at")
    private OffsetDateTime firstAttemptAt;

    @Column(name = "reconciled_at")
    private OffsetDateTime reconciledAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Version
    private long version;

    protected ReconciliationDay() {
    }

    public ReconciliationDay(String merchant, String paymentMethod, LocalDate billDate, OffsetDateTime at) {
        this.merchant = merchant;
        this.paymentMethod = paymentMethod;
        this.billDate = billDate;
        this.state = State.DUE;
        this.createdAt = at;
    }

    /**
     * A run could not have the day's bills: counted, its reason kept; FAILED (reported, no further
     * runs) once its first attempt is {@code giveUpAfterDays} days old, DUE again until then. A day
     * compared before keeps that comparison and its state.
     */
    public void failed(String reason, int giveUpAfterDays, String by, OffsetDateTime at) {
        attempts++;
        if (firstAttemptAt == null) {
            firstAttemptAt = at;
        }
        lastError = reason == null || reason.length() <= 256 ? reason : reason.substring(0, 256);
        runBy = by;
        if (reconciledAt == null) {
            state = firstAttemptAt.plusDays(giveUpAfterDays).isAfter(at) ? State.DUE : State.FAILED;
        }
        // else: the comparison made before stands; this attempt's failure is only kept as the last error
    }

    /**
     * A comparison was made: DONE, or AWAITING when lines wait for the next day's bill or the day
     * is not over yet ({@code dayOver} false: a sandbox's partial bill of the current day).
     */
    public void compared(int brokerLines, int companyLines, int matched, int acrossDays, int awaiting, boolean dayOver, String by,
            OffsetDateTime at) {
        attempts++;
        if (firstAttemptAt == null) {
            firstAttemptAt = at;
        }
        this.brokerLines = brokerLines;
        this.companyLines = companyLines;
        this.matched = matched;
        this.acrossDays = acrossDays;
        this.awaiting = awaiting;
        this.lastError = null;
        this.runBy = by;
        this.reconciledAt = at;
        this.state = awaiting > 0 || !dayOver ? State.AWAITING : State.DONE;
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

    public State getState() {
        return state;
    }

    public int getAttempts() {
        return attempts;
    }

    public String getLastError() {
        return lastError;
    }

    public Integer getBrokerLines() {
        return brokerLines;
    }

    public Integer getCompanyLines() {
        return companyLines;
    }

    public Integer getMatched() {
        return matched;
    }

    public Integer getAcrossDays() {
        return acrossDays;
    }

    public Integer getAwaiting() {
        return awaiting;
    }

    public String getRunBy() {
        return runBy;
    }

    public OffsetDateTime getFirstAttemptAt() {
        return firstAttemptAt;
    }

    public OffsetDateTime getReconciledAt() {
        return reconciledAt;
    }
}
