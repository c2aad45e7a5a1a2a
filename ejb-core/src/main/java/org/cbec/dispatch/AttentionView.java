package org.cbec.dispatch;

import java.time.OffsetDateTime;
import org.cbec.dispatch.entity.RequestKind;
import org.cbec.dispatch.entity.RequestState;

/**
 * A money request as the operator sees it: what it is ({@code kind}, the merchant's reference and
 * the number the company knows it by), where it stands ({@code state}: NEEDS_ATTENTION, or what a
 * retry or a settling left), how often it was tried, what it last heard, and since when it waits
 * for a person. {@code subjectId}: the request's own row, for the janitor.
 */
public record AttentionView(long id, RequestKind kind, long subjectId, String merchant, String paymentMethod, String merchantRef, String companyNo,
        RequestState state, int attempts, String lastAnswer, OffsetDateTime createdAt, OffsetDateTime attentionSince,
        OffsetDateTime nextAttemptAt, OffsetDateTime closedAt, String operatorNote) {
}
