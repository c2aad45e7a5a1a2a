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
 * The janitor's record of one money request without the company's final word: when it is asked
 * next, how often it was, what it last heard, and whether an operator must look. The request's own
 * row (its {@link #getKind() kind}'s table, {@link #getSubjectId() subjectId}) keeps what the
 * company said. Its {@link RequestState} moves only by that table: an attempt that leaves it
 * unknown changes nothing but the schedule; the company's word ({@link RequestEvent#FOUND},
 * {@link RequestEvent#REPORTED}) makes it ANSWERED; past its attempts or age it is
 * {@link RequestEvent#GAVE_UP given up} to an operator, who tries it again or settles it.
 */
@Entity
@Table(name = "money_request")
@NamedQuery(name = MoneyRequest.DUE, query = "SELECT m FROM MoneyRequest m WHERE m.closedAt IS NULL AND m.state IN :states"
        + " AND m.nextAttemptAt <= :dueBy ORDER BY m.nextAttemptAt, m.id")
@NamedQuery(name = MoneyRequest.COUNT_BY_STATE, query = "SELECT m.kind, COUNT(m) FROM MoneyRequest m WHERE m.state = :state"
        + " AND m.closedAt IS NULL GROUP BY m.kind")
public class MoneyRequest {

    /** Open ones in {@code :states} due by {@code :dueBy}, the longest due first. */
    public static final String DUE = "MoneyRequest.due";
    /** Open ones in {@code :state}, counted by kind. */
    public static final String COUNT_BY_STATE = "MoneyRequest.countByState";

    /** Written by the janitor's sweep only, so the column's default numbers it. */
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

    /** One attempt that brought no final word: counted, and its next one placed at {@code next}. */
    public void attempted(String answer, OffsetDateTime next, OffsetDateTime at) {
        attempts++;
        lastAnswer = cut(answer);
        nextAttemptAt = next;
        updatedAt = at;
    }

    /** The company's word on it, still open there: its status, which the request's own row took. */
    public void answered(String answer, OffsetDateTime at) {
        state = state.next(state == RequestState.ANSWERED ? RequestEvent.FOUND : RequestEvent.REPORTED);
        lastAnswer = cut(answer);
        updatedAt = at;
    }

    /** Its request reached a final state: the janitor takes it no more. */
    public void closed(String answer, OffsetDateTime at) {
        if (state != RequestState.ANSWERED) {
            state = state.next(RequestEvent.REPORTED);
        }
        lastAnswer = cut(answer);
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
