package org.cbec.settlement;

import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.payment.entity.PartResult;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;
import org.cbec.payment.SentRequest;

/**
 * A split or a release of a payment as stored: the merchant's and the company's numbers, its state
 * ({@link SettlementState#shown()} is what a client sees), and the receivers' parts (a release has
 * none of its own: {@code amount} is what it released). {@code released} is what a finished release,
 * or a finished split with {@code finish}, moved from held to available (0 when nothing was left);
 * null for a split without {@code finish} and for one not finished yet.
 */
public record SplitView(long id, long paymentId, String merchant, String paymentMethod, String orderRef, String settlementRef,
        String companyNo, String settlementId, Settlement.Kind kind, SettlementState state, String stateDesc, boolean finish,
        String description, long amount, boolean byCompany, List<PartView> parts, OffsetDateTime createdAt,
        OffsetDateTime finishedAt, Long released) implements SentRequest {

    public SplitView {
        parts = List.copyOf(parts);
    }

    /** One receiver's part; {@code account} in full (masked only where it is shown). */
    public record PartView(String type, String account, long amount, String description, PartResult result, String failReason,
            OffsetDateTime finishedAt) {
    }

    /** What the split's parts that are not CLOSED take of the held money. */
    @Override
    public RequestSubject subject() {
        return new RequestSubject(RequestKind.valueOf(kind.name()), id, merchant, paymentMethod, settlementRef, companyNo);
    }

    public long splitTotal() {
        return parts.stream().filter(p -> p.result().counts()).mapToLong(PartView::amount).sum();
    }
}
