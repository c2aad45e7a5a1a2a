package org.cbec.payment.boundary;

import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import java.util.List;
import org.cbec.payment.PaymentFormats;
import org.cbec.payment.PaymentView;
import org.cbec.payment.control.PaymentLedger;
import org.cbec.payment.control.PaymentRules;
import org.cbec.platform.error.UnknownResourceException;
import org.cbec.webhook.EventView;
import org.cbec.webhook.control.EventLedger;

/** The merchant events of a payment, found by the merchant's orderRef (the payment component knows its references; the events know payment ids). */
@Stateless
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class PaymentEvents {

    @EJB
    PaymentLedger payments;

    @EJB
    EventLedger events;

    /**
     * The events of the merchant's payments with this orderRef, oldest first: at {@code paymentMethod}
     * when one is given, else at either company.
     */
    public List<EventView> ofOrder(String merchant, String orderRef, String paymentMethod) {
        PaymentRules.requireOrderRef("order_ref", orderRef);
        if (paymentMethod != null) {
            PaymentRules.requireMethod("payment_method", paymentMethod);
        }
        List<Long> ids = payments.matching(merchant, paymentMethod == null ? PaymentFormats.ALL_METHODS : List.of(paymentMethod), orderRef)
                .stream().map(PaymentView::id).toList();
        if (ids.isEmpty()) {
            throw new UnknownResourceException("no payment " + orderRef + " of " + merchant + (paymentMethod == null ? "" : " at "
                    + paymentMethod));
        }
        return events.ofPayments(ids);
    }
}
