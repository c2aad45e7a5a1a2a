package org.cbec.payment.entity;

import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.FetchType;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.OrderColumn;
import jakarta.persistence.SequenceGenerator;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A split of a paid, held payment among registered receivers, or a release of what is still held
 * to the merchant, identified by the merchant's {@code settlementRef}. The company knows it by
 * {@code companyNo}, fixed when the row is first written; its state moves only by
 * {@link SettlementState}'s table and each part's result only by {@link PartResult}'s.
 */
@Entity
@Table(name = "settlement")
@NamedQuery(name = Settlement.OF_PAYMENT, query = "SELECT s FROM Settlement s WHERE s.paymentId = :paymentId ORDER BY s.seq")
@NamedQuery(name = Settlement.BY_REF, query = "SELECT s FROM Settlement s WHERE s.merchant = :merchant AND s.settlementRef = :ref")
@NamedQuery(name = Settlement.CHANGED_AROUND, query = "SELECT s, p FROM Settlement s, Payment p WHERE p.id = s.paymentId"
        + " AND s.merchant = :merchant AND p.paymentMethod = :method AND s.createdAt < :to AND s.updatedAt >= :from")
@NamedQuery(name = Settlement.BY_COMPANY_NO, query = "SELECT s, p FROM Settlement s, Payment p WHERE p.id = s.paymentId"
        + " AND s.merchant = :merchant AND p.paymentMethod = :method AND s.companyNo = :no")
public class Settlement {

    /** An account's splits and releases asked for before a time and changed since another (their parts finish in between), with their payments. */
    public static final String CHANGED_AROUND = "Settlement.changedAround";
    /** An account's split or release by its number at the company, with its payment. */
    public static final String BY_COMPANY_NO = "Settlement.byCompanyNo";

    public static final String OF_PAYMENT = "Settlement.ofPayment";
    public static final String BY_REF = "Settlement.byRef";

    /** A split to receivers, or a release of the rest to the merchant. */
    public enum Kind {
        SPLIT,
        RELEASE
    }

    /** A company's report of one part: the receiver's account and its result. */
    public record PartReport(String account, PartResult result, String failReason, OffsetDateTime finishedAt) {
    }

    @Id
    @SequenceGenerator(name = "settlement_seq", sequenceName = "settlement_seq", allocationSize = 50)
    @GeneratedValue(strategy = GenerationType.SEQUENCE, generator = "settlement_seq")
    private Long id;

    @Column(name = "payment_id", nullable = false)
    private long paymentId;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(nullable = false)
    private int seq;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 8)
    private Kind kind;

    @Column(name = "settlement_ref", nullable = false, length = 64)
    private String settlementRef;

    @Column(name = "company_no", nullable = false, length = 64)
    private String companyNo;

    @Column(name = "settlement_id", length = 64)
    private String settlementId;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 16)
    private SettlementState state;

    @Column(name = "state_desc", length = 256)
    private String stateDesc;

    /** A split that also releases the rest once done. */
    @Column(nullable = false)
    private boolean finish;

    /** A release's description (a split's parts carry their own). */
    @Column(length = 80)
    private String description;

    /** A split's total, or what a release released (what was still held when it was asked for). */
    @Column(nullable = false)
    private long amount;

    /** A release the company made on its own after its days, found by its remaining-amount query. */
    @Column(name = "by_company", nullable = false)
    private boolean byCompany;

    @ElementCollection(fetch = FetchType.EAGER)
    @CollectionTable(name = "settlement_part", joinColumns = @JoinColumn(name = "settlement_id"))
    @OrderColumn(name = "seq")
    private List<SplitPart> parts = new ArrayList<>();

    @Column(name = "finished_at")
    private OffsetDateTime finishedAt;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    /** When the company answered what it still held after refusing this release (null: not yet). */
    @Column(name = "held_checked_at")
    private OffsetDateTime heldCheckedAt;

    @Version
    private long version;

    protected Settlement() {
    }

    public Settlement(long paymentId, String merchant, int seq, Kind kind, String settlementRef, String companyNo, boolean finish,
            String description, long amount, boolean byCompany, List<SplitPart> parts, OffsetDateTime at) {
        this.paymentId = paymentId;
        this.merchant = merchant;
        this.seq = seq;
        this.kind = kind;
        this.settlementRef = settlementRef;
        this.companyNo = companyNo;
        this.finish = finish;
        this.description = description;
        this.amount = amount;
        this.byCompany = byCompany;
        this.parts = new ArrayList<>(parts);
        this.state = SettlementState.UNKNOWN;
        this.createdAt = at;
        this.updatedAt = at;
    }

    /**
     * What one move did: the effects of the state the split or release entered
     * ({@link SettlementState#enteredFrom}), and each part's that entered a result now
     * ({@link PartResult#enteredFrom}).
     */
    public record Moved(Set<SettlementState.Effect> effects, Map<SplitPart, Set<PartResult.Effect>> parts) {

        /** The parts one of whose effects is {@code effect}. */
        public List<SplitPart> partsWith(PartResult.Effect effect) {
            return parts.entrySet().stream().filter(e -> e.getValue().contains(effect)).map(Map.Entry::getKey).toList();
        }
    }

    /**
     * The company's view ({@code reported} PROCESSING or FINISHED) with each part's result, matched
     * by account; a move either table refuses changes nothing of that state or part. Answers what
     * the move did.
     */
    public Moved observed(SettlementState reported, String settlementId, List<PartReport> reports, OffsetDateTime at) {
        SettlementEvent event = switch (reported) {
            case PROCESSING -> SettlementEvent.REPORTED_PROCESSING;
            case FINISHED -> SettlementEvent.REPORTED_FINISHED;
            default -> throw new IllegalArgumentException(reported + " is not a state a company reports");
        };
        Map<SplitPart, Set<PartResult.Effect>> moved = new LinkedHashMap<>();
        if (!state.allows(event)) {
            return new Moved(Set.of(), moved);
        }
        SettlementState before = state;
        state = state.next(event);
        stateDesc = null; // the company answered: an earlier failure's words no longer describe it
        this.settlementId = settlementId != null ? settlementId : this.settlementId;
        for (PartReport r : reports) {
            parts.stream().filter(p -> p.getAccount().equals(r.account())).findFirst().ifPresent(p -> {
                PartResult was = p.getResult();
                if (p.move(PartResult.reported(r.result()), r.failReason(), r.finishedAt() != null ? r.finishedAt() : at)
                        && p.getResult() != was) {
                    moved.put(p, p.getResult().enteredFrom(was));
                }
            });
        }
        if (state == SettlementState.FINISHED && finishedAt == null) {
            // The company's time it finished (its last part's, a release's own), which dates its bill line; else when the broker learnt it.
            finishedAt = reports.stream().map(PartReport::finishedAt).filter(java.util.Objects::nonNull)
                    .max(java.util.Comparator.naturalOrder()).orElse(at);
        }
        updatedAt = at;
        return new Moved(state.enteredFrom(before), moved);
    }

    /** The company refused it: nothing moved; every part is CLOSED and no longer counts. */
    public Moved refused(String reason, OffsetDateTime at) {
        SettlementState before = state;
        state = state.next(SettlementEvent.REFUSED);
        stateDesc = "refused by the company: " + reason;
        Map<SplitPart, Set<PartResult.Effect>> moved = new LinkedHashMap<>();
        for (SplitPart p : parts) {
            PartResult was = p.getResult();
            if (p.move(PartEvent.SPLIT_REFUSED, "the company refused the split: " + reason, at)) {
                moved.put(p, p.getResult().enteredFrom(was));
            }
        }
        finishedAt = at;
        updatedAt = at;
        return new Moved(state.enteredFrom(before), moved);
    }

    /** The company answered what it still held of the payment after refusing this release. */
    public void heldChecked(OffsetDateTime at) {
        heldCheckedAt = at;
    }

    public OffsetDateTime getHeldCheckedAt() {
        return heldCheckedAt;
    }

    public Long getId() {
        return id;
    }

    public long getPaymentId() {
        return paymentId;
    }

    public String getMerchant() {
        return merchant;
    }

    public int getSeq() {
        return seq;
    }

    public Kind getKind() {
        return kind;
    }

    public String getSettlementRef() {
        return settlementRef;
    }

    public String getCompanyNo() {
        return companyNo;
    }

    public String getSettlementId() {
        return settlementId;
    }

    public SettlementState getState() {
        return state;
    }

    public String getStateDesc() {
        return stateDesc;
    }

    public boolean isFinish() {
        return finish;
    }

    public String getDescription() {
        return description;
    }

    public long getAmount() {
        return amount;
    }

    public boolean isByCompany() {
        return byCompany;
    }

    public List<SplitPart> getParts() {
        return List.copyOf(parts);
    }

    public OffsetDateTime getFinishedAt() {
        return finishedAt;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }
}
