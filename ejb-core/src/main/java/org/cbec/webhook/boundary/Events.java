package org.cbec.webhook.boundary;

import org.cbec.webhook.IssuedSecret;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import org.cbec.access.boundary.Parties;
import org.cbec.access.entity.GrantSubject;
import org.cbec.platform.crypto.Resealed;
import org.cbec.platform.error.ConflictException;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.webhook.control.EventLedger;
import org.cbec.webhook.EventView;

/** A merchant's events: sending one again, cancelling its retries, and its signing secret (a payment's events: {@code payment.boundary.PaymentEvents}, a payout's: {@code payout.boundary.PayoutEvents}). */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Events {

    @EJB
    EventLedger ledger;

    @Inject
    Parties parties;

    /** Sends the event again now, and on the retry schedule until answered. */
    public EventView redeliver(String merchant, String eventId) {
        return ledger.redeliver(merchant, eventId).orElseThrow(() -> new UnknownResourceException("no event " + eventId + " of " + merchant));
    }

    /**
     * Stops the event's remaining attempts (an attempt already on its way still ends); 409 when it has
     * none left (delivered, failed, or without a target). Safe to repeat.
     */
    public EventView cancel(String merchant, String eventId) {
        EventLedger.Cancelled c = ledger.cancel(merchant, eventId)
                .orElseThrow(() -> new UnknownResourceException("no event " + eventId + " of " + merchant));
        if (!c.hadAttemptsLeft()) {
            throw new ConflictException("eventId", "event " + eventId + " has no attempts left to cancel (" + c.event().state() + ")");
        }
        return c.event();
    }

    /** One batch of {@link EventLedger#reseal}: each batch commits on its own. */
    public Resealed resealSecrets(long afterId, int limit) {
        return ledger.reseal(afterId, limit);
    }

    /** Issues (or rotates) the merchant's webhook secret. */
    public IssuedSecret issueSecret(String merchant) {
        if (merchant == null || parties.find(GrantSubject.MERCHANT, merchant).isEmpty()) {
            throw new UnknownResourceException("no such merchant: " + merchant);
        }
        return ledger.issue(merchant);
    }
}
