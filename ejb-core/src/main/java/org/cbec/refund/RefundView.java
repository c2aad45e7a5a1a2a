package org.cbec.refund;

import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import java.time.OffsetDateTime;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.SentRequest;

/**
 * A refund as callers see it, with the payment it belongs to: {@code totalAmount} is the payment's
 * amount; {@code companyRefundNo} the number the company knows it by.
 */
public record RefundView(long id, long paymentId, String merchant, String paymentMethod, String orderRef, String refundRef,
        String companyRefundNo, String refundId, RefundState state, String stateDesc, long amount, String currency,
        long totalAmount, Long payerTotal, Long payerRefund, String payerCurrency, Long settlementTotal, Long settlementAmount,
        String reason, String notifyUrl, OffsetDateTime createdAt, OffsetDateTime successAt, OffsetDateTime updatedAt) implements SentRequest {

    @Override
    public RequestSubject subject() {
        return new RequestSubject(RequestKind.REFUND, id, merchant, paymentMethod, refundRef, companyRefundNo);
    }
}
