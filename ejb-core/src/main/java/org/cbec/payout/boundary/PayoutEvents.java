package org.cbec.payout.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;
import org.cbec.payment.PaymentFormats;
import org.cbec.payout.control.PayoutLedger;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.webhook.EventView;
import org.cbec.webhook.control.EventLedger;

/** The merchant events of a payout, found by the merchant's payoutRef (the payout component knows its references; the events know payout ids). */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class PayoutEvents {

    @EJB
    EventLedger events;

    @EJB
    PayoutLedger payouts;

    /** The events of the merchant's payout with this payoutRef, oldest first. */
    public List<EventView> ofPayout(String merchant, String payoutRef) {
        if (payoutRef == null || !payoutRef.matches(PaymentFormats.PAYOUT_REF)) {
            throw new org.cbec.platform.error.InvalidRequestException("payout_ref", "payout_ref " + PaymentFormats.PAYOUT_REF_RULE);
        }
        return payouts.find(merchant, payoutRef).map(p -> events.ofPayout(p.id()))
                .orElseThrow(() -> new UnknownResourceException("no payout " + payoutRef + " of " + merchant));
    }
}
