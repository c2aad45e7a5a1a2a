package org.cbec.payment.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.entity.RefundState;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.time.BeijingTime;
import org.cbec.payment.PaymentView;
import org.cbec.payment.RefundView;
import org.cbec.payment.SplitView;
import org.cbec.payment.entity.Settlement;
import org.cbec.payment.entity.SettlementState;

/**
 * The {@code data} of a merchant event and its type: the fields of the QueryPayment result (its
 * members without a value left out, as the query leaves them out) or of the refund result (every
 * member, null when not known), as the merchant reads them from the API.
 */
final class EventData {

    private EventData() {
    }

    /** The event a payment's new state makes, or null when the state makes none. */
    static String paymentType(TradeState state) {
        return switch (state) {
            case SUCCESS -> "payment.succeeded";
            case CLOSED -> "payment.closed";
            case PAYERROR -> "payment.failed";
            default -> null;
        };
    }

    /** The event a refund's new state makes, or null when it makes none. */
    static String refundType(RefundState state) {
        return switch (state) {
            case SUCCESS -> "refund.succeeded";
            case CLOSED -> "refund.closed";
            case ABNORMAL -> "refund.abnormal";
            default -> null;
        };
    }

    /**
     * The events a change of a split or release makes: settlement.released when a release (or a
     * split that finishes) reaches FINISHED, settlement.succeeded when a split does with a part that
     * moved money, and settlement.closed for each change that closed a receiver's part (its money is
     * held again). Several may come of one change, in this order.
     */
    static java.util.List<String> settlementTypes(SplitView before, SplitView after, boolean partClosed) {
        java.util.List<String> types = new java.util.ArrayList<>();
        if (partClosed) {
            types.add("settlement.closed");
        }
        boolean finishedNow = after.state() == SettlementState.FINISHED && before.state() != SettlementState.FINISHED;
        if (finishedNow && after.kind() == Settlement.Kind.SPLIT
                && after.parts().stream().anyMatch(p -> p.result() == org.cbec.payment.entity.PartResult.SUCCESS)) {
            types.add("settlement.succeeded");
        }
        if (finishedNow && (after.kind() == Settlement.Kind.RELEASE || after.finish())) {
            types.add("settlement.released");
        }
        return types;
    }

    /** As the settlement query answers one split or release, accounts masked. */
    static JsonObject settlement(SplitView s) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("paymentMethod", s.paymentMethod()).add("orderRef", s.orderRef()).add("settlementRef", s.settlementRef());
        nullable(o, "settlementId", s.settlementId());
        o.add("kind", s.kind().name()).add("state", s.state().shown());
        nullable(o, "stateDesc", s.stateDesc());
        o.add("amount", s.amount()).add("finish", s.finish())
                .add("releasedByCompany", s.byCompany());
        nullable(o, "description", s.description());
        jakarta.json.JsonArrayBuilder parts = Json.createArrayBuilder();
        for (SplitView.PartView p : s.parts()) {
            JsonObjectBuilder part = Json.createObjectBuilder().add("account", PaymentFormats.maskAccount(p.account()))
                    .add("amount", p.amount()).add("result", p.result().name());
            nullable(part, "description", p.description());
            nullable(part, "failReason", p.failReason());
            nullable(part, "finishTime", BeijingTime.format(p.finishedAt()));
            parts.add(part);
        }
        o.add("receivers", parts);
        nullable(o, "createTime", BeijingTime.format(s.createdAt()));
        nullable(o, "finishTime", BeijingTime.format(s.finishedAt()));
        return o.build();
    }

    /** As QueryPayment answers, with the payment method. */
    static JsonObject payment(PaymentView p) {
        JsonObjectBuilder o = Json.createObjectBuilder().add("paymentMethod", p.paymentMethod()).add("orderRef", p.orderRef());
        put(o, "payerCurrency", p.payerCurrency());
        o.add("currency", p.currency());
        if (p.payerTotal() != null) {
            o.add("payerTotal", p.payerTotal());
        }
        o.add("actualAmount", p.actualAmount()).add("total", p.total() != null ? p.total() : p.actualAmount());
        put(o, "bankType", p.bankType());
        put(o, "Timing", BeijingTime.format(p.paidAt()));
        put(o, "transactionId", p.transactionId());
        o.add("tradeState", p.tradeState());
        put(o, "tradeStateDesc", p.tradeStateDesc());
        put(o, "tradeType", p.tradeType());
        put(o, "tradeMessage", p.tradeStateDesc());
        return o.build();
    }

    /** As the refund result answers. */
    static JsonObject refund(RefundView r) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("paymentMethod", r.paymentMethod()).add("orderRef", r.orderRef()).add("refundRef", r.refundRef());
        nullable(o, "refundId", r.refundId());
        o.add("state", r.state().shown());
        nullable(o, "stateDesc", r.stateDesc());
        o.add("amount", r.amount()).add("currency", r.currency()).add("totalAmount", r.totalAmount());
        nullable(o, "payerTotal", r.payerTotal());
        nullable(o, "payerRefund", r.payerRefund());
        nullable(o, "payerCurrency", r.payerCurrency());
        nullable(o, "settlementTotal", r.settlementTotal());
        nullable(o, "settlementAmount", r.settlementAmount());
        nullable(o, "reason", r.reason());
        nullable(o, "createTime", BeijingTime.format(r.createdAt()));
        nullable(o, "successTime", BeijingTime.format(r.successAt()));
        return o.build();
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
    static JsonObject payout(org.cbec.payment.PayoutView p) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("merchant", p.merchant()).add("paymentMethod", p.paymentMethod()).add("payoutRef", p.payoutRef());
        nullable(o, "payoutId", p.payoutId());
        o.add("amount", p.amount()).add("currency", p.currency());
        nullable(o, "fee", p.fee());
        nullable(o, "rate", p.rate() == null ? null : p.rate().toPlainString());
        nullable(o, "rateDate", p.rateDate() == null ? null : p.rateDate().toString());
        nullable(o, "targetAmount", p.targetAmount());
        o.add("targetCurrency", p.targetCurrency()).add("state", p.state().shown());
        nullable(o, "failReason", p.failReason());
        nullable(o, "description", p.description());
        nullable(o, "notifyUrl", p.notifyUrl());
        nullable(o, "createdAt", BeijingTime.format(p.createdAt()));
        nullable(o, "acceptedAt", BeijingTime.format(p.acceptedAt()));
        nullable(o, "paidAt", BeijingTime.format(p.paidAt()));
        return o.build();
    }

    /** The merchant's notifyUrl from the stored create request, or null. */
    /** The create's subsidyAmount as the merchant sent it (recorded, shown with the settlement, never split), or null. */
    static Long subsidyAmount(String requestJson) {
        try (JsonReader reader = Json.createReader(new StringReader(requestJson))) {
            JsonObject o = reader.readObject();
            return o.get("subsidyAmount") instanceof jakarta.json.JsonNumber n ? n.longValue() : null;
        }
    }

    static String notifyUrl(String requestJson) {
        try (JsonReader reader = Json.createReader(new StringReader(requestJson))) {
            JsonObject o = reader.readObject();
            return o.get("notifyUrl") instanceof jakarta.json.JsonString s ? s.getString() : null;
        }
    }

    private static void put(JsonObjectBuilder o, String name, String value) {
        if (value != null) {
            o.add(name, value);
        }
    }

    private static void nullable(JsonObjectBuilder o, String name, Object value) {
        if (value == null) {
            o.addNull(name);
        } else if (value instanceof Long l) {
            o.add(name, l);
        } else {
            o.add(name, value.toString());
        }
    }
}
