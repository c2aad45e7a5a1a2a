package org.cbec.webhook.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import java.util.List;
import org.cbec.access.boundary.Parties;
import org.cbec.access.entity.GrantSubject;
import org.cbec.payment.boundary.PaymentLedger;
import org.cbec.payment.boundary.PaymentRules;
import org.cbec.payment.boundary.PaymentView;
import org.cbec.platform.error.UnknownResourceException;

/** A merchant's view of its events: those of a payment, and sending one again. */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class Events {

    @EJB
    PaymentLedger payments;

    @EJB
    EventLedger ledger;

    @Inject
    Parties parties;

    /** The events of the merchant's payments with this orderRef (at either company), oldest first. */
    public List<EventView> ofOrder(String merchant, String orderRef) {
        PaymentRules.requireOrderRef("order_ref", orderRef);
        List<Long> ids = payments.matching(merchant, PaymentRules.ALL_METHODS, orderRef).stream().map(PaymentView::id).toList();
        if (ids.isEmpty()) {
            throw new UnknownResourceException("no payment " + orderRef + " of " + merchant);
        }
        return ledger.ofPayments(ids);
    }

    /** Sends the event again now, and on the retry schedule until answered. */
    public EventView redeliver(String merchant, String eventId) {
        return ledger.redeliver(merchant, eventId).orElseThrow(() -> new UnknownResourceException("no event " + eventId + " of " + merchant));
    }

    /** Issues (or rotates) the merchant's webhook secret. */
    public EventLedger.IssuedSecret issueSecret(String merchant) {
        if (merchant == null || parties.find(GrantSubject.MERCHANT, merchant).isEmpty()) {
            throw new UnknownResourceException("no such merchant: " + merchant);
        }
        return ledger.issue(merchant);
    }
}
