package org.cbec.webhook.control;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import java.security.SecureRandom;
import java.time.OffsetDateTime;
import java.util.HexFormat;
import org.cbec.platform.time.BeijingTime;
import org.cbec.webhook.entity.MerchantEvent;

/**
 * Writes an event into the caller's transaction: the one that changes the payment or refund the
 * event reports. Committed together, so a change never goes without its event; delivered later
 * by {@code Deliveries}.
 */
public final class Outbox {

    private static final SecureRandom RANDOM = new SecureRandom();

    private Outbox() {
    }

    /** The body every attempt sends: {@code {"id","type","createdAt","merchant","data"}}. */
    public static MerchantEvent add(EntityManager em, String merchant, long paymentId, Long refundId, String type, JsonObject data,
            String targetUrl, OffsetDateTime at) {
        String id = newEventId();
        String body = Json.createObjectBuilder().add("id", id).add("type", type).add("createdAt", BeijingTime.format(at))
                .add("merchant", merchant).add("data", data).build().toString();
        MerchantEvent event = new MerchantEvent(id, merchant, paymentId, refundId, type, body, targetUrl, at);
        em.persist(event);
        return event;
    }

    /** A payout's event (it has no payment), as {@link #add}. */
    public static MerchantEvent addForPayout(EntityManager em, String merchant, long payoutId, String type, JsonObject data,
            String targetUrl, OffsetDateTime at) {
        String id = newEventId();
        String body = Json.createObjectBuilder().add("id", id).add("type", type).add("createdAt", BeijingTime.format(at))
                .add("merchant", merchant).add("data", data).build().toString();
        MerchantEvent event = MerchantEvent.ofPayout(id, merchant, payoutId, type, body, targetUrl, at);
        em.persist(event);
        return event;
    }

    /** An event of the merchant's books (a reconciliation's), of the payment or payout it names if any, as {@link #add}. */
    public static MerchantEvent addForBooks(EntityManager em, String merchant, Long paymentId, Long payoutId, String type, JsonObject data,
            String targetUrl, OffsetDateTime at) {
        String id = newEventId();
        String body = Json.createObjectBuilder().add("id", id).add("type", type).add("createdAt", BeijingTime.format(at))
                .add("merchant", merchant).add("data", data).build().toString();
        MerchantEvent event = MerchantEvent.ofBooks(id, merchant, paymentId, payoutId, type, body, targetUrl, at);
        em.persist(event);
        return event;
    }

    /** {@code evt_} and 32 random hex digits. */
    static String newEventId() {
        byte[] b = new byte[16];
        RANDOM.nextBytes(b);
        return "evt_" + HexFormat.of().formatHex(b);
    }
}
