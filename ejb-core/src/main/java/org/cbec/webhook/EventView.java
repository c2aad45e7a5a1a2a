package org.cbec.webhook;

import java.time.OffsetDateTime;
import java.util.List;
import org.cbec.webhook.entity.MerchantEvent;

/** An event as the merchant's listing shows it: its body as delivered, where it stands, every attempt. */
public record EventView(String id, String type, OffsetDateTime createdAt, MerchantEvent.State state, String targetUrl, OffsetDateTime nextAttemptAt,
        String body, List<Attempt> attempts) {

    /** One attempt: the receiver's status, or why there was none. */
    public record Attempt(OffsetDateTime at, Integer httpStatus, long durationMs, String error) {
    }
}
