package org.cbec.payment.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import org.cbec.payment.entity.TradeState;
import org.cbec.platform.time.BeijingTime;
import org.cbec.payment.PaymentView;

/**
 * The {@code data} of a payment's merchant event and its type: the fields of the QueryPayment
 * result (its members without a value left out, as the query leaves them out), as the merchant
 * reads them from the API; and what every event takes of the stored create request (its
 * notifyUrl). The refunds', settlements' and payouts' events are made by their own components
 * ({@code RefundEventData}, {@code SettlementEventData}, {@code PayoutEventData}), with
 * {@link #nullable} for their members.
 */
public final class EventData {

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

    /** As QueryPayment answers, with the payment method. */
    public static JsonObject payment(PaymentView p) {
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
        o.add("tradeState", p.shownState());
        put(o, "tradeStateDesc", p.tradeStateDesc());
        put(o, "tradeType", p.tradeType());
        put(o, "tradeMessage", p.tradeStateDesc());
        return o.build();
    }

    /** The merchant's notifyUrl from the stored create request, or null. */
    /** The create's subsidyAmount as the merchant sent it (recorded, shown with the settlement, never split), or null. */
    public static Long subsidyAmount(String requestJson) {
        try (JsonReader reader = Json.createReader(new StringReader(requestJson))) {
            JsonObject o = reader.readObject();
            return o.get("subsidyAmount") instanceof jakarta.json.JsonNumber n ? n.longValue() : null;
        }
    }

    public static String notifyUrl(String requestJson) {
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

    /** A member that is present with null when there is no value. */
    public static void nullable(JsonObjectBuilder o, String name, Object value) {
        if (value == null) {
            o.addNull(name);
        } else if (value instanceof Long l) {
            o.add(name, l);
        } else {
            o.add(name, value.toString());
        }
    }
}
