package org.cbec.company;

import java.time.OffsetDateTime;
import org.cbec.payment.entity.TradeState;

/** A company's current view of an order, in the broker's vocabulary. */
public record OrderStatus(TradeState state, String stateDesc, String transactionId, String tradeType,
        String bankType, Long total, String currency, Long payerTotal, String payerCurrency, OffsetDateTime paidAt) {
}
