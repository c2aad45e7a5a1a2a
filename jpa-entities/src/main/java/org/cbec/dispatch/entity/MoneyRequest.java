package org.cbec.dispatch.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.EnumType;
import jakarta.persistence.Enumerated;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.time.OffsetDateTime;

/**
 * The dispatcher's record of one money request: where it stands with its company
 * ({@link RequestState}: being sent, not sent, answer unknown, asked about, sent again, refused, the
 * company's word in), when it is asked about next, how often it was, what it last heard, and
 * whether an operator must look. Made when the request is first sent (its sender's claim); the
 * request's own row (its {@link #getKind() kind}'s table, {@link #getSubjectId() subjectId}) keeps
 * only what the company said. Its state moves only by its table ({@link #moved}); past its attempts
 * or age it is {@link RequestEvent#GAVE_UP given up} to an operator, who tries it again or settles
 * it. Closed once its request has the company's final word.
 */
@Entity
@Table(name = "money_request")
@NamedQuery(name = MoneyRequest.DUE, query = "SELECT m FROM MoneyRequest m WHERE m.closedAt IS NULL AND (m.state IN :states"
        + " AND m.nextAttemptAt <= :dueBy OR m.state IN :held AND m.updatedAt < :heldBefore) ORDER BY m.nextAttemptAt, m.id")
@NamedQuery(name = MoneyRequest.OF_SUBJECT, query = "SELECT m FROM MoneyRequest m WHERE m.kind = :kind AND m.subjectId = :subjectId")
@NamedQuery(name = MoneyRequest.COUNT_BY_STATE, query = "SELECT m.kind, COUNT(m) FROM MoneyRequest m WHERE m.state = :state"
        + " AND m.closedAt IS NULL GROUP BY m.kind")
public class MoneyRequest {

    /**
     * Open ones in {@code :states} due by {@code :dueBy}, and those in {@code :held} unmoved since
     * before {@code :heldBefore} (their holder gone), the longest due first.
     */
    public static final String DUE = "MoneyRequest.due";
    /** The row of one request ({@code :kind}, {@code :subjectId}). */
    public static final String OF_SUBJECT = "MoneyRequest.ofSubject";
    /** Open ones in {@code :state}, counted by kind. */
    public static final String COUNT_BY_STATE = "MoneyRequest.countByState";

    /** Written by native inserts only (a sender's claim, the janitor's sweep), so the column's default numbers it. */
    @Id
    private Long id;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 8)
    private RequestKind kind;

    @Column(name = "subject_id", nullable = false)
    private long subjectId;

    @Column(nullable = false, length = 64)
    private String merchant;

    @Column(name = "payment_method", nullable = false, length = 16)
    private String paymentMethod;

    @Column(name = "merchant_ref", nullable = false, length = 64)
    private String merchantRef;

    @Column(name = "company_no", length = 64)
    private String companyNo;

    @Enumerated(EnumType.STRING)
    @Column(nullable = false, length = 24)
    private RequestState state;

    @Column(nullable = false)
    private int attempts;

    @Column(name = "next_attempt_at", nullable = false)
    private OffsetDateTime nextAttemptAt;

    @Column(name = "last_answer", length = 512)
    private String lastAnswer;

    @Column(name = "attention_since")
    private OffsetDateTime attentionSince;

    @Column(name = "operator_note", length = 512)
    private String operatorNote;

    @Column(name = "created_at", nullable = false)
    private OffsetDateTime createdAt;

    @Column(name = "updated_at", nullable = false)
    private OffsetDateTime updatedAt;

    @Column(name = "closed_at")
    private OffsetDateTime closedAt;

    protected MoneyRequest() {
    }

    /**
     * One event of its lifecycle (a claim, a company call's outcome, a report): moved when its table
     * allows it, {@code answer} (when given) kept as what it last heard. False, and nothing changed,
     * when the table does not allow it (another party moved it first: a report before the sender's
     * answer, a claim already taken).
     */
    public boolean moved(RequestEvent event, String answer, OffsetDateTime at) {
        if (closedAt != null || !state.allows(event)) {
            return false;
        }
        state = state.next(event);
        if (answer != null) {
            lastAnswer = cut(answer);
        }
        updatedAt = at;
        return true;
    }

    /** Asked about next at {@code next} (by the janitor). */
    public void dueAt(OffsetDateTime next) {
        nextAttemptAt = next;
    }

    /** One attempt that brought no final word: counted, and its next one placed at {@code next}. */
    public void attempted(String answer, OffsetDateTime next, OffsetDateTime at) {
        attempts++;
        lastAnswer = cut(answer);
        nextAttemptAt = next;
        updatedAt = at;
    }

    /** Its request has the company's word and the company is still working on it (found so by an attempt). */
    public void atCompany(String answer, OffsetDateTime at) {
        if (state != RequestState.ANSWERED && state.allows(RequestEvent.REPORTED)) {
            state = state.next(RequestEvent.REPORTED);
        }
        lastAnswer = cut(answer);
        updatedAt = at;
    }

    /**
     * Its request reached a final state: the janitor takes it no more. A row not yet moved by the
     * company's word (its sender's last step lost with its node) takes it as a report.
     */
    public void closed(String answer, OffsetDateTime at) {
        if (state != RequestState.ANSWERED && state != RequestState.REFUSED && state.allows(RequestEvent.REPORTED)) {
            state = state.next(RequestEvent.REPORTED);
        }
        if (answer != null) {
            lastAnswer = cut(answer);
        }
        closedAt = at;
        updatedAt = at;
    }

    /** Past its attempts or age: listed for an operator, taken by the janitor no more. */
    public void gaveUp(String answer, OffsetDateTime at) {
        state = state.next(RequestEvent.GAVE_UP);
        attempts++;
        lastAnswer = cut(answer);
        attentionSince = at;
        updatedAt = at;
    }

    /** An operator has it tried again now, its attempts counted afresh. */
    public void retriedByOperator(OffsetDateTime at) {
        state = state.next(RequestEvent.OPERATOR_RETRY);
        attempts = 0;
        attentionSince = null;
        nextAttemptAt = at;
        updatedAt = at;
    }

    /** An operator, with the company's word, settled it by hand; the note says how. */
    public void settledByOperator(String note, OffsetDateTime at) {
        state = state.next(RequestEvent.OPERATOR_SETTLED);
        operatorNote = note;
        closedAt = at;
        updatedAt = at;
    }

    private static String cut(String answer) {
        return answer == null || answer.length() <= 512 ? answer : answer.substring(0, 511) + "…";
    }

    public Long getId() {
        return id;
    }

    public RequestKind getKind() {
        return kind;
    }

    public long getSubjectId() {
        return subjectId;
    }

    public String getMerchant() {
        return merchant;
    }

    public String getPaymentMethod() {
        return paymentMethod;
    }

    public String getMerchantRef() {
        return merchantRef;
    }

    public String getCompanyNo() {
        return companyNo;
    }

    public RequestState getState() {
        return state;
    }

    public int getAttempts() {
        return attempts;
    }

    public OffsetDateTime getNextAttemptAt() {
        return nextAttemptAt;
    }

    public String getLastAnswer() {
        return lastAnswer;
    }

    public OffsetDateTime getAttentionSince() {
        return attentionSince;
    }

    public String getOperatorNote() {
        return operatorNote;
    }

    public OffsetDateTime getCreatedAt() {
        return createdAt;
    }

    public OffsetDateTime getUpdatedAt() {
        return updatedAt;
    }

    public OffsetDateTime getClosedAt() {
        return closedAt;
    }
}
