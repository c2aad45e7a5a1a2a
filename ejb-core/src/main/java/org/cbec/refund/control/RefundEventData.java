package org.cbec.refund.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import org.cbec.payment.control.EventData;
import org.cbec.payment.entity.RefundState;
import org.cbec.platform.time.BeijingTime;
import org.cbec.refund.RefundView;

/**
 * The {@code data} of a refund's merchant event and its type: the fields of the refund result
 * (every member, null when not known), as the merchant reads them from the API.
 */
final class RefundEventData {

    private RefundEventData() {
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

    /** As the refund result answers. */
    static JsonObject refund(RefundView r) {
        JsonObjectBuilder o = Json.createObjectBuilder();
        o.add("paymentMethod", r.paymentMethod()).add("orderRef", r.orderRef()).add("refundRef", r.refundRef());
        EventData.nullable(o, "refundId", r.refundId());
        o.add("state", r.state().shown());
        EventData.nullable(o, "stateDesc", r.stateDesc());
        o.add("amount", r.amount()).add("currency", r.currency()).add("totalAmount", r.totalAmount());
        EventData.nullable(o, "payerTotal", r.payerTotal());
        EventData.nullable(o, "payerRefund", r.payerRefund());
        EventData.nullable(o, "payerCurrency", r.payerCurrency());
        EventData.nullable(o, "settlementTotal", r.settlementTotal());
        EventData.nullable(o, "settlementAmount", r.settlementAmount());
        EventData.nullable(o, "reason", r.reason());
        EventData.nullable(o, "createTime", BeijingTime.format(r.createdAt()));
        EventData.nullable(o, "successTime", BeijingTime.format(r.successAt()));
        return o.build();
    }
}
