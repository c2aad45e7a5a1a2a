package org.cbec.payout.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.cbec.payment.control.EventData;
import org.cbec.platform.time.BeijingTime;

/** The {@code data} of a payout's merchant event and its type, as the payout query answers it. */
final class PayoutEventData {

    private PayoutEventData() {
    }

    /** A payout's event type for its new state, or null when the change makes none. */
    static String payoutType(org.cbec.payment.entity.PayoutState state) {
        return switch (state) {
            case PAID -> "payout.paid";
            case FAILED, REFUSED -> "payout.failed";
            default -> null;
        };
    }

    /** A payout as the query answers it, without code and message. */
    static JsonObject payout(org.cbec.payout.PayoutView p) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("merchant", p.merchant()).add("paymentMethod", p.paymentMethod()).add("payoutRef", p.payoutRef());
        EventData.nullable(o, "payoutId", p.payoutId());
        o.add("amount", p.amount()).add("currency", p.currency());
        EventData.nullable(o, "fee", p.fee());
        EventData.nullable(o, "rate", p.rate() == null ? null : p.rate().toPlainString());
        EventData.nullable(o, "rateDate", p.rateDate() == null ? null : p.rateDate().toString());
        EventData.nullable(o, "targetAmount", p.targetAmount());
        o.add("targetCurrency", p.targetCurrency()).add("state", p.state().shown());
        EventData.nullable(o, "failReason", p.failReason());
        EventData.nullable(o, "description", p.description());
        EventData.nullable(o, "notifyUrl", p.notifyUrl());
        EventData.nullable(o, "createdAt", BeijingTime.format(p.createdAt()));
        EventData.nullable(o, "acceptedAt", BeijingTime.format(p.acceptedAt()));
        EventData.nullable(o, "paidAt", BeijingTime.format(p.paidAt()));
        return o.build();
    }
}
