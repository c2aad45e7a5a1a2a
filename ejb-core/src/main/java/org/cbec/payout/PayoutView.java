package org.cbec.payout;

import org.cbec.dispatch.RequestSubject;
import org.cbec.dispatch.entity.RequestKind;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import org.cbec.payment.entity.PayoutState;
import org.cbec.payment.SentRequest;

/**
 * A payout as stored: the merchant's request and the company's figures once it answered
 * ({@code payoutId}, {@code fee}, {@code rate}, {@code rateDate}, {@code targetAmount}, the times).
 */
public record PayoutView(long id, String merchant, String paymentMethod, String payoutRef, Long requestedAmount, long amount,
        String currency, String targetCurrency, String description, String notifyUrl, PayoutState state, String stateDesc,
        String payoutId, Long fee, BigDecimal rate, LocalDate rateDate, Long targetAmount, String failReason, OffsetDateTime createdAt,
        OffsetDateTime acceptedAt, OffsetDateTime paidAt, OffsetDateTime updatedAt) implements SentRequest {

    @Override
    public RequestSubject subject() {
        return new RequestSubject(RequestKind.PAYOUT, id, merchant, paymentMethod, payoutRef, payoutRef);
    }
}
