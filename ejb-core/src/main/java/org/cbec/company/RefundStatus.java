package org.cbec.company;

import java.time.OffsetDateTime;
import org.cbec.payment.entity.RefundState;

/**
 * A company's current view of a refund, in the broker's vocabulary: the state, the company's
 * refund id, the payment's total and what the payer paid, what goes back to the payer, and the
 * settlement's total and refund (in the payment currency).
 */
public record RefundStatus(RefundState state, String stateDesc, String refundId, Long payerTotal, Long payerRefund,
        String payerCurrency, Long settlementTotal, Long settlementAmount, OffsetDateTime successTime) {
}
